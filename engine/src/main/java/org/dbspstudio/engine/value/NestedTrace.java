package org.dbspstudio.engine.value;

import java.util.Arrays;
import org.dbspstudio.model.types.Row;

/**
 * Changes indexed by nested time, compacted over the outer clock: for every inner iteration j, the
 * sum over all outer steps so far of a stream's change at iteration j, {@code X_j}. Read by
 * accumulation: the value at iteration j is {@code S(j) = Σ_{i ≤ j} X_i} — what an outer-clock
 * integral of an inner running sum holds at (outer step, iteration j) — without a materialized sum
 * per iteration.
 *
 * <p>Held as sorted runs ({@link Run}, in a {@link Spine}) of packed rows with one more column,
 * the iteration: entries {@code (row, j, weight)} sorted by row, then iteration, so every entry of a
 * row is contiguous in each run and a lookup is one binary search per run followed by a short scan.
 * Adding a change at iteration j appends it as a run and merges the newest runs geometrically, which
 * consolidates the entries of equal (row, iteration): the outer steps are compacted as they merge
 * (every read is of all outer steps so far, so no earlier outer time needs to stay apart), and
 * entries whose weights cancel disappear. Immutable: every version shares the runs it did not
 * merge, so a value read at an earlier (step, iteration) stays valid. A trace made from
 * {@link #perIteration()} keeps each iteration's entries in a spine of their own (still with the
 * iteration column), so an addition at j merges only with X_j's runs and a read of iterations
 * from..upTo searches only theirs: for traces read one iteration at a time.
 *
 * <p>Each version stamps, per iteration, the last addition there, and remembers what its own
 * addition read: the change's sorted entries and each row's weight at that iteration before. A
 * reader of X_j as an earlier version held it — {@code H} reads its delta input's previous value at
 * the rows of the change that input's outer sum has just added — takes those rows' weights from
 * there when the stamps show X_j unchanged between that version and the one the addition started
 * from ({@link #weightsAt}), instead of searching every run again; rows looked up in several traces
 * of one arity are packed and sorted once ({@link Probes}). An addition that swept the runs to
 * count also keeps the entries it met at later iterations, so the iterations from its own on where
 * the rows it added have entries ({@link #iterations(Row[], int)}: {@code H} asks them for the rows
 * its integrated input changes first in a step) are read from it rather than from the runs.
 */
public final class NestedTrace {
    private static final NestedTrace EMPTY = new NestedTrace(0, TraceRuns.EMPTY, new int[0], new long[0], new long[0], null, null);
    private static final NestedTrace EMPTY_PER_ITERATION = new NestedTrace(0, TraceRuns.EMPTY_PER_ITERATION, new int[0], new long[0], new long[0], null, null);

    /** Stamps of additions, distinct for every addition of the process ({@link #stamps}). */
    private static final java.util.concurrent.atomic.AtomicLong STAMPS = new java.util.concurrent.atomic.AtomicLong();

    /** The arity of the rows (the runs hold one more column, the iteration). */
    final int arity;
    /** The runs: in one spine, or (a trace made from {@link #perIteration()}) a spine per iteration. */
    final TraceRuns layout;
    /** Whether any entry is stored (then {@link #arity} is the rows'). */
    private final boolean holds;
    /** Per iteration, how many rows have a non-zero entry there (X_j's size). */
    private final int[] nonZero;
    /**
     * Per iteration, a fingerprint of X_j: the sum (wrapping) of each entry's weight times a hash of
     * its row, which adds up exactly as the entries do, so two equal X_i and X_j have equal ones and
     * different fingerprints prove them different without reading them.
     */
    private final long[] prints;
    /**
     * Per iteration j, the stamp of the last addition at j that led to this version (0: none), each
     * addition's stamp new to the process: two versions with equal stamps at j have the same X_j
     * (no addition at j came between them: one was derived from the other, or both have none).
     */
    private final long[] stamps;
    /** What the addition that made this version saw at its iteration (null when it did not read it). */
    private final AdditionRecord last;
    /**
     * What the addition that made the version this one was added to saw ({@code last} of that version;
     * null when none): an outer sum adds at every tick, so when the last addition was at j this one was
     * usually at j − 1, and the iterations from j on of its rows that the last addition did not touch
     * are still those it read ({@link #iterations(Row[], int)}).
     */
    private final AdditionRecord prior;
    /**
     * What the merges of the addition that made this version read of its rows as they wrote them (null:
     * nothing): the rows' weights at the iterations before the addition's in the run they covered
     * ({@link RunMerge.RowSums}), for a reader of those rows over the iterations before ({@link #sortedWeights}).
     */
    private final Earlier earlier;

    /** {@link #earlier}: the change's rows ({@code rows}, a Z-set's one run), added at j; {@code sums} per row. */
    private record Earlier(Run rows, int j, RunMerge.RowSums sums) {
    }

    private NestedTrace(int arity, TraceRuns layout, int[] nonZero, long[] prints, long[] stamps,
                        AdditionRecord last, AdditionRecord prior) {
        this(arity, layout, nonZero, prints, stamps, last, prior, null);
    }

    private NestedTrace(int arity, TraceRuns layout, int[] nonZero, long[] prints, long[] stamps,
                        AdditionRecord last, AdditionRecord prior, Earlier earlier) {
        this.earlier = earlier;
        this.arity = arity;
        this.layout = layout;
        this.holds = layout.holds();
        this.nonZero = nonZero;
        this.prints = prints;
        this.stamps = stamps;
        this.last = last;
        this.prior = prior;
    }

    private long stampAt(int j) {
        return j < stamps.length ? stamps[j] : 0;
    }

    public static NestedTrace empty() {
        return EMPTY;
    }

    /**
     * An empty trace that keeps each iteration's entries in a spine of their own instead of all of them in
     * one: an addition at j merges only with X_j's runs (the first outer step, adding once per iteration,
     * merges nothing), and a read of iterations from..upTo searches only their runs (X_j alone: X_j's). For
     * a trace read per iteration ({@code H}'s outputs); sums over many iterations search every one's runs.
     */
    public static NestedTrace perIteration() {
        return EMPTY_PER_ITERATION;
    }

    /** The runs holding the entries at iterations {@code from..upTo} (and maybe others). */
    private Run[] runs(int from, int upTo) {
        return layout.runs(from, upTo);
    }

    /** Every run. */
    Run[] allRuns() {
        return runs(0, Integer.MAX_VALUE);
    }

    /** Whether a Z-set's rows can be kept here (packable rows of one arity, below the column limit). */
    static boolean keepable(int arity) {
        return arity >= 1 && Cells.packable(arity + 1);
    }

    /**
     * This trace plus {@code change} at iteration {@code j}; null when the change's rows cannot be
     * packed (mixed arities, too many columns).
     */
    public NestedTrace plus(ZSet change, int j) {
        return plus(change, j, -1);
    }

    /**
     * {@link #plus(ZSet, int)}, the runs merged by size classes when {@code tiered}
     * ({@link MergingRuns#plusTiered}: at B3's single edges about a third of the entries rewritten, up to
     * three times the runs to search): for a trace whose runs are read little, as a leader's while its
     * index answers its additions' lookups. The entries held are the same either way.
     */
    public NestedTrace plus(ZSet change, int j, boolean tiered) {
        return plus(change, j, -1, tiered);
    }

    /**
     * This trace plus {@code change} at iteration {@code j} when the caller knows how many rows X_j
     * has after the addition ({@code count}; −1: unknown, counted here): no sweep of the runs to
     * count the rows the change adds or cancels. Null when the change's rows cannot be packed.
     */
    public NestedTrace plus(ZSet change, int j, int count) {
        return plus(change, j, count, false);
    }

    private NestedTrace plus(ZSet change, int j, int count, boolean tiered) {
        if (change.isEmpty()) {
            return this;
        }
        SortedRows so = SortedRows.of(change, holds ? arity : -1);
        if (so == null) {
            return null;
        }
        return plus(null, so.ws(), j, null, count, so, tiered); // the rows are not read: a run's stay packed
    }

    /**
     * {@code z}'s rows packed for this trace (of its arity; any, when it holds nothing): {@link TraceRows#of}.
     */
    public TraceRows pack(ZSet z) {
        return TraceRows.of(z, holds ? arity : -1);
    }

    /**
     * This trace plus {@code rows} (packed by {@link #pack}) at iteration {@code j}; with {@code seen}, also
     * reads what {@link Observed} holds, row k of {@code seen} being row k of {@code rows}. Null when the
     * rows cannot be kept here.
     */
    public NestedTrace plus(TraceRows rows, int j, Observed seen) {
        return plus(rows, j, seen, false);
    }

    /** {@link #plus(TraceRows, int, Observed)}, the runs merged by size classes when {@code tiered} (see {@link #plus(ZSet, int, boolean)}). */
    public NestedTrace plus(TraceRows rows, int j, Observed seen, boolean tiered) {
        if (rows.size() == 0) {
            return this;
        }
        if (holds && rows.arity != arity) {
            return null;
        }
        return plus(null, rows.so.ws(), j, seen, -1, rows.so, tiered);
    }

    /** The rows of a Z-set with their weights, in its order of iteration, and each one's weight read from a trace. */
    public record Lookup(Row[] rows, long[] ws, long[] weights) {
    }

    /**
     * The rows of {@code z} with their weights and their weights in Σ_{from ≤ i ≤ upTo} X_i here; the
     * rows packed and sorted once with the additions of the same Z-set to traces ({@link SortedRows}).
     */
    public Lookup lookup(ZSet z, int from, int upTo) {
        SortedRows so = !holds ? null : SortedRows.recent(z, arity);
        if (so == null) {
            Row[] rows = new Row[z.size()];
            long[] ws = new long[rows.length];
            int[] k = {0};
            z.forEach((r, w) -> {
                rows[k[0]] = r;
                ws[k[0]++] = w;
            });
            return new Lookup(rows, ws, weights(rows, from, upTo));
        }
        Probes p = new Probes(so.rows(), arity, so.rows().length == 0 ? null : so.packed(false, 0), so.order());
        return new Lookup(so.rows(), so.ws(), weights(p, from, upTo));
    }

    /**
     * The weights in Σ_{from ≤ i ≤ upTo} X_i here of the rows of {@code z} in their sorted order, when
     * {@code z} is held as one sorted run of rows of this trace's arity (so that its order of iteration
     * is the sorted order: {@link SortedRows}); else null. No row is decoded.
     */
    public long[] sortedWeights(ZSet z, int from, int upTo) {
        SortedRows so = !holds ? null : SortedRows.recent(z, arity);
        if (so == null || so.run() == null) {
            return null;
        }
        Probes p = new Probes(null, arity, so.size(), so.size() == 0 ? null : so.packed(false, 0), so.order());
        Earlier e = earlier;
        if (e != null && p.run != null && e.rows == so.run() && from <= 0 && upTo == e.j - 1) {
            // the rows this version's addition added at j, read over the iterations before j: the run its merges
            // covered was summed as they wrote it; the other runs are swept
            long[] out = new long[p.count];
            long[] sums = e.sums.sums;
            for (int i = 0; i < p.run.n; i++) {
                out[p.pos[i]] = sums[i];
            }
            Run[] all = runs(from, upTo);
            Run[] rest = new Run[all.length];
            int m = 0;
            for (Run r : all) {
                if (r != e.sums.covered) {
                    rest[m++] = r;
                }
            }
            sweepRuns(Arrays.copyOf(rest, m), p.run, p.pos, (k, run, x) -> {
                long it = run.words[run.cells(x) + arity];
                if (it <= upTo) {
                    out[k] = Math.addExact(out[k], run.weights[x]);
                }
            });
            return out;
        }
        return weights(p, from, upTo);
    }

    /**
     * What {@link #plus(Row[], long[], int, Observed)} saw of the earlier entries of each row it
     * added (in the order of the rows given): the row's weight in {@code S(j) = Σ_{i ≤ j} X_i}
     * before the addition, and — for the rows asked — its entries at the iterations after j, which
     * the addition leaves as they were. One sweep of the runs serves the addition's own counting
     * and these reads, instead of one sweep for each.
     */
    public static final class Observed {
        private final boolean[] wantLater;
        /** Per row: its weight in S(j) before the addition. */
        public final long[] upTo;
        /** Per row: its weight in X_j before the addition (so {@code upTo[k] - at[k]} is its weight in S(j − 1)). */
        public final long[] at;
        /** Per row asked (else null): the iterations after j at which it has a non-zero X_i, ascending. */
        public final int[][] laterIterations;
        /** Per row asked (else null): its weight in X_i at each of {@link #laterIterations}. */
        public final long[][] laterWeights;
        /** Per row (null: none): whether the caller gave its {@link #at} and {@link #upTo} ({@link #give}). */
        private boolean[] given;

        /** {@code wantLater[k]}: whether row k's entries after j are wanted. */
        public Observed(boolean[] wantLater) {
            this.wantLater = wantLater;
            this.upTo = new long[wantLater.length];
            this.at = new long[wantLater.length];
            this.laterIterations = new int[wantLater.length][];
            this.laterWeights = new long[wantLater.length][];
        }

        /**
         * Row k's weights before the addition, in X_j and in S(j), known to the caller (its entries after
         * j not wanted): the addition does not search the runs for it. An addition given any row keeps no
         * record of what it read ({@link #weightsAt} and {@link #iterations(Row[], int)} then search the
         * runs), as its reads are incomplete.
         */
        public void give(int k, long atJ, long upToJ) {
            if (wantLater[k]) {
                throw new IllegalArgumentException("a row whose later entries are wanted is searched");
            }
            if (given == null) {
                given = new boolean[wantLater.length];
            }
            given[k] = true;
            at[k] = atJ;
            upTo[k] = upToJ;
        }
    }

    /**
     * This trace plus the rows {@code rows} (distinct) with weights {@code ws} at iteration {@code j};
     * null when they cannot be packed. With {@code seen}, also reads what {@link Observed} holds.
     */
    public NestedTrace plus(Row[] rows, long[] ws, int j, Observed seen) {
        return plus(rows, ws, j, seen, -1);
    }

    private NestedTrace plus(Row[] rows, long[] ws, int j, Observed seen, int count) {
        return plus(rows, ws, j, seen, count, null, false);
    }

    /** {@link #plus(Row[], long[], int, Observed, int)} of rows packed and sorted already ({@code so}, when not null). */
    private NestedTrace plus(Row[] rows, long[] ws, int j, Observed seen, int count, SortedRows so, boolean tiered) {
        int n = rows != null ? rows.length : so.size(); // (rows null: given as so alone)
        if (n == 0) {
            return this;
        }
        int a = holds ? arity : rows != null ? rows[0].size() : so.arity();
        if (!keepable(a)) {
            return null;
        }
        if (so == null) {
            so = SortedRows.of(rows, ws, a);
            if (so == null) {
                return null;
            }
        }
        int[] order = so.order();
        Run d = so.packed(true, j);
        int[] counts = nonZero.length > j ? nonZero.clone() : Arrays.copyOf(nonZero, j + 1);
        int c = counts[j];
        // no row has a non-zero sum at j yet: every entry of d is a new non-zero one
        boolean fresh = c == 0;
        long[] before = new long[d.n];
        boolean counted = count >= 0 && seen == null;
        // whether before[] holds every row's weight at j (it does unless the count was given and the
        // runs were not swept: with no entry at j, or no run, every weight there is 0)
        boolean known = !holds || fresh || !counted;
        boolean swept = false;
        Triples after = new Triples();
        boolean[] given = seen == null ? null : seen.given;
        if (holds && !counted && (!fresh || seen != null)) {
            // each entry's weight at (row, j) so far: the runs swept in d's order (the rows the caller
            // gave left out)
            // the wanted rows' entries after j, as (row, iteration, weight) triples in one buffer
            Triples later = seen == null ? null : new Triples();
            swept = true;
            Run probes = d;
            int[] pos = order;
            if (given != null) {
                int m = 0;
                for (int i = 0; i < d.n; i++) {
                    m += given[order[i]] ? 0 : 1;
                }
                int stride = d.stride();
                long[] words = new long[m * stride];
                pos = new int[m];
                m = 0;
                for (int i = 0; i < d.n; i++) {
                    if (!given[order[i]]) {
                        System.arraycopy(d.words, i * stride, words, m * stride, stride);
                        pos[m++] = order[i];
                    }
                }
                probes = new Run(d.arity, d.tagged, words, new long[m], m);
            }
            sweepRuns(allRuns(), probes, pos, (i, run, e) -> {
                long it = run.words[run.cells(e) + arity];
                long w = run.weights[e];
                if (it == j) {
                    before[i] = Math.addExact(before[i], w);
                } else if (it > j && given == null) {
                    // kept for reads of the iterations where the change's rows have entries (AdditionRecord)
                    after.add(i, it, w);
                }
                if (seen != null) {
                    if (it <= j) {
                        seen.upTo[i] = Math.addExact(seen.upTo[i], w);
                    } else if (seen.wantLater[i]) {
                        later.add(i, it, w);
                    }
                }
            });
            if (seen != null) {
                for (int i = 0; i < n; i++) {
                    if (given != null && given[i]) {
                        before[i] = seen.at[i];
                    } else {
                        seen.at[i] = before[i];
                    }
                }
                if (later.n > 0) {
                    consolidate(later.words, later.n / 3, n, seen);
                }
            }
        }
        // before[] is indexed by the rows' positions (order maps d's entries to them)
        if (counted) {
            c = count;
        } else {
            for (int i = 0; i < d.n; i++) {
                long old = before[order[i]];
                long now = Math.addExact(old, d.weights[i]);
                c += (now != 0 ? 1 : 0) - (old != 0 ? 1 : 0);
            }
        }
        // a change held as one run, added to the one spine by the ratio: the merges that take its entries read
        // its rows' weights at the iterations before j as they write them (H reads them next, at the first step)
        RunMerge.RowSums sums = so.run() != null && seen == null && j >= 1 && !tiered && holds
                && layout.perIteration == null ? new RunMerge.RowSums(d, a, j) : null;
        TraceRuns next = layout.plus(d, j, c, c - counts[j], tiered, sums);
        counts[j] = c;
        long[] fps = Arrays.copyOf(prints, counts.length);
        for (int i = 0; i < d.n; i++) {
            fps[j] += d.weights[i] * rowPrint(d, i, a);
        }
        int[] nz = trim(counts);
        long[] st = Arrays.copyOf(stamps, Math.max(stamps.length, j + 1));
        st[j] = STAMPS.incrementAndGet();
        AdditionRecord added = null;
        if (known && given == null) {
            long[] inOrder = new long[d.n];
            for (int i = 0; i < d.n; i++) {
                inOrder[i] = before[order[i]];
            }
            // the entries after j are known when the runs were swept, or there were none
            boolean laterKnown = !holds || swept;
            added = new AdditionRecord(j, stampAt(j), st[j], d, inOrder, laterKnown ? after.words : null, after.n, order);
        }
        Earlier e = sums == null || sums.covered == null ? null : new Earlier(so.run(), j, sums);
        return new NestedTrace(a, next, nz, Arrays.copyOf(fps, nz.length), st, added, last, e);
    }

    /**
     * {@code t} (row, iteration, weight) triples of rows below {@code rows}: per row, its weights summed
     * per iteration, the non-zero ones ascending, into {@code seen} (the triples grouped by row with a
     * counting sort, each row's few iterations sorted in place).
     */
    private static void consolidate(long[] triples, int t, int rows, Observed seen) {
        int[] start = new int[rows + 1];
        for (int q = 0; q < t; q++) {
            start[(int) triples[3 * q] + 1]++;
        }
        for (int i = 0; i < rows; i++) {
            start[i + 1] += start[i];
        }
        int[] fill = Arrays.copyOf(start, rows);
        long[] its = new long[t];
        long[] ws = new long[t];
        for (int q = 0; q < t; q++) {
            int p = fill[(int) triples[3 * q]]++;
            its[p] = triples[3 * q + 1];
            ws[p] = triples[3 * q + 2];
        }
        for (int i = 0; i < rows; i++) {
            int from = start[i];
            int to = start[i + 1];
            if (from == to) {
                continue;
            }
            if (to - from > 32) {
                // many entries: sorted by (iteration, position)
                long[] k = new long[to - from];
                for (int a = from; a < to; a++) {
                    k[a - from] = its[a] << 32 | (a - from);
                }
                Arrays.sort(k);
                long[] w2 = Arrays.copyOfRange(ws, from, to);
                for (int a = from; a < to; a++) {
                    its[a] = k[a - from] >>> 32;
                    ws[a] = w2[(int) k[a - from]];
                }
            }
            // insertion sort by iteration (a row has entries at few iterations; sorted already when many)
            for (int a = from + 1; a < to; a++) {
                long it = its[a];
                long w = ws[a];
                int b = a - 1;
                for (; b >= from && its[b] > it; b--) {
                    its[b + 1] = its[b];
                    ws[b + 1] = ws[b];
                }
                its[b + 1] = it;
                ws[b + 1] = w;
            }
            int m = 0;
            for (int a = from; a < to;) {
                long it = its[a];
                long w = 0;
                for (; a < to && its[a] == it; a++) {
                    w = Math.addExact(w, ws[a]);
                }
                if (w != 0) {
                    its[from + m] = it;
                    ws[from + m] = w;
                    m++;
                }
            }
            if (m > 0) {
                int[] is = new int[m];
                for (int a = 0; a < m; a++) {
                    is[a] = (int) its[from + a];
                }
                seen.laterIterations[i] = is;
                seen.laterWeights[i] = Arrays.copyOfRange(ws, from, from + m);
            }
        }
    }

    /**
     * Sums n (iteration, weight) pairs per iteration and writes the iterations whose sum is not 0,
     * ascending, into {@code its} with their sums in {@code ws} (null: not wanted); returns how many.
     */
    static int sumPerIteration(long[] pairs, int n, int[] its, long[] ws) {
        long[] keys = new long[n];
        for (int q = 0; q < n; q++) {
            keys[q] = pairs[2 * q] * n + q; // by iteration, then pair
        }
        Arrays.sort(keys);
        int m = 0;
        for (int i = 0; i < n;) {
            long it = keys[i] / n;
            long w = 0;
            for (; i < n && keys[i] / n == it; i++) {
                w = Math.addExact(w, pairs[2 * (int) (keys[i] % n) + 1]);
            }
            if (w != 0) {
                its[m] = (int) it;
                if (ws != null) {
                    ws[m] = w;
                }
                m++;
            }
        }
        return m;
    }

    /** A 64-bit hash of entry i's row (its tag word and cells, not the iteration). */
    private static long rowPrint(Run d, int i, int a) {
        long h = d.tag(i) + 0x632BE59BD9B4E019L;
        int at = d.cells(i);
        for (int k = 0; k < a; k++) {
            h = (h ^ d.words[at + k]) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 29;
        }
        h *= 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 31);
    }

    /**
     * False when X_i and X_j certainly differ (their fingerprints differ); true when they may be
     * equal (they are when their entries are; compare them to be sure).
     */
    public boolean mayEqual(int i, int j) {
        return sizeAt(i) == sizeAt(j) && printAt(i) == printAt(j);
    }

    private long printAt(int j) {
        return j < prints.length ? prints[j] : 0;
    }

    private static int[] trim(int[] counts) {
        int n = counts.length;
        while (n > 0 && counts[n - 1] == 0) {
            n--;
        }
        return n == counts.length ? counts : Arrays.copyOf(counts, n);
    }

    /** Whether X_j, the change summed over outer steps at iteration j, is zero. */
    public boolean zeroAt(int j) {
        return j >= nonZero.length || nonZero[j] == 0;
    }

    /** Whether X_i is zero at every iteration i from {@code from} to {@code upTo}. */
    public boolean zeroBetween(int from, int upTo) {
        for (int i = Math.max(0, from); i <= upTo && i < nonZero.length; i++) {
            if (nonZero[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** The number of rows of X_j, the change summed over outer steps at iteration j, whose weight is not 0. */
    public int sizeAt(int j) {
        return j < nonZero.length ? nonZero[j] : 0;
    }

    /** One past the last iteration whose X_j is not zero (0 when the trace is empty). */
    public int length() {
        return nonZero.length;
    }

    /** Entries stored (a (row, iteration) counted once per run holding it). */
    public long stored() {
        return layout.stored();
    }

    /** The row's weight in S(upTo) = Σ_{i ≤ upTo} X_i. */
    public long weight(Row r, int upTo) {
        return weight(r, 0, upTo);
    }

    /** The row's weight in Σ_{from ≤ i ≤ upTo} X_i. */
    public long weight(Row r, int from, int upTo) {
        long[] p = probe(r);
        return p == null ? 0 : sum(p, from, upTo);
    }

    /**
     * The weights of many rows in Σ_{from ≤ i ≤ upTo} X_i, {@code out[k]} for {@code rows[k]}, looked
     * up together: the rows are packed and sorted once, then every run is swept in order, each row
     * found by galloping from the previous one (no hash index built, near entries read together).
     */
    public long[] weights(Row[] rows, int from, int upTo) {
        return !holds || rows.length == 0 ? new long[rows.length] : weights(probes(rows), from, upTo);
    }

    /**
     * {@link #weights(Row[], int, int)} of rows packed and sorted once ({@link #probes(Row[])}), which
     * several reads of traces of their arity can share.
     */
    public long[] weights(Probes rows, int from, int upTo) {
        if (holds && rows.arity != arity) {
            return weights(rows.rows, from, upTo); // packed for another arity: packed again for this one
        }
        long[] out = new long[rows.count];
        if (!holds || rows.run == null) {
            return out;
        }
        sweepRuns(runs(from, upTo), rows.run, rows.pos, (k, run, e) -> {
            long it = run.words[run.cells(e) + arity];
            if (it >= from && it <= upTo) {
                out[k] = Math.addExact(out[k], run.weights[e]);
            }
        });
        return out;
    }

    /**
     * {@link #weights(Probes, int, int)} over {@code from..upTo} and at iteration {@code at}, both read
     * by one sweep of the runs: {@code out[0][k]} and {@code out[1][k]} for {@code rows[k]}.
     */
    public long[][] weights(Probes rows, int from, int upTo, int at) {
        if (holds && rows.arity != arity) {
            return new long[][] {weights(rows.rows, from, upTo), weights(rows.rows, at, at)};
        }
        long[] sum = new long[rows.count];
        long[] one = new long[rows.count];
        if (!holds || rows.run == null) {
            return new long[][] {sum, one};
        }
        sweepRuns(runs(Math.min(from, at), Math.max(upTo, at)), rows.run, rows.pos, (k, run, e) -> {
            long it = run.words[run.cells(e) + arity];
            if (it >= from && it <= upTo) {
                sum[k] = Math.addExact(sum[k], run.weights[e]);
            }
            if (it == at) {
                one[k] = Math.addExact(one[k], run.weights[e]);
            }
        });
        return new long[][] {sum, one};
    }

    /**
     * The weights of many rows in X_j of {@code older}, {@code out[k]} for {@code rows[k]}, where
     * this version may know them: when the addition that made it was at j and added to a version
     * with the same X_j as {@code older}, and nothing was added at j since, the rows of that addition
     * take their earlier weights from what it read (no search of the runs) and only the other rows
     * are looked up in {@code older}; otherwise all of them are ({@link #weights(Row[], int, int)}).
     */
    public long[] weightsAt(Row[] rows, int j, NestedTrace older) {
        return weightsAt(probes(rows), j, older);
    }

    /** {@link #weightsAt(Row[], int, NestedTrace)} of rows packed and sorted once ({@link #probes(Row[])}). */
    public long[] weightsAt(Probes p, int j, NestedTrace older) {
        AdditionRecord a = last;
        if (a == null || a.j() != j || stampAt(j) != a.stamp() || older.stampAt(j) != a.baseStamp() || p.arity != arity) {
            return older.weights(p, j, j);
        }
        Row[] rows = p.rows;
        int n = rows.length;
        long[] out = new long[n];
        if (p.run == null) {
            return out; // no row can be stored here
        }
        Run probes = p.run;
        int[] pos = p.pos;
        Run c = a.change();
        boolean[] found = new boolean[n];
        int misses = probes.n;
        int e = 0;
        for (int i = 0; i < probes.n && e < c.n; i++) {
            // the change's entries are all at j: its rows are compared without the iteration
            e = Run.seekPrefix(c, e, probes, i, arity);
            if (e < c.n && compareRows(c, e, probes, i) == 0) {
                out[pos[i]] = a.before()[e];
                found[pos[i]] = true;
                misses--;
            }
        }
        if (misses > 0) {
            Row[] rest = new Row[misses];
            int[] at = new int[misses];
            int m = 0;
            for (int i = 0; i < probes.n; i++) {
                int k = pos[i];
                if (!found[k]) {
                    rest[m] = rows[k];
                    at[m++] = k;
                }
            }
            long[] w = older.weights(rest, j, j);
            for (int q = 0; q < m; q++) {
                out[at[q]] = w[q];
            }
        }
        return out;
    }

    /**
     * For many rows at once, {@code out[k]} for {@code rows[k]}: the iterations i ≥ {@code from} at
     * which the row has a non-zero X_i, ascending (as {@link #iterations(Row, int)}, one sweep of
     * every run for all the rows). The rows of the additions that made this version and the one
     * before are answered from what those additions read, when that is still what the trace holds from
     * {@code from} on (see {@link #fromRecords}); the others are swept.
     */
    public int[][] iterations(Row[] rows, int from) {
        AdditionRecord a = last;
        if (holds && a != null && (a.later() != null && (a.j() == from || a.j() == from - 1) || priorAnswers(from))) {
            return fromRecords(rows, from);
        }
        return iterationsSwept(rows, from);
    }

    /**
     * Whether the addition before the last (at {@code from − 1}) answers, for the rows the last
     * addition (at {@code from}) did not touch, the iterations from {@code from} on: it read their
     * entries after its iteration, and nothing but the last addition, at {@code from}, came since.
     */
    private boolean priorAnswers(int from) {
        return last != null && last.j() == from && prior != null && prior.j() == from - 1 && prior.later() != null;
    }

    /**
     * {@link #iterations(Row[], int)} from the records of the last additions: a row of the last
     * addition's change, when that addition was at {@code from} (at {@code from}: its weight before
     * plus the change's; after it: the entries met, summed per iteration — the addition left them as
     * they were) or at {@code from − 1} (the entries it met after its iteration, all from {@code from}
     * on); a row the last addition (at {@code from}) did not touch but the one before (at
     * {@code from − 1}) did, from the entries that one met after its iteration (only the last
     * addition came since, and it changed no entry of the row). Other rows are swept.
     */
    private int[][] fromRecords(Row[] rows, int from) {
        int[][] out = new int[rows.length][];
        Probes p = probes(rows);
        if (p.run == null) {
            Arrays.fill(out, NO_ITERATIONS);
            return out;
        }
        Run probes = p.run;
        int[] pos = p.pos;
        AdditionRecord a = last;
        AdditionRecord.Later la = a.later() != null && (a.j() == from || a.j() == from - 1) ? new AdditionRecord.Later(a) : null;
        AdditionRecord b = priorAnswers(from) ? prior : null;
        AdditionRecord.Later lb = b != null ? new AdditionRecord.Later(b) : null;
        Run ca = a.change();
        boolean[] found = new boolean[rows.length];
        int misses = probes.n;
        int ea = 0;
        int eb = 0;
        for (int i = 0; i < probes.n; i++) {
            int k = pos[i];
            ea = ea < ca.n ? Run.seekPrefix(ca, ea, probes, i, arity) : ea;
            if (ea < ca.n && compareRows(ca, ea, probes, i) == 0) {
                if (la != null) {
                    out[k] = la.iterations(ea, a.j() == from);
                    found[k] = true;
                    misses--;
                }
                // else the last addition changed its entries, and those after are not known: swept
                continue;
            }
            if (lb != null) {
                eb = eb < b.change().n ? Run.seekPrefix(b.change(), eb, probes, i, arity) : eb;
                if (eb < b.change().n && compareRows(b.change(), eb, probes, i) == 0) {
                    out[k] = lb.iterations(eb, false);
                    found[k] = true;
                    misses--;
                }
            }
        }
        if (misses > 0 || probes.n < rows.length) {
            Row[] rest = new Row[rows.length];
            int[] at = new int[rows.length];
            int r = 0;
            for (int k = 0; k < rows.length; k++) {
                if (!found[k]) {
                    rest[r] = rows[k];
                    at[r++] = k;
                }
            }
            int[][] its = iterationsSwept(Arrays.copyOf(rest, r), from);
            for (int q = 0; q < r; q++) {
                out[at[q]] = its[q];
            }
        }
        return out;
    }

    private int[][] iterationsSwept(Row[] rows, int from) {
        long[][] pairs = new long[rows.length][];
        int[] count = new int[rows.length];
        sweep(rows, from, (k, run, e) -> {
            long it = run.words[run.cells(e) + arity];
            if (it >= from) {
                long[] l = pairs[k];
                if (l == null) {
                    l = new long[8];
                    pairs[k] = l;
                } else if (count[k] + 2 > l.length) {
                    l = Arrays.copyOf(l, l.length * 2);
                    pairs[k] = l;
                }
                l[count[k]++] = it;
                l[count[k]++] = run.weights[e];
            }
        });
        int[][] out = new int[rows.length][];
        for (int k = 0; k < rows.length; k++) {
            out[k] = pairs[k] == null ? NO_ITERATIONS : nonZeroIterations(pairs[k], count[k] / 2);
        }
        return out;
    }

    static final int[] NO_ITERATIONS = new int[0];

    /** The distinct iterations of n (iteration, weight) pairs whose weights do not sum to 0, ascending. */
    private static int[] nonZeroIterations(long[] pairs, int n) {
        int[] out = new int[n];
        return Arrays.copyOf(out, sumPerIteration(pairs, n, out, null));
    }

    /**
     * Visits, for every row of {@code rows} that can be stored here, every entry of that row in every
     * run: the packable rows are sorted once, then each run is swept in their order, each row found
     * by galloping from the previous one's position.
     */
    private void sweep(Row[] rows, int from, TraceSweep.Entry action) {
        if (!holds || rows.length == 0) {
            return;
        }
        Probes p = probes(rows);
        if (p.run != null) {
            sweepRuns(runs(from, Integer.MAX_VALUE), p.run, p.pos, action);
        }
    }

    /**
     * Rows to look up in traces of one arity, packed and sorted once: those that can be stored in
     * such a trace (packable, of the arity) as a run ({@code run}, null when none can) and the
     * position among the rows given of each of its entries ({@code pos[i]} for entry i).
     */
    public static final class Probes {
        final Row[] rows;
        final int arity;
        final int count;
        final Run run;
        final int[] pos;

        private Probes(Row[] rows, int arity, Run run, int[] pos) {
            this(rows, arity, rows.length, run, pos);
        }

        /** Probes of {@code count} rows (rows null: packed only, for traces of this arity). */
        private Probes(Row[] rows, int arity, int count, Run run, int[] pos) {
            this.rows = rows;
            this.arity = arity;
            this.count = count;
            this.run = run;
            this.pos = pos;
        }
    }

    /** The rows packed and sorted for lookups in this trace and in others of its arity. */
    public Probes probes(Row[] rows) {
        int n = rows.length;
        int s = arity + 1;
        long[] buf = new long[n * s];
        int[] at = new int[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            Row r = rows[i];
            if (r.size() == arity && Cells.encode(r, buf, k * s, true)) {
                at[k++] = i; // packable: may be stored here (else nothing is visited for it)
            }
        }
        int[] order = new int[k];
        boolean anyTag = false;
        for (int i = 0; i < k; i++) {
            order[i] = i;
            anyTag |= buf[i * s] != 0;
        }
        RowSort.sort(order, buf, s);
        // probes of integers only leave the tag word out, as the runs of such rows do: compared in place
        int stride = anyTag ? s : arity;
        int skip = anyTag ? 0 : 1;
        long[] words = new long[k * stride];
        int[] pos = new int[k];
        for (int i = 0; i < k; i++) {
            System.arraycopy(buf, order[i] * s + skip, words, i * stride, stride);
            pos[i] = at[order[i]];
        }
        return new Probes(rows, arity, k == 0 ? null : new Run(arity, anyTag, words, new long[k], k), pos);
    }

    /** {@link TraceSweep#sweepRuns} of this trace's rows ({@link #arity}). */
    private void sweepRuns(Run[] runs, Run probes, int[] pos, TraceSweep.Entry action) {
        TraceSweep.sweepRuns(arity, runs, probes, pos, action);
    }

    private long[] probe(Row r) {
        if (!holds || r.size() != arity) {
            return null;
        }
        long[] p = new long[arity + 2];
        return Cells.encode(r, p, 0, true) ? p : null;
    }

    /** The iterations i ≥ {@code from} at which the row has a non-zero X_i, ascending. */
    public int[] iterations(Row r, int from) {
        long[] p = probe(r);
        if (p == null) {
            return new int[0];
        }
        java.util.TreeMap<Long, Long> at = new java.util.TreeMap<>();
        for (Run run : runs(from, Integer.MAX_VALUE)) {
            if (!run.tagged && p[0] != 0) {
                continue;
            }
            for (int e = firstSearched(run, p); e < run.n && compareRow(run, e, p) == 0; e++) {
                long it = run.words[run.cells(e) + arity];
                if (it >= from) {
                    at.merge(it, run.weights[e], (x, y) -> x + y == 0 ? null : x + y);
                }
            }
        }
        int[] out = new int[at.size()];
        int k = 0;
        for (long it : at.keySet()) {
            out[k++] = (int) it;
        }
        return out;
    }

    private int firstSearched(Run run, long[] p) {
        int lo = 0;
        int hi = run.n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (compareRow(run, mid, p) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The sum of the weights of the row {@code p} (logical words) at iterations from..upTo. */
    private long sum(long[] p, int from, int upTo) {
        long w = 0;
        for (Run run : runs(from, upTo)) {
            w = Math.addExact(w, weightIn(run, p, from, upTo));
        }
        return w;
    }

    /** The weights of the row p's entries at iterations from..upTo, its first entry at {@code at}. */
    private long sumFrom(Run run, int at, long[] p, int from, int upTo) {
        long w = 0;
        for (int i = at; i < run.n && compareRow(run, i, p) == 0; i++) {
            long it = run.words[run.cells(i) + arity];
            if (it > upTo) {
                break;
            }
            if (it >= from) {
                w = Math.addExact(w, run.weights[i]);
            }
        }
        return w;
    }

    private long weightIn(Run run, long[] p, int from, int upTo) {
        if (!run.tagged && p[0] != 0) {
            return 0;
        }
        return sumFrom(run, firstSearched(run, p), p, from, upTo);
    }

    /** Compares the row part (tag word and the row's cells, not the iteration) of entry i with {@code p}. */
    private int compareRow(Run run, int i, long[] p) {
        int c = Long.compare(run.tag(i), p[0]);
        if (c != 0) {
            return c;
        }
        int at = run.cells(i);
        for (int k = 0; k < arity; k++) {
            c = Long.compare(run.words[at + k], p[1 + k]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Compares the row part (tag word and the row's cells, not the iteration) of entry i of a with entry j of b. */
    private int compareRows(Run a, int i, Run b, int j) {
        return Run.comparePrefix(a, i, b, j, arity);
    }

    /** The rows of S(upTo) with their non-zero weights, in order of their packed words. */
    public <E extends Exception> void forEach(int upTo, ZSet.RowWeightX<E> action) throws E {
        forEach(0, upTo, action);
    }

    /** The rows of Σ_{from ≤ i ≤ upTo} X_i with their non-zero weights, in order of their packed words. */
    public <E extends Exception> void forEach(int from, int upTo, ZSet.RowWeightX<E> action) throws E {
        if (!holds || zeroBetween(from, upTo)) {
            return; // nothing stored, or every X_i read is zero: no entry to visit
        }
        Run.forEachGroup(runs(from, upTo), this::compareRows, (runs, at, end, first) -> {
            long w = 0;
            for (int i = 0; i < runs.length; i++) {
                Run run = runs[i];
                for (int p = at[i]; p < end[i]; p++) {
                    long it = run.words[run.cells(p) + arity];
                    if (it <= upTo && it >= from) {
                        w = Math.addExact(w, run.weights[p]);
                    }
                }
            }
            if (w != 0) {
                Run m = runs[first];
                int row = at[first];
                action.accept(Cells.decode(m.tag(row), m.words, m.cells(row), arity), w);
            }
        });
    }

    /** S(upTo) as a Z-set whose size is known ({@code size}: its number of rows of non-zero weight), read from this version. */
    public ZSet upTo(int upTo, int size) {
        return new Cell(this).upTo(upTo, size);
    }

    /**
     * The latest version of a trace during one outer step, which the values read from it during that
     * step share: a value read at iteration j covers iterations up to j, and the versions that follow
     * within the step only add entries at later iterations, so they all read the same rows from the
     * latest version — and the intermediate versions, with the runs merged away since, are not kept
     * alive by them. The next outer step starts a new cell; the values of earlier steps keep reading
     * their step's last version.
     */
    public static final class Cell {
        private NestedTrace version;

        public Cell(NestedTrace version) {
            this.version = version;
        }

        public NestedTrace get() {
            return version;
        }

        /** The next version of the same step: it may only add entries at iterations after those of every value read so far. */
        public void set(NestedTrace next) {
            version = next;
        }

        /** S(upTo) as a Z-set of {@code size} rows. */
        public ZSet upTo(int upTo, int size) {
            return ZSet.accumulated(this, 0, upTo, size);
        }

        /** X_j alone as a Z-set of {@code size} rows. */
        public ZSet at(int j, int size) {
            return ZSet.accumulated(this, j, j, size);
        }
    }

    /** (row, iteration, weight) triples appended to one growing buffer: an addition's sweep's entries after j. */
    private static final class Triples {
        long[] words = new long[48];
        /** Words used: three per triple. */
        int n;

        void add(long row, long iteration, long weight) {
            if (n + 3 > words.length) {
                words = Arrays.copyOf(words, words.length * 2);
            }
            words[n] = row;
            words[n + 1] = iteration;
            words[n + 2] = weight;
            n += 3;
        }
    }

    /** What {@link #forEachRun} visits of a slice of one run: see there. */
    @FunctionalInterface
    public interface RunEntries {
        void accept(int width, long[] keys, int rows, int[] start, int[] iterations, long[] weights, boolean firstRun);
    }

    /** About how many entries of a run {@link #forEachRun} visits together (extended to the end of the row that crosses it). */
    static final int SLICE = 1 << 15;

    /**
     * Visits the entries of every run of this trace, one run at a time and each in slices of about
     * {@link #SLICE} entries (a row may have entries in several runs; its weight at an iteration is their
     * sum): a slice's rows, {@code rows} of them (distinct within a run, and each with all its entries of
     * the run in the slice), their logical words ({@code width = arity + 1} per row: tag word and cells, as
     * {@link TraceRows#keys} holds them) in {@code keys}, and row r's entries at positions {@code start[r]}
     * to {@code start[r + 1] − 1} of {@code iterations} and {@code weights}, ascending by iteration;
     * {@code firstRun}: whether the slice is of the first run visited (whose rows no earlier slice holds).
     * The arrays are reused from slice to slice (so they stay in the cache): read them during the call.
     * (For an index of the trace by row built by its owner: {@code ops.TraceIndex}.)
     */
    public void forEachRun(RunEntries action) {
        if (!holds) {
            return;
        }
        int s = arity + 1;
        long[] keys = new long[0];
        int[] start = new int[0];
        int[] its = new int[0];
        long[] ws = new long[0];
        boolean first = true;
        for (Run run : allRuns()) { // (either layout: one spine, or one per iteration)
            int n = run.n;
            for (int from = 0; from < n;) {
                // the slice: whole rows from `from`, at least one, up to about SLICE entries
                int to = Math.min(n, from + SLICE);
                while (to < n && compareRows(run, to - 1, run, to) == 0) {
                    to++;
                }
                int m = to - from;
                if (its.length < m) {
                    keys = new long[m * s];
                    start = new int[m + 1];
                    its = new int[m];
                    ws = new long[m];
                }
                int rows = 0;
                for (int e = from; e < to; e++) {
                    if (e == from || compareRows(run, e - 1, run, e) != 0) {
                        keys[rows * s] = run.tag(e);
                        System.arraycopy(run.words, run.cells(e), keys, rows * s + 1, arity);
                        start[rows++] = e - from;
                    }
                    its[e - from] = (int) run.words[run.cells(e) + arity];
                    ws[e - from] = run.weights[e];
                }
                start[rows] = m;
                action.accept(s, keys, rows, start, its, ws, first);
                from = to;
            }
            first = false;
        }
    }

    /**
     * At least as many as the distinct rows with an entry here, and about as many when one run holds most
     * entries: the distinct rows of the largest run plus the entries of the others (one sequential pass
     * over the largest run).
     */
    public long rowsAtMost() {
        if (!holds) {
            return 0;
        }
        Run[] rs = allRuns();
        Run big = null;
        long n = 0;
        for (Run r : rs) {
            n += r.n;
            big = big == null || r.n > big.n ? r : big;
        }
        if (big == null || big.n == 0) {
            return n;
        }
        long rows = 1;
        for (int e = 1; e < big.n; e++) {
            rows += compareRows(big, e - 1, big, e) != 0 ? 1 : 0;
        }
        return n - big.n + rows;
    }
}
