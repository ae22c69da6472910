package org.dbspstudio.engine.value;

import java.util.Arrays;
import org.dbspstudio.model.types.Row;

/**
 * A compact, insertion-ordered hash table from rows to primitive weights: the allocation-light
 * representation of Z-sets built in one go (changes, operator outputs). Entries live densely in
 * {@link #keys}/{@link #weights}/{@link #hashes} at positions {@code [0, used)} (later positions
 * are null/0); an open-addressing slot array maps hashes to entry positions. Iterating the dense
 * arrays visits rows in insertion order, which is also roughly their order in memory. A weight of
 * 0 is a tombstone (ignored by lookups and iteration, dropped by {@link #compacted()} and on
 * growth). Mutable only while a {@link ZSet.Builder} owns it; {@link #withOwnWeights()} copies may
 * share the key arrays because they change weights only.
 */
final class FlatRows {
    Row[] keys;
    long[] weights;
    int[] hashes;
    /** Per slot: the entry's hash in the high 32 bits, its position + 1 in the low 32 (0 = free). */
    private long[] slots;
    int size;
    int used;

    FlatRows(int expected) {
        int cap = Math.max(2, expected);
        keys = new Row[cap];
        weights = new long[cap];
        hashes = new int[cap];
        slots = new long[slotCount(cap)];
    }

    private FlatRows() {
    }

    private static int slotCount(int entries) {
        int n = 4;
        while (n < entries * 2) {
            n <<= 1;
        }
        return n;
    }

    /** An independent copy (for a builder). */
    FlatRows copy() {
        FlatRows f = new FlatRows();
        f.keys = keys.clone();
        f.weights = weights.clone();
        f.hashes = hashes.clone();
        f.slots = slots.clone();
        f.size = size;
        f.used = used;
        return f;
    }

    /** A copy whose weights (and size) may be changed, sharing the rest: no rows may be added to it. */
    FlatRows withOwnWeights() {
        FlatRows f = new FlatRows();
        f.keys = keys;
        f.weights = weights.clone();
        f.hashes = hashes;
        f.slots = slots;
        f.size = size;
        f.used = used;
        return f;
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The slot holding {@code r} (hash {@code h}), or the free slot where it would go. */
    private int find(Row r, int h) {
        long[] s = slots;
        int mask = s.length - 1;
        int i = h & mask;
        while (true) {
            long e = s[i];
            if (e == 0) {
                return i;
            }
            if ((int) (e >>> 32) == h && keys[(int) e - 1].equals(r)) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    long get(Row r) {
        int h = mix(r.hashCode());
        long e = slots[find(r, h)];
        return e == 0 ? 0 : weights[(int) e - 1];
    }

    void add(Row r, long w) {
        addGetOld(r, w);
    }

    /** Adds {@code w} to the weight of {@code r} and returns the weight it had before (0 when absent). */
    long addGetOld(Row r, long w) {
        int h = mix(r.hashCode());
        int i = find(r, h);
        long e = slots[i];
        if (e != 0) {
            return bump((int) e - 1, w);
        }
        insert(r, h, i, w);
        return 0;
    }

    /** Adds {@code w} to the weight of entry {@code k}, keeping the count of non-zero weights; returns the weight before. */
    private long bump(int k, long w) {
        long old = weights[k];
        long now = Math.addExact(old, w);
        weights[k] = now;
        if (old == 0 && now != 0) {
            size++;
        } else if (old != 0 && now == 0) {
            size--;
        }
        return old;
    }

    /** Adds row {@code r} (absent; its free slot {@code i} for hash {@code h}) with weight {@code w}. */
    private void insert(Row r, int h, int i, long w) {
        if (used == keys.length) {
            grow();
            i = find(r, h);
        }
        int k = used++;
        keys[k] = r;
        weights[k] = w;
        hashes[k] = h;
        slots[i] = ((long) h << 32) | (k + 1);
        size++;
    }

    /**
     * {@link #addGetOld(Row, long)} for row {@code i} of a batch of cells, hashed and compared on its
     * cells: its row object is built only when it is new to the table.
     */
    long addGetOld(CellBatch b, int i, long w) {
        int h = mix(b.rowHash(i));
        long[] s = slots;
        int mask = s.length - 1;
        int j = h & mask;
        while (true) {
            long e = s[j];
            if (e == 0) {
                break;
            }
            if ((int) (e >>> 32) == h && b.sameRow(i, keys[(int) e - 1])) {
                return bump((int) e - 1, w);
            }
            j = (j + 1) & mask;
        }
        insert(b.row(i), h, j, w);
        return 0;
    }

    /** Makes room for more entries, dropping tombstones. */
    private void grow() {
        int cap = size * 2 >= keys.length ? keys.length * 2 : keys.length;
        rebuild(cap);
    }

    private void rebuild(int cap) {
        Row[] ok = keys;
        long[] ow = weights;
        int[] oh = hashes;
        int n = used;
        keys = new Row[cap];
        weights = new long[cap];
        hashes = new int[cap];
        slots = new long[slotCount(cap)];
        int mask = slots.length - 1;
        int k = 0;
        for (int j = 0; j < n; j++) {
            if (ow[j] != 0) {
                int h = oh[j];
                keys[k] = ok[j];
                weights[k] = ow[j];
                hashes[k] = h;
                int i = h & mask;
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = ((long) h << 32) | (k + 1);
                k++;
            }
        }
        used = k;
        size = k;
    }

    /**
     * The table of the distinct rows {@code rows[order[q]]}, {@code from ≤ q < to}, with weights
     * {@code ws[order[q]]} (none 0) and hash codes {@code hs[order[q]]} ({@link Row#hashCode}): each
     * row is placed in a free slot without looking for an equal one and without reading the row.
     */
    static FlatRows ofDistinct(Row[] rows, int[] hs, long[] ws, int[] order, int from, int to) {
        FlatRows f = new FlatRows(to - from);
        long[] s = f.slots;
        int mask = s.length - 1;
        int k = 0;
        for (int q = from; q < to; q++) {
            int o = order[q];
            int h = mix(hs[o]);
            f.keys[k] = rows[o];
            f.weights[k] = ws[o];
            f.hashes[k] = h;
            int i = h & mask;
            while (s[i] != 0) {
                i = (i + 1) & mask;
            }
            s[i] = ((long) h << 32) | (k + 1);
            k++;
        }
        f.used = k;
        f.size = k;
        return f;
    }

    /** This table without tombstones, sized to its contents (itself when little would be saved). */
    FlatRows compacted() {
        if (keys.length <= Math.max(16, size * 4)) {
            return this; // tombstones (weight 0) are skipped by lookups and iteration
        }
        FlatRows f = withOwnWeights();
        f.rebuild(Math.max(2, size));
        return f;
    }

    @Override
    public String toString() {
        return Arrays.toString(Arrays.copyOf(keys, used));
    }
}
