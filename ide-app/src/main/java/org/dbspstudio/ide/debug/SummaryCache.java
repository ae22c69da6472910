package org.dbspstudio.ide.debug;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;

/**
 * Summaries of large Z-sets without a scan per step: the counts of rows with positive and
 * negative weights at step t are those at step t−1 adjusted by the rows of the change the engine
 * recorded between them, so a step costs time proportional to the change. Small values, values
 * without a known change and other kinds are summarized directly.
 */
final class SummaryCache {
    /** Values with fewer rows are counted directly. */
    static final int DIRECT = 4096;

    private record Counted(int step, long run, StreamValue value, long pos, long neg) {
    }

    private final Map<String, Counted> last = new HashMap<>();
    private final int direct;

    SummaryCache() {
        this(DIRECT);
    }

    /** A cache counting values of fewer than {@code direct} rows directly. */
    SummaryCache(int direct) {
        this.direct = direct;
    }

    /** The summary of {@code v}, the value of {@code ref} at {@code step} (top-level streams only are cached). */
    String summary(DebugSession s, StreamRef ref, int step, int[] its, StreamValue v, boolean asChange) {
        if (!(v instanceof ZSet z) || z.size() < direct || ref.depth() > 0) {
            return ValueRows.summary(v, asChange);
        }
        return summary(ref.label() + Arrays.toString(its), step, s.runId(), z, () -> s.knownDelta(ref, step), asChange);
    }

    /**
     * The summary of {@code z}, the value named {@code key} at {@code step} of run {@code run}:
     * the counts of the same value, or those of step − 1 adjusted by {@code change} (the change
     * from that value to {@code z}; null when unknown), else counted.
     */
    String summary(String key, int step, long run, ZSet z, java.util.function.Supplier<StreamValue> change, boolean asChange) {
        Counted prev = last.get(key);
        long pos;
        long neg;
        if (prev != null && prev.value == z) {
            pos = prev.pos;
            neg = prev.neg;
        } else {
            // the value counted at step − 1 is still that step's while the run was not restarted (the
            // trace may hand out an equal copy: it rebuilds values it keeps as changes)
            StreamValue d = prev != null && prev.step == step - 1 && prev.run == run ? change.get() : null;
            if (d instanceof ZSet delta && prev.value instanceof ZSet before) {
                long[] pn = {prev.pos, prev.neg};
                delta.forEach((r, w) -> {
                    adjust(pn, before.weight(r), -1);
                    adjust(pn, z.weight(r), 1);
                });
                pos = pn[0];
                neg = pn[1];
            } else {
                long[] pn = new long[2];
                z.forEach((r, w) -> adjust(pn, w, 1));
                pos = pn[0];
                neg = pn[1];
            }
        }
        last.put(key, new Counted(step, run, z, pos, neg));
        return ValueRows.fromCounts(pos, neg, asChange);
    }

    private static void adjust(long[] pn, long weight, int sign) {
        if (weight > 0) {
            pn[0] += sign;
        } else if (weight < 0) {
            pn[1] += sign;
        }
    }
}
