package org.dbspstudio.engine.ops;

import java.util.Arrays;
import org.dbspstudio.engine.value.CellBatch;
import org.dbspstudio.engine.value.ColumnProbe;
import org.dbspstudio.engine.value.GroupedRows;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * A join probing an arrangement with a batch of cells ({@link CellBatch}: a source's change, what
 * the linear operators make of it) and emitting its output as a batch of cells: the probing row's
 * key is packed from its integer cells (no key row), and each output column is gathered from the
 * probing batch's column (a {@code long[]} stays one) or from the matched row's field — no output
 * row object, no row hashed; the output is consolidated on its cells. It applies when the key is
 * plain columns of the probing side (compared as they are, not as exact decimals), the projection
 * is plain columns of either side, and the probing batch holds the key columns as integer cells;
 * otherwise the join reads rows as before.
 */
final class CellJoins {
    /** The probing side's key columns. */
    private final int[] keyCols;
    /** Per output column: whether it is the probing side's, and its index in that side's row. */
    private final boolean[] fromProbe;
    private final int[] cols;
    /** The matched side's columns read (their indexes in its row), and per output column its place among them (-1: the probing side's). */
    private final int[] indexCols;
    private final int[] indexAt;

    private CellJoins(int[] keyCols, boolean[] fromProbe, int[] cols) {
        this.keyCols = keyCols;
        this.fromProbe = fromProbe;
        this.cols = cols;
        this.indexAt = new int[cols.length];
        int m = 0;
        for (int j = 0; j < cols.length; j++) {
            indexAt[j] = fromProbe[j] ? -1 : m++;
        }
        this.indexCols = new int[m];
        for (int j = 0; j < cols.length; j++) {
            if (!fromProbe[j]) {
                indexCols[indexAt[j]] = cols[j];
            }
        }
    }

    /**
     * The plan of a join probing with the {@code probeIsLeft} side's rows keyed by {@code key} and
     * projecting with {@code proj} (over the left and right rows); null when it does not apply.
     */
    static CellJoins plan(KeyFn key, KeyFn proj, boolean probeIsLeft) {
        if (proj == null || key.exactNumbers() || key.size() == 0 || proj.size() == 0 || proj.size() > CellBatch.MAX_ARITY) {
            return null;
        }
        int[] keyCols = new int[key.size()];
        for (int i = 0; i < keyCols.length; i++) {
            int c = key.plainColumn(i);
            if (c < 0 || c >= 1 << 16) {
                return null;
            }
            keyCols[i] = c;
        }
        boolean[] fromProbe = new boolean[proj.size()];
        int[] cols = new int[proj.size()];
        for (int j = 0; j < cols.length; j++) {
            int c = proj.plainColumn(j);
            if (c < 0) {
                return null;
            }
            boolean left = c < 1 << 16;
            fromProbe[j] = left == probeIsLeft;
            cols[j] = c & 0xffff;
        }
        return new CellJoins(keyCols, fromProbe, cols);
    }

    /** Whether the batch holds every key column as integer cells (else the join reads rows). */
    boolean applies(CellBatch probe) {
        for (int c : keyCols) {
            if (c >= probe.arity() || !probe.isLong(c)) {
                return false;
            }
        }
        for (int j = 0; j < cols.length; j++) {
            if (fromProbe[j] && cols[j] >= probe.arity()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The join of the rows of {@code probe} (which it {@link #applies} to) with the rows under their
     * keys in {@code index}. Counts the matched rows as work.
     */
    ZSet join(Ctx ctx, CellBatch probe, IndexedZSet index) {
        Out out = new Out(probe, Math.max(16, probe.size()));
        long[] p = new long[keyCols.length + 1]; // tag word 0: integer cells
        long[][] keys = new long[keyCols.length][];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = probe.longs(keyCols[k]);
        }
        // the matched rows' columns read from the arrangement's columns where it keeps them
        ColumnProbe cp = ColumnProbe.of(index, keyCols.length, indexCols);
        long visits = 0;
        // one integer key: every probe's entries looked up first, then read (their memory reads overlap)
        int[] at = keys.length == 1 ? cp.entries(keys[0], probe.size()) : null;
        if (at != null) {
            for (int i = 0; i < probe.size(); i++) {
                out.at = i;
                out.w = probe.weight(i);
                visits += cp.forEachAt(at, probe.size(), i, out);
            }
            ctx.work(visits);
            return ZSet.ofCells(out.build());
        }
        for (int i = 0; i < probe.size(); i++) {
            for (int k = 0; k < keys.length; k++) {
                p[k + 1] = keys[k][i];
            }
            out.at = i;
            out.w = probe.weight(i);
            visits += cp.forEachUnder(p, out);
        }
        ctx.work(visits);
        return ZSet.ofCells(out.build());
    }

    /** Whether the output rows can be packed ({@link #joinPacked}): at most 16 columns. */
    boolean packs() {
        return cols.length <= PACKED_ARITY;
    }

    /** The most output columns of {@link #joinPacked} (a packed row's). */
    static final int PACKED_ARITY = 16;

    /**
     * The join of {@code rows} (one sorted run of integer rows: read on its columns; any other form: read
     * as rows) with the rows under their keys in
     * {@code index}, when every key cell of {@code rows} and every output cell is a non-null
     * integer; {@code expected} is about the number of matches. Each match is written as a packed
     * row (a tag word 0, then the output columns) beside its weight, and the rows are sorted and
     * consolidated once into one sorted run ({@link ZSet#ofIntegerRows}): no output row object and
     * no hash table per match (B3's new facts of an iteration probed by the edges, about 60,000
     * matches per iteration at the first step). Null, with no work counted, when some cell is not
     * a non-null integer (the caller then joins the rows as rows).
     */
    ZSet joinPacked(Ctx ctx, ZSet rows, IndexedZSet index, int expected) {
        long[][] ic = rows.integerColumns();
        if (ic != null) {
            // one sorted run of integer rows (H's change, a packed join's output): its columns read as they
            // are, no row decoded; when that fails (an output cell of the index is not an integer), so would
            // the rows decoded
            return joinPackedColumns(ctx, ic, index, expected);
        }
        int n = rows.size();
        long[][] keys = new long[keyCols.length][n];
        long[][] probeCols = new long[cols.length][];
        for (int j = 0; j < cols.length; j++) {
            if (fromProbe[j]) {
                probeCols[j] = new long[n];
            }
        }
        long[] probeWeights = new long[n];
        int[] m = {0};
        boolean[] ok = {true};
        rows.forEach((x, w) -> {
            if (!ok[0]) {
                return;
            }
            int i = m[0];
            for (int k = 0; k < keyCols.length; k++) {
                if (keyCols[k] < x.size() && x.get(keyCols[k]) instanceof Long v) {
                    keys[k][i] = v;
                } else {
                    ok[0] = false;
                    return;
                }
            }
            for (int j = 0; j < cols.length; j++) {
                if (fromProbe[j]) {
                    if (cols[j] < x.size() && x.get(cols[j]) instanceof Long v) {
                        probeCols[j][i] = v;
                    } else {
                        ok[0] = false;
                        return;
                    }
                }
            }
            probeWeights[i] = w;
            m[0] = i + 1;
        });
        if (!ok[0] || m[0] != n) {
            return null;
        }
        return joinPacked(ctx, keys, probeCols, probeWeights, n, index, expected, false);
    }

    /**
     * The packed join of {@code n} probing rows; {@code sorted}: they come in ascending order (one sorted
     * run's), so when the output's first column is their first the matches, written probe by probe, are
     * grouped by it in ascending order and each group is sorted on its own ({@link GroupedRows}).
     */
    private ZSet joinPacked(Ctx ctx, long[][] keys, long[][] probeCols, long[] probeWeights, int n, IndexedZSet index,
                            int expected, boolean sorted) {
        Packed out = new Packed(probeCols, Math.max(16, expected));
        // the matched rows' output columns read as integer columns where a batch holds them so (no row object)
        ColumnProbe cp = ColumnProbe.ofLongs(index, keyCols.length, indexCols);
        long visits = 0;
        int[] at = keys.length == 1 ? cp.entries(keys[0], n) : null;
        long[] p = new long[keyCols.length + 1]; // tag word 0: integer cells
        for (int i = 0; i < n && out.ok; i++) {
            out.at = i;
            out.w = probeWeights[i];
            if (at != null) {
                visits += cp.forEachAt(at, n, i, out);
            } else {
                for (int k = 0; k < keys.length; k++) {
                    p[k + 1] = keys[k][i];
                }
                visits += cp.forEachUnder(p, out);
            }
        }
        if (!out.ok) {
            return null;
        }
        ctx.work(visits);
        if (sorted && groupedByProbe()) {
            ZSet grouped = GroupedRows.of(cols.length, out.words, out.weights, out.n);
            if (grouped != null) {
                GROUPED.incrementAndGet();
                return grouped;
            }
        }
        return ZSet.ofIntegerRows(cols.length, out.words, out.weights, out.n);
    }

    /** Whether the output's first column is the probing rows' first (their sort's leading column). */
    private boolean groupedByProbe() {
        return cols.length > 0 && fromProbe[0] && cols[0] == 0;
    }

    /** How many packed joins' outputs were sorted group by group ({@link GroupedRows}; for tests). */
    static final java.util.concurrent.atomic.AtomicLong GROUPED = new java.util.concurrent.atomic.AtomicLong();

    /**
     * {@link #joinPacked(Ctx, ZSet, IndexedZSet, int)} of rows given as integer columns and their weights
     * ({@link ZSet#integerColumns}: {@code arity + 1} arrays); null when a key or output column of the
     * probing side is not among them.
     */
    ZSet joinPackedColumns(Ctx ctx, long[][] ic, IndexedZSet index, int expected) {
        int arity = ic.length - 1;
        long[][] keys = new long[keyCols.length][];
        for (int k = 0; k < keys.length; k++) {
            if (keyCols[k] >= arity) {
                return null;
            }
            keys[k] = ic[keyCols[k]];
        }
        long[][] probeCols = new long[cols.length][];
        for (int j = 0; j < cols.length; j++) {
            if (fromProbe[j]) {
                if (cols[j] >= arity) {
                    return null;
                }
                probeCols[j] = ic[cols[j]];
            }
        }
        ZSet joined = joinPacked(ctx, keys, probeCols, ic[arity], ic[arity].length, index, expected, true);
        (joined != null ? COLUMN_JOINS : COLUMN_GIVE_UPS).incrementAndGet();
        return joined;
    }

    /** How many joins were made on a packed run's columns ({@link #joinPackedColumns}; for tests). */
    static final java.util.concurrent.atomic.AtomicLong COLUMN_JOINS = new java.util.concurrent.atomic.AtomicLong();

    /** How many joins on a packed run's columns gave up at an output cell that is not an integer (for tests). */
    static final java.util.concurrent.atomic.AtomicLong COLUMN_GIVE_UPS = new java.util.concurrent.atomic.AtomicLong();

    /** Writes each match as a packed row of integers (tag word 0, then the output columns) and its weight. */
    private final class Packed implements ColumnProbe.LongSink {
        private final long[][] probeCols;
        private final int stride = cols.length + 1;
        long[] words;
        long[] weights;
        int n;
        /** False once some output cell was not a non-null integer. */
        boolean ok = true;
        int at;
        long w;

        Packed(long[][] probeCols, int cap) {
            this.probeCols = probeCols;
            words = new long[cap * stride];
            weights = new long[cap];
        }

        @Override
        public void row(Row y, long v) {
            room();
            int o = n * stride; // words[o] stays 0: the tag word of integer cells
            for (int j = 0; j < cols.length; j++) {
                if (fromProbe[j]) {
                    words[o + 1 + j] = probeCols[j][at];
                } else if (cols[j] < y.size() && y.get(cols[j]) instanceof Long x) {
                    words[o + 1 + j] = x;
                } else {
                    ok = false;
                    return;
                }
            }
            weights[n++] = Math.multiplyExact(w, v);
        }

        @Override
        public void one(Object[][] matched, int k) {
            room();
            int o = n * stride;
            for (int j = 0; j < cols.length; j++) {
                if (fromProbe[j]) {
                    words[o + 1 + j] = probeCols[j][at];
                } else if (matched[indexAt[j]][k] instanceof Long x) {
                    words[o + 1 + j] = x;
                } else {
                    ok = false;
                    return;
                }
            }
            weights[n++] = w;
        }

        @Override
        public void longs(long[][] matched, long[] ws, int from, int to) {
            int need = n + (to - from);
            if (need > weights.length) {
                int cap = Math.max(need, n * 2);
                weights = Arrays.copyOf(weights, cap);
                words = Arrays.copyOf(words, cap * stride);
            }
            for (int r = from; r < to; r++) {
                int o = n * stride; // words[o] stays 0: the tag word of integer cells
                for (int j = 0; j < cols.length; j++) {
                    words[o + 1 + j] = fromProbe[j] ? probeCols[j][at] : matched[indexAt[j]][r];
                }
                weights[n++] = Math.multiplyExact(w, ws[r]);
            }
        }

        private void room() {
            if (n == weights.length) {
                weights = Arrays.copyOf(weights, n * 2);
                words = Arrays.copyOf(words, n * 2 * stride);
            }
        }
    }

    /** Gathers the output columns: one row per match of the probing row {@link #at}. */
    private final class Out implements ColumnProbe.Sink {
        private final CellBatch probe;
        private final long[][] longs;
        private final Object[][] objects;
        private long[] weights;
        private int n;
        int at;
        long w;

        Out(CellBatch probe, int cap) {
            this.probe = probe;
            longs = new long[cols.length][];
            objects = new Object[cols.length][];
            for (int j = 0; j < cols.length; j++) {
                if (fromProbe[j] && probe.isLong(cols[j])) {
                    longs[j] = new long[cap];
                } else {
                    objects[j] = new Object[cap];
                }
            }
            weights = new long[cap];
        }

        @Override
        public void row(Row y, long v) {
            room();
            for (int j = 0; j < cols.length; j++) {
                if (longs[j] != null) {
                    longs[j][n] = probe.longs(cols[j])[at];
                } else {
                    objects[j][n] = fromProbe[j] ? probe.value(cols[j], at) : y.get(cols[j]);
                }
            }
            weights[n++] = Math.multiplyExact(w, v);
        }

        @Override
        public void one(Object[][] matched, int k) {
            room();
            for (int j = 0; j < cols.length; j++) {
                if (longs[j] != null) {
                    longs[j][n] = probe.longs(cols[j])[at];
                } else {
                    objects[j][n] = fromProbe[j] ? probe.value(cols[j], at) : matched[indexAt[j]][k];
                }
            }
            weights[n++] = w;
        }

        private void room() {
            if (n == weights.length) {
                int cap = n * 2;
                for (int j = 0; j < cols.length; j++) {
                    if (longs[j] != null) {
                        longs[j] = Arrays.copyOf(longs[j], cap);
                    } else {
                        objects[j] = Arrays.copyOf(objects[j], cap);
                    }
                }
                weights = Arrays.copyOf(weights, cap);
            }
        }

        /** The rows gathered, consolidated (an object column of integers only becomes an integer column); null when none. */
        CellBatch build() {
            if (n == 0) {
                return null;
            }
            for (int j = 0; j < cols.length; j++) {
                Object[] o = objects[j];
                if (o == null) {
                    continue;
                }
                long[] l = new long[n];
                boolean all = true;
                for (int i = 0; i < n && all; i++) {
                    if (o[i] instanceof Long x) {
                        l[i] = x;
                    } else {
                        all = false;
                    }
                }
                if (all) {
                    longs[j] = l;
                    objects[j] = null;
                }
            }
            boolean fromIndex = false;
            for (boolean p : fromProbe) {
                fromIndex |= !p;
            }
            // columns of the matched rows beside the probing rows' repeat in the output (B2's region per order)
            return fromIndex ? CellBatch.ofMixed(n, longs, objects, weights) : CellBatch.of(n, longs, objects, weights, false);
        }
    }
}
