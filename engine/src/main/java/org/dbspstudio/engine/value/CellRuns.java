package org.dbspstudio.engine.value;

import java.util.Arrays;
import java.util.List;

/**
 * Sorted runs ({@link Run}) packed straight from batches of cells ({@link CellBatch}): each
 * batch's integer columns are copied as cells, its other columns encoded value by value as
 * {@link Cells#encode} encodes a row's fields (an object through the process-wide dictionary), with
 * no row object decoded or encoded; the packed rows are sorted by a key made of the words' leading
 * bits (one {@code long} per row, see {@link #sort}), and equal rows — of one batch or of several:
 * the batches need not be consolidated first — are summed as they meet in order.
 *
 * <p>This is how a running sum adds up its deferred changes ({@link DeferredSum}): in B2 those are
 * the orders' changes (a source's batches) and the join's output (cells of region and amount).
 * {@code CellRunsProperties} checks the runs against {@link Run.Builder}'s packing of the same
 * rows word for word, so the two encodings cannot drift apart.
 */
final class CellRuns {
    private CellRuns() {
    }

    /** Slots of the cache of dictionary ids kept while packing (a power of two). */
    private static final int SEEN = 4096;

    /**
     * The rows of {@code bs} (batches of one arity, of at most {@link Cells#MAX_ARITY} columns) with
     * their weights times {@code sign} (±1), equal rows summed, zero sums dropped, as one sorted run
     * (possibly of no rows); null when such rows cannot be packed.
     */
    static Run pack(List<CellBatch> bs, long sign) {
        int arity = bs.get(0).arity;
        if (!Cells.packable(arity)) {
            return null;
        }
        int n = 0;
        for (CellBatch b : bs) {
            if (b.arity != arity) {
                return null;
            }
            n += b.n;
        }
        int s = arity + 1;
        long[] words = new long[n * s];
        long[] weights = new long[n];
        // the dictionary ids of the objects met, by hash, in front of the process-wide dictionary (a
        // large table: a cache miss per lookup); per slot the last object looked up, compared by equals
        Object[] seen = null;
        int[] seenIds = null;
        int at = 0;
        for (CellBatch b : bs) {
            for (int c = 0; c < arity; c++) {
                long[] l = b.longs[c];
                int o = at * s + 1 + c;
                if (l != null) {
                    for (int i = 0; i < b.n; i++, o += s) {
                        words[o] = l[i];
                    }
                } else {
                    Object[] vs = b.objects[c];
                    int shift = 4 * c;
                    for (int i = 0; i < b.n; i++, o += s) {
                        Object v = vs[i];
                        int tag;
                        long cell;
                        if (v instanceof Long x) {
                            tag = Cells.LONG;
                            cell = x;
                        } else if (v == null) {
                            tag = Cells.NULL;
                            cell = 0;
                        } else if (v instanceof Double d) {
                            tag = Cells.DOUBLE;
                            cell = Double.doubleToLongBits(d);
                        } else if (v instanceof Boolean x) {
                            tag = Cells.BOOLEAN;
                            cell = x ? 1 : 0;
                        } else {
                            tag = Cells.OBJECT;
                            if (seen == null) {
                                seen = new Object[SEEN];
                                seenIds = new int[SEEN];
                            }
                            int h = v.hashCode();
                            int slot = (h ^ (h >>> 16)) & (SEEN - 1);
                            Object met = seen[slot];
                            if (met != null && met.equals(v)) {
                                cell = seenIds[slot];
                            } else {
                                int id = Cells.intern(v);
                                seen[slot] = v;
                                seenIds[slot] = id;
                                cell = id;
                            }
                        }
                        words[o] = cell;
                        words[o - 1 - c] |= (long) tag << shift; // the row's tag word
                    }
                }
            }
            long[] w = b.weights;
            for (int i = 0; i < b.n; i++) {
                weights[at + i] = sign < 0 ? Math.negateExact(w[i]) : w[i];
            }
            at += b.n;
        }
        boolean anyTag = false;
        for (int i = 0; i < n && !anyTag; i++) {
            anyTag = words[i * s] != 0;
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        long[] prefix = sort(order, words, s);
        // equal rows are adjacent now: each row is copied to the run in order (one read of its words
        // where they lie) and summed into the entry before it when it equals it (rows of different
        // leading bits differ: compared only when those are equal, in the run's words, in cache)
        int stride = anyTag ? s : arity;
        int skip = anyTag ? 0 : 1;
        long[] ws = new long[n * stride];
        long[] wt = new long[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int from = order[i];
            int to = k * stride;
            System.arraycopy(words, from * s + skip, ws, to, stride);
            long w = weights[from];
            if (k > 0 && prefix[i] == prefix[i - 1] && Run.compareWords(ws, to - stride, ws, to, stride) == 0) {
                wt[k - 1] = Math.addExact(wt[k - 1], w);
                if (wt[k - 1] == 0) {
                    k--; // cancelled: a later equal row starts a new entry (the entry before differs from it)
                }
            } else {
                wt[k++] = w;
            }
        }
        if (anyTag && !anyTagWord(ws, k, stride)) {
            // the rows with a tag (a NULL, a DOUBLE, ...) all cancelled: the run is of integers only
            // and packs untagged, as Run.Builder packs the same rows
            long[] untagged = new long[k * arity];
            for (int i = 0; i < k; i++) {
                System.arraycopy(ws, i * stride + 1, untagged, i * arity, arity);
            }
            return new Run(arity, false, untagged, k < n ? Arrays.copyOf(wt, k) : wt, k);
        }
        if (k < n) {
            ws = Arrays.copyOf(ws, k * stride);
            wt = Arrays.copyOf(wt, k);
        }
        return new Run(arity, anyTag, ws, wt, k);
    }

    /** Whether any of the first {@code k} entries of tagged words {@code ws} has a non-zero tag word. */
    private static boolean anyTagWord(long[] ws, int k, int stride) {
        for (int i = 0; i < k; i++) {
            if (ws[i * stride] != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Sorts row indices by their words (rows of {@code s} words from {@code words[order[i] * s]},
     * compared word by word as signed longs), not stably. Each row becomes one {@code long}: the
     * offsets of its words from each word's minimum (a word equal in every row takes no bits), as
     * many leading bits of them as fit beside the row's position, sorted by
     * {@link Arrays#sort(long[])}; rows whose leading bits are equal — none when every varying bit
     * fit, few when the leading words tell rows apart (B2's order id) — are then ordered among
     * themselves by comparing their words. This replaces a merge sort comparing words, a random
     * memory access per comparison, when the varying words do not all fit in one long. Returns each
     * sorted row's leading bits: rows whose leading bits differ are different rows.
     */
    static long[] sort(int[] order, long[] words, int s) {
        int n = order.length;
        if (n < 2) {
            return new long[n];
        }
        int posBits = 32 - Integer.numberOfLeadingZeros(n - 1);
        long[][] range = RowSort.wordRanges(order, words, s);
        long[] min = range[0];
        long[] max = range[1];
        // bits[c]: the offset's width (max − min as an unsigned number); take[c]: its leading bits kept
        int[] bits = new int[s];
        int[] take = new int[s];
        int room = 63 - posBits;
        boolean exact = true;
        for (int c = 0; c < s; c++) {
            bits[c] = 64 - Long.numberOfLeadingZeros(max[c] - min[c]);
            take[c] = Math.min(bits[c], room);
            room -= take[c];
            exact &= take[c] == bits[c];
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            int at = order[i] * s;
            long k = 0;
            for (int c = 0; c < s; c++) {
                if (take[c] > 0) {
                    k = (k << take[c]) | ((words[at + c] - min[c]) >>> (bits[c] - take[c]));
                }
            }
            keys[i] = (k << posBits) | i;
        }
        Arrays.sort(keys);
        int[] from = order.clone();
        long mask = (1L << posBits) - 1;
        for (int i = 0; i < n; i++) {
            order[i] = from[(int) (keys[i] & mask)];
            keys[i] >>>= posBits;
        }
        if (exact) {
            return keys;
        }
        // rows of equal leading bits: ordered by their words (insertion sort: such groups are small)
        for (int i = 0; i < n; ) {
            int j = i + 1;
            while (j < n && keys[j] == keys[i]) {
                j++;
            }
            if (j - i > 1) {
                sortRange(order, i, j, words, s);
            }
            i = j;
        }
        return keys;
    }

    /** Sorts {@code order[lo..hi)} by the rows' words: insertion sort for a few rows, else merge sort. */
    private static void sortRange(int[] order, int lo, int hi, long[] words, int s) {
        if (hi - lo > 32) {
            int[] part = Arrays.copyOfRange(order, lo, hi);
            RowSort.mergeSort(part, words, s);
            System.arraycopy(part, 0, order, lo, part.length);
            return;
        }
        for (int i = lo + 1; i < hi; i++) {
            int x = order[i];
            int j = i - 1;
            while (j >= lo && Run.compareWords(words, order[j] * s, words, x * s, s) > 0) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = x;
        }
    }
}
