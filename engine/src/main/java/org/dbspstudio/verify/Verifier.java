package org.dbspstudio.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;

/**
 * Checks on data that an incremental circuit computes the changes of the original's outputs:
 * {@code Q^Δ(Δs) = D(Q(I(Δs)))} at every step, for every output, on a scenario and on random
 * change streams (see {@link RandomChanges}). The original runs over snapshots (its inputs
 * receive the running sums) with the engine's change tracking off, so it is a plain
 * recomputation; its output changes are computed here as differences of successive outputs.
 */
public final class Verifier {
    /** Steps without input changes run after each scenario, so that state settling is checked too. */
    public static final int QUIET_STEPS = 2;

    private final RandomChanges generator;

    public Verifier(RandomChanges generator) {
        this.generator = generator;
    }

    public Verifier() {
        this(RandomChanges.defaults());
    }

    /**
     * Verifies on {@code scenario} (skipped when null or empty) and on {@code randomRuns} random
     * change streams whose seeds are {@code seed, seed+1, ...}. Stops at the first mismatch.
     */
    public VerifyReport verify(Circuit original, Circuit incremental, Scenario scenario, int randomRuns, long seed) {
        int runs = 0;
        int steps = 0;
        long[] nonEmpty = {0};
        List<Object[]> plan = new ArrayList<>();
        if (scenario != null && !scenario.isEmpty()) {
            plan.add(new Object[] {"scenario", -1L, scenario});
        }
        for (int k = 0; k < randomRuns; k++) {
            long s = seed + k;
            plan.add(new Object[] {"random #" + (k + 1) + " (seed " + s + ")", s, generator.generate(original, s, scenario)});
        }
        for (Object[] p : plan) {
            String label = (String) p[0];
            long runSeed = (Long) p[1];
            Scenario sc = (Scenario) p[2];
            runs++;
            try {
                Mismatch m = compare(label, runSeed, original, incremental, sc, nonEmpty);
                steps += sc.steps() + QUIET_STEPS;
                if (m != null) {
                    return new VerifyReport(false, runs, steps, nonEmpty[0], m, null);
                }
            } catch (EngineException e) {
                return new VerifyReport(false, runs, steps, nonEmpty[0], null, label + ": " + e.getMessage());
            }
        }
        return new VerifyReport(true, runs, steps, nonEmpty[0], null, null);
    }

    /** One step of one output: the rows on which {@code Q^Δ(Δs)} differs from {@code D(Q(I(Δs)))} (empty: it passes). */
    public record StepOutcome(int step, String output, List<Mismatch.RowDiff> differences) {
        public StepOutcome {
            differences = List.copyOf(differences);
        }

        public boolean ok() {
            return differences.isEmpty();
        }
    }

    /** Receives each step's outcome; returns false to stop. */
    @FunctionalInterface
    private interface Outcomes {
        boolean accept(StepOutcome o, StreamValue expected);
    }

    /**
     * Compares the two circuits at every step of {@code scenario} and {@link #QUIET_STEPS} quiet
     * steps after it, every output at every step (the step-by-step view of the IDE's Verify panel).
     */
    public static List<StepOutcome> stepByStep(Circuit original, Circuit incremental, Scenario scenario)
            throws EngineException {
        List<StepOutcome> out = new ArrayList<>();
        run(original, incremental, scenario, (o, e) -> out.add(o));
        return out;
    }

    private static Mismatch compare(String label, long seed, Circuit original, Circuit incremental, Scenario sc,
                                    long[] nonEmpty) throws EngineException {
        Mismatch[] first = {null};
        run(original, incremental, sc, (o, expected) -> {
            if (!expected.isZero()) {
                nonEmpty[0]++;
            }
            if (!o.ok()) {
                first[0] = new Mismatch(label, seed, o.step(), o.output(), o.differences());
                return false;
            }
            return true;
        });
        return first[0];
    }

    private static void run(Circuit original, Circuit incremental, Scenario sc, Outcomes outcomes) throws EngineException {
        EngineOptions plain = EngineOptions.DEFAULT.withDeltaTracking(false).withRecordTrace(false);
        Simulation ref = Simulation.compile(original, plain);
        Simulation inc = Simulation.compile(incremental, EngineOptions.DEFAULT.withRecordTrace(false));
        for (String out : ref.outputs()) {
            if (!inc.outputs().contains(out)) {
                throw new EngineException(null, -1, List.of(), "the incremental circuit has no output named '" + out + "'", null);
            }
        }
        ref.setScenario(sc);
        inc.setScenario(sc);
        Map<String, StreamValue> previous = new HashMap<>();
        int n = sc.steps() + QUIET_STEPS;
        for (int t = 0; t < n; t++) {
            try {
                ref.step();
            } catch (EngineException e) {
                throw new EngineException(e.operatorId(), t, e.iterations(), "the original circuit failed: "
                        + e.reason(), e);
            }
            try {
                inc.step();
            } catch (EngineException e) {
                throw new EngineException(e.operatorId(), t, e.iterations(), "the incremental circuit failed: "
                        + e.reason(), e);
            }
            Map<String, StreamValue> now = ref.lastOutputs();
            Map<String, StreamValue> got = inc.lastOutputs();
            for (String out : ref.outputs()) {
                StreamValue cur = now.get(out);
                StreamValue prev = previous.get(out);
                StreamValue expected = prev == null ? cur : cur.minus(prev);
                if (!outcomes.accept(new StepOutcome(t, out, Comparison.diff(expected, got.get(out))), expected)) {
                    return;
                }
            }
            previous.putAll(now);
        }
    }
}
