package org.dbspstudio.engine.ops;

import java.util.Arrays;

/**
 * A mutable table of rows of {@code stride} integers → weight: an aggregate's rows of one group,
 * keyed by their columns outside the grouping when those are all non-NULL integers (B2's amounts
 * per region). The keys are words in one array, so a group's table of a few hundred rows stays in
 * cache and a probe reads no object. Open addressing; an entry whose weight returns to 0 stays as
 * a tombstone until the table grows.
 *
 * <p>Rows of one integer ({@code stride} 1) whose values lie close together (B2's amounts, 0 to
 * 499, in each region) are held in a window instead: the weight of value {@code lo + i} at
 * {@code dense[i]} (0: absent), one read per probe, 8 bytes per value of the window. The window
 * starts at the first value added and widens to take in a value outside it while it spans at most
 * four times as many values as the table holds rows (at least {@link #WINDOW_MIN}); the rows of the
 * hash table it then covers move into it, so a row is in one place or the other. Values too far
 * apart go to the hash table.
 */
final class IntegerRowWeights {
    private final int stride;
    /** Per entry: its row's {@code stride} words, then its weight. */
    private long[] entries;
    /** Per slot: the entry's hash in the high 32 bits, its position + 1 in the low 32 (0 = free). */
    private long[] slots;
    private int used;
    private int size;
    /** For stride 1: the weights of values {@code lo ..} in a window (null until the first value, or for other strides). */
    private long[] dense;
    private long lo;
    static final int WINDOW_MIN = 16;

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
        if (stride == 1) {
            long v = key[0];
            if (dense != null && v >= lo && Long.compareUnsigned(v - lo, dense.length) < 0 || w != 0 && widen(v)) {
                int i = (int) (v - lo);
                long old = dense[i];
                long now = Math.addExact(old, w);
                dense[i] = now;
                size += (now != 0 ? 1 : 0) - (old != 0 ? 1 : 0);
                return old;
            }
        }
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

    /**
     * Widens (or starts) the window of a table of stride 1 to take in {@code v} when it then spans at
     * most {@code max(WINDOW_MIN, 4 × (rows + 1))} values, moving in the hash table's rows it covers;
     * false (nothing changed) when it would span more.
     */
    private boolean widen(long v) {
        long limit = Math.max(WINDOW_MIN, 4L * (size + 1));
        long from;
        long to; // inclusive
        if (dense == null) {
            from = v;
            to = v;
        } else {
            from = Math.min(lo, v);
            to = Math.max(lo + (dense.length - 1), v);
        }
        long span = to - from; // negative when it overflows
        if (span < 0 || span >= limit) {
            return false;
        }
        // room on the side the window grows to (at least double its length, within the limit), without leaving long
        long len = Math.min(limit, Math.max(span + 1, dense == null ? WINDOW_MIN / 2 : 2L * dense.length));
        long slack = len - (span + 1);
        long newLo;
        if (dense != null && v > lo) {
            newLo = lo; // grows to the right
        } else {
            long room = dense == null ? slack / 2 : slack; // the first value in the middle; else room on the left
            newLo = from - room > from ? Long.MIN_VALUE : from - room;
        }
        if (newLo + (len - 1) < newLo) {
            newLo = Long.MAX_VALUE - (len - 1); // would pass Long.MAX_VALUE
        }
        long[] next = new long[(int) len];
        if (dense != null) {
            System.arraycopy(dense, 0, next, (int) (lo - newLo), dense.length);
        }
        dense = next;
        lo = newLo;
        if (used > 0) {
            moveIntoWindow();
        }
        return true;
    }

    /** Moves the hash table's rows of non-zero weight that the window covers into it (rebuilding the table). */
    private void moveIntoWindow() {
        rebuild(entries.length / (stride + 1), true);
    }

    /** Makes room for more entries, dropping those of weight 0. */
    private void grow() {
        int e1 = stride + 1;
        int cap = entries.length / e1;
        int live = 0; // rows of non-zero weight here (others may be in the window)
        for (int j = 0; j < used; j++) {
            live += entries[j * e1 + stride] != 0 ? 1 : 0;
        }
        rebuild(live * 2 >= cap ? cap * 2 : cap, false);
    }

    /**
     * Rebuilds the hash table at {@code cap} entries with the rows of non-zero weight, leaving out
     * (when {@code intoWindow}) those the window covers, whose weights go into it instead.
     */
    private void rebuild(int cap, boolean intoWindow) {
        long[] old = entries;
        long[] oldSlots = slots;
        int e1 = stride + 1;
        allocate(cap);
        int mask = slots.length - 1;
        int k = 0;
        // the entries' hashes are in the old slots
        for (long e : oldSlots) {
            if (e == 0) {
                continue;
            }
            int j = (int) e - 1;
            long weight = old[j * e1 + stride];
            if (weight == 0) {
                continue;
            }
            long v = old[j * e1];
            if (intoWindow && v >= lo && Long.compareUnsigned(v - lo, dense.length) < 0) {
                dense[(int) (v - lo)] = weight; // counted in size already
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
    }

    /** The number of rows of non-zero weight. */
    int size() {
        return size;
    }
}
