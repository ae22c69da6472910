package org.dbspstudio.engine.value;

import java.util.Arrays;

/**
 * The merge of two sorted runs (a + b: equal rows add their weights, rows whose weights cancel are
 * dropped) done a slice at a time: {@link #advance} consumes a bounded number of entries of the two
 * inputs and writes their sum into the output arrays, allocated once when the merge starts, so a
 * large merge can be spread over many additions to a spine ({@link MergingRuns}) while readers keep
 * reading its two inputs. The output is a function of the inputs only, so one merge object may be
 * shared by every version of a spine that holds its inputs: whichever advances it first does the
 * work, and the others find it done. {@link Run#merge} is this merge advanced to its end at once.
 */
final class RunMerge {
    final Run a;
    final Run b;
    /** Entries of a and b in all (the merged run's size when nothing cancels). */
    final long inputs;

    private final int stride;
    private final boolean tagged;
    private long[] words;
    private long[] weights;
    /** Next entries of a and b to read, next output entry to write. */
    private int i;
    private int j;
    private int k;
    private Run result;

    RunMerge(Run a, Run b) {
        if (a.arity != b.arity) {
            throw new IllegalArgumentException("runs of arities " + a.arity + " and " + b.arity + " merged");
        }
        this.a = a;
        this.b = b;
        this.inputs = (long) a.n + b.n;
        this.tagged = a.tagged || b.tagged;
        this.stride = tagged ? a.arity + 1 : a.arity;
        int cap = a.n + b.n;
        words = new long[cap * stride];
        weights = new long[cap];
    }

    /**
     * The sum of {@code runs} (at least one, oldest first) by pairwise merges, always of the two adjacent runs
     * of the smallest sum (so a large run among small ones is rewritten once). Merging three or more runs in
     * one pass (a tree of losers over their next entries) wrote each entry once instead of once per pairwise
     * merge, but cost more CPU than the pairwise merges it saved (B3 under the parallel collector: the tiered
     * merges' thread CPU, batch of 100, 57-91 -> 115-183 ms): a group is mostly one large run and a few small
     * ones, which the two-run merge passes through with predictable branches, and the tree compared every
     * entry at every level.
     */
    static Run mergeAll(Run[] runs) {
        java.util.List<Run> rs = new java.util.ArrayList<>(java.util.Arrays.asList(runs));
        while (rs.size() > 1) {
            int best = 0;
            long least = Long.MAX_VALUE;
            for (int i = 0; i + 1 < rs.size(); i++) {
                long n = (long) rs.get(i).n + rs.get(i + 1).n;
                if (n < least) {
                    least = n;
                    best = i;
                }
            }
            rs.set(best, Run.merge(rs.get(best), rs.get(best + 1)));
            rs.remove(best + 1);
        }
        return rs.get(0);
    }

    /** Whether the merge is complete ({@link #result} is its run). */
    synchronized boolean done() {
        return result != null;
    }

    /** The merged run; null while the merge is in flight. */
    synchronized Run result() {
        return result;
    }

    /** Entries of the inputs not consumed yet (0 when done). */
    synchronized long remaining() {
        return result != null ? 0 : (long) a.n - i + b.n - j;
    }

    /** Completes the merge and returns its run. */
    Run finish() {
        advance(Long.MAX_VALUE);
        return result();
    }

    /** Entries of each input a slice of {@link #finish(RowSums)} consumes at most (its output stays in the cache). */
    static final int OBSERVED_SLICE = 4096;

    /**
     * Completes the merge, {@code sums} reading its output a slice at a time as it is written (while it is
     * in the cache: no second pass over a large run, as a sweep after the merge would be): the output's
     * entries of the probes' rows at the iterations {@code sums} asks are added up per probe. Returns the
     * merged run; {@code sums} then covers it ({@link RowSums#covered}) unless its layout differs from the
     * probes'.
     */
    synchronized Run finish(RowSums sums) {
        sums.start();
        if (result != null || tagged != sums.probes.tagged) {
            return finish();
        }
        while (result == null) {
            int from = k;
            long[] ws = words;
            long[] wt = weights;
            advance(OBSERVED_SLICE);
            // (a merge done trims its arrays into the run's: the slice is read from the arrays it was written to)
            sums.read(ws, wt, from, k, stride);
        }
        sums.covered = result;
        return result;
    }

    /**
     * What a merge into a spine's newest run can observe of an addition's rows at no cost of a second pass
     * ({@link #finish(RowSums)}): per probe — a row of the addition {@code d}, a run of entries (row, j)
     * sorted by row — the weights of the merged run's entries of that row at iterations below
     * {@code below}. {@link MergingRuns#plus(Run, RowSums)} keeps what the last merge into the slot holding
     * d's entries summed, and names the run it covers ({@link #covered}): the other runs of the spine are
     * left for the reader to search.
     */
    static final class RowSums {
        final Run probes;
        /** Words compared per entry: the row's (tag word when stored, cells), the iteration after them. */
        private final int width;
        /** Entries at iterations below this are summed. */
        final long below;
        /** Per probe, its row's weights at iterations below {@link #below} in {@link #covered}. */
        long[] sums;
        /** The run summed (d itself when no merge took d's entries: none of them is below {@link #below}); null: none. */
        Run covered;
        /** Slot of d's entries among a spine's slots while it normalizes (−1: cancelled). */
        int slot;
        private int cursor;

        /** Probes {@code d}, entries at one iteration {@code j} ≥ {@code below} (so none is summed itself). */
        RowSums(Run d, int arity, long below) {
            this.probes = d;
            this.width = arity + (d.tagged ? 1 : 0);
            this.below = below;
            this.sums = new long[d.n];
            this.covered = d;
        }

        private void start() {
            java.util.Arrays.fill(sums, 0);
            cursor = 0;
            covered = null;
        }

        /** Entries {@code from..to−1} of an output of {@code stride} words per entry. */
        private void read(long[] words, long[] weights, int from, int to, int stride) {
            long[] pw = probes.words;
            int ps = probes.stride();
            int m = probes.n;
            int w = width;
            int p = cursor;
            long lim = below;
            if (w == 2) {
                // rows of two words (B3's pairs): compared without a loop over their words
                long a = p < m ? pw[p * ps] : 0;
                long b = p < m ? pw[p * ps + 1] : 0;
                for (int e = from, q = from * stride; e < to && p < m; e++, q += stride) {
                    long x = words[q];
                    long y = words[q + 1];
                    while (a < x || a == x && b < y) {
                        if (++p == m) {
                            break;
                        }
                        a = pw[p * ps];
                        b = pw[p * ps + 1];
                    }
                    if (p < m && a == x && b == y && words[q + 2] < lim) {
                        sums[p] = Math.addExact(sums[p], weights[e]);
                    }
                }
            } else {
                for (int e = from, q = from * stride; e < to && p < m; e++, q += stride) {
                    int c;
                    while ((c = Run.compareWords(pw, p * ps, words, q, w)) < 0) {
                        if (++p == m) {
                            break;
                        }
                    }
                    if (p < m && c == 0 && words[q + w] < lim) {
                        sums[p] = Math.addExact(sums[p], weights[e]);
                    }
                }
            }
            cursor = p;
        }
    }

    /**
     * Consumes about {@code fuel} more entries of the inputs (up to about three times that: the fuel
     * from each input while both last, then again from the one left; at least one while any is
     * left) and writes their sum; true when the merge is complete.
     */
    synchronized boolean advance(long fuel) {
        if (result != null) {
            return true;
        }
        int budget = (int) Math.min(Integer.MAX_VALUE, Math.max(1, fuel));
        if (a.tagged != b.tagged) {
            mixed(budget);
        } else if (stride == 2 || stride == 3) {
            narrow(budget);
        } else {
            alike(budget);
        }
        if (i == a.n && j == b.n) {
            int cap = a.n + b.n;
            long[] ws = words;
            long[] wt = weights;
            if (Run.wasteful(k, cap)) {
                ws = Arrays.copyOf(ws, k * stride);
                wt = Arrays.copyOf(wt, k);
            }
            result = new Run(a.arity, tagged, ws, wt, k);
            words = null;
            weights = null;
            return true;
        }
        return false;
    }

    /**
     * Copies what is left of one input once the other is consumed, at most {@code budget} entries:
     * entries of {@code src} from {@code from} on; returns how many were copied.
     */
    private int tail(Run src, int from, int budget) {
        int m = Math.min(src.n - from, budget);
        System.arraycopy(src.words, from * stride, words, k * stride, m * stride);
        System.arraycopy(src.weights, from, weights, k, m);
        k += m;
        return m;
    }

    /** Both inputs of one layout: whole entries compared and copied in place. */
    private void alike(int budget) {
        int s = stride;
        long[] aw = a.words;
        long[] bw = b.words;
        long[] out = words;
        long[] outW = weights;
        int an = a.n;
        int bn = b.n;
        int i = this.i;
        int j = this.j;
        int k = this.k;
        int iLim = (int) Math.min(an, (long) i + budget);
        int jLim = (int) Math.min(bn, (long) j + budget);
        while (i < iLim && j < jLim) {
            int c = Run.compareWords(aw, i * s, bw, j * s, s);
            if (c < 0) {
                System.arraycopy(aw, i * s, out, k * s, s);
                outW[k++] = a.weights[i++];
            } else if (c > 0) {
                System.arraycopy(bw, j * s, out, k * s, s);
                outW[k++] = b.weights[j++];
            } else {
                long w = Math.addExact(a.weights[i], b.weights[j++]);
                if (w != 0) {
                    System.arraycopy(aw, i * s, out, k * s, s);
                    outW[k++] = w;
                }
                i++;
            }
        }
        this.i = i;
        this.j = j;
        this.k = k;
        tails(budget);
    }

    private void tails(int budget) {
        if (i == a.n && j < b.n) {
            j += tail(b, j, budget);
        } else if (j == b.n && i < a.n) {
            i += tail(a, i, budget);
        }
    }

    /**
     * Entries of two or three words (B3's pairs, a nested-time trace's pairs with their iteration):
     * the words read into locals, equal entries (rarer) tested first, and the smaller entry's words
     * and weight chosen by selection rather than by a branch per entry into two copy loops, so the
     * unpredictable order of the two runs' entries costs fewer mispredicted branches (a
     * microbenchmark merging 400,000 with 100,000 random entries: minimum 5.9 → 4.6 ms for pairs,
     * 6.1 → 4.9 ms with an iteration).
     */
    private void narrow(int budget) {
        int stride = this.stride;
        boolean three = stride == 3;
        long[] aw = a.words;
        long[] bw = b.words;
        long[] awt = a.weights;
        long[] bwt = b.weights;
        long[] out = words;
        long[] outW = weights;
        int i = this.i;
        int j = this.j;
        int k = this.k;
        int o = k * stride;
        int iLim = (int) Math.min(a.n, (long) i + budget);
        int jLim = (int) Math.min(b.n, (long) j + budget);
        while (i < iLim && j < jLim) {
            int pa = i * stride;
            int pb = j * stride;
            long x0 = aw[pa];
            long y0 = bw[pb];
            long x1 = aw[pa + 1];
            long y1 = bw[pb + 1];
            long x2 = three ? aw[pa + 2] : 0;
            long y2 = three ? bw[pb + 2] : 0;
            if (x0 == y0 && x1 == y1 && x2 == y2) {
                long w = Math.addExact(awt[i++], bwt[j++]);
                if (w != 0) {
                    out[o] = x0;
                    out[o + 1] = x1;
                    if (three) {
                        out[o + 2] = x2;
                    }
                    o += stride;
                    outW[k++] = w;
                }
                continue;
            }
            boolean aLess = x0 < y0 || x0 == y0 && (x1 < y1 || x1 == y1 && x2 < y2);
            int ta = aLess ? 1 : 0;
            out[o] = aLess ? x0 : y0;
            out[o + 1] = aLess ? x1 : y1;
            if (three) {
                out[o + 2] = aLess ? x2 : y2;
            }
            outW[k++] = aLess ? awt[i] : bwt[j];
            o += stride;
            i += ta;
            j += 1 - ta;
        }
        this.i = i;
        this.j = j;
        this.k = k;
        tails(budget);
    }

    /** One input with tag words and the other without: entries compared logically, the untagged one's tag word written as 0. */
    private void mixed(int budget) {
        int arity = a.arity;
        int i = this.i;
        int j = this.j;
        int k = this.k;
        long steps = 0;
        while ((i < a.n || j < b.n) && steps++ < budget) {
            int c = i == a.n ? 1 : j == b.n ? -1 : Run.compare(a, i, b, j);
            Run src;
            int at;
            long w;
            if (c < 0) {
                src = a;
                at = i++;
                w = a.weights[at];
            } else if (c > 0) {
                src = b;
                at = j++;
                w = b.weights[at];
            } else {
                src = a;
                at = i++;
                w = Math.addExact(a.weights[at], b.weights[j++]);
                if (w == 0) {
                    continue;
                }
            }
            int o = k * stride;
            words[o++] = src.tag(at);
            System.arraycopy(src.words, src.cells(at), words, o, arity);
            weights[k++] = w;
        }
        this.i = i;
        this.j = j;
        this.k = k;
    }
}
