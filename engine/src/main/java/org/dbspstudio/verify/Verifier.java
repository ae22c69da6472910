package org.dbspstudio.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.types.Row;

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

    private static Mismatch compare(String label, long seed, Circuit original, Circuit incremental, Scenario sc,
                                    long[] nonEmpty) throws EngineException {
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
                StreamValue actual = got.get(out);
                if (!expected.isZero()) {
                    nonEmpty[0]++;
                }
                List<Mismatch.RowDiff> d = diff(expected, actual);
                if (!d.isEmpty()) {
                    return new Mismatch(label, seed, t, out, d);
                }
            }
            previous.putAll(now);
        }
        return null;
    }

    /** The rows on which two values differ, sorted by row. */
    static List<Mismatch.RowDiff> diff(StreamValue expected, StreamValue actual) {
        Map<Row, Long> e = flatten(expected);
        Map<Row, Long> a = flatten(actual);
        TreeSet<Row> rows = new TreeSet<>(e.keySet());
        rows.addAll(a.keySet());
        List<Mismatch.RowDiff> out = new ArrayList<>();
        for (Row r : rows) {
            long we = e.getOrDefault(r, 0L);
            long wa = a.getOrDefault(r, 0L);
            if (we != wa) {
                out.add(new Mismatch.RowDiff(r, we, wa));
            }
        }
        return out;
    }

    private static Map<Row, Long> flatten(StreamValue v) {
        Map<Row, Long> m = new LinkedHashMap<>();
        if (v == null) {
            return m;
        }
        if (v instanceof ZInt z) {
            if (z.value() != 0) {
                m.put(Row.EMPTY, z.value());
            }
        } else if (v instanceof ZSet z) {
            z.forEach((r, w) -> m.put(r, w));
        } else if (v instanceof IndexedZSet ix) {
            ix.forEach((k, z) -> z.forEach((r, w) -> m.merge(k.concat(r), w, Long::sum)));
            m.values().removeIf(w -> w == 0);
        }
        return m;
    }
}
