package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The byte limit bounds what the trace keeps: a snapshot circuit's join output, recomputed (delta
 * tracking off), is a new Z-set of 2,000 rows at every step that changes by a few rows. The trace keeps it whole at the newest step
 * and at checkpoints (and keeps the rest as changes), so the retained estimate counts at least
 * those whole values, stays within the limit, and old steps are evicted to keep it there.
 */
class TraceRetainedBytesTest {
    /** The trace's rough bytes per row (Trace.BYTES_PER_ROW). */
    static final long BYTES_PER_ROW = 96;

    @Test
    void largeValuesThatChangeLittleCountWholeWhereKeptWhole() throws Exception {
        int n = 2000;
        Scenario sc = TraceCompactionTest.scenario(n, 100, 11);
        long limit = 3L * n * BYTES_PER_ROW;
        Simulation sim = Simulation.compile(TraceCompactionTest.usersOrders(), EngineOptions.DEFAULT.withDeltaTracking(false).withRetention(0, limit));
        sim.setScenario(sc);
        for (int t = 0; t < sc.steps(); t++) {
            sim.step();
            var trace = sim.trace();
            // the newest step's join output is kept whole, and so is every checkpoint's still recorded
            long whole = 1;
            for (int s = trace.firstStep(); s < trace.endStep() - 1; s++) {
                if (s % 32 == 0) {
                    whole++;
                }
            }
            long rows = sim.lastOutputs().get("user_orders").rows();
            assertThat(rows).isGreaterThanOrEqualTo(n);
            assertThat(trace.retainedBytes()).as("retained estimate at step " + t + " (steps " + trace.firstStep() + ".."
                    + (trace.endStep() - 1) + ")").isGreaterThanOrEqualTo(whole * rows * BYTES_PER_ROW);
            if (trace.endStep() - trace.firstStep() > 1) {
                assertThat(trace.retainedBytes()).as("within the limit at step " + t).isLessThanOrEqualTo(limit);
            }
        }
        assertThat(sim.trace().evictedSteps()).as("old steps evicted to keep within the limit").isGreaterThan(0);
        assertThat(sim.trace().compactedValues()).as("values between checkpoints kept as changes").isGreaterThan(0);
    }

    /**
     * A change the trace computes when asked (a snapshot stream's value minus the previous step's,
     * not known to the engine) is kept with its step: the retained estimate grows by its rows, once,
     * so the byte limit counts it, and the next recorded step evicts by the larger figure.
     */
    @Test
    void changesComputedWhenAskedCountAgainstTheLimit() throws Exception {
        // edges → D → σ → output over snapshots: D's value is a change, whose own change the engine does not know
        java.util.List<org.dbspstudio.model.StepData> edges = new java.util.ArrayList<>();
        for (long t = 0; t < 6; t++) {
            edges.add(org.dbspstudio.model.StepData.rows(java.util.List.of(new org.dbspstudio.model.Change(
                    org.dbspstudio.model.types.Row.of(t, t + 1), 1))));
        }
        org.dbspstudio.model.Circuit c = new org.dbspstudio.model.Circuit();
        c.add(TestCircuits.input("edges", "edges", NestedCircuitTest.EDGES));
        c.add(org.dbspstudio.model.Operator.of("d", org.dbspstudio.model.OpKind.DIFFERENTIATE));
        c.add(org.dbspstudio.model.Operator.of("f", org.dbspstudio.model.OpKind.FILTER, "predicate", "src >= 0"));
        c.add(TestCircuits.output("v", "changes"));
        c.connect("edges.out", "d.in").connect("d.out", "f.in").connect("f.out", "v.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("edges", edges));
        sim.runScenario();
        var trace = sim.trace();
        int step = 4;
        long counted = 0;
        int asked = 0;
        for (String p : trace.ports()) {
            String[] op = p.split("\\.", 2);
            if (trace.knownDelta(op[0], op[1], step) != null) {
                continue;
            }
            long before = trace.retainedBytes();
            var d = trace.change(op[0], op[1], step);
            assertThat(trace.knownDelta(op[0], op[1], step)).as(p + ": the change computed is kept").isSameAs(d);
            assertThat(trace.retainedBytes()).as(p + ": counted by its rows").isEqualTo(before + d.rows() * BYTES_PER_ROW);
            counted += d.rows() * BYTES_PER_ROW;
            asked++;
            trace.change(op[0], op[1], step);
            assertThat(trace.retainedBytes()).as(p + ": asking again counts nothing more").isEqualTo(before + d.rows() * BYTES_PER_ROW);
        }
        assertThat(asked).as("streams whose change the engine did not know, among " + trace.ports().stream()
                .map(p -> p + "=" + trace.knownDelta(p.split("\\.", 2)[0], p.split("\\.", 2)[1], step)).toList()).isGreaterThan(0);
        assertThat(counted).isGreaterThan(0);
    }
}
