package org.dbspstudio.engine.value;

import java.util.Arrays;

/**
 * Sorting rows of packed words, held as {@code s} words per row in one flat array and ordered by an
 * array of row indices: word by word as signed longs, stably. Rows whose varying columns fit in one
 * long with their position are radix-sorted as longs ({@link #sort}); the rest by a bottom-up merge
 * sort. The sorted runs ({@link Run}), their builders, the nested-time traces and the indexes over
 * iterations sort their rows here.
 */
final class RowSort {
    private RowSort() {
    }

    static int compareRows(long[] words, int s, int x, int y) {
        int a = x * s;
        int b = y * s;
        for (int k = 0; k < s; k++) {
            int c = Long.compare(words[a + k], words[b + k]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Sorts row indices by their words (rows of {@code s} words from {@code words[order[i] * s]},
     * compared word by word as signed longs), stably. When the columns that vary fit, with each
     * entry's position, in 63 bits — offsets from each column's minimum, the constant columns
     * (a tag word of integers only, a trace's iteration) taking none — every row becomes one long
     * sorted by {@link Arrays#sort(long[])}; otherwise a bottom-up merge sort compares the words.
     */
    static void sort(int[] order, long[] words, int s) {
        if (order.length > 1 && !packedSort(order, words, s, null)) {
            mergeSort(order, words, s);
        }
    }

    /** {@link #sort(int[], long[], int)} given the rows' {@link #wordRanges} (computed by the caller, who needs them too). */
    static void sort(int[] order, long[] words, int s, long[][] ranges) {
        if (order.length > 1 && !packedSort(order, words, s, ranges)) {
            mergeSort(order, words, s);
        }
    }

    /**
     * Each word's least and greatest value over the rows {@code order} (at least one; rows of
     * {@code s} words from {@code words[order[i] * s]}): {min, max}, a word per column each.
     */
    static long[][] wordRanges(int[] order, long[] words, int s) {
        return wordRanges(order, words, s, order.length);
    }

    /**
     * {@link #wordRanges(int[], long[], int)} over the first {@code n} (at least one) rows of
     * {@code order}, or, when {@code order} is null, over rows {@code 0..n-1}.
     */
    static long[][] wordRanges(int[] order, long[] words, int s, int n) {
        long[] min = new long[s];
        long[] max = new long[s];
        int first = (order == null ? 0 : order[0]) * s;
        System.arraycopy(words, first, min, 0, s);
        System.arraycopy(words, first, max, 0, s);
        for (int i = 1; i < n; i++) {
            int at = (order == null ? i : order[i]) * s;
            for (int c = 0; c < s; c++) {
                long v = words[at + c];
                if (v < min[c]) {
                    min[c] = v;
                } else if (v > max[c]) {
                    max[c] = v;
                }
            }
        }
        return new long[][] {min, max};
    }

    /**
     * Rows {@code 0..n-1} (or {@code order}'s rows, when given) of {@code words} ({@code s} words
     * each, at least {@code min} per word, taking {@code bits} bits each: {@link #fieldBits}) as one
     * long each — the words' offsets from their minimums, then the row's index in {@code 0..n-1} in
     * the low {@code posBits} bits — sorted ({@link #sortKeys}; equal rows keep their order).
     */
    static long[] sortedKeys(long[] words, int s, int[] order, int n, long[] min, int[] bits, int posBits) {
        int total = posBits;
        for (int b : bits) {
            total += b;
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            int at = (order == null ? i : order[i]) * s;
            long k = 0;
            for (int c = 0; c < s; c++) {
                if (bits[c] > 0) {
                    k = (k << bits[c]) | (words[at + c] - min[c]);
                }
            }
            keys[i] = (k << posBits) | i;
        }
        sortKeys(keys, posBits, total);
        return keys;
    }

    /**
     * The bits each of {@code s} words takes in a row's long (those of its range {@code max − min},
     * read as an unsigned number: exact even when the signed subtraction overflows), or null when
     * they and {@code posBits} bits of position do not fit in 63 bits.
     */
    static int[] fieldBits(long[] min, long[] max, int s, int posBits) {
        int[] bits = new int[s];
        int total = posBits;
        for (int c = 0; c < s; c++) {
            bits[c] = 64 - Long.numberOfLeadingZeros(max[c] - min[c]);
            total += bits[c];
            if (total > 63) {
                return null;
            }
        }
        return bits;
    }

    /** {@link #sort} by one long per row, or false (nothing changed) when the varying columns do not fit. */
    private static boolean packedSort(int[] order, long[] words, int s, long[][] ranges) {
        int n = order.length;
        int posBits = 32 - Integer.numberOfLeadingZeros(n - 1);
        long[][] range = ranges != null ? ranges : wordRanges(order, words, s);
        long[] min = range[0];
        long[] max = range[1];
        int[] bits = fieldBits(min, max, s, posBits);
        if (bits == null) {
            return false;
        }
        long[] keys = sortedKeys(words, s, order, n, min, bits, posBits);
        int[] from = order.clone();
        long mask = (1L << posBits) - 1;
        for (int i = 0; i < n; i++) {
            order[i] = from[(int) (keys[i] & mask)];
        }
        return true;
    }

    /** Below this many keys {@link #sortKeys} leaves them to {@link Arrays#sort(long[])}. */
    static final int RADIX_MIN = 1 << 10;

    /**
     * Sorts {@code keys} — non-negative, distinct, each holding its position in the array before
     * the sort in its {@code low} lowest bits and nothing at or above bit {@code high} — into
     * ascending order. Large arrays are sorted by a least-significant-digit radix sort of bits
     * {@code [low, high)} only: stable, so keys equal there stay in the order of their positions,
     * which is the order of the whole keys (B3's pairs of nodes: 22 bits above the position, two
     * passes of counting and scattering instead of a comparison sort). A pass whose digit is the
     * same in every key is skipped.
     */
    static void sortKeys(long[] keys, int low, int high) {
        sortKeys(keys, keys.length, low, high);
    }

    /** {@link #sortKeys(long[], int, int)} of the first {@code n} keys. */
    static void sortKeys(long[] keys, int n, int low, int high) {
        int bits = high - low;
        if (n < RADIX_MIN || bits > 48) {
            Arrays.sort(keys, 0, n);
            return;
        }
        if (bits <= 0) {
            return; // positions only: already in order
        }
        int passes = (bits + 10) / 11;
        int d = (bits + passes - 1) / passes;
        int[] count = new int[1 << d];
        long[] src = keys;
        long[] dst = new long[n];
        for (int shift = low; shift < high; shift += d) {
            int mask = (1 << Math.min(d, high - shift)) - 1;
            Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[(int) (src[i] >>> shift) & mask]++;
            }
            if (count[(int) (src[0] >>> shift) & mask] == n) {
                continue; // one digit throughout: the order stays
            }
            int sum = 0;
            for (int b = 0; b <= mask; b++) {
                int c = count[b];
                count[b] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                long k = src[i];
                dst[count[(int) (k >>> shift) & mask]++] = k;
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        if (src != keys) {
            System.arraycopy(src, 0, keys, 0, n);
        }
    }

    /**
     * The rows of the sorted {@code keys} (n of them; each a row's columns as offsets from {@code min},
     * {@code bits} bits each, the first column highest, above {@code posBits} bits naming its weight in
     * {@code ws}) as a sorted run of {@code arity} integer columns, equal rows' weights added up and
     * the rows whose weights cancel dropped. With {@code sameWeight}, every weight is {@code ws[0]}
     * and none is read by position (a read per row at a random place).
     */
    static Run decode(long[] keys, long[] ws, int n, int arity, long[] min, int[] bits, int posBits, boolean sameWeight) {
        return decode(keys, ws, n, arity, false, arity, min, bits, posBits, sameWeight, true);
    }

    /**
     * As {@link #decode(long[], long[], int, int, long[], int[], int, boolean)} for keys of {@code cols}
     * columns: {@code arity} of them, or packed rows' words ({@code arity + 1}, the tag word first), whose
     * tag column is written when {@code tagged} and otherwise left out (0 in every row); without
     * {@code consolidate} the rows are distinct and kept as they are.
     */
    static Run decode(long[] keys, long[] ws, int n, int arity, boolean tagged, int cols, long[] min, int[] bits,
                      int posBits, boolean sameWeight, boolean consolidate) {
        int stride = tagged ? cols : arity;
        int skip = cols - stride; // 1: the tag column is left out
        long w0 = ws[0];
        long[] out = new long[n * stride];
        long[] wt = new long[n];
        long mask = (1L << posBits) - 1;
        int k = 0;
        long prev = -1;
        for (int i = 0; i < n; i++) {
            long key = keys[i];
            long row = key >>> posBits;
            long w = sameWeight ? w0 : ws[(int) (key & mask)];
            if (consolidate && k > 0) {
                if (row == prev) {
                    wt[k - 1] = Math.addExact(wt[k - 1], w);
                    continue;
                }
                if (wt[k - 1] == 0) {
                    k--; // the previous row's weights cancelled: its place is taken
                }
            }
            int o = k * stride - skip;
            long v = row;
            for (int c = cols - 1; c >= skip; c--) {
                int b = bits[c];
                if (b > 0) {
                    out[o + c] = (v & (-1L >>> (64 - b))) + min[c];
                    v >>>= b;
                } else {
                    out[o + c] = min[c];
                }
            }
            wt[k++] = w;
            prev = row;
        }
        if (consolidate && k > 0 && wt[k - 1] == 0) {
            k--;
        }
        if (k < n) {
            out = Arrays.copyOf(out, k * stride);
            wt = Arrays.copyOf(wt, k);
        }
        return new Run(arity, tagged, out, wt, k);
    }

    /** Sorts row indices by their words (bottom-up merge sort, no boxing). */
    static void mergeSort(int[] order, long[] words, int s) {
        int n = order.length;
        int[] src = order;
        int[] dst = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    dst[k++] = compareRows(words, s, src[i], src[j]) <= 0 ? src[i++] : src[j++];
                }
                while (i < mid) {
                    dst[k++] = src[i++];
                }
                while (j < hi) {
                    dst[k++] = src[j++];
                }
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
        if (src != order) {
            System.arraycopy(src, 0, order, 0, n);
        }
    }
}
