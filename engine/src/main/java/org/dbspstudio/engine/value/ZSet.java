package org.dbspstudio.engine.value;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;

/**
 * A Z-set: a finite map from rows to non-zero 64-bit weights (zero weights are never stored).
 * Immutable and persistent: {@code big.plus(small)} costs O(|small| log |big|) and shares the
 * rest of {@code big}, which is what keeps integration proportional to the change.
 */
public final class ZSet implements StreamValue {
    public static final ZSet EMPTY = new ZSet(PMap.empty(), null, null);

    /** Above this size, adding a much smaller Z-set goes through the persistent trie instead of copying. */
    static final int TRIE_THRESHOLD = 1024;

    /** Adds weights exactly; a zero sum removes the row. */
    static final BinaryOperator<Long> ADD = (a, b) -> {
        long s = Math.addExact(a, b);
        return s == 0 ? null : s;
    };

    /**
     * Exactly one of {@code map} (persistent trie), {@code flat} (hash table) and {@code spine}
     * (sorted runs of packed rows) is set.
     */
    private final PMap<Row, Long> map;
    private final FlatRows flat;
    final Spine spine;
    /** Or rows as columns of cells ({@link CellBatch}: a source's changes and what linear operators make of them). */
    private final CellBatch cells;
    /**
     * Or a running sum not added up yet ({@link #plusDeferred}): the previous sum plus a change,
     * computed (into {@link #solid}) when something first reads the value.
     */
    final DeferredSum pending;
    /**
     * Or none of them, and the value is read by accumulation from a nested-time trace: the rows of
     * {@code nested} up to iteration {@code upTo} ({@link NestedTrace}), {@code nestedSize} of them.
     */
    final NestedTrace.Cell nested;
    private final int from;
    private final int upTo;
    private final int nestedSize;
    /**
     * The nested form copied into a flat table, or a deferred sum added up, once some operation
     * needs it. Volatile: the engine's thread and the debugger's reader threads may ask for it at
     * once (the deferred sum is added up under this value's lock and published through this field).
     */
    volatile ZSet solid;

    private ZSet(PMap<Row, Long> map, FlatRows flat) {
        this(map, flat, null);
    }

    private ZSet(PMap<Row, Long> map, FlatRows flat, Spine spine) {
        this.map = map;
        this.flat = flat;
        this.spine = spine;
        this.cells = null;
        this.pending = null;
        this.nested = null;
        this.from = 0;
        this.upTo = 0;
        this.nestedSize = 0;
    }

    private ZSet(CellBatch cells) {
        this.map = null;
        this.flat = null;
        this.spine = null;
        this.cells = cells;
        this.pending = null;
        this.nested = null;
        this.from = 0;
        this.upTo = 0;
        this.nestedSize = 0;
    }

    ZSet(DeferredSum pending) {
        this.map = null;
        this.flat = null;
        this.spine = null;
        this.cells = null;
        this.pending = pending;
        this.nested = null;
        this.from = 0;
        this.upTo = 0;
        this.nestedSize = 0;
    }

    /**
     * this + o for a running sum (a top-level integral's) that may go unread: the addition is
     * deferred — the result holds this sum and the change — and done, as {@link #plusIntegrated}
     * would have done it, once some operator reads the sum; when several sums of a chain were not
     * read, their changes are added as one (packed straight from their cells when they are batches
     * of cells), and once the changes not added up reach 1/16 of the sum they start from (at least
     * 65,536 rows, or 4,096 changes) they are added up — or, when they are many against a small sum
     * and consolidate to half as many rows or fewer, kept deferred as one change. A sum nobody
     * reads (an integral read only through an arrangement maintained from its changes) thus costs
     * its changes' references, not the sorted runs' counting and merging at every step; a sum read
     * at every step (even one step late, as an aggregate reads its input's previous value) costs
     * what {@link #plusIntegrated} costs.
     */
    public ZSet plusDeferred(ZSet o) {
        return DeferredSum.plus(this, o);
    }

    /**
     * {@link #plusDeferred} for a running sum whose chain of changes may grow to {@code budget} rows
     * whatever the sum's size before it is dealt with (the chain is added up, or consolidated, once it
     * also exceeds the share of the sum a top-level integral's chain may reach).
     */
    public ZSet plusDeferred(ZSet o, long budget) {
        return DeferredSum.plus(this, o, budget);
    }

    /**
     * {@link #plusDeferred} for an inner running sum of a nested circuit, which starts from zero at
     * every outer step: its chain may hold changes up to a budget of the heap
     * ({@code DeferredSum.INNER_BUDGET}: one row per KiB of the maximum heap) before it is dealt with.
     */
    public ZSet plusDeferredInner(ZSet o) {
        return DeferredSum.plus(this, o, DeferredSum.INNER_BUDGET);
    }

    /** Whether this value is a sum whose additions are deferred and not yet done. */
    public boolean deferred() {
        return pending != null && solid == null;
    }

    /**
     * The Z-set of the distinct rows {@code rows[order[q]]}, {@code from ≤ q < to} (at least one),
     * with weights {@code ws[order[q]]} (none 0) and hash codes {@code hs[order[q]]}: a flat table
     * filled without comparing rows (one key's rows of an index built from a Z-set).
     */
    static ZSet ofDistinct(Row[] rows, int[] hs, long[] ws, int[] order, int from, int to) {
        return new ZSet(null, FlatRows.ofDistinct(rows, hs, ws, order, from, to));
    }

    /**
     * The Z-set of {@code n} rows of {@code arity} non-null integers ({@link Cells#packable} arity)
     * given packed — {@code arity + 1} words each in {@code words}: a tag word 0, then the values —
     * with weights {@code ws} (none 0; a row may come several times): sorted once, equal rows
     * summed and cancelled ones dropped, and held as one sorted run (a join's output over integer
     * columns, {@code ops.CellJoins}). The arrays are taken over, not copied.
     */
    public static ZSet ofIntegerRows(int arity, long[] words, long[] ws, int n) {
        if (n == 0) {
            return EMPTY;
        }
        Run r = new Run.Builder(arity, words, ws, n).buildConsolidated();
        return r.n == 0 ? EMPTY : ofSpine(Spine.of(r));
    }

    /**
     * For a value held as one sorted run (its order of iteration is its rows' sorted order): the rows
     * for which {@code f(weight, other[k])} is not 0 — {@code other[k]} given for the k-th row — with
     * that as their weight, as one sorted run taken from this one's words (no row decoded, hashed or
     * probed: {@code H}'s output at rows whose earlier weights were looked up in their sorted order,
     * {@code NestedTrace.sortedWeights}). Null when this value is not one run.
     */
    public ZSet selectSorted(long[] other, java.util.function.LongBinaryOperator f) {
        return PackedSums.selectSorted(this, other, f);
    }

    /** The Z-set of a batch of cells (null: empty). */
    public static ZSet ofCells(CellBatch b) {
        return b == null || b.n == 0 ? EMPTY : new ZSet(b);
    }

    /** This value's rows as columns of cells, or null when it is held in another form. */
    public CellBatch cells() {
        return cells;
    }

    private ZSet(NestedTrace.Cell nested, int from, int upTo, int size) {
        this.map = null;
        this.flat = null;
        this.spine = null;
        this.cells = null;
        this.pending = null;
        this.nested = nested;
        this.from = from;
        this.upTo = upTo;
        this.nestedSize = size;
    }

    /**
     * The rows of {@code trace} accumulated up to iteration {@code upTo}, of which the caller knows
     * there are {@code size} with a non-zero weight (from iteration {@code from}): lookups and iteration read the trace's runs;
     * any other operation first copies the rows into a flat table.
     */
    static ZSet accumulated(NestedTrace.Cell trace, int from, int upTo, int size) {
        return new ZSet(trace, from, upTo, size);
    }

    /** The nested-time trace this value is read from (null when it is not {@link #accumulated()}). */
    public NestedTrace trace() {
        return nested == null ? null : nested.get();
    }

    /** The first iteration whose changes this value accumulates (when {@link #accumulated()}). */
    public int traceFrom() {
        return from;
    }

    /** The last iteration whose changes this value accumulates (when {@link #accumulated()}). */
    public int traceUpTo() {
        return upTo;
    }

    /** This value in one of the stored forms (a nested-time view copied into a flat table). */
    ZSet solid() {
        if (nested == null && cells == null && pending == null) {
            return this;
        }
        if (pending != null) {
            return DeferredSum.addUp(this);
        }
        ZSet s = solid;
        if (s == null) {
            if (cells != null) {
                s = new ZSet(null, CellConversions.flatOf(cells));
            } else {
                Builder b = new Builder(nestedSize);
                nested.get().forEach(from, upTo, b::add);
                s = b.build();
            }
            solid = s;
        }
        return s;
    }

    /** Whether this value is read by accumulation from a nested-time trace ({@link NestedTrace}). */
    public boolean accumulated() {
        return nested != null;
    }

    static ZSet ofSpine(Spine s) {
        return s == null || s.size == 0 ? EMPTY : new ZSet(null, null, s);
    }

    /** The persistent trie form (converted from the flat or packed form when needed). */
    private PMap<Row, Long> trie() {
        if (nested != null || cells != null || pending != null) {
            return solid().trie();
        }
        if (map != null) {
            return map;
        }
        // the rows are distinct: the trie is built whole, each node allocated once
        int n = size();
        Row[] rows = new Row[n];
        Long[] ws = new Long[n];
        int[] k = {0};
        forEach((r, w) -> {
            rows[k[0]] = r;
            ws[k[0]++] = w;
        });
        return PMap.ofDistinct(rows, ws, k[0]);
    }

    /** Whether the packed form is used for large values (on by default; off to compare in benchmarks). */
    static volatile boolean packed = !Boolean.getBoolean("dbsp.noPackedRows");

    /** Turns the packed form of large values on or off (benchmarks compare both; values already built keep theirs). */
    public static void usePackedRows(boolean on) {
        packed = on;
    }

    /** This value's rows as one sorted run (null when they cannot be packed: mixed arities, more than 16 columns). */
    Run run(int arity, long sign) {
        if (!Cells.packable(arity)) {
            return null;
        }
        if (cells != null) {
            // packed straight from the cells: no row decoded and encoded
            return cells.arity == arity ? CellRuns.pack(List.of(cells), sign) : null;
        }
        if (spine != null && spine.runs.length == 1 && spine.arity == arity) {
            // already one run (its rows' weights are its own): shared, not decoded and packed again
            Run r = spine.runs[0];
            return sign == 1 ? r : r.negate();
        }
        Run.Builder b = new Run.Builder(arity, size());
        boolean[] ok = {true};
        forEach((r, w) -> ok[0] &= b.add(r, sign * w));
        return ok[0] ? b.build() : null;
    }

    /** The arity of some row (of every row, when the value can be packed). */
    int arity() {
        if (spine != null) {
            return spine.arity;
        }
        if (nested != null) {
            return nested.get().arity;
        }
        if (pending != null) {
            return solid().arity();
        }
        if (cells != null) {
            return cells.arity;
        }
        Row[] first = {null};
        if (flat != null) {
            for (int i = 0; i < flat.used && first[0] == null; i++) {
                if (flat.weights[i] != 0) {
                    first[0] = flat.keys[i];
                }
            }
        } else {
            map.forEach((r, w) -> {
                if (first[0] == null) {
                    first[0] = r;
                }
            });
        }
        return first[0] == null ? 0 : first[0].size();
    }

    /** Receives one row and its weight. */
    @FunctionalInterface
    public interface RowWeight {
        void accept(Row row, long weight);
    }

    /** Receives one row and its weight; may throw a checked exception of type E. */
    @FunctionalInterface
    public interface RowWeightX<E extends Exception> {
        void accept(Row row, long weight) throws E;
    }

    public static ZSet of(Row row, long weight) {
        return builder().add(row, weight).build();
    }

    /**
     * The Z-set of a source's changes: consolidated, then held as columns of cells
     * ({@link CellBatch}) when the rows have one arity (of at most {@link CellBatch#MAX_ARITY}).
     */
    public static ZSet ofChanges(List<Change> changes) {
        Builder b = builder(changes.size());
        changes.forEach(c -> b.add(c.row(), c.weight()));
        return b.build().asCells();
    }

    /** This value as columns of cells when it is a flat table of rows of one arity; else itself. */
    public ZSet asCells() {
        if (flat == null || flat.size == 0) {
            return this;
        }
        CellBatch c = CellConversions.cellsOf(flat);
        if (c == null) {
            return this;
        }
        ZSet z = new ZSet(c);
        z.solid = this; // the flat table it came from answers lookups
        return z;
    }

    public static ZSet ofMap(Map<Row, Long> m) {
        Builder b = builder();
        m.forEach(b::add);
        return b.build();
    }

    public static Builder builder() {
        return new Builder(EMPTY);
    }

    /** A builder sized for about {@code expected} rows. */
    public static Builder builder(int expected) {
        return new Builder(expected);
    }

    /** A builder starting from this value (for applying many changes at once). */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * The weights of many rows, {@code out[k]} for {@code rows[k]}: a value read from a nested-time
     * trace looks them up together (sorted once, each run swept in order); others one by one.
     */
    public long[] weights(Row[] rows) {
        if (pending != null) {
            return solid().weights(rows);
        }
        if (nested != null) {
            return nested.get().weights(rows, from, upTo);
        }
        if (spine != null && rows.length >= 64) {
            return spine.weights(rows); // sorted once, each run swept in order
        }
        long[] out = new long[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = weight(rows[i]);
        }
        return out;
    }

    public long weight(Row row) {
        if (flat != null) {
            return flat.get(row);
        }
        if (cells != null || pending != null) {
            return solid().weight(row);
        }
        if (nested != null) {
            return nested.get().weight(row, from, upTo);
        }
        if (spine != null) {
            return spine.weight(row);
        }
        Long w = map.get(row);
        return w == null ? 0 : w;
    }

    public boolean contains(Row row) {
        return weight(row) != 0;
    }

    /**
     * Whether this value has at least {@code n} rows of non-zero weight; a deferred sum answers
     * without being added up when the sum its chain starts from, less every row of the changes not
     * added up, has that many.
     */
    public boolean hasAtLeast(long n) {
        if (pending != null && solid == null && pending.knownSize - pending.rows >= n) {
            return true;
        }
        return size() >= n;
    }

    /** Number of distinct rows with a non-zero weight. */
    public int size() {
        return flat != null ? flat.size : cells != null ? cells.n : spine != null ? spine.size : nested != null ? nestedSize
                : pending != null ? solid().size() : map.size();
    }

    @Override
    public long rows() {
        return size();
    }

    @Override
    public boolean isZero() {
        return size() == 0;
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    public void forEach(RowWeight action) {
        if (pending != null) {
            solid().forEach(action);
        } else if (flat != null) {
            Row[] k = flat.keys;
            long[] w = flat.weights;
            int n = flat.used;
            for (int i = 0; i < n; i++) {
                if (w[i] != 0) {
                    action.accept(k[i], w[i]);
                }
            }
        } else if (cells != null) {
            for (int i = 0; i < cells.n; i++) {
                action.accept(cells.row(i), cells.weights[i]);
            }
        } else if (spine != null) {
            spine.forEach(action::accept);
        } else if (nested != null) {
            nested.get().forEach(from, upTo, action::accept);
        } else {
            map.forEach((r, w) -> action.accept(r, w));
        }
    }

    /** Iterates with an action that may throw; the first exception stops the iteration. */
    public <E extends Exception> void forEachX(RowWeightX<E> action) throws E {
        if (pending != null) {
            solid().forEachX(action);
            return;
        }
        if (flat != null) {
            Row[] k = flat.keys;
            long[] w = flat.weights;
            int n = flat.used;
            for (int i = 0; i < n; i++) {
                if (w[i] != 0) {
                    action.accept(k[i], w[i]);
                }
            }
            return;
        }
        if (cells != null) {
            for (int i = 0; i < cells.n; i++) {
                action.accept(cells.row(i), cells.weights[i]);
            }
            return;
        }
        if (spine != null) {
            spine.forEach(action);
            return;
        }
        if (nested != null) {
            nested.get().forEach(from, upTo, action);
            return;
        }
        List<Object> entries = new ArrayList<>(map.size() * 2);
        map.forEach((r, w) -> {
            entries.add(r);
            entries.add(w);
        });
        for (int i = 0; i < entries.size(); i += 2) {
            action.accept((Row) entries.get(i), (Long) entries.get(i + 1));
        }
    }

    @Override
    public ZSet plus(StreamValue other) {
        return add((ZSet) other, false);
    }

    @Override
    public ZSet minus(StreamValue other) {
        return add((ZSet) other, true);
    }

    /**
     * this + o where this is a running sum whose every version may be kept (the sums of successive
     * inner iterations, kept one per iteration by an outer-clock integral): once this is large (and o
     * no larger) the result is a persistent trie sharing all but o's rows with this, whatever o's
     * size, so a sequence of sums costs its changes in memory rather than a copy per element. A
     * packed value stays packed (its runs are shared, the change becomes a run of its own).
     */
    public ZSet plusPersistent(ZSet o) {
        if (o.isEmpty()) {
            return this;
        }
        if (nested != null || o.nested != null || pending != null || o.pending != null) {
            return solid().plusPersistent(o.solid());
        }
        if (size() + o.size() <= TRIE_THRESHOLD || spine != null || o.spine != null) {
            return add(o, false);
        }
        // a large sum is a trie even when it grew by more than itself: a flat one would be converted
        // (copied whole) by the first small change of a later step
        ZSet big = size() >= o.size() ? this : o;
        ZSet small = big == this ? o : this;
        PMap.Editor<Row, Long> e = new PMap.Editor<>(big.trie());
        small.forEach((r, w) -> e.merge(r, w, ADD));
        PMap<Row, Long> m = e.build();
        return m.isEmpty() ? EMPTY : new ZSet(m, null);
    }

    /**
     * this + o where this is a running sum whose earlier versions are normally dropped (a top-level
     * integral): once large, the sum is held as sorted runs of packed rows (a spine, no object per
     * row or field), o becomes a run and the newest runs are merged geometrically, so adding a
     * change costs O(|o| log n) amortized and memory is the packed rows (about 48 bytes for a row
     * of four columns). Rows that cannot be packed fall back to {@link #plusPersistent}.
     */
    public ZSet plusIntegrated(ZSet o) {
        if (o.isEmpty()) {
            return this;
        }
        if (nested != null || o.nested != null || pending != null || o.pending != null) {
            return solid().plusIntegrated(o.solid());
        }
        if (size() + o.size() <= TRIE_THRESHOLD && spine == null && o.spine == null) {
            return add(o, false);
        }
        ZSet p = PackedSums.packedSum(this, o, 1);
        return p != null ? p : plusPersistent(o);
    }

    /**
     * {@code base} plus every change of {@code changes}, the value {@link #plusIntegrated} would give
     * adding them one by one (as sorted runs once large), for a running sum read only after its last
     * change (a nested circuit's output ∫, read at the end of the outer step): the changes' rows are
     * packed together into one buffer, sorted once and summed where equal ({@code
     * Run.Builder.buildConsolidated}), and that one run added, instead of a run per change merged
     * geometrically and counted against the runs before at every addition. Changes that cannot be
     * packed together (rows of mixed arities or of more than 16 columns, nested or deferred values)
     * and small sums are added one by one.
     */
    public static ZSet plusIntegratedAll(ZSet base, List<ZSet> changes) {
        return PackedSums.plusIntegratedAll(base, changes);
    }

    /**
     * The sum of several changes ({@code rows} rows in all, none nested or deferred) as one sorted run
     * when they are packed values (at least one) of one packable arity — their runs copied and sorted
     * once, no row decoded — else null.
     */
    static ZSet sumOfPacked(List<ZSet> changes, long rows) {
        return PackedSums.sumOfPacked(changes, rows);
    }

    /**
     * this + the rows of {@code bs} (batches of cells of one arity, not consolidated: a deferred
     * sum's changes) for a running sum as {@link #plusIntegrated} adds them: when this is held as
     * sorted runs, the batches are packed straight into one run ({@link CellRuns}: equal rows summed
     * as the sort brings them together), else they are consolidated and added.
     */
    ZSet plusCells(List<CellBatch> bs) {
        if (packed && spine != null && spine.arity == bs.get(0).arity) {
            Run d = CellRuns.pack(bs, 1);
            if (d != null) {
                return d.n == 0 ? this : ofSpine(spine.plus(d));
            }
        }
        return plusIntegrated(ofCells(bs.size() == 1 ? bs.get(0) : CellBatch.sum(bs)));
    }

    /**
     * this ± o: copies into a new table while small; through sorted runs of packed rows (else the
     * persistent trie) when either side is packed, or one side is large and the other small.
     */
    private ZSet add(ZSet o, boolean negate) {
        if (o.isEmpty()) {
            return this;
        }
        if (isEmpty() && !negate) {
            return o;
        }
        if (nested != null || o.nested != null || pending != null || o.pending != null) {
            return solid().add(o.solid(), negate);
        }
        ZSet big = size() >= o.size() ? this : o;
        ZSet small = big == this ? o : this;
        long sign = negate ? -1 : 1;
        if (spine != null || o.spine != null || (big.size() > TRIE_THRESHOLD && small.size() * 8 < big.size())) {
            if (spine != null || o.spine != null) {
                ZSet p = PackedSums.packedSum(this, o, sign);
                if (p != null) {
                    return p;
                }
            }
            PMap.Editor<Row, Long> e = new PMap.Editor<>(big.trie());
            if (big == this) {
                small.forEach((r, w) -> e.merge(r, negate ? Math.negateExact(w) : w, ADD));
            } else {
                // o is the big one: start from ±o, add this
                if (negate) {
                    return o.negate().add(this, false);
                }
                small.forEach((r, w) -> e.merge(r, w, ADD));
            }
            PMap<Row, Long> m = e.build();
            return m.isEmpty() ? EMPTY : new ZSet(m, null);
        }
        if (cells != null && o.cells != null && cells.arity == o.cells.arity) {
            // two batches of cells: one after the other, consolidated on the cells
            return ofCells(CellBatch.plus(cells, o.cells, sign));
        }
        Builder b;
        if (big == this || !negate) {
            b = big.toBuilder();
            small.forEach((r, w) -> b.add(r, big == this ? sign * w : w));
        } else {
            b = new Builder(size() + o.size());
            forEach(b::add);
            o.forEach((r, w) -> b.add(r, -w));
        }
        return b.build();
    }

    /** Tests one row; may throw. */
    @FunctionalInterface
    public interface RowTest<E extends Exception> {
        boolean test(Row row) throws E;
    }

    /** The rows passing {@code keep}, with their weights; a flat value is filtered in place of a copy, without rehashing. */
    public <E extends Exception> ZSet filter(RowTest<E> keep) throws E {
        if (nested != null || pending != null) {
            return solid().filter(keep);
        }
        if (cells != null) {
            int[] sel = new int[cells.n];
            int k = 0;
            for (int i = 0; i < cells.n; i++) {
                if (keep.test(cells.row(i))) {
                    sel[k++] = i;
                }
            }
            return ofCells(cells.select(sel, k));
        }
        if (flat == null) {
            Builder b = new Builder(size());
            forEachX((r, w) -> {
                if (keep.test(r)) {
                    b.add(r, w);
                }
            });
            return b.build();
        }
        FlatRows f = flat.withOwnWeights();
        for (int i = 0; i < f.used; i++) {
            if (f.weights[i] != 0 && !keep.test(f.keys[i])) {
                f.weights[i] = 0;
                f.size--;
            }
        }
        // a table at least 1/8 full is kept as is: its tombstones cost less to skip than a rehash costs
        return f.size == 0 ? EMPTY : new ZSet(null, f.size * 8 >= f.keys.length ? f : f.compacted());
    }

    @Override
    public ZSet negate() {
        if (pending != null) {
            return solid().negate();
        }
        if (cells != null) {
            return new ZSet(cells.negate());
        }
        if (spine != null) {
            return new ZSet(null, null, spine.negate());
        }
        if (flat != null) {
            FlatRows f = flat.withOwnWeights();
            for (int i = 0; i < f.used; i++) {
                f.weights[i] = Math.negateExact(f.weights[i]);
            }
            return new ZSet(null, f);
        }
        Builder b = new Builder(size());
        forEach((r, w) -> b.add(r, Math.negateExact(w)));
        return b.build();
    }

    /** {@code distinct}: weight 1 for rows of positive weight, others dropped. */
    public ZSet distinct() {
        Builder b = new Builder(size());
        forEach((r, w) -> {
            if (w > 0) {
                b.add(r, 1);
            }
        });
        return b.build();
    }

    /** All weights are positive (a bag). */
    public boolean isPositive() {
        boolean[] ok = {true};
        forEach((r, w) -> ok[0] &= w > 0);
        return ok[0];
    }

    /** All weights are 1 (a set). */
    public boolean isSet() {
        boolean[] ok = {true};
        forEach((r, w) -> ok[0] &= w == 1);
        return ok[0];
    }

    /** Sum of all weights. */
    public long totalWeight() {
        long[] s = {0};
        forEach((r, w) -> s[0] = Math.addExact(s[0], w));
        return s[0];
    }

    /** The rows and weights, sorted by row (deterministic output). */
    public List<Change> toChanges() {
        List<Change> l = new ArrayList<>(size());
        forEach((r, w) -> l.add(new Change(r, w)));
        l.sort(Comparator.comparing(Change::row));
        return l;
    }

    /** Whether this value is held in the persistent trie (else a flat hash table). */
    public boolean persistent() {
        return pending != null ? solid().persistent() : map != null || spine != null || nested != null;
    }

    /** Whether this value is held as sorted runs of packed rows. */
    public boolean packed() {
        return pending != null ? solid().packed() : spine != null;
    }

    /** The number of sorted runs of a packed value (0 otherwise). */
    public int runCount() {
        return pending != null ? solid().runCount() : spine == null ? 0 : spine.runs.length;
    }

    /**
     * Copies of this value's rows as columns of longs followed by their weights ({@code arity + 1}
     * arrays, the rows in the value's sorted order: Row's order, each value compared as a signed
     * long), when it is held as one sorted run of rows of non-null integers only; else null. Reads
     * the run's words without making a Row per row (the command line prints such values).
     */
    public long[][] integerColumns() {
        if (pending != null) {
            return solid().integerColumns();
        }
        if (spine == null || spine.runs.length != 1 || spine.runs[0].tagged) {
            return null;
        }
        Run r = spine.runs[0];
        int k = r.arity;
        long[][] cols = new long[k + 1][r.n];
        long[] words = r.words;
        for (int i = 0, at = 0; i < r.n; i++, at += k) {
            for (int c = 0; c < k; c++) {
                cols[c][i] = words[at + c];
            }
        }
        System.arraycopy(r.weights, 0, cols[k], 0, r.n);
        return cols;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ZSet z) || z.size() != size()) {
            return false;
        }
        if (map != null && z.map != null) {
            return map.sameEntries(z.map);
        }
        boolean[] eq = {true};
        forEach((r, w) -> eq[0] &= z.weight(r) == w);
        return eq[0];
    }

    @Override
    public int hashCode() {
        int[] h = {0};
        forEach((r, w) -> h[0] += r.hashCode() ^ Long.hashCode(w));
        return h[0];
    }

    /** {@code {(1, Alice) ↦ 1, (2, Bob) ↦ -1}}, sorted by row. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (Change c : toChanges()) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(c.row()).append(" ↦ ").append(c.weight());
        }
        return sb.append('}').toString();
    }

    /**
     * Accumulates rows with weights (consolidating duplicates, dropping zeros): into a flat table,
     * or, when started from a persistent value, into a transient copy of its trie.
     */
    public static final class Builder {
        private final PMap.Editor<Row, Long> editor;
        private FlatRows table;
        /** A packed base: rows added go to {@link #table} and are merged in as one run by {@link #build()}. */
        private final ZSet packedBase;

        private Builder(ZSet base) {
            base = base.solid();
            packedBase = base.spine != null ? base : null;
            if (base.map != null && !base.map.isEmpty()) {
                editor = new PMap.Editor<>(base.map);
            } else if (packedBase != null) {
                editor = null;
                table = new FlatRows(1);
            } else {
                editor = null;
                table = base.flat != null ? base.flat.copy() : new FlatRows(1);
            }
        }

        private Builder(int expected) {
            packedBase = null;
            editor = null;
            table = new FlatRows(expected);
        }

        public Builder add(Row row, long weight) {
            if (weight != 0) {
                if (editor != null) {
                    editor.merge(row, weight, ADD);
                } else {
                    table.add(row, weight);
                }
            }
            return this;
        }

        public Builder addAll(ZSet z) {
            z.forEach(this::add);
            return this;
        }

        public int size() {
            if (packedBase != null) {
                int[] n = {packedBase.size()};
                ZSet d = new ZSet(null, table);
                d.forEach((r, w) -> {
                    long old = packedBase.weight(r);
                    if (old == 0) {
                        n[0]++;
                    } else if (old + w == 0) {
                        n[0]--;
                    }
                });
                return n[0];
            }
            return editor != null ? editor.size() : table.size;
        }

        /** The weight accumulated so far for {@code row}. */
        public long weightOf(Row row) {
            if (editor != null) {
                Long w = editor.get(row);
                return w == null ? 0 : w;
            }
            if (packedBase != null) {
                return packedBase.weight(row) + table.get(row);
            }
            return table.get(row);
        }

        public ZSet build() {
            if (editor != null) {
                PMap<Row, Long> m = editor.build();
                return m.isEmpty() ? EMPTY : new ZSet(m, null);
            }
            FlatRows t = table;
            table = null;
            if (packedBase != null) {
                return t.size == 0 ? packedBase : packedBase.add(new ZSet(null, t), false);
            }
            return t.size == 0 ? EMPTY : new ZSet(null, t.compacted());
        }
    }
}
