package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.junit.jupiter.api.Test;

/**
 * Incremental recursion on transitive closure: fixpoint iterations per step, incremental vs
 * recomputation. The incremental circuit reruns the loop on the changes to the previous run's
 * iterations, so at a step where the recursion becomes shallower (a deletion, or an insertion
 * creating a shortcut) it still visits the previous run's deeper iterations to retract what
 * they derived: its bound is {@code max(recompute[t], recompute[t−1])}, and at every other step
 * it never iterates more than recomputation.
 */
class RecursionTest {

    private static int[] iterations(Circuit c, Scenario sc) throws EngineException {
        Simulation s = Simulation.compile(c, EngineOptions.DEFAULT);
        s.setScenario(sc);
        int n = sc.steps();
        int[] its = new int[n];
        for (int t = 0; t < n; t++) {
            s.step();
            its[t] = s.trace().iterations("tc", t);
        }
        return its;
    }

    @Test
    void incrementalNeverIteratesMoreThanRecomputationNeedsNowOrNeededAtThePreviousStep() throws EngineException {
        Circuit tc = Fixtures.transitiveClosure();
        Circuit inc = Incrementalizer.incrementalize(tc).incremental();
        RandomChanges gen = new RandomChanges(15, 3, 7, true);
        StringBuilder violations = new StringBuilder();
        int steps = 0;
        int shallower = 0;
        int excess = 0;
        for (long seed = 0; seed < 20; seed++) {
            Scenario sc = gen.generate(tc, seed);
            int[] full = iterations(tc, sc);
            int[] delta = iterations(inc, sc);
            for (int t = 0; t < full.length; t++) {
                steps++;
                boolean shrank = t > 0 && full[t] < full[t - 1];
                int bound = shrank ? full[t - 1] : full[t];
                if (shrank) {
                    shallower++;
                }
                if (delta[t] > full[t]) {
                    excess++;
                }
                if (delta[t] > bound) {
                    violations.append("seed ").append(seed).append(" step ").append(t).append(": ")
                            .append(delta[t]).append(" > ").append(bound).append('\n');
                }
            }
        }
        assertThat(violations.toString()).isEmpty();
        // more iterations than recomputation only where the recursion became shallower
        assertThat(excess).isLessThanOrEqualTo(shallower);
        assertThat(steps).isEqualTo(300);
    }
}
