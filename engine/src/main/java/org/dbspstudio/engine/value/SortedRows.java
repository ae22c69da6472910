package org.dbspstudio.engine.value;

import java.util.Arrays;
import org.dbspstudio.model.types.Row;

/**
 * Rows with their weights — a Z-set's in its order of iteration, or a change given as rows — packed as
 * a {@link NestedTrace} of their arity stores them (tag word, then the cells: {@code arity + 1} words
 * each, dictionary ids interned) and sorted ({@code order[i]}: the position of the i-th smallest), so
 * that an addition to a trace or a lookup in one takes its entries from here ({@link #packed}).
 *
 * <p>A Z-set held as one sorted run of packed rows (a join's output over integer columns, {@code H}'s
 * output: {@link ZSet#ofIntegerRows}, {@link ZSet#selectSorted}) is taken as it is: its run is the
 * packed and sorted rows (its order of iteration is the sorted order), and its rows are decoded only
 * when someone asks for them ({@link #rows()}), which an addition of the Z-set to a trace does not.
 *
 * <p>Per thread, the Z-sets lately packed are kept ({@link #of(ZSet, int)}): inside a loop the same
 * value is added to two traces (the closure's candidate facts of an iteration: to the outer sum of
 * {@code all} at j, to the outer sum of {@code z⁻¹(I(all))} at j + 1) and, in the first step, looked
 * up in one by {@code H} ({@link NestedTrace#lookup}), and is packed and sorted once for all of them.
 */
final class SortedRows {
    private static final ThreadLocal<SortedRows[]> RECENT = ThreadLocal.withInitial(() -> new SortedRows[4]);
    private static final ThreadLocal<int[]> RECENT_NEXT = ThreadLocal.withInitial(() -> new int[1]);

    /** The Z-set packed (null: rows given as such, not kept per thread). */
    private final ZSet of;
    private final int arity;
    /** The rows in the Z-set's order of iteration (null until asked, for a Z-set held as one run). */
    private Row[] rows;
    private final long[] ws;
    /** {@code arity + 1} words per row (tag word, cells) in the rows' order; null when {@link #run} is set. */
    private final long[] buf;
    private final int[] order;
    /** Or the Z-set's only run, whose order is the rows' (tag words left out when it has none). */
    private final Run run;

    private SortedRows(ZSet of, int arity, Row[] rows, long[] ws, long[] buf, int[] order, Run run) {
        this.of = of;
        this.arity = arity;
        this.rows = rows;
        this.ws = ws;
        this.buf = buf;
        this.order = order;
        this.run = run;
    }

    ZSet of() {
        return of;
    }

    int arity() {
        return arity;
    }

    /** Number of rows. */
    int size() {
        return ws.length;
    }

    /** The rows in the Z-set's order of iteration (decoded now, once, when the Z-set was one run). */
    Row[] rows() {
        Row[] r = rows;
        if (r == null) {
            r = new Row[run.n];
            for (int i = 0; i < r.length; i++) {
                r[i] = run.row(i);
            }
            rows = r;
        }
        return r;
    }

    /** The rows' weights, in their order. */
    long[] ws() {
        return ws;
    }

    /** {@code order[i]}: the position of the i-th smallest row. */
    int[] order() {
        return order;
    }

    /** The Z-set's only run, when it was taken as it is (else null). */
    Run run() {
        return run;
    }

    /** Whether any row has a tag word (a NULL, a DOUBLE, an object), the first of its arity + 1 words. */
    boolean anyTag() {
        if (run != null) {
            return run.tagged;
        }
        for (int i = 0; i < ws.length; i++) {
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
        int n = ws.length;
        if (run != null) {
            if (!entries) {
                return new Run(arity, run.tagged, run.words, new long[n], n); // the words are shared
            }
            int cells = run.stride();
            long[] words = new long[n * (cells + 1)];
            long[] src = run.words;
            if (cells == 2) {
                for (int i = 0, p = 0, q = 0; i < n; i++, p += 2, q += 3) {
                    words[q] = src[p];
                    words[q + 1] = src[p + 1];
                    words[q + 2] = j;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    System.arraycopy(src, i * cells, words, i * (cells + 1), cells);
                    words[i * (cells + 1) + cells] = j;
                }
            }
            return new Run(arity + 1, run.tagged, words, ws, n); // weights shared (immutable)
        }
        int s = arity + 1;
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

    /**
     * A Z-set packed lately on this thread for rows of {@code arity} (−1: any), or a Z-set held as one
     * run of such rows (taken as it is); else null.
     */
    static SortedRows recent(ZSet z, int arity) {
        for (SortedRows so : RECENT.get()) {
            if (so != null && so.of == z && (arity < 0 || so.arity == arity)) {
                return so;
            }
        }
        SortedRows so = ofRun(z, arity);
        if (so != null) {
            remember(so);
        }
        return so;
    }

    /** {@code z} taken as it is when it is one run of rows of {@code arity} (−1: any) a trace can keep; else null. */
    private static SortedRows ofRun(ZSet z, int arity) {
        Spine s = z.spine;
        if (s == null || s.runs.length != 1 || arity >= 0 && s.arity != arity || !NestedTrace.keepable(s.arity)) {
            return null;
        }
        Run r = s.runs[0];
        int n = r.n;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        long[] ws = r.weights.length == n ? r.weights : Arrays.copyOf(r.weights, n);
        return new SortedRows(z, s.arity, null, ws, null, order, r);
    }

    private static void remember(SortedRows so) {
        SortedRows[] r = RECENT.get();
        int[] next = RECENT_NEXT.get();
        r[next[0]] = so;
        next[0] = (next[0] + 1) % r.length;
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
            remember(so);
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
        RowSort.sort(order, buf, s);
        return new SortedRows(z, a, rows, ws, buf, order, null);
    }

    /** The rows' logical words ({@code arity + 1} each: tag word, cells) in the rows' order; null when {@link #run} holds them. */
    long[] buf() {
        return buf;
    }

    /**
     * {@code z}, held as several sorted runs, taken as {@code merged}, those runs merged into one (equal
     * rows summed, cancelled ones dropped): its rows in sorted order, none decoded. Kept on this thread
     * with the Z-sets lately packed.
     */
    static SortedRows ofMerged(ZSet z, Run merged) {
        int n = merged.n;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        long[] ws = merged.weights.length == n ? merged.weights : Arrays.copyOf(merged.weights, n);
        SortedRows so = new SortedRows(z, merged.arity, null, ws, null, order, merged);
        remember(so);
        return so;
    }
}
