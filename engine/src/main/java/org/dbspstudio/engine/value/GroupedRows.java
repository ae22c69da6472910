package org.dbspstudio.engine.value;

import java.util.Arrays;

/**
 * Packed rows of integers already grouped by their first column in ascending order — a join's matches
 * written probe by probe when its probing side is one sorted run and the output's first column is the
 * probing rows' first (the closure's {@code (z.src, e.dst)} from {@code H}'s change sorted by
 * {@code (src, dst)}) — made into one consolidated sorted run by sorting each group on its own: a few
 * rows each, mostly in order already, instead of one sort of all the matches ({@link ZSet#ofIntegerRows}:
 * a pass for the columns' ranges, a radix sort of every match and a decoding pass).
 */
public final class GroupedRows {
    private GroupedRows() {
    }

    /** Groups of at most this many rows out of order are sorted by insertion (larger ones by {@link RowSort#sort}). */
    static final int INSERTION_MAX = 12;

    /**
     * The {@code n} rows of {@code arity} integers in {@code words} ({@code arity + 1} words each, tag
     * word 0, as {@link ZSet#ofIntegerRows} takes them) with weights {@code ws}, consolidated (equal
     * rows' weights added, rows of weight 0 dropped) into one sorted run, when the rows' first cells
     * never decrease; null when they do (the caller then sorts them all), or when a tag word is not 0.
     * Each group of rows with the same first cell is sorted on its other cells unless they ascend
     * already. The arrays are read, not kept.
     */
    public static ZSet of(int arity, long[] words, long[] ws, int n) {
        if (arity < 1) {
            return null;
        }
        if (n == 0) {
            return ZSet.EMPTY;
        }
        int s = arity + 1;
        long[] out = new long[n * arity];
        long[] ow = new long[n];
        int m = 0;
        int[] order = new int[Math.min(n, 64)];
        long[] gv = new long[order.length];
        long[] gw = new long[order.length];
        Dense dense = new Dense();
        int i = 0;
        long prev = Long.MIN_VALUE;
        while (i < n) {
            if (words[i * s] != 0) {
                return null; // not a row of integers
            }
            long g = words[i * s + 1];
            if (g < prev) {
                return null; // the first cells decrease: not grouped in order
            }
            prev = g;
            int j = i + 1;
            while (j < n && words[j * s + 1] == g && words[j * s] == 0) {
                j++;
            }
            int size = j - i;
            if (arity == 2) {
                boolean ascending = true;
                for (int k = i + 1; k < j && ascending; k++) {
                    ascending = words[k * 3 + 2] > words[k * 3 - 1];
                }
                if (ascending) {
                    // distinct rows: each kept as it is (a match's weight is a product of weights that are not 0)
                    for (int k = i; k < j; k++) {
                        if (ws[k] != 0) {
                            out[2 * m] = g;
                            out[2 * m + 1] = words[k * 3 + 2];
                            ow[m++] = ws[k];
                        }
                    }
                } else {
                    if (size > gv.length) {
                        gv = new long[Math.max(size, 2 * gv.length)];
                        gw = new long[gv.length];
                    }
                    m = pairs(words, ws, i, size, gv, gw, g, out, ow, m, dense);
                }
                i = j;
                continue;
            }
            boolean ascending = true;
            for (int k = i + 1; k < j && ascending; k++) {
                ascending = compareRest(words, (k - 1) * s, k * s, s) < 0;
            }
            if (ascending) {
                for (int k = i; k < j; k++) {
                    if (ws[k] != 0) {
                        System.arraycopy(words, k * s + 1, out, m * arity, arity);
                        ow[m++] = ws[k];
                    }
                }
                i = j;
                continue;
            }
            if (size > order.length) {
                order = new int[Math.max(size, 2 * order.length)];
            }
            int[] o = order;
            if (size <= INSERTION_MAX || arity == 1) {
                // arity 1: the rows of a group are all equal, nothing to sort
                for (int k = 0; k < size; k++) {
                    int r = i + k;
                    int p = k;
                    while (p > 0 && compareRest(words, o[p - 1] * s, r * s, s) > 0) {
                        o[p] = o[p - 1];
                        p--;
                    }
                    o[p] = r;
                }
            } else {
                int[] g0 = new int[size];
                for (int k = 0; k < size; k++) {
                    g0[k] = i + k;
                }
                RowSort.sort(g0, words, s);
                System.arraycopy(g0, 0, o, 0, size);
            }
            // equal rows are adjacent now: their weights added, zeros dropped
            for (int k = 0; k < size; ) {
                int r = o[k];
                long w = ws[r];
                int e = k + 1;
                while (e < size && compareRest(words, r * s, o[e] * s, s) == 0) {
                    w = Math.addExact(w, ws[o[e++]]);
                }
                if (w != 0) {
                    System.arraycopy(words, r * s + 1, out, m * arity, arity);
                    ow[m++] = w;
                }
                k = e;
            }
            i = j;
        }
        if (m == 0) {
            return ZSet.EMPTY;
        }
        if (m < n) {
            // sized for the matches: keep only the rows (the value may be kept, e.g. by time travel)
            out = Arrays.copyOf(out, m * arity);
            ow = Arrays.copyOf(ow, m);
        }
        return ZSet.ofSpine(Spine.of(new Run(arity, false, out, ow, m)));
    }

    /**
     * Rows of two cells: the group of {@code size} rows from {@code from} (first cell {@code g}, in no
     * order of their second cells) sorted by their second cells into {@code gv} and {@code gw} (by
     * insertion when few, else as one long each: the cell's offset from the group's least above the
     * row's place, or by {@link RowSort#sort} when that does not fit), then written consolidated to
     * {@code out} and {@code ow} from row {@code m}; returns the rows written up to.
     */
    private static int pairs(long[] words, long[] ws, int from, int size, long[] gv, long[] gw, long g, long[] out,
                             long[] ow, int m, Dense dense) {
        if (size <= INSERTION_MAX) {
            for (int k = 0; k < size; k++) {
                long v = words[(from + k) * 3 + 2];
                long w = ws[from + k];
                int p = k;
                while (p > 0 && gv[p - 1] > v) {
                    gv[p] = gv[p - 1];
                    gw[p] = gw[p - 1];
                    p--;
                }
                gv[p] = v;
                gw[p] = w;
            }
        } else {
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            for (int k = 0; k < size; k++) {
                long v = words[(from + k) * 3 + 2];
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            long range = hi - lo;
            if (range >= 0 && range < DENSE_MAX && (range >>> 6) <= 2L * size) {
                return dense.add(words, ws, from, size, g, lo, (int) range, out, ow, m);
            }
            int posBits = 32 - Integer.numberOfLeadingZeros(size - 1);
            if (range >= 0 && 64 - Long.numberOfLeadingZeros(range) + posBits <= 63) {
                long[] keys = new long[size];
                for (int k = 0; k < size; k++) {
                    keys[k] = (words[(from + k) * 3 + 2] - lo) << posBits | k;
                }
                java.util.Arrays.sort(keys);
                long mask = (1L << posBits) - 1;
                for (int k = 0; k < size; k++) {
                    gv[k] = (keys[k] >>> posBits) + lo;
                    gw[k] = ws[from + (int) (keys[k] & mask)];
                }
            } else {
                int[] o = new int[size];
                for (int k = 0; k < size; k++) {
                    o[k] = from + k;
                }
                RowSort.sort(o, words, 3);
                for (int k = 0; k < size; k++) {
                    gv[k] = words[o[k] * 3 + 2];
                    gw[k] = ws[o[k]];
                }
            }
        }
        // equal second cells are adjacent now: their weights added, zeros dropped
        for (int k = 0; k < size; ) {
            long v = gv[k];
            long w = gw[k];
            int e = k + 1;
            while (e < size && gv[e] == v) {
                w = Math.addExact(w, gw[e++]);
            }
            if (w != 0) {
                out[2 * m] = g;
                out[2 * m + 1] = v;
                ow[m++] = w;
            }
            k = e;
        }
        return m;
    }

    /** A group's second cells spanning fewer values than this may be summed in a dense table ({@link Dense}). */
    static final int DENSE_MAX = 1 << 16;

    /**
     * A group's rows summed by their second cell's offset from the group's least in a table with a bit
     * per value (which offsets hold a sum), then read in ascending order by the bits: no comparison, for a
     * group of many rows whose second cells lie close together (the closure's destinations of a batch's
     * new facts: about 50 per source among 2,000 nodes). The table is cleared as it is read.
     */
    private static final class Dense {
        long[] sums = new long[0];
        long[] bits = new long[0];

        int add(long[] words, long[] ws, int from, int size, long g, long lo, int range, long[] out, long[] ow, int m) {
            if (sums.length <= range) {
                sums = new long[Math.max(range + 1, 2 * sums.length)];
                bits = new long[(sums.length >>> 6) + 1];
            }
            long[] sum = sums;
            long[] bit = bits;
            for (int k = 0; k < size; k++) {
                int x = (int) (words[(from + k) * 3 + 2] - lo);
                long b = 1L << x;
                long wd = bit[x >>> 6];
                if ((wd & b) == 0) {
                    bit[x >>> 6] = wd | b;
                    sum[x] = ws[from + k];
                } else {
                    sum[x] = Math.addExact(sum[x], ws[from + k]);
                }
            }
            for (int wi = 0, last = range >>> 6; wi <= last; wi++) {
                long wd = bit[wi];
                bit[wi] = 0;
                while (wd != 0) {
                    int x = (wi << 6) + Long.numberOfTrailingZeros(wd);
                    wd &= wd - 1;
                    long w = sum[x];
                    if (w != 0) {
                        out[2 * m] = g;
                        out[2 * m + 1] = lo + x;
                        ow[m++] = w;
                    }
                }
            }
            return m;
        }
    }

    /** Compares the cells after the first of the rows of {@code s} words at {@code a} and {@code b} (signed, word by word). */
    private static int compareRest(long[] words, int a, int b, int s) {
        for (int c = 2; c < s; c++) {
            int x = Long.compare(words[a + c], words[b + c]);
            if (x != 0) {
                return x;
            }
        }
        return 0;
    }
}
