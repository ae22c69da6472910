package org.dbspstudio.engine.value;

import org.dbspstudio.model.types.Row;

/**
 * A Z-set's rows packed as a trace of its arity keeps them ({@link NestedTrace#pack}, {@link #of}), in the Z-set's order of
 * iteration: row k's logical words (tag word, then its cells: {@code arity + 1} words, dictionary
 * ids interned) at {@code keys()[k * (arity + 1)]}, equal rows having equal words. Added to a trace
 * as it is ({@link NestedTrace#plus(TraceRows, int, NestedTrace.Observed)}: a Z-set held as one sorted run is neither decoded
 * nor sorted again); rows are decoded only when asked ({@link #row}).
 */
public final class TraceRows {
    private static final TraceRows NONE = new TraceRows(null, 0);
    final SortedRows so;
    final int arity;
    private long[] keys;

    private TraceRows(SortedRows so, int arity) {
        this.so = so;
        this.arity = arity;
    }

    /** No rows. */
    public static TraceRows none() {
        return NONE;
    }

    /** Number of rows. */
    public int size() {
        return so == null ? 0 : so.size();
    }

    /** The rows' arity (0 when there are none). */
    public int arity() {
        return arity;
    }

    /** The rows' weights, in their order (shared: not to be changed). */
    public long[] ws() {
        return so == null ? new long[0] : so.ws();
    }

    /** Every row's logical words, {@code arity + 1} per row, in the rows' order (made once; shared: not to be changed). */
    public long[] keys() {
        long[] k = keys;
        if (k == null) {
            int n = size();
            int s = arity + 1;
            k = new long[n * s];
            Run run = n == 0 ? null : so.run();
            if (run != null) {
                // one sorted run, in the rows' order (order[i] = i)
                if (!run.tagged && arity == 2) {
                    long[] w = run.words;
                    for (int i = 0, q = 0, p = 0; i < n; i++, q += 3, p += 2) {
                        k[q + 1] = w[p];
                        k[q + 2] = w[p + 1];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        k[i * s] = run.tag(i);
                        System.arraycopy(run.words, run.cells(i), k, i * s + 1, arity);
                    }
                }
            } else if (n > 0) {
                // the rows packed in their order (tag word, cells), as the keys are
                System.arraycopy(so.buf(), 0, k, 0, n * s);
            }
            keys = k;
        }
        return k;
    }

    /** Row k (decoded now when the rows were given packed). */
    public Row row(int k) {
        Run run = so.run();
        return run != null ? run.row(k) : so.rows()[k]; // (one run: decoded alone, not all of them)
    }

    /** A row of {@code arity} cells from its logical words at {@code words[at..at+arity]} (tag word, cells), as {@link #keys} holds them. */
    public static Row decode(long[] words, int at, int arity) {
        return Cells.decode(words[at], words, at + 1, arity);
    }

    /**
     * {@code z}'s rows packed for a trace of arity {@code a} (any, when −1: the trace holds nothing), taken from the
     * rows lately packed on this thread or from {@code z}'s one sorted run when it has one (its runs
     * merged when it has several); null when they cannot be kept here (mixed arities, too many columns).
     */
    static TraceRows of(ZSet z, int a) {
        if (z.isEmpty()) {
            return NONE;
        }
        SortedRows so = SortedRows.recent(z, a);
        Spine zs = z.spine;
        if (so == null && zs != null && zs.runs.length > 1 && (a < 0 || zs.arity == a) && NestedTrace.keepable(zs.arity)) {
            // several sorted runs (a sum of packed values): merged into one, no row decoded and encoded again
            // smallest (newest, last) first, as the spine merges: the large runs are copied once
            Run m = zs.runs[zs.runs.length - 1];
            for (int i = zs.runs.length - 2; i >= 0; i--) {
                m = Run.merge(zs.runs[i], m);
            }
            so = SortedRows.ofMerged(z, m);
        }
        if (so == null) {
            so = SortedRows.of(z, a);
        }
        return so == null ? null : new TraceRows(so, so.arity());
    }
}
