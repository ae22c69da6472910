package org.dbspstudio.engine.value;

import java.util.Arrays;

/**
 * Where a {@link NestedTrace} keeps its sorted runs of entries {@code (row, iteration, weight)}: all of them
 * in one {@link Spine}, or — in a trace made from {@link NestedTrace#perIteration()} — each iteration's
 * entries in a spine of their own (still with the iteration column), so that an addition at j merges only
 * with X_j's runs and a read of iterations from..upTo searches only theirs. Immutable: an addition returns
 * a new layout sharing the spines it did not touch.
 */
final class TraceRuns {
    /** No entry, in one spine. */
    static final TraceRuns EMPTY = new TraceRuns(null, null);
    /** No entry, a spine per iteration. */
    static final TraceRuns EMPTY_PER_ITERATION = new TraceRuns(null, new Spine[0]);
    private static final Run[] NO_RUNS = new Run[0];

    /** Null when no entry is stored, or when the entries are kept per iteration ({@link #perIteration}). */
    final Spine spine;
    /**
     * Per iteration j, the entries at j in a spine of their own (null where X_j is zero; no trailing nulls);
     * null when every entry is in {@link #spine}.
     */
    final Spine[] perIteration;

    private TraceRuns(Spine spine, Spine[] perIteration) {
        this.spine = spine;
        this.perIteration = perIteration;
    }

    /** Whether any entry is stored. */
    boolean holds() {
        return perIteration == null ? spine != null : perIteration.length > 0;
    }

    /** The runs holding the entries at iterations {@code from..upTo} (and maybe others). */
    Run[] runs(int from, int upTo) {
        if (perIteration == null) {
            return spine.runs;
        }
        int lo = Math.max(0, from);
        int hi = Math.min(upTo, perIteration.length - 1);
        if (lo == hi) {
            return perIteration[lo] == null ? NO_RUNS : perIteration[lo].runs;
        }
        int n = 0;
        for (int i = lo; i <= hi; i++) {
            n += perIteration[i] == null ? 0 : perIteration[i].runs.length;
        }
        Run[] out = new Run[n];
        n = 0;
        for (int i = lo; i <= hi; i++) {
            if (perIteration[i] != null) {
                Run[] rs = perIteration[i].runs;
                System.arraycopy(rs, 0, out, n, rs.length);
                n += rs.length;
            }
        }
        return out;
    }

    /**
     * These runs plus {@code d}, a run of entries at iteration j, after which X_j has {@code rowsAtJ} rows of
     * non-zero weight, {@code gained} more than before (the one spine's count moves by as many); one spine's
     * runs merged by size classes when {@code tiered} ({@link Spine#plusTiered}), else by the ratio. X_j's own
     * spine always merges by size classes: a trace kept per iteration is H's outputs, whose X_j is read
     * little after the step that made it (B3's single edges and batches read no run of it but for a few
     * rows' weights), and an outer step's change at j is often not much smaller than X_j (a batch of 100: 78k
     * entries against 96k), so the ratio rewrote X_j's largest run at nearly every step (B3's batch of 100:
     * 4.56M entries merged, by size classes 1.58M; 30 single edges 0.92M against 0.56M), at the price of
     * up to three runs per size class to search.
     */
    TraceRuns plus(Run d, int j, int rowsAtJ, int gained, boolean tiered) {
        return plus(d, j, rowsAtJ, gained, tiered, null);
    }

    /**
     * {@link #plus(Run, int, int, int, boolean)}, {@code sums} reading the merges of d's entries into one
     * spine's newest run by the ratio ({@link MergingRuns#plus(Run, RunMerge.RowSums)}); it covers no run
     * after an addition by size classes or to X_j's own spine.
     */
    TraceRuns plus(Run d, int j, int rowsAtJ, int gained, boolean tiered, RunMerge.RowSums sums) {
        if (sums != null && (perIteration != null || tiered || spine == null)) {
            sums.covered = perIteration == null && spine == null ? d : null; // (the first run: d alone)
            sums = null;
        }
        if (perIteration == null) {
            int size = (spine == null ? 0 : spine.size) + gained;
            Spine next = spine == null ? Spine.of(d) : tiered ? spine.plusTiered(d, size) : spine.plus(d, size, sums);
            return new TraceRuns(next, null);
        }
        // X_j's own spine: X_j was zero when it has none, so then the change is all of it
        Spine[] per = Arrays.copyOf(perIteration, Math.max(perIteration.length, j + 1));
        Spine old = per[j];
        per[j] = rowsAtJ == 0 ? null : old == null ? Spine.of(d) : old.plusTiered(d, rowsAtJ);
        int len = per.length;
        while (len > 0 && per[len - 1] == null) {
            len--;
        }
        return new TraceRuns(null, len == per.length ? per : Arrays.copyOf(per, len));
    }

    /** Entries stored (a (row, iteration) counted once per run holding it). */
    long stored() {
        if (perIteration != null) {
            long n = 0;
            for (Spine x : perIteration) {
                n += x == null ? 0 : x.stored();
            }
            return n;
        }
        return spine == null ? 0 : spine.stored();
    }
}
