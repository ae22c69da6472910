package org.dbspstudio.engine.ops;

import java.util.Arrays;

/**
 * A mutable table of rows of {@code stride} integers → weight: an aggregate's rows of one group,
 * keyed by their columns outside the grouping when those are all non-NULL integers (B2's amounts
 * per region). The keys are words in one array, so a group's table of a few hundred rows stays in
 * cache and a probe reads no object. Open addressing; an entry whose weight returns to 0 stays as
 * a tombstone until the table grows.
 */
final class IntegerRowWeights {
    private final int stride;
    /** Per entry: its row's {@code stride} words, then its weight. */
    private long[] entries;
    /** Per slot: the entry's hash in the high 32 bits, its position + 1 in the low 32 (0 = free). */
    private long[] slots;
    private int used;
    private int size;

    IntegerRowWeights(int stride) {
        this.stride = stride;
        allocate(4);
    }

    private void allocate(int cap) {
        entries = new long[cap * (stride + 1)];
        slots = new long[cap * 2];
    }

    private int hash(long[] key) {
        long h = stride;
        for (int i = 0; i < stride; i++) {
            h = (h ^ key[i]) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 29;
        }
        return (int) (h ^ (h >>> 32));
    }

    /**
     * Adds {@code w} to the weight of the row {@code key[0..stride)} and returns the weight it had
     * (0: absent). A probe reads the slot (the entry's hash beside its position) and then the entry
     * (its words and weight side by side): two places in memory, not four.
     */
    long add(long[] key, long w) {
        int h = hash(key);
        long[] sl = slots;
        int mask = sl.length - 1;
        int s = h & mask;
        int e1 = stride + 1;
        while (true) {
            long e = sl[s];
            if (e == 0) {
                break;
            }
            if ((int) (e >>> 32) == h) {
                int at = ((int) e - 1) * e1;
                if (Arrays.equals(entries, at, at + stride, key, 0, stride)) {
                    long old = entries[at + stride];
                    long now = Math.addExact(old, w);
                    entries[at + stride] = now;
                    size += (now != 0 ? 1 : 0) - (old != 0 ? 1 : 0);
                    return old;
                }
            }
            s = (s + 1) & mask;
        }
        if (w == 0) {
            return 0;
        }
        if ((used + 1) * e1 > entries.length) {
            grow();
            mask = slots.length - 1;
            s = h & mask;
            while (slots[s] != 0) {
                s = (s + 1) & mask;
            }
        }
        int k = used++;
        System.arraycopy(key, 0, entries, k * e1, stride);
        entries[k * e1 + stride] = w;
        slots[s] = (long) h << 32 | (k + 1);
        size++;
        return 0;
    }

    /** Makes room for more entries, dropping those of weight 0. */
    private void grow() {
        long[] old = entries;
        long[] oldSlots = slots;
        int e1 = stride + 1;
        int cap = old.length / e1;
        allocate(size * 2 >= cap ? cap * 2 : cap);
        int mask = slots.length - 1;
        int k = 0;
        // the entries' hashes are in the old slots
        for (long e : oldSlots) {
            if (e == 0) {
                continue;
            }
            int j = (int) e - 1;
            if (old[j * e1 + stride] == 0) {
                continue;
            }
            System.arraycopy(old, j * e1, entries, k * e1, e1);
            int h = (int) (e >>> 32);
            int s = h & mask;
            while (slots[s] != 0) {
                s = (s + 1) & mask;
            }
            slots[s] = (long) h << 32 | (k + 1);
            k++;
        }
        used = k;
        size = k;
    }

    /** The number of rows of non-zero weight. */
    int size() {
        return size;
    }
}
