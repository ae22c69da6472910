package org.dbspstudio.engine.value;

import org.dbspstudio.model.types.Row;

/**
 * Rows with their weights — a Z-set's in its order of iteration, or a change given as rows — packed as
 * a {@link NestedTrace} of their arity stores them (tag word, then the cells: {@code arity + 1} words
 * each, dictionary ids interned) and sorted ({@code order[i]}: the position of the i-th smallest), so
 * that an addition to a trace or a lookup in one takes its entries from here ({@link #packed}).
 *
 * <p>Per thread, the Z-sets lately packed are kept ({@link #of(ZSet, int)}): inside a loop the same
 * value is added to two traces (the closure's candidate facts of an iteration: to the outer sum of
 * {@code all} at j, to the outer sum of {@code z⁻¹(I(all))} at j + 1) and, in the first step, looked
 * up in one by {@code H} ({@link NestedTrace#lookup}), and is packed and sorted once for all of them.
 *
 * @param of the Z-set packed (null: rows given as such, not kept per thread)
 */
record SortedRows(ZSet of, int arity, Row[] rows, long[] ws, long[] buf, int[] order) {
    private static final ThreadLocal<SortedRows[]> RECENT = ThreadLocal.withInitial(() -> new SortedRows[4]);
    private static final ThreadLocal<int[]> RECENT_NEXT = ThreadLocal.withInitial(() -> new int[1]);

    /** Whether any row has a tag word (a NULL, a DOUBLE, an object), the first of its arity + 1 words. */
    boolean anyTag() {
        for (int i = 0; i < rows.length; i++) {
            if (buf[i * (arity + 1)] != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The rows in sorted order as a run (without the tag word when no row has one), each followed
     * by iteration {@code j} and carrying its weight when {@code entries}; else the rows alone,
     * weights zero (probes).
     */
    Run packed(boolean entries, int j) {
        int s = arity + 1;
        int n = rows.length;
        boolean tag = anyTag();
        int skip = tag ? 0 : 1;
        int cells = s - skip;
        int stride = entries ? cells + 1 : cells;
        long[] words = new long[n * stride];
        long[] weights = new long[n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(buf, order[i] * s + skip, words, i * stride, cells);
            if (entries) {
                words[i * stride + cells] = j;
                weights[i] = ws[order[i]];
            }
        }
        return new Run(entries ? arity + 1 : arity, tag, words, weights, n);
    }

    /** A Z-set packed lately on this thread for rows of {@code arity} (−1: any), or null. */
    static SortedRows recent(ZSet z, int arity) {
        for (SortedRows so : RECENT.get()) {
            if (so != null && so.of == z && (arity < 0 || so.arity == arity)) {
                return so;
            }
        }
        return null;
    }

    /**
     * {@code z}'s rows packed and sorted for a trace of rows of {@code arity} (−1: the rows' own), kept
     * on this thread with the last few such Z-sets and taken from there when packed lately; null when
     * they cannot be kept in such a trace.
     */
    static SortedRows of(ZSet z, int arity) {
        SortedRows so = recent(z, arity);
        if (so != null) {
            return so;
        }
        int n = z.size();
        Row[] rows = new Row[n];
        long[] ws = new long[n];
        int[] k = {0};
        z.forEach((r, w) -> {
            rows[k[0]] = r;
            ws[k[0]++] = w;
        });
        so = of(z, rows, ws, arity >= 0 ? arity : rows[0].size());
        if (so != null) {
            SortedRows[] r = RECENT.get();
            int[] next = RECENT_NEXT.get();
            r[next[0]] = so;
            next[0] = (next[0] + 1) % r.length;
        }
        return so;
    }

    /** Distinct rows with their weights packed and sorted for a trace of rows of {@code arity}; null when they cannot be kept there. */
    static SortedRows of(Row[] rows, long[] ws, int arity) {
        return of(null, rows, ws, arity);
    }

    private static SortedRows of(ZSet z, Row[] rows, long[] ws, int a) {
        if (!NestedTrace.keepable(a)) {
            return null;
        }
        int n = rows.length;
        int s = a + 1;
        long[] buf = new long[n * s];
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            if (rows[i].size() != a) {
                return null;
            }
            Cells.encode(rows[i], buf, i * s, false);
            order[i] = i;
        }
        Run.sort(order, buf, s);
        return new SortedRows(z, a, rows, ws, buf, order);
    }
}
