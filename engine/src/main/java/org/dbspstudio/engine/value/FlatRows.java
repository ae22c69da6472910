package org.dbspstudio.engine.value;

import java.util.Arrays;
import org.dbspstudio.model.types.Row;

/**
 * An open-addressing hash table from rows to primitive weights: the compact, allocation-light
 * representation of Z-sets built in one go (changes, operator outputs). A weight of 0 is a
 * tombstone (ignored by lookups and iteration, dropped by {@link #compacted()}). Mutable only
 * while a {@link ZSet.Builder} owns it.
 */
final class FlatRows {
    Row[] keys;
    long[] weights;
    int[] hashes;
    int size;
    int used;

    FlatRows(int expected) {
        int cap = 2;
        while (cap < expected * 2) {
            cap <<= 1;
        }
        keys = new Row[cap];
        weights = new long[cap];
        hashes = new int[cap];
    }

    FlatRows copy() {
        FlatRows f = new FlatRows(0);
        f.keys = keys.clone();
        f.weights = weights.clone();
        f.hashes = hashes.clone();
        f.size = size;
        f.used = used;
        return f;
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    long get(Row r) {
        int mask = keys.length - 1;
        int h = mix(r.hashCode());
        int i = h & mask;
        while (true) {
            Row k = keys[i];
            if (k == null) {
                return 0;
            }
            if (hashes[i] == h && k.equals(r)) {
                return weights[i];
            }
            i = (i + 1) & mask;
        }
    }

    void add(Row r, long w) {
        if ((used + 1) * 2 > keys.length) {
            rehash(keys.length * (size * 4 >= keys.length ? 2 : 1));
        }
        int mask = keys.length - 1;
        int h = mix(r.hashCode());
        int i = h & mask;
        while (true) {
            Row k = keys[i];
            if (k == null) {
                keys[i] = r;
                weights[i] = w;
                hashes[i] = h;
                size++;
                used++;
                return;
            }
            if (hashes[i] == h && k.equals(r)) {
                long old = weights[i];
                long now = Math.addExact(old, w);
                weights[i] = now;
                if (old == 0 && now != 0) {
                    size++;
                } else if (old != 0 && now == 0) {
                    size--;
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    private void rehash(int cap) {
        Row[] ok = keys;
        long[] ow = weights;
        keys = new Row[cap];
        weights = new long[cap];
        hashes = new int[cap];
        size = 0;
        used = 0;
        for (int i = 0; i < ok.length; i++) {
            if (ok[i] != null && ow[i] != 0) {
                add(ok[i], ow[i]);
            }
        }
    }

    /** This table without tombstones, sized to its contents. */
    FlatRows compacted() {
        if (keys.length <= Math.max(16, size * 4)) {
            return this; // tombstones (weight 0) are skipped by lookups and iteration
        }
        FlatRows f = new FlatRows(size);
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != null && weights[i] != 0) {
                f.add(keys[i], weights[i]);
            }
        }
        return f;
    }

    @Override
    public String toString() {
        return Arrays.toString(keys);
    }
}
