package org.dbspstudio.engine.value;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.dbspstudio.model.types.Row;

/**
 * One immutable batch of an arrangement: a flat open-addressing hash table from packed keys
 * ({@link Cells#encodeHashed}: a tag word and one cell per key column, all in one {@code long[]})
 * to the non-empty Z-set of rows under each key. A lookup hashes the key's words and compares words
 * in place — no key object, no pointer chase before the match — and lands on the key's Z-set.
 * A key with a string, decimal or date column holds that value's hash code in its cell, so the batch
 * keeps that key's row ({@link #keyRows}) and a word match is confirmed by comparing its objects;
 * nothing is interned in the process-wide dictionary, so the keys of an arrangement are garbage
 * once no version of it holds them. A key whose Z-set is one row of weight 1 (every key of an index
 * on a primary key) holds that row itself instead of a Z-set ({@link #vals}): a probe reaches the
 * row one pointer sooner and the entry costs no Z-set. Built once by {@link Builder} (or by merging
 * two batches) and never changed afterwards, so every version of an arrangement can share it.
 */
final class KeyBatch {
    final int arity;
    /** Key words, {@code arity + 1} per entry (tag word first), entries dense in {@code [0, n)}. */
    final long[] words;
    /** Per entry: its non-empty Z-set, or its only row when that row has weight 1 (a {@link Row}). */
    final Object[] vals;
    final int[] hashes;
    /**
     * Per slot: the entry's hash in the high 32 bits and its position + 1 in the low 32 (0 = free);
     * the table is a power of two at most half full. Holding the hash in the slot lets a probe skip
     * an entry of another hash without reading {@link #hashes} (one cache miss less per probe).
     */
    final long[] slots;
    /** The key row of each entry with an object cell (null for the others; the array is null when no entry has one). */
    final Row[] keyRows;
    final int n;
    /** Total rows of the sets. */
    final long rows;
    /**
     * The columns a join asked for ({@link #column}), by column index (null: not asked yet); the
     * array is replaced, never changed, when another column is added.
     */
    private volatile Object[][] columns;

    /** In a {@link #column}, the mark of an entry that holds a Z-set rather than one row. */
    static final Object SET = new Object();
    /** Batches smaller than this are read row by row by joins ({@link #column} is not worth building). */
    static final int COLUMN_MIN = 4096;

    /**
     * When the keys are one integer column whose values lie within twice as many consecutive
     * integers as there are entries (ids numbered from some start: B2's customers), the entry + 1 of
     * each value from {@link #directMin} on (0: no entry); else null. A lookup reads this one compact
     * array instead of a slot and then the entry's words (two cache misses in a large batch).
     */
    final int[] direct;
    final long directMin;

    private KeyBatch(int arity, long[] words, Object[] vals, int[] hashes, long[] slots, Row[] keyRows, int n, long rows,
                     int[] direct, long directMin) {
        this.arity = arity;
        this.words = words;
        this.vals = vals;
        this.hashes = hashes;
        this.slots = slots;
        this.keyRows = keyRows;
        this.n = n;
        this.rows = rows;
        this.direct = direct;
        this.directMin = directMin;
    }

    /** Batches of fewer entries look their keys up in the hash table only. */
    static final int DIRECT_MIN = 16;

    /** {@link #direct} for these entries, or null when the keys are not integers of one column packed closely enough. */
    static int[] direct(int arity, long[] words, int n) {
        if (arity != 1 || n < DIRECT_MIN) {
            return null;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int k = 0; k < n; k++) {
            if (words[2 * k] != 0) {
                return null; // a NULL, a double, an object: not an integer key
            }
            long v = words[2 * k + 1];
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        long range = max - min; // negative when it overflows
        if (range < 0 || range >= 2L * n) {
            return null;
        }
        int[] d = new int[(int) range + 1];
        for (int k = 0; k < n; k++) {
            d[(int) (words[2 * k + 1] - min)] = k + 1;
        }
        return d;
    }

    /** The least key of {@code words} (integers of one column: {@link #direct} is not null). */
    private static long least(long[] words, int n) {
        long min = Long.MAX_VALUE;
        for (int k = 0; k < n; k++) {
            min = Math.min(min, words[2 * k + 1]);
        }
        return min;
    }

    static int slotCount(int entries) {
        int s = 4;
        while (s < entries * 2) {
            s <<= 1;
        }
        return s;
    }

    static int hash(long[] w, int at, int stride) {
        long h = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < stride; i++) {
            h ^= w[at + i];
            h *= 0xbf58476d1ce4e5b9L;
            h ^= h >>> 31;
        }
        return (int) (h ^ (h >>> 32));
    }

    /**
     * Linear probing in {@code slots} (hash and entry position + 1 per slot, 0 = free) for the key whose
     * {@code stride} words are {@code w[at..at+stride)}, hash {@code h} and row {@code key} (read only
     * when the words have an object cell): the slot holding its entry, or {@code -(free slot + 1)} for
     * the first free slot of its probe sequence (where it would go).
     */
    static int probe(long[] slots, long[] words, Row[] keyRows, int stride, long[] w, int at, int h, Row key) {
        int mask = slots.length - 1;
        int i = h & mask;
        while (true) {
            long e = slots[i];
            if (e == 0) {
                return -(i + 1);
            }
            int k = (int) e - 1;
            if ((int) (e >>> 32) == h && sameWords(words, k * stride, w, at, stride)
                    && (!Cells.hasObject(w[at]) || Cells.sameObjects(w[at], keyRows[k], key))) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** Whether {@code a[i..i+len)} and {@code b[j..j+len)} are equal (keys are a few words: a loop, not a vectorized compare). */
    private static boolean sameWords(long[] a, int i, long[] b, int j, int len) {
        for (int x = 0; x < len; x++) {
            if (a[i + x] != b[j + x]) {
                return false;
            }
        }
        return true;
    }

    /** The first free slot for hash {@code h} in {@code slots} (a key known to be absent). */
    static int freeSlot(long[] slots, int h) {
        int mask = slots.length - 1;
        int i = h & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** A slot: hash {@code h} and entry {@code k}. */
    static long slot(int h, int k) {
        return ((long) h << 32) | (k + 1L);
    }

    /** The entry of the key whose words are {@code p[0..arity]} (hash {@code h}, row {@code key}), or -1. */
    int find(long[] p, int h, Row key) {
        int[] d = direct;
        if (d != null) {
            long v = p[1];
            if (p[0] != 0 || v < directMin || Long.compareUnsigned(v - directMin, d.length) >= 0) {
                return -1; // every key here is an integer within [directMin, directMin + d.length)
            }
            return d[(int) (v - directMin)] - 1;
        }
        int s = probe(slots, words, keyRows, arity + 1, p, 0, h, key);
        return s < 0 ? -1 : (int) slots[s] - 1;
    }

    /**
     * Column {@code c} of the entries' rows: per entry, the value of its only row (an entry of one
     * row of weight 1) or {@link #SET} (an entry holding a Z-set, read by {@link #forEach}). Equal
     * values other than integers are one object in it (the first met), so the rows a join gathers
     * from it compare by identity downstream (B2's region: one string object per customer in the
     * rows). Built when first asked, once per batch and column, then shared by every version of the
     * arrangement that holds this batch: a join reads one array in place of each matched row, its
     * array of fields and the field.
     */
    Object[] column(int c) {
        Object[][] cs = columns;
        if (cs != null && c < cs.length && cs[c] != null) {
            return cs[c];
        }
        synchronized (this) {
            cs = columns;
            if (cs != null && c < cs.length && cs[c] != null) {
                return cs[c];
            }
            Object[] col = new Object[n];
            Map<Object, Object> same = new HashMap<>();
            for (int k = 0; k < n; k++) {
                if (vals[k] instanceof Row r) {
                    Object v = r.get(c);
                    if (v != null && !(v instanceof Long)) {
                        Object first = same.putIfAbsent(v, v);
                        if (first != null) {
                            v = first;
                        }
                    }
                    col[k] = v;
                } else {
                    col[k] = SET;
                }
            }
            Object[][] next = cs == null ? new Object[c + 1][] : Arrays.copyOf(cs, Math.max(cs.length, c + 1));
            next[c] = col;
            columns = next;
            return col;
        }
    }

    /**
     * The rows of every entry as columns of integers: entry k's rows are {@code [start[k], start[k + 1])},
     * their cells of the columns asked in {@link #cols} and their weights in {@link #weights}.
     */
    static final class LongRows {
        final int[] columns;
        final int[] start;
        final long[][] cols;
        final long[] weights;

        LongRows(int[] columns, int[] start, long[][] cols, long[] weights) {
            this.columns = columns;
            this.start = start;
            this.cols = cols;
            this.weights = weights;
        }
    }

    /**
     * What {@link #longRows} built, per set of columns asked for (a join asks for the same columns at
     * every probe; joins sharing the arrangement may ask for others), newest last, at most
     * {@link #LONG_ROWS_KEPT}; one with no columns when they are not all integers.
     */
    private volatile LongRows[] longRows = new LongRows[0];
    private static final int LONG_ROWS_KEPT = 4;
    private static final long[][] NONE = new long[0][];

    /**
     * The rows of every entry with their cells of {@code columns} as integers ({@link LongRows}), built
     * when first asked and kept for the same columns (every version of an arrangement holding this batch
     * shares it): a join reads an entry's rows from three flat arrays instead of its Z-set's row objects
     * (the closure's edges: a source with several edges holds a Z-set of them). Null when some row's
     * cell of those columns is not a non-null integer.
     */
    LongRows longRows(int[] columns) {
        LongRows[] kept = longRows;
        for (LongRows l : kept) {
            if (Arrays.equals(l.columns, columns)) {
                return l.cols == NONE ? null : l;
            }
        }
        int total = (int) Math.min(Integer.MAX_VALUE - 8, rows);
        int[] start = new int[n + 1];
        long[][] cols = new long[columns.length][total];
        long[] ws = new long[total];
        int[] m = {0};
        boolean[] ok = {true};
        for (int k = 0; k < n && ok[0]; k++) {
            start[k] = m[0];
            forEach(k, (r, w) -> {
                int i = m[0];
                if (!ok[0] || i == ws.length) {
                    ok[0] = false;
                    return;
                }
                for (int j = 0; j < columns.length; j++) {
                    if (columns[j] < r.size() && r.get(columns[j]) instanceof Long v) {
                        cols[j][i] = v;
                    } else {
                        ok[0] = false;
                        return;
                    }
                }
                ws[i] = w;
                m[0] = i + 1;
            });
        }
        start[n] = m[0];
        LongRows l = ok[0] ? new LongRows(columns.clone(), start, cols, ws) : new LongRows(columns.clone(), null, NONE, null);
        LongRows[] more = Arrays.copyOfRange(kept, Math.max(0, kept.length + 1 - LONG_ROWS_KEPT), kept.length + 1);
        more[more.length - 1] = l;
        longRows = more;
        return ok[0] ? l : null;
    }

    /** The key row kept for entry {@code k} (null when its key has no object cell). */
    Row keyRow(int k) {
        return keyRows == null ? null : keyRows[k];
    }

    /** The key of entry {@code k}. */
    Row key(int k) {
        Row r = keyRow(k);
        if (r != null) {
            return r;
        }
        int stride = arity + 1;
        return Cells.decode(words[k * stride], words, k * stride + 1, arity);
    }

    /** The Z-set of entry {@code k}. */
    ZSet set(int k) {
        return asSet(vals[k]);
    }

    static ZSet asSet(Object v) {
        return v instanceof Row r ? ZSet.of(r, 1) : (ZSet) v;
    }

    /** The number of rows of entry {@code k}. */
    int size(int k) {
        return vals[k] instanceof ZSet z ? z.size() : 1;
    }

    /** Visits the rows of entry {@code k} with their weights. */
    <E extends Exception> void forEach(int k, ZSet.RowWeightX<E> action) throws E {
        Object v = vals[k];
        if (v instanceof Row r) {
            action.accept(r, 1);
        } else {
            ((ZSet) v).forEachX(action);
        }
    }

    /** A Z-set, or its only row when that row has weight 1. */
    static Object compact(ZSet z) {
        if (z.size() != 1) {
            return z;
        }
        Object[] one = {z};
        z.forEach((r, w) -> {
            if (w == 1) {
                one[0] = r;
            }
        });
        return one[0];
    }

    KeyBatch negate() {
        Object[] s = new Object[n];
        for (int i = 0; i < n; i++) {
            s[i] = vals[i] instanceof Row r ? ZSet.of(r, -1) : ((ZSet) vals[i]).negate();
        }
        return new KeyBatch(arity, words, s, hashes, slots, keyRows, n, rows, direct, directMin);
    }

    /** a + b as one batch (keys whose Z-sets cancel are dropped). */
    static KeyBatch merge(KeyBatch a, KeyBatch b) {
        Builder m = new Builder(a.arity, a.n + b.n);
        for (int i = 0; i < a.n; i++) {
            m.put(a.words, i * (a.arity + 1), a.hashes[i], a.keyRow(i), a.vals[i]);
        }
        for (int i = 0; i < b.n; i++) {
            m.put(b.words, i * (b.arity + 1), b.hashes[i], b.keyRow(i), b.vals[i]);
        }
        return m.build();
    }

    /** Accumulates (packed key, Z-set) pairs, adding the Z-sets of equal keys. */
    static final class Builder {
        final int arity;
        private long[] words;
        /** A {@link ZSet} or a {@link Row} (of weight 1) per entry, as in {@link KeyBatch#vals}. */
        private Object[] sets;
        private int[] hashes;
        private long[] slots;
        private Row[] keyRows;
        private int n;

        Builder(int arity, int expected) {
            this.arity = arity;
            int cap = Math.max(2, expected);
            words = new long[cap * (arity + 1)];
            sets = new Object[cap];
            hashes = new int[cap];
            slots = new long[slotCount(cap)];
        }

        int size() {
            return n;
        }

        /**
         * Adds {@code z} under the key whose words ({@link Cells#encodeHashed}) are
         * {@code w[at..at+arity]}, hash {@code h}; {@code key} is its row, needed (and kept) only
         * when it has an object cell. {@code z} is a Z-set or a row of weight 1.
         */
        void put(long[] w, int at, int h, Row key, Object z) {
            int stride = arity + 1;
            int s = probe(slots, words, keyRows, stride, w, at, h, key);
            if (s >= 0) {
                int k = (int) slots[s] - 1;
                sets[k] = asSet(sets[k]).plus(asSet(z));
                return;
            }
            if (n == sets.length) {
                grow();
                s = -(freeSlot(slots, h) + 1);
            }
            System.arraycopy(w, at, words, n * stride, stride);
            sets[n] = z;
            hashes[n] = h;
            if (Cells.hasObject(w[at])) {
                if (keyRows == null) {
                    keyRows = new Row[sets.length];
                }
                keyRows[n] = key;
            }
            slots[-s - 1] = slot(h, n++);
        }

        /**
         * The entry of the key whose words are {@code w[at..at+arity]} (hash {@code h}, row
         * {@code key}), added with no Z-set yet when absent; its Z-set is then given by {@link #set}.
         */
        int entry(long[] w, int at, int h, Row key) {
            int stride = arity + 1;
            int s = probe(slots, words, keyRows, stride, w, at, h, key);
            if (s >= 0) {
                return (int) slots[s] - 1;
            }
            if (n == sets.length) {
                grow();
                s = -(freeSlot(slots, h) + 1);
            }
            System.arraycopy(w, at, words, n * stride, stride);
            hashes[n] = h;
            if (Cells.hasObject(w[at])) {
                if (keyRows == null) {
                    keyRows = new Row[sets.length];
                }
                keyRows[n] = key;
            }
            slots[-s - 1] = slot(h, n);
            return n++;
        }

        /** Sets entry {@code k}'s Z-set (a {@link ZSet}, or a {@link Row} of weight 1). */
        void set(int k, Object z) {
            sets[k] = z;
        }

        private void grow() {
            int cap = sets.length * 2;
            words = Arrays.copyOf(words, cap * (arity + 1));
            sets = Arrays.copyOf(sets, cap);
            hashes = Arrays.copyOf(hashes, cap);
            if (keyRows != null) {
                keyRows = Arrays.copyOf(keyRows, cap);
            }
            slots = new long[slotCount(cap)];
            for (int k = 0; k < n; k++) {
                slots[freeSlot(slots, hashes[k])] = slot(hashes[k], k);
            }
        }

        /** The batch, without the keys whose Z-sets summed to zero; null when none is left. */
        KeyBatch build() {
            int stride = arity + 1;
            int live = 0;
            long rows = 0;
            for (int k = 0; k < n; k++) {
                if (sets[k] instanceof ZSet z) {
                    if (!z.isEmpty()) {
                        sets[k] = compact(z);
                        live++;
                        rows += z.size();
                    }
                } else {
                    live++;
                    rows++;
                }
            }
            if (live == 0) {
                return null;
            }
            long[] w = words;
            Object[] s = sets;
            int[] hs = hashes;
            long[] sl = slots;
            Row[] kr = keyRows;
            if (live < n || sets.length > live + live / 2 + 2) {
                w = new long[live * stride];
                s = new Object[live];
                hs = new int[live];
                sl = new long[slotCount(live)];
                kr = keyRows == null ? null : new Row[live];
                int j = 0;
                for (int k = 0; k < n; k++) {
                    if (!(sets[k] instanceof ZSet z && z.isEmpty())) {
                        System.arraycopy(words, k * stride, w, j * stride, stride);
                        s[j] = sets[k];
                        hs[j] = hashes[k];
                        if (kr != null) {
                            kr[j] = keyRows[k];
                        }
                        sl[freeSlot(sl, hs[j])] = slot(hs[j], j);
                        j++;
                    }
                }
            }
            words = null;
            sets = null;
            keyRows = null;
            int[] d = direct(arity, w, live);
            return new KeyBatch(arity, w, s, hs, sl, kr, live, rows, d, d == null ? 0 : least(w, live));
        }
    }
}
