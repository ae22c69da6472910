package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.HashMap;
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
import org.dbspstudio.verify.Verifier;

/**
 * Compares, step by step over a scenario, an incremental circuit's output changes with the
 * changes of the original circuit's outputs ({@code Q^Δ(Δs)} against {@code D(Q(I(Δs)))}),
 * reporting every step and output with the first differing rows. The random-stream part of the
 * check is the engine's {@link Verifier}.
 */
public final class StepVerifier {
    /** Rows shown per failing step. */
    public static final int MAX_ROWS = 5;

    private StepVerifier() {
    }

    /** One step of one output: pass, or the first differing rows ("row: expected e, got a"). */
    public record StepCheck(int step, String output, boolean ok, List<String> differences) {
        public StepCheck {
            differences = List.copyOf(differences);
        }
    }

    /** Checks every step of {@code scenario} and {@link Verifier#QUIET_STEPS} quiet steps after it. */
    public static List<StepCheck> check(Circuit original, Circuit incremental, Scenario scenario) throws EngineException {
        Simulation ref = Simulation.compile(original, EngineOptions.DEFAULT.withDeltaTracking(false).withRecordTrace(false));
        Simulation inc = Simulation.compile(incremental, EngineOptions.DEFAULT.withRecordTrace(false));
        ref.setScenario(scenario);
        inc.setScenario(scenario);
        Map<String, StreamValue> previous = new HashMap<>();
        List<StepCheck> out = new ArrayList<>();
        int n = scenario.steps() + Verifier.QUIET_STEPS;
        for (int t = 0; t < n; t++) {
            ref.step();
            inc.step();
            Map<String, StreamValue> now = ref.lastOutputs();
            Map<String, StreamValue> got = inc.lastOutputs();
            for (String o : ref.outputs()) {
                StreamValue cur = now.get(o);
                StreamValue prev = previous.get(o);
                StreamValue expected = prev == null ? cur : cur.minus(prev);
                List<String> d = diff(expected, got.get(o));
                out.add(new StepCheck(t, o, d.isEmpty(), d.size() > MAX_ROWS ? d.subList(0, MAX_ROWS) : d));
            }
            previous.putAll(now);
        }
        return out;
    }

    static List<String> diff(StreamValue expected, StreamValue actual) {
        Map<Row, Long> e = flatten(expected);
        Map<Row, Long> a = flatten(actual);
        TreeSet<Row> rows = new TreeSet<>(e.keySet());
        rows.addAll(a.keySet());
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            long we = e.getOrDefault(r, 0L);
            long wa = a.getOrDefault(r, 0L);
            if (we != wa) {
                out.add((r.size() == 0 ? "value" : r.toString()) + ": expected " + we + ", got " + wa);
            }
        }
        return out;
    }

    private static Map<Row, Long> flatten(StreamValue v) {
        Map<Row, Long> m = new HashMap<>();
        if (v instanceof ZInt z && z.value() != 0) {
            m.put(Row.EMPTY, z.value());
        } else if (v instanceof ZSet z) {
            z.forEach(m::put);
        } else if (v instanceof IndexedZSet ix) {
            ix.forEach((k, z) -> z.forEach((r, w) -> m.merge(k.concat(r), w, Long::sum)));
            m.values().removeIf(w -> w == 0);
        }
        return m;
    }
}
