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
    private long[] keys;
    private long[] weights;
    private int[] hashes;
    /** Per slot: entry + 1 (0 = free). */
    private int[] slots;
    private int used;
    private int size;

    IntegerRowWeights(int stride) {
        this.stride = stride;
        allocate(4);
    }

    private void allocate(int cap) {
        keys = new long[cap * stride];
        weights = new long[cap];
        hashes = new int[cap];
        slots = new int[cap * 2];
    }

    private int hash(long[] key) {
        long h = stride;
        for (int i = 0; i < stride; i++) {
            h = (h ^ key[i]) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 29;
        }
        return (int) (h ^ (h >>> 32));
    }

    private boolean same(int k, long[] key) {
        return Arrays.equals(keys, k * stride, k * stride + stride, key, 0, stride);
    }

    /** Adds {@code w} to the weight of the row {@code key[0..stride)} and returns the weight it had (0: absent). */
    long add(long[] key, long w) {
        int h = hash(key);
        int mask = slots.length - 1;
        int s = h & mask;
        while (true) {
            int e = slots[s];
            if (e == 0) {
                break;
            }
            if (hashes[e - 1] == h && same(e - 1, key)) {
                int k = e - 1;
                long old = weights[k];
                long now = Math.addExact(old, w);
                weights[k] = now;
                size += (now != 0 ? 1 : 0) - (old != 0 ? 1 : 0);
                return old;
            }
            s = (s + 1) & mask;
        }
        if (w == 0) {
            return 0;
        }
        if (used == weights.length) {
            grow();
            s = h & (slots.length - 1);
            while (slots[s] != 0) {
                s = (s + 1) & (slots.length - 1);
            }
        }
        int k = used++;
        System.arraycopy(key, 0, keys, k * stride, stride);
        weights[k] = w;
        hashes[k] = h;
        slots[s] = k + 1;
        size++;
        return 0;
    }

    /** Makes room for more entries, dropping those of weight 0. */
    private void grow() {
        long[] ok = keys;
        long[] ow = weights;
        int[] oh = hashes;
        int n = used;
        allocate(size * 2 >= ow.length ? ow.length * 2 : ow.length);
        int mask = slots.length - 1;
        int k = 0;
        for (int j = 0; j < n; j++) {
            if (ow[j] != 0) {
                System.arraycopy(ok, j * stride, keys, k * stride, stride);
                weights[k] = ow[j];
                hashes[k] = oh[j];
                int s = oh[j] & mask;
                while (slots[s] != 0) {
                    s = (s + 1) & mask;
                }
                slots[s] = k + 1;
                k++;
            }
        }
        used = k;
        size = k;
    }

    /** The number of rows of non-zero weight. */
    int size() {
        return size;
    }
}
