package org.dbspstudio.engine.value;

/**
 * Sweeps of sorted probes through the sorted runs of a {@link NestedTrace} (rows of {@code arity} cells
 * followed by the iteration): for every probe, every entry of its row in every run, each run read in the
 * probes' order — by galloping from the previous probe's position, by one merge-like pass when the probes
 * are dense in the run or the run is not much smaller than they are, or entry by entry through the probes
 * when the run is the smaller side. The probes are a run of rows (or entries) of the trace's layout, and
 * {@code pos[i]} names probe i to the action.
 */
final class TraceSweep {
    private TraceSweep() {
    }

    /** What a sweep does with entry e of a run, which holds the row of probe k. */
    @FunctionalInterface
    interface Entry {
        void accept(int k, Run run, int e);
    }

    /**
     * Visits, for every probe (sorted rows; a run of this trace's rows or of its entries), every
     * entry of its row in every run: each run is swept in the probes' order, every probe found by
     * galloping from the previous one's position.
     */
    static void sweepRuns(int arity, Run[] runs, Run probes, int[] pos, Entry action) {
        for (Run run : runs) {
            sweep(arity, run, probes, pos, action);
        }
    }

    static void sweep(int arity, Run run, Run probes, int[] pos, Entry action) {
        if (run.n < probes.n) {
            if (run.tagged == probes.tagged && run.n >= MERGED_FROM && probes.n <= MERGED_RATIO * (long) run.n) {
                // a run not much smaller than the probes: one merge-like pass reads each side once
                sweepDense(arity, run, probes, pos, action);
            } else {
                sweepByEntries(arity, run, probes, pos, action);
            }
            return;
        }
        if (run.tagged == probes.tagged && run.n >= Run.FENCED && run.n <= Run.DENSE * (long) probes.n) {
            // a large run with probes dense in it, as Run.seekPrefix would scan it: one merge-like pass
            sweepDense(arity, run, probes, pos, action);
            return;
        }
        int lo = 0;
        int n = run.n;
        for (int i = 0; i < probes.n && lo < n; i++) {
            // the trace's arity, not the iteration: a row's first entry
            lo = Run.seekPrefix(run, lo, probes, i, arity);
            // the next probe's row is not smaller: its entries start at or after this row's, so lo stays
            for (int e = lo; e < n && Run.comparePrefix(run, e, probes, i, arity) == 0; e++) {
                action.accept(pos[i], run, e);
            }
        }
    }

    /**
     * A run with fewer entries than there are probes, but at least this many and at least
     * 1/{@link #MERGED_RATIO} of them, is swept by {@link #sweepDense} (both sides read once, in
     * order) rather than galloping among the probes for each of its entries. Microbenchmark (thread
     * CPU, median of 15, 137,000 sorted probes, 2-word rows, load 5): a run of 120,000 entries 6.3–6.9
     * → 2.6–3.2 ms, 70,000 4.3–4.7 → 2.4–2.5 ms, 40,000 3.5–3.8 → 2.0–2.5 ms; 20,000 (a probe per
     * 0.15 entries) about even (2.0–2.8 against 2.5–2.6 ms), hence the ratio of 4.
     */
    static final int MERGED_RATIO = 4;
    static final int MERGED_FROM = 1024;

    /**
     * {@link #sweep(int, Run, Run, int[], Entry)} of probes dense in a run of their layout (both with tag
     * words or both without), or of a run not much smaller than its probes ({@link #MERGED_RATIO}): the
     * run is read once, in order, as in a merge — each probe's first
     * entry found by stepping from the previous probe's, and its entries visited — with the words
     * compared in place and rows of two words (B3's (src, dst) pairs) compared without a loop over
     * their words. What {@link Run#seekPrefix} does for such a sweep one probe at a time (it scans a
     * large run when the probes are dense), without its per-probe set-up and without comparing each
     * visited entry again through {@link Run#comparePrefix}.
     */
    private static void sweepDense(int arity, Run run, Run probes, int[] pos, Entry action) {
        int t = run.tagged ? 1 : 0;
        int w = arity + t; // the words compared: the tag word (when stored) and the row's cells
        int rs = run.arity + t;
        int ps = probes.arity + t;
        long[] rw = run.words;
        long[] pw = probes.words;
        int n = run.n;
        int m = probes.n;
        int e = 0;
        int q = 0; // e * rs
        if (w == 2) {
            for (int i = 0, po = 0; i < m; i++, po += ps) {
                long a = pw[po];
                long b = pw[po + 1];
                while (e < n) {
                    long x = rw[q];
                    if (x > a || x == a && rw[q + 1] >= b) {
                        break;
                    }
                    e++;
                    q += rs;
                }
                if (e == n) {
                    return;
                }
                // e does not move: the next probe's row is not smaller (and may be this one again)
                for (int f = e, r = q; f < n && rw[r] == a && rw[r + 1] == b; f++, r += rs) {
                    action.accept(pos[i], run, f);
                }
            }
            return;
        }
        for (int i = 0, po = 0; i < m; i++, po += ps) {
            while (e < n && Run.compareWords(rw, q, pw, po, w) < 0) {
                e++;
                q += rs;
            }
            if (e == n) {
                return;
            }
            for (int f = e, r = q; f < n && Run.compareWords(rw, r, pw, po, w) == 0; f++, r += rs) {
                action.accept(pos[i], run, f);
            }
        }
    }

    /**
     * {@link #sweep(int, Run, Run, int[], Entry)} for a run with fewer entries than there are probes: the
     * run's entries are walked in order and each is found among the probes by galloping from the
     * previous one's position, so the cost follows the smaller side (a small run of a spine is not
     * searched once per probe). Visits the same (probe, entry) pairs, entry by entry.
     */
    private static void sweepByEntries(int arity, Run run, Run probes, int[] pos, Entry action) {
        int p = 0;
        int m = probes.n;
        for (int e = 0; e < run.n && p < m; e++) {
            p = Run.seekPrefix(probes, p, run, e, arity);
            // probes equal to this row (several when a row is asked twice); the next entry's row is not smaller
            for (int q = p; q < m && Run.comparePrefix(probes, q, run, e, arity) == 0; q++) {
                action.accept(pos[q], run, e);
            }
        }
    }
}
