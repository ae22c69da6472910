package org.dbspstudio.engine.value;

import org.dbspstudio.model.types.Row;

/**
 * An arrangement probed with keys of non-null integers by a join that reads given columns of the
 * rows under each key ({@code ops.CellJoins}). In a large key batch an entry of one row of weight 1
 * (every key of an index on a primary key) is read from the batch's columns ({@link KeyBatch#column}:
 * one array per column, equal values one object) instead of from its row; other entries, and small
 * batches, hand their rows over as {@link IndexedZSet#forEachUnderIntegers} does.
 */
public final class ColumnProbe {
    /** Receives the matches of one probe. */
    public interface Sink {
        /** A match with one row of weight 1 whose column {@code j} (of those asked) is {@code cols[j][k]}. */
        void one(Object[][] cols, int k);

        /** A match with row {@code y} of weight {@code w} (a row may come more than once: its weights add up). */
        void row(Row y, long w);
    }

    /** A sink that also takes an entry's rows as integer columns (for a probe made by {@link #ofLongs}). */
    public interface LongSink extends Sink {
        /** Matches with rows {@code [from, to)} whose column {@code j} (of those asked) is {@code cols[j][r]}, of weight {@code weights[r]}. */
        void longs(long[][] cols, long[] weights, int from, int to);
    }

    private final IndexedZSet index;
    /** The index's key batches, or null when its keys are not batches of this arity (probed as rows). */
    private final KeyBatch[] batches;
    /** Per batch: the columns asked, or null when the batch is read row by row. */
    private final Object[][][] cols;
    /** Whether some batch looks keys up by their hash (else every batch has a direct array). */
    private final boolean hashed;
    /** Per batch: its rows as integer columns ({@link #ofLongs}), or null when read otherwise; null for none. */
    private final KeyBatch.LongRows[] longs;

    private ColumnProbe(IndexedZSet index, KeyBatch[] batches, Object[][][] cols) {
        this(index, batches, cols, null);
    }

    private ColumnProbe(IndexedZSet index, KeyBatch[] batches, Object[][][] cols, KeyBatch.LongRows[] longs) {
        this.index = index;
        this.batches = batches;
        this.cols = cols;
        this.longs = longs;
        boolean h = false;
        if (batches != null) {
            for (KeyBatch b : batches) {
                h |= b.direct == null;
            }
        }
        this.hashed = h;
    }

    /** Probing {@code index} with keys of {@code keyArity} integers, reading {@code columns} of the matched rows. */
    public static ColumnProbe of(IndexedZSet index, int keyArity, int[] columns) {
        return of(index, keyArity, columns, KeyBatch.COLUMN_MIN);
    }

    /** {@link #of(IndexedZSet, int, int[])} reading batches of at least {@code minBatch} entries from their columns. */
    static ColumnProbe of(IndexedZSet index, int keyArity, int[] columns, int minBatch) {
        KeyBatch[] bs = index.keyBatches();
        if (bs == null || bs[0].arity != keyArity) {
            return new ColumnProbe(index, null, null);
        }
        Object[][][] cols = new Object[bs.length][][];
        for (int i = 0; i < bs.length; i++) {
            if (bs[i].n >= minBatch && columns.length > 0) {
                cols[i] = new Object[columns.length][];
                for (int j = 0; j < columns.length; j++) {
                    cols[i][j] = bs[i].column(columns[j]);
                }
            }
        }
        return new ColumnProbe(index, bs, cols);
    }

    /** Batches of fewer entries are read row by row by {@link #ofLongs} (their columns are not worth building). */
    public static final int LONGS_MIN = 64;

    /** {@link #LONGS_MIN}, lowered by tests so that small arrangements are read as columns too. */
    public static volatile int longsMin = LONGS_MIN;

    /**
     * Probing {@code index} with keys of {@code keyArity} integers, reading {@code columns} of the matched
     * rows as integers: each batch of at least {@link #LONGS_MIN} entries whose rows hold integers there
     * hands its matches to a {@link LongSink} as columns ({@link KeyBatch#longRows}: built once per batch),
     * the others as {@link #of} does. A sink that is not a {@link LongSink} gets every match as a row.
     */
    public static ColumnProbe ofLongs(IndexedZSet index, int keyArity, int[] columns) {
        return ofLongs(index, keyArity, columns, longsMin);
    }

    /** {@link #ofLongs(IndexedZSet, int, int[])} reading batches of at least {@code minBatch} entries as columns. */
    static ColumnProbe ofLongs(IndexedZSet index, int keyArity, int[] columns, int minBatch) {
        KeyBatch[] bs = index.keyBatches();
        if (bs == null || bs[0].arity != keyArity) {
            return new ColumnProbe(index, null, null);
        }
        Object[][][] cols = new Object[bs.length][][];
        KeyBatch.LongRows[] longs = new KeyBatch.LongRows[bs.length];
        for (int i = 0; i < bs.length; i++) {
            if (bs[i].n >= minBatch) {
                longs[i] = bs[i].longRows(columns);
            }
            if (longs[i] == null && bs[i].n >= KeyBatch.COLUMN_MIN && columns.length > 0) {
                cols[i] = new Object[columns.length][];
                for (int j = 0; j < columns.length; j++) {
                    cols[i][j] = bs[i].column(columns[j]);
                }
            }
        }
        return new ColumnProbe(index, bs, cols, longs);
    }

    /**
     * The matches of the key {@code p} ({@code p[0]} 0, the tag word of integer cells, then the key's
     * values) handed to {@code sink}; returns the number of matched rows.
     */
    public long forEachUnder(long[] p, Sink sink) {
        if (batches == null) {
            return index.forEachUnderIntegers(p, sink::row);
        }
        int h = hashed ? KeyBatch.hash(p, 0, p.length) : 0; // not read by a batch's direct array
        long n = 0;
        for (int i = 0; i < batches.length; i++) {
            KeyBatch b = batches[i];
            int k = b.find(p, h, null);
            if (k < 0) {
                continue;
            }
            KeyBatch.LongRows l = longs == null ? null : longs[i];
            if (l != null && sink instanceof LongSink ls) {
                int from = l.start[k];
                int to = l.start[k + 1];
                ls.longs(l.cols, l.weights, from, to);
                n += to - from;
                continue;
            }
            Object[][] c = cols[i];
            if (c != null && c[0][k] != KeyBatch.SET) {
                sink.one(c, k);
                n++;
            } else {
                b.forEach(k, sink::row);
                n += b.size(k);
            }
        }
        return n;
    }

    /**
     * The entries of many keys of one integer column, looked up before any is read: {@code at[b * n + i]}
     * is the entry of {@code keys[i]} in the index's batch b, or -1; null when the index is not batches
     * of such keys (then {@link #forEachUnder}, key by key). A join that looks all its probes up first
     * and then reads what each matched ({@link #forEachAt}) lets the memory reads of different probes
     * overlap — a batch's direct array, then its columns, one probe's read independent of the next —
     * where probing key by key waits for each read in turn (B2: two cache misses per order, in the
     * customers' 400 KB direct array and region column). (Appended by the B2 helper.)
     */
    public int[] entries(long[] keys, int n) {
        if (batches == null || batches[0].arity != 1) {
            return null;
        }
        int[] at = new int[batches.length * n];
        long[] p = new long[2];
        for (int b = 0; b < batches.length; b++) {
            KeyBatch kb = batches[b];
            int[] d = kb.direct;
            int o = b * n;
            if (d != null) {
                long min = kb.directMin;
                for (int i = 0; i < n; i++) {
                    long v = keys[i];
                    at[o + i] = v < min || Long.compareUnsigned(v - min, d.length) >= 0 ? -1 : d[(int) (v - min)] - 1;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    p[1] = keys[i];
                    at[o + i] = kb.find(p, KeyBatch.hash(p, 0, 2), null);
                }
            }
        }
        return at;
    }

    /**
     * The matches of probe {@code i} of {@code n} whose entries {@link #entries} found ({@code at})
     * handed to {@code sink}, as {@link #forEachUnder} hands them over; returns the number of matched rows.
     */
    public long forEachAt(int[] at, int n, int i, Sink sink) {
        long m = 0;
        for (int b = 0; b < batches.length; b++) {
            int k = at[b * n + i];
            if (k < 0) {
                continue;
            }
            KeyBatch.LongRows l = longs == null ? null : longs[b];
            if (l != null && sink instanceof LongSink ls) {
                int from = l.start[k];
                int to = l.start[k + 1];
                ls.longs(l.cols, l.weights, from, to);
                m += to - from;
                continue;
            }
            Object[][] c = cols[b];
            if (c != null && c[0][k] != KeyBatch.SET) {
                sink.one(c, k);
                m++;
            } else {
                batches[b].forEach(k, sink::row);
                m += batches[b].size(k);
            }
        }
        return m;
    }
}
