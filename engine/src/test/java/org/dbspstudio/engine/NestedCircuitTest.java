package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;

/**
 * Recursion (docs/theory.md §5–6): transitive closure as a nested circuit, naive (snapshot) and
 * semi-naive (incremental, with outer-clock state per iteration), against a BFS oracle.
 */
class NestedCircuitTest {
    static final StreamType EDGES = TestCircuits.zset("src", SqlType.BIGINT, "dst", SqlType.BIGINT);

    private static Operator tcJoin(String id) {
        return op(id, OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"),
                "projection", named("src", "l.src", "dst", "r.dst"));
    }

    /** o = distinct(E + π(E ⋈ z⁻¹(o))) iterated to the fixpoint. */
    static Circuit naive() {
        Circuit inner = circuit(Circuit.InputMode.SNAPSHOTS, op("d0", OpKind.DELTA0, "port", "e"),
                op("ie", OpKind.INTEGRATE), op("zo", OpKind.DELAY), tcJoin("j"), op("u", OpKind.PLUS),
                op("o", OpKind.DISTINCT), op("D", OpKind.DIFFERENTIATE), op("int", OpKind.INTEGRAL, "port", "closure"));
        inner.connect("d0.out", "ie.in").connect("ie.out", "j.left").connect("zo.out", "j.right")
                .connect("ie.out", "u.a").connect("j.out", "u.b").connect("u.out", "o.in").connect("o.out", "zo.in")
                .connect("o.out", "D.in").connect("D.out", "int.in");
        Circuit c = circuit(Circuit.InputMode.SNAPSHOTS, input("edges", "edges", EDGES), Operator.nested("tc", inner),
                output("out", "closure"));
        c.connect("edges.out", "tc.e").connect("tc.closure", "out.in");
        return c;
    }

    /** The same loop with the outer I/D pushed inside (chain, bilinear and distinct→H rules, cycle rule). */
    static Circuit seminaive() {
        Circuit inner = circuit(Circuit.InputMode.SNAPSHOTS, op("d0", OpKind.DELTA0, "port", "e"),
                op("ie", OpKind.INTEGRATE), op("zo", OpKind.DELAY),
                op("Ie", OpKind.INTEGRATE, "clock", "outer"), op("Izo", OpKind.INTEGRATE, "clock", "outer"),
                op("zIzo", OpKind.DELAY, "clock", "outer"), tcJoin("j1"), tcJoin("j2"), op("j", OpKind.PLUS),
                op("u", OpKind.PLUS), op("Iu", OpKind.INTEGRATE, "clock", "outer"), op("zIu", OpKind.DELAY, "clock", "outer"),
                op("o", OpKind.H), op("D", OpKind.DIFFERENTIATE), op("int", OpKind.INTEGRAL, "port", "closure"));
        inner.connect("d0.out", "ie.in").connect("o.out", "zo.in")
                .connect("ie.out", "Ie.in").connect("zo.out", "Izo.in").connect("Izo.out", "zIzo.in")
                .connect("Ie.out", "j1.left").connect("zo.out", "j1.right")
                .connect("ie.out", "j2.left").connect("zIzo.out", "j2.right")
                .connect("j1.out", "j.a").connect("j2.out", "j.b").connect("ie.out", "u.a").connect("j.out", "u.b")
                .connect("u.out", "Iu.in").connect("Iu.out", "zIu.in").connect("zIu.out", "o.integrated")
                .connect("u.out", "o.delta").connect("o.out", "D.in").connect("D.out", "int.in");
        Circuit c = circuit(Circuit.InputMode.CHANGES, input("edges", "edges", EDGES), Operator.nested("tc", inner),
                output("out", "closure"));
        c.connect("edges.out", "tc.e").connect("tc.closure", "out.in");
        return c;
    }

    @Provide
    Arbitrary<List<List<Long>>> toggles() {
        // each step toggles a few edges among 5 nodes (insert if absent, delete if present)
        return Arbitraries.longs().between(0, 24).list().ofMaxSize(4).list().ofMinSize(1).ofMaxSize(7);
    }

    @Property(tries = 40)
    void seminaiveEqualsNaiveEqualsBfs(@ForAll("toggles") List<List<Long>> toggles) throws Exception {
        EdgeToggles toggled = EdgeToggles.of(toggles, 5);
        List<Set<Row>> closures = toggled.closures();
        Scenario s = new Scenario().put("edges", toggled.steps());
        Simulation naive = Simulation.compile(naive(), EngineOptions.DEFAULT);
        naive.setScenario(s);
        naive.runScenario();
        Simulation semi = Simulation.compile(seminaive(), EngineOptions.DEFAULT);
        semi.setScenario(s);
        semi.runScenario();
        ZSet acc = ZSet.EMPTY;
        for (int t = 0; t < toggles.size(); t++) {
            ZSet expected = ZSet.EMPTY;
            for (Row r : closures.get(t)) {
                expected = expected.plus(ZSet.of(r, 1));
            }
            assertThat(naive.outputValue("closure", t)).as("naive, step %d", t).isEqualTo(expected);
            acc = acc.plus(semi.outputChange("closure", t));
            assertThat(acc).as("semi-naive, step %d", t).isEqualTo(expected);
            assertThat(semi.outputChange("closure", t)).isEqualTo(naive.outputChange("closure", t));
            int semiIts = semi.trace().iterations("tc", t);
            if (t == toggles.size() - 1) {
                // a reset clears the per-iteration state over the outer clock: the replay gives the same changes
                List<StreamValue> first = new ArrayList<>();
                for (int u = 0; u < toggles.size(); u++) {
                    first.add(semi.outputChange("closure", u));
                }
                semi.reset();
                semi.runScenario();
                for (int u = 0; u < toggles.size(); u++) {
                    assertThat(semi.outputChange("closure", u)).isEqualTo(first.get(u));
                }
            }
            assertThat(semiIts).isLessThanOrEqualTo(Math.max(naive.trace().iterations("tc", t),
                    t == 0 ? 0 : naive.trace().iterations("tc", t - 1)) + 1);
        }
    }

    public static Set<Row> bfs(Set<Row> edges) {
        Set<Row> closure = new HashSet<>(edges);
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Row a : List.copyOf(closure)) {
                for (Row b : edges) {
                    if (a.get(1).equals(b.get(0)) && closure.add(Row.of(a.get(0), b.get(1)))) {
                        grew = true;
                    }
                }
            }
        }
        return closure;
    }

    @Test
    void innerValuesAreRecordedPerIteration() throws Exception {
        Simulation sim = Simulation.compile(naive(), EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("edges", List.of(StepData.rows(List.of(
                new Change(Row.of(1L, 2L), 1), new Change(Row.of(2L, 3L), 1), new Change(Row.of(3L, 4L), 1))))));
        sim.step();
        int its = sim.trace().iterations("tc", 0);
        assertThat(its).isEqualTo(4); // 3 edges, then +2-paths, then +3-path, then no change
        assertThat(((ZSet) sim.trace().value("o", "out", 0, 0)).size()).isEqualTo(3);
        assertThat(((ZSet) sim.trace().value("o", "out", 0, 1)).size()).isEqualTo(5);
        assertThat(((ZSet) sim.trace().value("o", "out", 0, 2)).size()).isEqualTo(6);
        assertThat(sim.trace().value("D", "out", 0, 3).isZero()).isTrue();
        assertThat(((ZSet) sim.trace().value("d0", "out", 0, 1)).isEmpty()).isTrue();
        assertThat(sim.trace().stats("j", 0).rowsOut()).isEqualTo(0 + 2 + 3 + 3);
    }

    @Test
    void nonConvergenceIsAnErrorNamingTheNestedCircuitAndIteration() throws Exception {
        // inner: p = I(δ₀(one)) + z⁻¹(p) grows 1, 2, 3, ... so ∫ never sees a zero change
        Circuit inner = circuit(Circuit.InputMode.SNAPSHOTS, op("d0", OpKind.DELTA0, "port", "one"),
                op("ie", OpKind.INTEGRATE), op("z", OpKind.DELAY), op("p", OpKind.PLUS), op("int", OpKind.INTEGRAL, "port", "n"));
        inner.connect("d0.out", "ie.in").connect("ie.out", "p.a").connect("z.out", "p.b").connect("p.out", "z.in")
                .connect("p.out", "int.in");
        Circuit c = circuit(Circuit.InputMode.CHANGES, input("one", "one", StreamType.Z),
                Operator.nested("counter", inner, "maxIterations", 50L), output("o", "o"));
        c.connect("one.out", "counter.one").connect("counter.n", "o.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("one", List.of(StepData.scalar(1))));
        assertThatThrownBy(sim::step).isInstanceOf(EngineException.class)
                .hasMessageContaining("counter").hasMessageContaining("49")
                .satisfies(e -> {
                    EngineException ee = (EngineException) e;
                    assertThat(ee.operatorId()).isEqualTo("counter");
                    assertThat(ee.step()).isEqualTo(0);
                    assertThat(ee.iterations()).containsExactly(49);
                });
        // the trace up to the failure stays readable
        assertThat(sim.trace().iterations("counter", 0)).isEqualTo(50);
        assertThat(sim.trace().value("p", "out", 0, 49)).isEqualTo(ZInt.of(50));
        assertThatThrownBy(sim::step).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void fixpointOfIntegersStops() throws Exception {
        // inner: x = min(5, z⁻¹(x) + c) with c = I(δ₀(step)); ∫ of D(x) is 5 after 6 ticks when c = 1
        Circuit inner = circuit(Circuit.InputMode.SNAPSHOTS, op("d0", OpKind.DELTA0, "port", "c"),
                op("ic", OpKind.INTEGRATE), op("z", OpKind.DELAY),
                op("f", OpKind.SCALAR, "inputs", List.of("x", "c"), "expr", "CASE WHEN x + c > 5 THEN 5 ELSE x + c END"),
                op("D", OpKind.DIFFERENTIATE), op("int", OpKind.INTEGRAL, "port", "v"));
        inner.connect("d0.out", "ic.in").connect("z.out", "f.x").connect("ic.out", "f.c").connect("f.out", "z.in")
                .connect("f.out", "D.in").connect("D.out", "int.in");
        Circuit c = circuit(Circuit.InputMode.CHANGES, input("c", "c", StreamType.Z), Operator.nested("n", inner),
                output("o", "o"));
        c.connect("c.out", "n.c").connect("n.v", "o.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("c", List.of(StepData.scalar(1), StepData.scalar(1))));
        sim.run(2);
        assertThat(sim.outputValue("o", 0)).isEqualTo(ZInt.of(5));
        assertThat(sim.trace().iterations("n", 0)).isEqualTo(6);
        assertThat(sim.trace().iterations("n", 1)).isEqualTo(6);
        assertThat(sim.outputValue("o", 1)).isEqualTo(ZInt.of(5));
    }
}
