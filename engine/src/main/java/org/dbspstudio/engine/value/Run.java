package org.dbspstudio.engine.value;

import java.util.Arrays;
import org.dbspstudio.model.types.Row;

/**
 * A sorted run: an immutable batch of distinct packed rows ({@link Cells}) of one arity, in
 * ascending order of their words, each with a non-zero weight, in the first {@link #n} entries of
 * two flat arrays (a merge may leave a few unused entries after them). A row is found
 * by binary search and two runs are added by one linear merge. Logically every row is
 * {@code arity + 1} words (tag word first); a run of rows whose tag words are all 0 (non-null
 * integers only) stores just the cells.
 */
final class Run {
    final int arity;
    final boolean tagged;
    final long[] words;
    final long[] weights;
    final int n;

    Run(int arity, boolean tagged, long[] words, long[] weights, int n) {
        this.arity = arity;
        this.tagged = tagged;
        this.words = words;
        this.weights = weights;
        this.n = n;
    }

    int stride() {
        return tagged ? arity + 1 : arity;
    }

    long tag(int r) {
        return tagged ? words[r * (arity + 1)] : 0;
    }

    /** Offset of row r's first cell. */
    int cells(int r) {
        return tagged ? r * (arity + 1) + 1 : r * arity;
    }

    Row row(int r) {
        return Cells.decode(tag(r), words, cells(r), arity);
    }

    /** The same rows with weights negated (the words are shared). */
    Run negate() {
        long[] w = new long[n];
        for (int i = 0; i < n; i++) {
            w[i] = Math.negateExact(weights[i]);
        }
        return new Run(arity, tagged, words, w, n);
    }

    /** Compares row r of this run with the logical row {@code probe} (tag word, then cells). */
    int compare(int r, long[] probe) {
        int c = Long.compare(tag(r), probe[0]);
        if (c != 0) {
            return c;
        }
        int at = cells(r);
        for (int i = 0; i < arity; i++) {
            c = Long.compare(words[at + i], probe[1 + i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    static int compare(Run a, int i, Run b, int j) {
        return comparePrefix(a, i, b, j, a.arity);
    }

    /**
     * Compares the first {@code len} cells (tag word first) of entry i of run a and entry j of run b.
     * When both runs store their tag words or both leave them out, the words are compared in place
     * as one array slice against another (no tag decoded, no per-word branch on the layout); else the
     * tag words are compared first (an untagged run's being 0).
     */
    static int comparePrefix(Run a, int i, Run b, int j, int len) {
        if (a.tagged == b.tagged) {
            int t = a.tagged ? 1 : 0;
            return compareWords(a.words, i * (a.arity + t), b.words, j * (b.arity + t), len + t);
        }
        int c = Long.compare(a.tag(i), b.tag(j));
        if (c != 0) {
            return c;
        }
        return compareWords(a.words, a.cells(i), b.words, b.cells(j), len);
    }

    /** Compares {@code x[p..p+len)} with {@code y[q..q+len)} word by word as signed longs. */
    static int compareWords(long[] x, int p, long[] y, int q, int len) {
        for (int k = 0; k < len; k++) {
            long u = x[p + k];
            long v = y[q + k];
            if (u != v) {
                return u < v ? -1 : 1;
            }
        }
        return 0;
    }

    /** The position of {@code probe}, or -1. */
    int find(long[] probe) {
        if (!tagged && probe[0] != 0) {
            return -1;
        }
        int lo = 0;
        int hi = n - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = compare(mid, probe);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    long weight(long[] probe) {
        int i = find(probe);
        return i < 0 ? 0 : weights[i];
    }

    /**
     * Adds to {@code acc[i]} this run's weight of row i of {@code d} (same arity), for every row of
     * {@code d}: one pass in order, each row found by galloping from the previous one (exponential
     * then binary search), so a sorted change of k rows costs O(k log(n/k)) comparisons near each
     * other in memory instead of k independent binary searches over the whole run. When this run is
     * the smaller one its rows are walked instead, each found among d's by galloping: O(n log(k/n)).
     * d's rows are distinct.
     */
    void addWeightsOf(Run d, long[] acc) {
        if (n < d.n) {
            // fewer rows here than asked: walk this run and find each row among d's by galloping
            int p = 0;
            for (int e = 0; e < n && p < d.n; e++) {
                p = seekPrefix(d, p, this, e, arity);
                if (p < d.n && compare(d, p, this, e) == 0) {
                    acc[p] = Math.addExact(acc[p], weights[e]);
                    p++;
                }
            }
            return;
        }
        int lo = 0;
        for (int i = 0; i < d.n && lo < n; i++) {
            lo = seekPrefix(this, lo, d, i, arity);
            if (lo < n && compare(this, lo, d, i) == 0) {
                acc[i] = Math.addExact(acc[i], weights[lo]);
                lo++;
            }
        }
    }

    /**
     * The first position at or after {@code lo} of an entry of {@code run} not smaller under
     * {@code order} than entry i of {@code probes}: galloping from {@code lo} (exponential, then
     * binary search), so probes in ascending order cost O(k log(n/k)) comparisons in all.
     */
    static int seek(Run run, int lo, Run probes, int i, Order order) {
        int n = run.n;
        int hi = lo;
        int step = 1;
        while (hi < n && order.compare(run, hi, probes, i) < 0) {
            lo = hi + 1;
            hi = lo + step;
            step <<= 1;
        }
        int r = Math.min(hi, n);
        while (lo < r) {
            int m = (lo + r) >>> 1;
            if (order.compare(run, m, probes, i) < 0) {
                lo = m + 1;
            } else {
                r = m;
            }
        }
        return lo;
    }

    /**
     * {@link #seek} under the order of the first {@code len} cells (tag word first), comparing words
     * in place: the first position at or after {@code lo} of an entry of {@code run} whose first
     * {@code len} cells are not smaller than those of entry i of {@code probes}.
     */
    static int seekPrefix(Run run, int lo, Run probes, int i, int len) {
        if (run.tagged != probes.tagged) {
            return seek(run, lo, probes, i, (a, x, b, y) -> comparePrefix(a, x, b, y, len));
        }
        int t = run.tagged ? 1 : 0;
        int w = len + t;
        int rs = run.arity + t;
        long[] rw = run.words;
        long[] pw = probes.words;
        int po = i * (probes.arity + t);
        int n = run.n;
        if (n >= FENCED) {
            // probes dense in the run (a sweep of at least one probe per DENSE entries) scan it in order
            return n > DENSE * (long) probes.n ? seekFenced(run, lo, pw, po, w) : scan(rw, rs, lo, n, pw, po, w);
        }
        return gallop(rw, rs, lo, n, pw, po, w);
    }

    /**
     * A large run searched by a sweep of at least one probe per this many of its entries is scanned
     * entry by entry from the previous probe's position instead of through its fence (see
     * {@link #scan}).
     */
    static final int DENSE = 32;

    /**
     * The first index in [{@code from}, {@code n}) of an entry of {@code words} ({@code rs} words
     * each) whose first {@code w} words are not smaller than {@code pw[po..po+w)}, or {@code n}: a
     * linear scan. A sweep of sorted probes through a large run whose probes lie a few entries apart
     * reads the run in order this way (the hardware prefetcher streams it, and no fence line is
     * touched): a microbenchmark sweeping sorted probes (a quarter of them hits) through a run of
     * 1.25M random (src, dst, iteration) entries, load 7 on the 2-core machine, nanoseconds per
     * probe — 60,000 probes (an entry in 21): 108–117 through the fence, 74–88 scanning; 40,000 (one
     * in 31): 108–187 and 88–138; 30,000 (one in 42): 143–154 and 119–129; 20,000 (one in 62): about
     * even; 10,000: 296–326 and 410–455. The scan stops at the first such entry; a sweep's scans
     * together read the run at most once.
     */
    private static int scan(long[] words, int rs, int from, int n, long[] pw, int po, int w) {
        int p = from;
        while (p < n && compareWords(words, p * rs, pw, po, w) < 0) {
            p++;
        }
        return p;
    }

    /** Entries per block of a run's {@link Fence}. */
    static final int BLOCK = 32;
    /** Runs of at least this many entries are searched through a fence (smaller ones stay in cache anyway). */
    static final int FENCED = 1 << 14;

    /**
     * The first entry of every {@link #BLOCK} entries of a large run, copied side by side: a search
     * gallops over this compact array (1/32 of the run, mostly in cache) to the block holding its
     * target and then searches that block, instead of galloping over the whole run, whose probes of
     * far-apart entries are each a cache miss. Derived from the immutable run when it is first
     * searched; its field is final, so a run's fence is safely shared however it is published.
     */
    private static final class Fence {
        final long[] words;

        Fence(Run run) {
            int s = run.stride();
            int blocks = (run.n + BLOCK - 1) / BLOCK;
            words = new long[blocks * s];
            for (int b = 0; b < blocks; b++) {
                System.arraycopy(run.words, b * BLOCK * s, words, b * s, s);
            }
        }
    }

    private Fence fence;

    private Fence fence() {
        Fence f = fence;
        if (f == null) {
            f = new Fence(this);
            fence = f; // a race builds an equal one
        }
        return f;
    }

    /**
     * The first index in [{@code from}, {@code n}) of an entry of {@code words} (sorted, {@code rs}
     * words each) whose first {@code w} words are not smaller than {@code pw[po..po+w)}, or {@code n}:
     * galloping from {@code from} (the answer is usually near it), then a binary search.
     */
    private static int gallop(long[] words, int rs, int from, int n, long[] pw, int po, int w) {
        int lo = from;
        int hi = from;
        int step = 1;
        while (hi < n && compareWords(words, hi * rs, pw, po, w) < 0) {
            lo = hi + 1;
            hi = lo + step;
            step <<= 1;
        }
        int r = Math.min(hi, n);
        while (lo < r) {
            int m = (lo + r) >>> 1;
            if (compareWords(words, m * rs, pw, po, w) < 0) {
                lo = m + 1;
            } else {
                r = m;
            }
        }
        return lo;
    }

    /**
     * {@link #seekPrefix} in a run with a fence: the first position at or after {@code lo} whose
     * first {@code w} words are not smaller than {@code pw[po..po+w)}.
     */
    private static int seekFenced(Run run, int lo, long[] pw, int po, int w) {
        int n = run.n;
        int rs = run.stride();
        long[] rw = run.words;
        if (lo >= n || compareWords(rw, lo * rs, pw, po, w) >= 0) {
            return lo; // the next probe is often at or just after the previous one's entry
        }
        // entry lo is smaller: gallop over the blocks after lo's to the first whose first entry is not smaller
        long[] fw = run.fence().words;
        int blocks = (n + BLOCK - 1) / BLOCK;
        int b = gallop(fw, rs, lo / BLOCK + 1, blocks, pw, po, w);
        // every entry from block b on is not smaller; the first entry of block b − 1 (or entry lo) is smaller
        // the block is scanned in order: its cache lines are adjacent, so they are fetched together
        // rather than one dependent miss per step of a binary search
        int from = Math.max(lo + 1, (b - 1) * BLOCK + 1);
        int to = Math.min(b * BLOCK, n);
        while (from < to && compareWords(rw, from * rs, pw, po, w) < 0) {
            from++;
        }
        return from;
    }

    /** An order of entries across runs: entry i of run a against entry j of run b. */
    @FunctionalInterface
    interface Order {
        int compare(Run a, int i, Run b, int j);
    }

    /** One group of entries equal under an {@link Order}: in run i, positions {@code from[i]} to {@code to[i] − 1}. */
    @FunctionalInterface
    interface Group<E extends Exception> {
        void accept(Run[] runs, int[] from, int[] to, int first) throws E;
    }

    /**
     * The k-way merge of sorted runs: visits, in ascending order, every group of entries equal
     * under {@code order} (which the runs are sorted by, ties included), with each run's range of
     * that group (empty in the runs without it) and the run holding the group's first entry
     * ({@code first}, its entry at {@code from[first]}). The arrays are reused between groups.
     */
    static <E extends Exception> void forEachGroup(Run[] runs, Order order, Group<E> action) throws E {
        int k = runs.length;
        int[] at = new int[k];
        int[] end = new int[k];
        while (true) {
            int min = -1;
            for (int i = 0; i < k; i++) {
                if (at[i] < runs[i].n && (min < 0 || order.compare(runs[i], at[i], runs[min], at[min]) < 0)) {
                    min = i;
                }
            }
            if (min < 0) {
                return;
            }
            Run m = runs[min];
            int row = at[min];
            for (int i = 0; i < k; i++) {
                int p = at[i];
                Run r = runs[i];
                while (p < r.n && (i == min && p == row || order.compare(r, p, m, row) == 0)) {
                    p++;
                }
                end[i] = p;
            }
            action.accept(runs, at, end, min);
            System.arraycopy(end, 0, at, 0, k);
        }
    }

    /** Writes row r's logical words (tag word, cells) into {@code out}. */
    void logical(int r, long[] out) {
        out[0] = tag(r);
        System.arraycopy(words, cells(r), out, 1, arity);
    }

    /**
     * a + b in one pass: equal rows add their weights (exactly; a zero sum drops the row). A
     * {@link RunMerge} advanced to its end at once.
     */
    static Run merge(Run a, Run b) {
        return new RunMerge(a, b).finish();
    }

    /**
     * Whether a merge's output arrays, sized for {@code cap} entries and holding {@code k}, are
     * copied to their size: only when more than an eighth of them is unused. A run reads its first
     * {@link #n} entries only, so a merge whose inputs shared few rows keeps its arrays (at most a
     * seventh more than it needs) instead of allocating and copying them again.
     */
    static boolean wasteful(int k, int cap) {
        return k < cap - (cap >> 3);
    }

    /** Accumulates distinct rows (each added once) and sorts them into a run. */
    static final class Builder {
        private final int arity;
        private long[] words;
        private long[] weights;
        private int n;
        private boolean anyTag;

        Builder(int arity, int expected) {
            this.arity = arity;
            int cap = Math.max(1, expected);
            words = new long[cap * (arity + 1)];
            weights = new long[cap];
        }

        /**
         * A builder holding {@code n} rows of non-null integers already packed into {@code words}
         * ({@code arity + 1} words each, tag word 0) with weights {@code weights}; the arrays are
         * taken over, not copied.
         */
        Builder(int arity, long[] words, long[] weights, int n) {
            this.arity = arity;
            this.words = words;
            this.weights = weights;
            this.n = n;
        }

        /** Adds a row not added before; false when it cannot be packed with this run's rows. */
        boolean add(Row r, long w) {
            if (r.size() != arity) {
                return false;
            }
            if (n == weights.length) {
                weights = Arrays.copyOf(weights, n * 2);
                words = Arrays.copyOf(words, n * 2 * (arity + 1));
            }
            int at = n * (arity + 1);
            Cells.encode(r, words, at, false);
            anyTag |= words[at] != 0;
            weights[n++] = w;
            return true;
        }

        /**
         * Adds the rows of run {@code r} (of this arity) with their weights times {@code sign}, copied word
         * for word (no row decoded and encoded again); rows may repeat rows added before (for
         * {@link #buildConsolidated}).
         */
        void addRun(Run r, long sign) {
            if (r.arity != arity) {
                throw new IllegalArgumentException("a run of arity " + r.arity + " added to rows of " + arity);
            }
            int m = r.n;
            int s = arity + 1;
            if (n + m > weights.length) {
                int cap = Math.max(n + m, n * 2);
                weights = Arrays.copyOf(weights, cap);
                words = Arrays.copyOf(words, cap * s);
            }
            long[] src = r.words;
            if (r.tagged) {
                System.arraycopy(src, 0, words, n * s, m * s);
                for (int i = 0; i < m && !anyTag; i++) {
                    anyTag = src[i * s] != 0;
                }
            } else if (arity == 2) {
                for (int i = 0, p = 0, q = n * 3; i < m; i++, p += 2, q += 3) {
                    words[q] = 0;
                    words[q + 1] = src[p];
                    words[q + 2] = src[p + 1];
                }
            } else {
                for (int i = 0; i < m; i++) {
                    words[(n + i) * s] = 0;
                    System.arraycopy(src, i * arity, words, (n + i) * s + 1, arity);
                }
            }
            if (sign == 1) {
                System.arraycopy(r.weights, 0, weights, n, m);
            } else {
                for (int i = 0; i < m; i++) {
                    weights[n + i] = Math.multiplyExact(sign, r.weights[i]);
                }
            }
            n += m;
        }

        /**
         * The run of the rows added, which may repeat (each occurrence added with its weight): sorted,
         * equal rows (equal words) summed, rows whose weights cancel dropped.
         */
        Run buildConsolidated() {
            return sorted(true);
        }

        /** The run of the rows added, which are distinct: sorted. */
        Run build() {
            return sorted(false);
        }

        private Run sorted(boolean consolidate) {
            Run fast = byKeys(arity, words, weights, n, anyTag, consolidate);
            if (fast != null) {
                words = null;
                return fast;
            }
            int s = arity + 1;
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            RowSort.sort(order, words, s);
            int stride = anyTag ? s : arity;
            int skip = anyTag ? 0 : 1;
            long[] ws = new long[n * stride];
            long[] wt = new long[n];
            int k = 0;
            int last = -1; // the row (in words) of the entry k − 1
            for (int i = 0; i < n; i++) {
                int from = order[i];
                if (consolidate && last >= 0 && RowSort.compareRows(words, s, last, from) == 0) {
                    wt[k - 1] = Math.addExact(wt[k - 1], weights[from]);
                    continue;
                }
                if (consolidate && k > 0 && wt[k - 1] == 0) {
                    k--; // the previous row's weights cancelled: its place is taken
                }
                System.arraycopy(words, from * s + skip, ws, k * stride, stride);
                wt[k++] = weights[from];
                last = from;
            }
            if (consolidate && k > 0 && wt[k - 1] == 0) {
                k--;
            }
            words = null;
            if (k < n) {
                ws = Arrays.copyOf(ws, k * stride);
                wt = Arrays.copyOf(wt, k);
            }
            return new Run(arity, anyTag, ws, wt, k);
        }
    }

    /**
     * The run of rows {@code 0..n-1} of {@code words} ({@code arity + 1} words each: tag word, cells)
     * with weights {@code ws}, sorted — with {@code consolidate}, equal rows summed and rows whose
     * weights cancel dropped (else the rows are distinct) — when the varying columns fit, with each
     * row's position, in 63 bits (see {@link RowSort#sort}); else null. Each row becomes one long (its
     * columns' offsets from their minimums, then its position), the longs are sorted
     * ({@link RowSort#sortKeys}), and each entry of the run is decoded from its long: equal rows are equal
     * longs above the position, and no row's words are read again in sorted order (in a buffer
     * larger than the cache, each such read was a cache miss). A row's weight is read at its
     * position, unless every weight is the same.
     */
    static Run byKeys(int arity, long[] words, long[] ws, int n, boolean anyTag, boolean consolidate) {
        if (n < 2) {
            return null;
        }
        int s = arity + 1;
        long[][] range = RowSort.wordRanges(null, words, s, n);
        long[] min = range[0];
        long[] max = range[1];
        long w0 = ws[0];
        boolean sameWeight = true;
        for (int i = 1; i < n && sameWeight; i++) {
            sameWeight = ws[i] == w0;
        }
        int posBits = 32 - Integer.numberOfLeadingZeros(n - 1);
        int[] bits = RowSort.fieldBits(min, max, s, posBits);
        if (bits == null) {
            return null;
        }
        long[] keys = RowSort.sortedKeys(words, s, null, n, min, bits, posBits);
        return RowSort.decode(keys, ws, n, arity, anyTag, s, min, bits, posBits, sameWeight, consolidate);
    }
}
