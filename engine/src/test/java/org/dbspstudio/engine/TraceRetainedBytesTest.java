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
}
