package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.ch;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;
import static org.dbspstudio.engine.TestCircuits.rows;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;

/** Worked examples of the DBSP theory (docs/theory.md), exact to the row and the weight. */
class PrimerExamplesTest {

    @Test
    void integerStreamOperators() throws Exception {
        Circuit c = circuit(Circuit.InputMode.CHANGES,
                input("id", "id", StreamType.Z),
                op("z", OpKind.DELAY), op("i", OpKind.INTEGRATE), op("d", OpKind.DIFFERENTIATE),
                output("oz", "delayed"), output("oi", "integrated"), output("od", "differentiated"), output("o", "id"));
        for (String x : List.of("z", "i", "d")) {
            c.connect("id.out", x + ".in");
        }
        c.connect("z.out", "oz.in").connect("i.out", "oi.in").connect("d.out", "od.in").connect("id.out", "o.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        Scenario s = new Scenario().put("id", List.of(StepData.scalar(0), StepData.scalar(1), StepData.scalar(2),
                StepData.scalar(3), StepData.scalar(4)));
        sim.setScenario(s);
        sim.runScenario();
        assertThat(series(sim, "id")).containsExactly("0", "1", "2", "3", "4");
        assertThat(series(sim, "delayed")).containsExactly("0", "0", "1", "2", "3");
        assertThat(series(sim, "integrated")).containsExactly("0", "1", "3", "6", "10");
        assertThat(series(sim, "differentiated")).containsExactly("0", "1", "1", "1", "1");
    }

    private static List<String> series(Simulation sim, String output) {
        List<String> l = new ArrayList<>();
        for (int t = 0; t < sim.stepsRun(); t++) {
            l.add(sim.outputChange(output, t).toString());
        }
        return l;
    }

    static Circuit usersOrders() {
        Circuit c = circuit(Circuit.InputMode.SNAPSHOTS,
                input("users", "users", TestCircuits.zset("id", SqlType.BIGINT, "name", SqlType.VARCHAR)),
                input("orders", "orders", TestCircuits.zset("user_id", SqlType.BIGINT, "item", SqlType.VARCHAR)),
                op("j", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("user_id"),
                        "projection", named("id", "l.id", "name", "name", "item", "item")),
                output("view", "view"));
        c.connect("users.out", "j.left").connect("orders.out", "j.right").connect("j.out", "view.in");
        return c;
    }

    static Scenario usersOrdersScenario() {
        Scenario s = new Scenario();
        s.put("users", List.of(rows(ch(1, 1L, "Alice"), ch(1, 2L, "Bob")), rows(), rows(),
                rows(ch(-1, 1L, "Alice"), ch(1, 1L, "Alicia"))));
        s.put("orders", List.of(rows(ch(1, 1L, "book"), ch(1, 1L, "pen")), rows(ch(1, 2L, "laptop")),
                rows(ch(-1, 1L, "book")), rows()));
        return s;
    }

    static List<ZSet> expectedUsersOrders() {
        return List.of(
                ZSet.ofChanges(List.of(ch(1, 1L, "Alice", "book"), ch(1, 1L, "Alice", "pen"))),
                ZSet.ofChanges(List.of(ch(1, 2L, "Bob", "laptop"))),
                ZSet.ofChanges(List.of(ch(-1, 1L, "Alice", "book"))),
                ZSet.ofChanges(List.of(ch(-1, 1L, "Alice", "pen"), ch(1, 1L, "Alicia", "pen"))));
    }

    @Test
    void usersJoinOrdersSnapshotCircuit() throws Exception {
        for (boolean tracking : List.of(true, false)) {
            Simulation sim = Simulation.compile(usersOrders(), EngineOptions.DEFAULT.withDeltaTracking(tracking));
            sim.setScenario(usersOrdersScenario());
            sim.runScenario();
            assertThat(changes(sim, "view")).containsExactlyElementsOf(expectedUsersOrders());
        }
    }

    @Test
    void usersJoinOrdersHandBuiltIncrementalCircuit() throws Exception {
        // Δview = I(Δu) ⋈ Δo + Δu ⋈ z⁻¹(I(Δo))   (Theorem 3.4)
        var proj = named("id", "l.id", "name", "name", "item", "item");
        Circuit c = circuit(Circuit.InputMode.CHANGES,
                input("users", "users", TestCircuits.zset("id", SqlType.BIGINT, "name", SqlType.VARCHAR)),
                input("orders", "orders", TestCircuits.zset("user_id", SqlType.BIGINT, "item", SqlType.VARCHAR)),
                op("iu", OpKind.INTEGRATE), op("io", OpKind.INTEGRATE), op("zio", OpKind.DELAY),
                op("j1", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("user_id"), "projection", proj),
                op("j2", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("user_id"), "projection", proj),
                op("p", OpKind.PLUS), output("view", "view"));
        c.connect("users.out", "iu.in").connect("orders.out", "io.in").connect("io.out", "zio.in")
                .connect("iu.out", "j1.left").connect("orders.out", "j1.right")
                .connect("users.out", "j2.left").connect("zio.out", "j2.right")
                .connect("j1.out", "p.a").connect("j2.out", "p.b").connect("p.out", "view.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(usersOrdersScenario());
        sim.runScenario();
        assertThat(changes(sim, "view")).containsExactlyElementsOf(expectedUsersOrders());
    }

    @Test
    void usersJoinOrdersIncrementalizedByTheRewriter() throws Exception {
        Circuit inc = Incrementalizer.incrementalize(usersOrders()).incremental();
        Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT);
        sim.setScenario(usersOrdersScenario());
        sim.runScenario();
        assertThat(changes(sim, "view")).containsExactlyElementsOf(expectedUsersOrders());
    }

    static List<StreamValue> changes(Simulation sim, String out) {
        List<StreamValue> l = new ArrayList<>();
        for (int t = 0; t < sim.stepsRun(); t++) {
            l.add(sim.outputChange(out, t));
        }
        return l;
    }
}
