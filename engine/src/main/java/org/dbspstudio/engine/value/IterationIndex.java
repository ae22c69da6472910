package org.dbspstudio.engine.value;

import org.dbspstudio.model.types.Row;

/**
 * A stream's values at every inner iteration, indexed by a key of plain columns: per label (the
 * iteration whose value the entries belong to), the entries {@code (key cells, other cells) →
 * weight} of rows of non-null integers only, held as sorted runs merged geometrically (as a
 * {@link Spine}: appending a change costs a sort of the change and O(log n) rewrites of each entry
 * over the index's life), so that the rows of one value under one key are contiguous in every run
 * of that label: a lookup of (key, label) is one search per run of the label and a scan of its
 * matches. Merging consolidates equal entries and drops those whose weights cancel, so a label
 * holds exactly the sum of the changes added at it.
 *
 * <p>One spine per label rather than one for all labels (with the label as a column after the key,
 * as first built): a change is added at one label, so merging it rewrites only that label's entries,
 * and the first outer step, which adds one change per label, merges nothing at all (B3: 1.25M
 * entries, rewritten about five times each by the geometric merges of one spine, 5% of the first
 * step's JFR samples); a lookup searches runs of its own label only, and an entry has no label word.
 *
 * <p>It replaces, for a stream kept per iteration across outer steps (the closure's
 * {@code zo_I_2}), one arrangement per iteration of row objects in hash batches
 * ({@code IndexedZSet}), each updated by the stream's outer change there: here every iteration's
 * change is one sorted run of words appended to the same spine. Mutable: one version, the latest.
 */
public final class IterationIndex {
    /** Merge the newest runs while the one before is at most this many times larger. */

    private final int arity;
    /** The key columns, in key order. */
    private final int[] keys;
    /** The other columns, ascending. */
    private final int[] others;
    /** Words per entry: the key cells, the other cells. */
    private final int stride;
    /**
     * Per label, its runs (oldest, largest first) and the merges in flight among them, merged as a
     * spine's are, a slice per addition ({@link MergingRuns}); empty for a label never added to.
     */
    private final java.util.ArrayList<MergingRuns> runs = new java.util.ArrayList<>();
    /** Per label, the keys its entries may have ({@link KeyFilter}); null for a label never added to. */
    private final java.util.ArrayList<KeyFilter> filters = new java.util.ArrayList<>();
    private Run lastAdded;
    /**
     * Per entry word, the least and greatest value ever added (at any label; entries merged or
     * cancelled since leave them as they were): bounds of every entry held, which {@link #join}
     * packs its output rows by. Null before the first addition.
     */
    private long[] low;
    private long[] high;
    /** The number of matches the last {@link #join} wrote. */
    private int joinMatches;

    /** An index of rows of {@code arity} columns on the plain columns {@code keyColumns}; null when they cannot be indexed so. */
    public static IterationIndex of(int arity, int[] keyColumns) {
        if (keyColumns == null || keyColumns.length == 0 || !Cells.packable(arity + 1)) {
            return null;
        }
        boolean[] isKey = new boolean[arity];
        for (int c : keyColumns) {
            if (c < 0 || c >= arity || isKey[c]) {
                return null;
            }
            isKey[c] = true;
        }
        int[] others = new int[arity - keyColumns.length];
        int m = 0;
        for (int c = 0; c < arity; c++) {
            if (!isKey[c]) {
                others[m++] = c;
            }
        }
        return new IterationIndex(arity, keyColumns.clone(), others);
    }

    private IterationIndex(int arity, int[] keys, int[] others) {
        this.arity = arity;
        this.keys = keys;
        this.others = others;
        this.stride = arity;
    }

    /**
     * Adds {@code change} at {@code label}; false (nothing added) when a row is not of the index's
     * arity or holds anything but non-null integers ({@code Long}).
     */
    public boolean add(ZSet change, int label) {
        int n = change.size();
        lastAdded = null;
        if (n == 0) {
            return true;
        }
        Spine sp = change.spine;
        if (keys.length == 1 && sp != null && sp.runs.length == 1 && sp.arity == arity && !sp.runs[0].tagged) {
            Run byKey = byKeyColumn(sp.runs[0]);
            if (byKey != null) {
                COUNTED.incrementAndGet();
                lastAdded = byKey;
                append(byKey, label);
                return true;
            }
        }
        long[] words = new long[n * stride];
        long[] ws = new long[n];
        boolean[] ok = {true};
        if (sp != null && sp.runs.length == 1 && sp.arity == arity && !sp.runs[0].tagged) {
            // one run of rows of integers (H's output, a packed join's): the cells read in place, no row decoded
            entriesOf(sp.runs[0], words, ws, n);
        } else {
            int[] k = {0};
            change.forEach((r, w) -> {
                if (!ok[0]) {
                    return;
                }
                int at = k[0] * stride;
                if (r.size() != arity || !write(r, words, at)) {
                    ok[0] = false;
                    return;
                }
                ws[k[0]++] = w;
            });
        }
        if (!ok[0]) {
            return false;
        }
        // the change's ranges serve the sort and the index's bounds (no second pass over its words)
        long[][] ranges = RowSort.wordRanges(null, words, stride, n);
        widen(ranges[0], ranges[1]);
        int posBits = 32 - Integer.numberOfLeadingZeros(n - 1);
        int[] bits = n > 1 ? RowSort.fieldBits(ranges[0], ranges[1], stride, posBits) : null;
        if (bits != null) {
            // each entry one long, sorted, and the run decoded from the longs: no entry's words gathered
            // from the unsorted buffer in sorted order (a cache miss each once it outgrows the cache)
            long[] keys = RowSort.sortedKeys(words, stride, null, n, ranges[0], bits, posBits);
            boolean same = true;
            for (int i = 1; i < n && same; i++) {
                same = ws[i] == ws[0];
            }
            // the rows of a Z-set are distinct, their weights not zero: decoding keeps every entry
            lastAdded = RowSort.decode(keys, ws, n, stride, ranges[0], bits, posBits, same);
            append(lastAdded, label);
            return true;
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        RowSort.sort(order, words, stride, ranges);
        long[] sw = new long[n * stride];
        long[] sws = new long[n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(words, order[i] * stride, sw, i * stride, stride);
            sws[i] = ws[order[i]];
        }
        // the rows of a Z-set are distinct: so are the entries
        lastAdded = new Run(stride, false, sw, sws, n);
        append(lastAdded, label);
        return true;
    }

    /** How many additions placed their entries by counting ({@link #byKeyColumn}; for tests). */
    static final java.util.concurrent.atomic.AtomicLong COUNTED = new java.util.concurrent.atomic.AtomicLong();

    /** A run's key cells may span at most this many values per entry (and 1,024 more) to be placed by counting ({@link #byKeyColumn}). */
    static final int COUNTING_SPAN = 2;

    /**
     * The entries of run r (rows of integers in ascending order: H's output, a packed join's) on a key of
     * one column, placed by counting its key cells (one pass to count, one to place), when those span
     * few values for the run's size; null otherwise (the caller sorts). Rows with equal key cells keep
     * the run's order, which is their order on the other cells (the key cell, equal among them, decides
     * nothing in the row's order): each entry lands where the sort would put it, and nothing is decoded.
     * Widens the index's bounds by the entries' words.
     */
    private Run byKeyColumn(Run r) {
        int n = r.n;
        int a = arity;
        int kc = keys[0];
        long[] src = r.words;
        long kmin = Long.MAX_VALUE;
        long kmax = Long.MIN_VALUE;
        for (int q = 0, at = kc; q < n; q++, at += a) {
            long v = src[at];
            kmin = Math.min(kmin, v);
            kmax = Math.max(kmax, v);
        }
        long span = kmax - kmin;
        if (span < 0 || span >= (long) COUNTING_SPAN * n + 1024) {
            return null;
        }
        int[] start = new int[(int) span + 2];
        for (int q = 0, at = kc; q < n; q++, at += a) {
            start[(int) (src[at] - kmin) + 1]++;
        }
        for (int i = 1; i < start.length; i++) {
            start[i] += start[i - 1];
        }
        int oc = others.length;
        long[] min = new long[stride];
        long[] max = new long[stride];
        min[0] = kmin;
        max[0] = kmax;
        for (int i = 0; i < oc; i++) {
            min[1 + i] = Long.MAX_VALUE;
            max[1 + i] = Long.MIN_VALUE;
        }
        long[] words = new long[n * stride];
        long[] ws = new long[n];
        long[] rw = r.weights;
        for (int q = 0, at = 0; q < n; q++, at += a) {
            long v = src[at + kc];
            int p = start[(int) (v - kmin)]++;
            int o = p * stride;
            words[o] = v;
            for (int i = 0; i < oc; i++) {
                long x = src[at + others[i]];
                words[o + 1 + i] = x;
                min[1 + i] = Math.min(min[1 + i], x);
                max[1 + i] = Math.max(max[1 + i], x);
            }
            ws[p] = rw[q];
        }
        widen(min, max);
        // the rows of a Z-set are distinct: so are the entries
        return new Run(stride, false, words, ws, n);
    }

    /** Widens {@link #low} and {@link #high} to the least and greatest words of an addition, per word. */
    private void widen(long[] min, long[] max) {
        if (low == null) {
            low = min.clone();
            high = max.clone();
            return;
        }
        for (int c = 0; c < stride; c++) {
            low[c] = Math.min(low[c], min[c]);
            high[c] = Math.max(high[c], max[c]);
        }
    }

    /** Writes the entries of the n rows of run r (no tag words: integers only) into {@code words} and {@code ws}. */
    private void entriesOf(Run r, long[] words, long[] ws, int n) {
        long[] src = r.words;
        int kl = keys.length;
        for (int q = 0; q < n; q++) {
            int from = q * arity;
            int at = q * stride;
            for (int i = 0; i < kl; i++) {
                words[at + i] = src[from + keys[i]];
            }
            for (int i = 0; i < others.length; i++) {
                words[at + kl + i] = src[from + others[i]];
            }
        }
        System.arraycopy(r.weights, 0, ws, 0, n);
    }

    /** Writes the entry words of row r; false when a cell is not a Long. */
    private boolean write(Row r, long[] words, int at) {
        for (int i = 0; i < keys.length; i++) {
            if (!(r.get(keys[i]) instanceof Long v)) {
                return false;
            }
            words[at + i] = v;
        }
        for (int i = 0; i < others.length; i++) {
            if (!(r.get(others[i]) instanceof Long v)) {
                return false;
            }
            words[at + keys.length + i] = v;
        }
        return true;
    }

    /** The runs of {@code label} (none when nothing was added there). */
    private Run[] runsOf(int label) {
        return label >= 0 && label < runs.size() ? runs.get(label).runs : MergingRuns.EMPTY.runs;
    }

    private void append(Run d, int label) {
        if (label < 0) {
            throw new IllegalArgumentException("iteration " + label + " is not an inner iteration (0 or more)");
        }
        while (runs.size() <= label) {
            runs.add(MergingRuns.EMPTY);
            filters.add(null);
        }
        MergingRuns now = runs.get(label).plus(d);
        runs.set(label, now);
        KeyFilter f = filters.get(label);
        if (f == null) {
            f = new KeyFilter(KeyFilter.logBitsFor(KeyFilter.distinctKeys(d, keys.length)));
            filters.set(label, f);
        }
        f.addKeys(d, keys.length);
        if (f.crowded()) {
            // rebuilt from the label's entries (keys whose entries all cancelled since drop out), larger
            KeyFilter g = new KeyFilter(KeyFilter.logBitsFor(2 * f.set));
            for (Run r : now.runs) {
                g.addKeys(r, keys.length);
            }
            filters.set(label, g);
        }
    }

    /** The key filter of {@code label} (null: nothing was ever added there). */
    private KeyFilter filterOf(int label) {
        return label >= 0 && label < filters.size() ? filters.get(label) : null;
    }

    /** What a lookup finds for probe k: a row of the indexed stream and its weight. */
    @FunctionalInterface
    public interface Match<E extends Exception> {
        void accept(int k, Row row, long weight) throws E;
    }

    /**
     * Visits, for each probe k, the rows held at {@code label} under the key {@code keys[k]} (the key
     * columns' values, in key order; null or a value not a Long: none) with their weights. The probes
     * are packed and sorted once and each run is swept in their order, each found by galloping from
     * the previous one's position. With {@code only} (the run the last {@link #add} at {@code label}
     * appended, when the label held nothing before it: {@link #lastAdded}), that run alone is searched.
     * Entries of one row in several runs are visited once per run (their weights add up).
     */
    public <E extends Exception> void lookup(Object[][] keys, int label, Object only, Match<E> match) throws E {
        lookup(probes(keys), label, only, match);
    }

    /** What a lookup finds for probe k, in place: an entry's words from {@code at} (see {@link #offset}) and its weight. */
    @FunctionalInterface
    public interface EntryMatch<E extends Exception> {
        void accept(int k, long[] words, int at, long weight) throws E;
    }

    /** Where column {@code col} of an indexed row lies in an entry's words (from the entry's first word). */
    public int offset(int col) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] == col) {
                return i;
            }
        }
        for (int i = 0; i < others.length; i++) {
            if (others[i] == col) {
                return keys.length + i;
            }
        }
        throw new IllegalArgumentException("no column " + col);
    }

    /** {@link #lookup} visiting each match's words in place (no row built). */
    public <E extends Exception> void lookupEntries(Object[][] keys, int label, Object only, EntryMatch<E> match) throws E {
        lookupEntries(probes(keys), label, only, match);
    }

    /** {@link #lookup(Object[][], int, Object, Match)} with probes prepared by {@link #probes}. */
    public <E extends Exception> void lookup(Probes prepared, int label, Object only, Match<E> match) throws E {
        lookupEntries(prepared, label, only, (k, words, at, w) -> match.accept(k, row(words, at), w));
    }

    private void requireKeyLength(Probes prepared) {
        if (prepared.keyLength != this.keys.length) {
            throw new IllegalArgumentException("probes of " + prepared.keyLength + " key columns, index of " + this.keys.length);
        }
    }

    /** {@link #lookupEntries(Object[][], int, Object, EntryMatch)} with probes prepared by {@link #probes}. */
    public <E extends Exception> void lookupEntries(Probes prepared, int label, Object only, EntryMatch<E> match) throws E {
        requireKeyLength(prepared);
        Run[] searched = only instanceof Run r ? new Run[] {r} : runsOf(label);
        if (searched.length == 0) {
            return;
        }
        int[] pos = prepared.pos;
        Run probes = prepared.run;
        KeyFilter f = filterOf(label);
        if (probes == null || !prepared.anyMayBeIn(f)) {
            return;
        }
        long[] hashes = prepared.hashes;
        int s = this.keys.length;
        int m = probes.n;
        for (Run run : searched) {
            int lo = 0;
            for (int i = 0; i < m && lo < run.n; i++) {
                if (f != null && !f.mayHold(hashes[i])) {
                    continue; // no entry under this key at the label (the next probe's still start at or after lo)
                }
                lo = Run.seekPrefix(run, lo, probes, i, s);
                // the next probe is not smaller: its matches start at or after these
                for (int e = lo; e < run.n && Run.comparePrefix(run, e, probes, i, s) == 0; e++) {
                    match.accept(pos[i], run.words, e * stride, run.weights[e]);
                }
            }
        }
    }

    /**
     * Probes' keys packed and sorted ({@link #probes}) for lookups and joins of any label of an index
     * with the same key length: a join probing with the same rows at every iteration (the closure's
     * edges at the first step, 3,000 rows at each of its 48 iterations) prepares them once.
     */
    public static final class Probes {
        /** The keys' words, sorted; null when no key is of the index's key length and all Longs. */
        final Run run;
        /** pos[i]: the probe of the run's i-th key. */
        final int[] pos;
        final int keyLength;
        /** hashes[i]: the {@link KeyFilter} hash of the run's i-th key (null when there is no run). */
        final long[] hashes;

        private Probes(Run run, int[] pos, int keyLength) {
            this.run = run;
            this.pos = pos;
            this.keyLength = keyLength;
            if (run == null) {
                hashes = null;
            } else {
                hashes = new long[run.n];
                for (int i = 0; i < run.n; i++) {
                    hashes[i] = KeyFilter.hash(run.words, i * keyLength, keyLength);
                }
            }
        }

        /** Whether some probe's key may have entries where {@code f} filters (null: no filter, every key may). */
        boolean anyMayBeIn(KeyFilter f) {
            if (f == null || run == null) {
                return true;
            }
            for (long h : hashes) {
                if (f.mayHold(h)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The keys {@code keys[k]} (see {@link #lookup}) packed and sorted once, for {@link #join} and {@link #lookupEntries}. */
    public Probes probes(Object[][] keys) {
        int[] pos = new int[keys.length];
        Run run = sortedProbes(keys, pos);
        return new Probes(run, pos, this.keys.length);
    }

    /**
     * The probes' keys (those of the index's key length, all Longs) packed and sorted, as a run of
     * key words; {@code pos[i]} is set to the probe of the run's i-th key. Null when no key is such.
     */
    private Run sortedProbes(Object[][] keys, int[] pos) {
        int kl = this.keys.length;
        int s = kl;
        long[] buf = new long[keys.length * s];
        int[] at = new int[keys.length];
        int m = 0;
        probes:
        for (int k = 0; k < keys.length; k++) {
            Object[] key = keys[k];
            if (key == null || key.length != kl) {
                continue;
            }
            for (int i = 0; i < kl; i++) {
                if (!(key[i] instanceof Long v)) {
                    continue probes;
                }
                buf[m * s + i] = v;
            }
            at[m++] = k;
        }
        if (m == 0) {
            return null;
        }
        int[] order = new int[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        RowSort.sort(order, buf, s);
        long[] words = new long[m * s];
        for (int i = 0; i < m; i++) {
            System.arraycopy(buf, order[i] * s, words, i * s, s);
            pos[i] = at[order[i]];
        }
        return new Run(s, false, words, new long[m], m);
    }

    /**
     * The join of the probes with the rows held at {@code label} (as {@link #lookupEntries}: probe k's
     * key {@code keys[k]}, {@code only} the run to search alone), written as rows of integers of
     * {@code fromEntry.length} columns — column c the matched entry's word at {@code outAt[c]} when
     * {@code fromEntry[c]}, else {@code probeCols[c][k]} — each of weight (the entry's) × {@code pw[k]},
     * consolidated into one sorted run. Each match is written as one long — its columns' offsets from
     * their bounds ({@link #low}, {@link #high} for an entry's word, the probes' own least and greatest
     * value for theirs) above the match's number — and the longs are sorted ({@link RowSort#sortKeys})
     * and decoded: no words written per match and no pass to find the columns' ranges. Null when the
     * columns' bounds and the matches' numbers do not fit in 63 bits (the caller then writes words).
     */
    public ZSet join(Object[][] keys, long[] pw, int label, Object only, boolean[] fromEntry, int[] outAt,
                     long[][] probeCols, int sizeHint) {
        return join(probes(keys), pw, label, only, fromEntry, outAt, probeCols, sizeHint);
    }

    /** {@link #join(Object[][], long[], int, Object, boolean[], int[], long[][], int)} with probes prepared by {@link #probes}. */
    public ZSet join(Probes prepared, long[] pw, int label, Object only, boolean[] fromEntry, int[] outAt,
                     long[][] probeCols, int sizeHint) {
        requireKeyLength(prepared);
        joinMatches = 0;
        Run[] searched = only instanceof Run r ? new Run[] {r} : runsOf(label);
        KeyFilter f = filterOf(label);
        if (searched.length == 0 || low == null || prepared.run == null || !prepared.anyMayBeIn(f)) {
            return ZSet.EMPTY; // no probe's key has entries at the label: no run searched, nothing allocated
        }
        int cols = fromEntry.length;
        long[] min = new long[cols];
        int[] bits = new int[cols];
        int rowBits = 0;
        for (int c = 0; c < cols; c++) {
            long lo;
            long hi;
            if (fromEntry[c]) {
                lo = low[outAt[c]];
                hi = high[outAt[c]];
            } else {
                lo = Long.MAX_VALUE;
                hi = Long.MIN_VALUE;
                for (long v : probeCols[c]) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                if (lo > hi) {
                    return ZSet.EMPTY; // no probe
                }
            }
            min[c] = lo;
            bits[c] = 64 - Long.numberOfLeadingZeros(hi - lo);
            rowBits += bits[c];
            if (rowBits > 62) {
                return null;
            }
        }
        int posBits = Math.min(31, 63 - rowBits);
        int limit = posBits == 31 ? Integer.MAX_VALUE - 8 : 1 << posBits;
        int[] pos = prepared.pos;
        Run probes = prepared.run;
        if (probes == null) {
            return ZSet.EMPTY;
        }
        int s = this.keys.length;
        int m = probes.n;
        long[] pk = probes.words; // the probes' keys: s words each, untagged as the entries are
        // the entry's output columns: their words, shifts and bounds, so the match loop tests no flag
        int ec = 0;
        for (boolean fe : fromEntry) {
            ec += fe ? 1 : 0;
        }
        int[] eAt = new int[ec];
        int[] eShift = new int[ec];
        long[] eMin = new long[ec];
        int[] pShift = new int[cols - ec];
        long[] pMin = new long[cols - ec];
        long[][] pCol = new long[cols - ec][];
        int shift = rowBits;
        for (int c = 0, x = 0, y = 0; c < cols; c++) {
            shift -= bits[c];
            if (fromEntry[c]) {
                eAt[x] = outAt[c];
                eShift[x] = shift + posBits;
                eMin[x++] = min[c];
            } else {
                pShift[y] = shift + posBits;
                pMin[y] = min[c];
                pCol[y++] = probeCols[c];
            }
        }
        long[] out = new long[Math.min(Math.max(16, sizeHint), limit)];
        long[] ws = new long[out.length];
        int n = 0;
        long w0 = 0;
        boolean sameWeight = true;
        long[] hashes = prepared.hashes;
        for (Run run : searched) {
            long[] words = run.words;
            long[] rw = run.weights;
            int rn = run.n;
            int lo = 0;
            for (int i = 0; i < m && lo < rn; i++) {
                if (f != null && !f.mayHold(hashes[i])) {
                    continue; // no entry under this key at the label
                }
                lo = Run.seekPrefix(run, lo, probes, i, s);
                int po = i * s;
                int end = lo;
                while (end < rn && samePrefix(words, end * stride, pk, po, s)) {
                    end++;
                }
                if (end == lo) {
                    continue; // no entry under this probe's key
                }
                int q = pos[i];
                long w = pw[q];
                // the probe's own columns, shifted into place once per probe
                long fixed = 0;
                for (int y = 0; y < pShift.length; y++) {
                    fixed |= (pCol[y][q] - pMin[y]) << pShift[y];
                }
                if (end - lo > out.length - n) {
                    if ((long) n + (end - lo) > limit) {
                        return null; // more matches than the bits left for their numbers
                    }
                    int cap = (int) Math.min(Math.max((long) n * 2, (long) n + (end - lo)), limit);
                    out = java.util.Arrays.copyOf(out, cap);
                    ws = java.util.Arrays.copyOf(ws, cap);
                }
                for (int e = lo; e < end; e++) {
                    int at = e * stride;
                    long k = fixed;
                    for (int x = 0; x < ec; x++) {
                        k |= (words[at + eAt[x]] - eMin[x]) << eShift[x];
                    }
                    out[n] = k | n;
                    long we = Math.multiplyExact(rw[e], w);
                    ws[n] = we;
                    if (n == 0) {
                        w0 = we;
                    } else if (we != w0) {
                        sameWeight = false;
                    }
                    n++;
                }
                // the next probe is not smaller: its matches start at or after these (lo stays: equal keys)
            }
        }
        joinMatches = n;
        if (n == 0) {
            return ZSet.EMPTY;
        }
        RowSort.sortKeys(out, n, posBits, posBits + rowBits);
        Run run = RowSort.decode(out, ws, n, cols, min, bits, posBits, sameWeight);
        return run.n == 0 ? ZSet.EMPTY : ZSet.ofSpine(Spine.of(run));
    }

    /** Whether the s words of an entry from {@code a} equal the probe's key from {@code b}. */
    private static boolean samePrefix(long[] x, int a, long[] y, int b, int s) {
        for (int k = 0; k < s; k++) {
            if (x[a + k] != y[b + k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The run the last {@link #add} appended (before any merge), which holds every entry of its label
     * when that label held nothing before: a lookup at that label may search it alone. Null when the
     * last addition added nothing.
     */
    public Object lastAdded() {
        return lastAdded;
    }

    private Row row(long[] w, int at) {
        Object[] vs = new Object[arity];
        for (int i = 0; i < keys.length; i++) {
            vs[keys[i]] = w[at + i];
        }
        int o = at + keys.length;
        for (int i = 0; i < others.length; i++) {
            vs[others[i]] = w[o + i];
        }
        return Row.wrap(vs);
    }

    /** The number of matches the last {@link #join} found (0 when it returned null before the end). */
    public int joinMatches() {
        return joinMatches;
    }

    /** Entries stored (an entry counted once per run holding it). */
    public long stored() {
        long s = 0;
        for (MergingRuns rs : runs) {
            for (Run r : rs.runs) {
                s += r.n;
            }
        }
        return s;
    }
}
