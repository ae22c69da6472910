package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * The trace answers what the debugger shows of a stream: its change and its contents at a step
 * (and inner iteration), for circuits over snapshots and over changes, also after old steps were
 * evicted by the retention limit.
 */
class TraceChangeContentsTest {

    private static Scenario edges(int steps) {
        List<StepData> l = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            l.add(StepData.rows(List.of(new Change(Row.of((long) t, (long) t + 1), 1))));
        }
        return new Scenario().put("edges", l);
    }

    @Test
    void contentsOfAStreamOfChangesIsTheRunningSumEvenAfterEviction() throws Exception {
        Circuit inc = Incrementalizer.incrementalize(NestedCircuitTest.naive()).incremental();
        Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT.withRetention(3, 0));
        sim.setScenario(edges(8));
        sim.step();
        sim.step();
        // asked once while step 0 is recorded: the running sum is kept from then on
        assertThat(sim.trace().contents("out", "in", 1)).isEqualTo(
                sim.outputChange("closure", 0).plus(sim.outputChange("closure", 1)));
        StreamValue sum = sim.trace().contents("out", "in", 1);
        for (int t = 2; t < 8; t++) {
            sim.step();
            sum = sum.plus(sim.outputChange("closure", t));
        }
        assertThat(sim.trace().firstStep()).isEqualTo(5);
        assertThat(sim.trace().contents("out", "in", 7)).isEqualTo(sum);
        // a path 0 → 1 → … → 8: every pair (i, j) with i < j
        assertThat(((ZSet) sum).size()).isEqualTo(8 * 9 / 2);
        assertThat(sim.trace().change("out", "in", 7)).isEqualTo(sim.outputChange("closure", 7));
    }

    @Test
    void changeOfASnapshotStreamIsTheDifferenceOfSuccessiveSteps() throws Exception {
        Simulation sim = Simulation.compile(NestedCircuitTest.naive(), EngineOptions.DEFAULT.withDeltaTracking(false));
        sim.setScenario(edges(4));
        sim.runScenario();
        for (int t = 1; t < 4; t++) {
            StreamValue now = sim.trace().value("out", "in", t);
            StreamValue before = sim.trace().value("out", "in", t - 1);
            assertThat(sim.trace().change("out", "in", t)).isEqualTo(now.minus(before));
            assertThat(sim.trace().contents("out", "in", t)).isEqualTo(now);
        }
        assertThat(sim.trace().change("out", "in", 0)).isEqualTo(sim.trace().value("out", "in", 0));
        // inside the loop: the change since the previous inner iteration
        int its = sim.trace().iterations("tc", 3);
        assertThat(its).isGreaterThan(2);
        for (int j = 1; j < its; j++) {
            StreamValue v = sim.trace().value("o", "out", 3, j);
            StreamValue p = sim.trace().value("o", "out", 3, j - 1);
            assertThat(sim.trace().change("o", "out", 3, j)).isEqualTo(v.minus(p));
        }
        assertThat(sim.trace().change("o", "out", 3, 0)).isEqualTo(sim.trace().value("o", "out", 3, 0));
    }
}
