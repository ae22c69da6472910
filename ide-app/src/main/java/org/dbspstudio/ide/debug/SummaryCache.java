package org.dbspstudio.ide.debug;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;

/**
 * Summaries of large Z-sets without a scan per step: the counts of rows with positive and
 * negative weights at step t are those at step t−1 adjusted by the rows of the change the engine
 * recorded between them, so a step costs time proportional to the change. Small values are
 * summarized directly; a large value whose counts are not at hand (the first step, a jump, a
 * change not known, an indexed value, a stream inside a nested circuit) is counted row by row,
 * which {@link #atHand} leaves to its caller's background thread.
 *
 * <p>Thread-safe: the cache's lock is held only to read and store counts, never while counting.
 */
final class SummaryCache {
    /** Values with fewer rows are counted directly. */
    static final int DIRECT = 4096;

    private record Counted(int step, long run, StreamValue value, long pos, long neg) {
    }

    /** Guarded by this. */
    private final Map<String, Counted> last = new HashMap<>();
    private final int direct;
    private final int maxChange;

    SummaryCache() {
        this(DIRECT, DIRECT);
    }

    /**
     * A cache counting values of fewer than {@code direct} rows directly, whose {@link #atHand}
     * adjusts counts by changes of at most {@code maxChange} rows.
     */
    SummaryCache(int direct, int maxChange) {
        this.direct = direct;
        this.maxChange = maxChange;
    }

    /** The summary of {@code v}, the value of {@code ref} at {@code step}: at hand, else counted row by row. */
    String summary(DebugSession s, StreamRef ref, int step, int[] its, StreamValue v, boolean asChange) {
        String text = atHand(s, ref, step, its, v, asChange);
        if (text != null) {
            return text;
        }
        if (!(v instanceof ZSet z) || ref.depth() > 0) {
            return ValueRows.summary(v, asChange);
        }
        return counted(key(ref, its), step, s.runId(), z, asChange);
    }

    /**
     * The summary of {@code v}, the value of {@code ref} at {@code step}, when it costs no pass over
     * a large value (for the JavaFX thread): a small value's, or the counts of the same value or of
     * the previous step's adjusted by a change of at most as many rows as a value counted directly;
     * else null (top-level streams only are cached).
     */
    String atHand(DebugSession s, StreamRef ref, int step, int[] its, StreamValue v, boolean asChange) {
        if (v == null || v.rows() < direct) {
            return ValueRows.summary(v, asChange);
        }
        if (!(v instanceof ZSet z) || ref.depth() > 0) {
            return null;
        }
        return atHand(key(ref, its), step, s.runId(), z, () -> s.knownDelta(ref, step), asChange, maxChange);
    }

    private static String key(StreamRef ref, int[] its) {
        return ref.label() + Arrays.toString(its);
    }

    /**
     * The summary of {@code z}, the value named {@code key} at {@code step} of run {@code run}:
     * the counts of the same value, or those of step − 1 adjusted by {@code change} (the change
     * from that value to {@code z}; null when unknown), else counted.
     */
    String summary(String key, int step, long run, ZSet z, Supplier<StreamValue> change, boolean asChange) {
        String text = atHand(key, step, run, z, change, asChange, Long.MAX_VALUE);
        return text != null ? text : counted(key, step, run, z, asChange);
    }

    /** Counts {@code z} row by row (without the lock) and keeps its counts. */
    private String counted(String key, int step, long run, ZSet z, boolean asChange) {
        long[] pn = ValueRows.counts(z);
        synchronized (this) {
            last.put(key, new Counted(step, run, z, pn[0], pn[1]));
        }
        return ValueRows.fromCounts(pn[0], pn[1], asChange);
    }

    /** The summary from the counts kept (adjusted by a known change of at most {@code maxChange} rows), or null. */
    private String atHand(String key, int step, long run, ZSet z, Supplier<StreamValue> change, boolean asChange, long maxChange) {
        Counted prev;
        synchronized (this) {
            prev = last.get(key);
        }
        if (prev == null) {
            return null;
        }
        long pos;
        long neg;
        if (prev.value == z) {
            pos = prev.pos;
            neg = prev.neg;
        } else {
            // the value counted at step − 1 is still that step's while the run was not restarted (the
            // trace may hand out an equal copy: it rebuilds values it keeps as changes)
            StreamValue d = prev.step == step - 1 && prev.run == run ? change.get() : null;
            if (!(d instanceof ZSet delta) || delta.size() > maxChange || !(prev.value instanceof ZSet before)) {
                return null;
            }
            long[] pn = {prev.pos, prev.neg};
            delta.forEach((r, w) -> {
                adjust(pn, before.weight(r), -1);
                adjust(pn, z.weight(r), 1);
            });
            pos = pn[0];
            neg = pn[1];
        }
        synchronized (this) {
            last.put(key, new Counted(step, run, z, pos, neg));
        }
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
