package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.dbspstudio.engine.TestCircuits.ch;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;
import static org.dbspstudio.engine.TestCircuits.rows;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.OpStats;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;

/** Stepping, seeking, scenario edits, retention, statistics and errors. */
class SimulationTest {

    private static Simulation usersOrders(EngineOptions o) throws EngineException {
        Simulation sim = Simulation.compile(PrimerExamplesTest.usersOrders(), o);
        sim.setScenario(PrimerExamplesTest.usersOrdersScenario());
        return sim;
    }

    @Test
    void seekLooksUpRecordedStepsAndRunsForward() throws Exception {
        Simulation sim = usersOrders(EngineOptions.DEFAULT);
        sim.seek(2);
        assertThat(sim.stepsRun()).isEqualTo(3);
        sim.seek(0);
        assertThat(sim.cursor()).isZero();
        assertThat(sim.stepsRun()).isEqualTo(3);
        assertThat(((ZSet) sim.trace().value("users", "out", 0)).size()).isEqualTo(2);
        assertThat(((ZSet) sim.trace().value("j", "left", 2)).size()).isEqualTo(2);
        assertThat(sim.trace().value("j", "out", 1)).isEqualTo(ZSet.ofChanges(List.of(ch(1, 1L, "Alice", "book"),
                ch(1, 1L, "Alice", "pen"), ch(1, 2L, "Bob", "laptop"))));
        sim.run(1);
        assertThat(sim.cursor()).isEqualTo(3);
        sim.reset();
        assertThat(sim.stepsRun()).isZero();
        assertThatThrownBy(() -> sim.trace().value("j", "out", 0)).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void editingTheScenarioRerunsFromThatStep() throws Exception {
        Simulation sim = usersOrders(EngineOptions.DEFAULT);
        sim.runScenario();
        Scenario edited = sim.scenario().copy();
        edited.set("orders", 2, rows(), StepData.EMPTY_ROWS); // Alice keeps the book
        sim.editScenario(edited, 2);
        assertThat(sim.stepsRun()).isEqualTo(4);
        assertThat(sim.outputChange("view", 2).isZero()).isTrue();
        assertThat(sim.outputChange("view", 3)).isEqualTo(ZSet.ofChanges(List.of(ch(-1, 1L, "Alice", "book"),
                ch(-1, 1L, "Alice", "pen"), ch(1, 1L, "Alicia", "book"), ch(1, 1L, "Alicia", "pen"))));
    }

    @Test
    void retentionEvictsTheOldestSteps() throws Exception {
        Simulation sim = usersOrders(EngineOptions.DEFAULT.withRetention(2, 0));
        sim.run(6);
        assertThat(sim.trace().firstStep()).isEqualTo(4);
        assertThat(sim.trace().evictedSteps()).isEqualTo(4);
        assertThat(sim.trace().retentionNote()).contains("2 steps").contains("0..3");
        assertThatThrownBy(() -> sim.trace().value("j", "out", 1)).isInstanceOf(NoSuchElementException.class);
        assertThatThrownBy(() -> sim.seek(1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(((ZSet) sim.trace().value("j", "out", 5)).size()).isEqualTo(2);
        Simulation byBytes = usersOrders(EngineOptions.DEFAULT.withRetention(0, 1));
        byBytes.run(3);
        assertThat(byBytes.trace().firstStep()).isEqualTo(2);
    }

    @Test
    void statisticsCountRowsWorkAndState() throws Exception {
        Circuit inc = org.dbspstudio.model.rewrite.Incrementalizer.incrementalize(PrimerExamplesTest.usersOrders()).incremental();
        Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT);
        sim.setScenario(PrimerExamplesTest.usersOrdersScenario());
        sim.runScenario();
        List<OpStats> integrates = new ArrayList<>();
        for (var op : inc.operatorsOfKind(OpKind.INTEGRATE)) {
            integrates.add(sim.trace().stats(op.id(), 3));
        }
        assertThat(integrates).isNotEmpty();
        assertThat(integrates.stream().mapToLong(OpStats::stateSize).sum()).isEqualTo(2 + 2); // users and orders tables
        for (var op : inc.operatorsOfKind(OpKind.JOIN)) {
            OpStats s = sim.trace().stats(op.id(), 3);
            assertThat(s.nanos()).isPositive();
            assertThat(s.work()).isLessThanOrEqualTo(10);
        }
    }

    @Test
    void expressionErrorsNameTheOperatorAndStep() throws Exception {
        Circuit d = circuit(Circuit.InputMode.CHANGES, input("t", "t", Gen.AB),
                op("ratio", OpKind.MAP, "projection", named("r", "100 / (a - b)")), output("o", "o"));
        d.connect("t.out", "ratio.in").connect("ratio.out", "o.in");
        Simulation sim = Simulation.compile(d, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("t", List.of(rows(ch(1, 4L, 2L)), rows(ch(1, 3L, 3L)))));
        sim.step();
        assertThatThrownBy(sim::step).isInstanceOf(EngineException.class)
                .hasMessageContaining("ratio").hasMessageContaining("step 1").hasMessageContaining("division by zero")
                .satisfies(e -> assertThat(((EngineException) e).operatorId()).isEqualTo("ratio"));
        assertThat(sim.failure()).isNotNull();
        assertThat(sim.trace().value("ratio", "out", 0)).isEqualTo(ZSet.of(Row.of(50L), 1));
        assertThat(sim.trace().value("t", "out", 1)).isEqualTo(ZSet.of(Row.of(3L, 3L), 1));
    }

    @Test
    void weightOverflowStopsTheRun() throws Exception {
        Circuit c = circuit(Circuit.InputMode.CHANGES, input("t", "t", Gen.AB), op("i", OpKind.INTEGRATE), output("o", "o"));
        c.connect("t.out", "i.in").connect("i.out", "o.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("t", List.of(rows(ch(Long.MAX_VALUE, 1L, 1L)), rows(ch(1, 1L, 1L)))));
        sim.step();
        assertThatThrownBy(sim::step).isInstanceOf(EngineException.class).hasMessageContaining("'i'")
                .hasMessageContaining("overflow");
    }

    @Test
    void invalidCircuitsAndScenariosAreRefused() {
        Circuit loop = circuit(Circuit.InputMode.CHANGES, input("t", "t", Gen.AB), op("p", OpKind.PLUS),
                op("n", OpKind.NEGATE), output("o", "o"));
        loop.connect("t.out", "p.a").connect("n.out", "p.b").connect("p.out", "n.in").connect("p.out", "o.in");
        assertThatThrownBy(() -> Simulation.compile(loop, EngineOptions.DEFAULT)).isInstanceOf(EngineException.class)
                .hasMessageContaining("loop");
        assertThatThrownBy(() -> usersOrders(EngineOptions.DEFAULT)
                .setScenario(new Scenario().put("users", List.of(rows(ch(1, "x", "Alice"))))))
                .isInstanceOf(EngineException.class).hasMessageContaining("users").hasMessageContaining("id");
        assertThatThrownBy(() -> usersOrders(EngineOptions.DEFAULT).setScenario(new Scenario().put("nope", List.of())))
                .isInstanceOf(EngineException.class).hasMessageContaining("nope");
    }

    @Test
    void globalAggregateOverEmptyInputIsOneSqlRow() throws Exception {
        Circuit c = circuit(Circuit.InputMode.SNAPSHOTS, input("t", "t", Gen.AB),
                op("g", OpKind.AGGREGATE, "aggregates", AggregateProperties.CALLS), output("o", "o"));
        c.connect("t.out", "g.in").connect("g.out", "o.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.step();
        assertThat(sim.outputValue("o", 0)).isEqualTo(ZSet.of(Row.of(0L, null, null, null, null), 1));
    }

    @Test
    void nullKeysNeverMatch() throws Exception {
        var nullable = org.dbspstudio.model.types.StreamType.zset(new org.dbspstudio.model.types.RowSchema(
                List.of(org.dbspstudio.model.types.Column.nullable("k", SqlType.BIGINT))));
        Circuit c = circuit(Circuit.InputMode.SNAPSHOTS, input("a", "a", nullable), input("b", "b", nullable),
                op("j", OpKind.JOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k")),
                op("x", OpKind.ANTIJOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k")),
                output("o", "o"), output("p", "p"));
        c.connect("a.out", "j.left").connect("b.out", "j.right").connect("j.out", "o.in")
                .connect("a.out", "x.left").connect("b.out", "x.right").connect("x.out", "p.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("a", List.of(rows(ch(1, (Object) null), ch(1, 1L), ch(1, 2L))))
                .put("b", List.of(rows(ch(1, (Object) null), ch(1, 1L)))));
        sim.step();
        assertThat(sim.outputValue("o", 0)).isEqualTo(ZSet.of(Row.of(1L, 1L), 1));
        assertThat(sim.outputValue("p", 0)).isEqualTo(ZSet.ofChanges(List.of(ch(1, (Object) null), ch(1, 2L))));
    }
}
