package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.IterationIndex;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.types.Row;

/**
 * A join inside a nested circuit one of whose inputs ({@code side}) is kept per iteration across
 * outer steps with a known outer change ({@link ShiftedOuterSum}: the closure's {@code zo_I_2},
 * {@code H}'s output one iteration later, joined with the edges' change). Instead of one
 * arrangement of row objects per iteration, each updated by the input's outer change
 * ({@code run.CircuitRun}'s outer arrangements), this node keeps all of them in one
 * {@link IterationIndex} on the join key, the iteration after the key: at tick j it adds the input's
 * outer change at label j, and probes the label with the other input's rows.
 *
 * <p>Label j holds exactly the rows of the value recorded for it ({@link #held}, compared by
 * identity, values being immutable): at tick j the change is added there only when its basis is that
 * value (or both are empty), so label j then holds the input's value at (t, j). When that does not
 * hold (a basis read elsewhere, rows that are not all integers), the index is dropped for good and
 * the plain join runs instead ({@link #plain}, asking for arrangements as it always did).
 * When the side kept here is the smaller one, its rows probe the other input's arrangement.
 */
final class IterationIndexedJoin extends OpNode {
    private final Joins.JoinNode plain;
    /** The input kept per iteration (0: left, 1: right). */
    private final int side;
    private final KeyFn keptKey;
    private final KeyFn otherKey;
    private final int[] keyColumns;
    private final int arity;
    /**
     * Per output column (null when the output is not plain columns of the two inputs): whether it is
     * the kept side's, its column in its side's row, and for the kept side's its place in an index entry.
     */
    private final boolean[] outKept;
    private final int[] outCol;
    private final int[] outAt;
    /** Null before the first tick and once given up. */
    private IterationIndex index;
    private boolean givenUp;
    /** Whether the label of this tick held nothing before this tick's change was added (it then holds just that change's run). */
    private boolean freshOnly;
    /**
     * The number of matches {@link #packed} wrote at the previous tick: its buffer starts at that size
     * (it started at 64 and doubled its way up — about 60,000 matches per iteration in B3's first step,
     * the largest allocation of the step after the merges of runs).
     */
    private int lastPacked;
    /** Per label, the value of the kept input whose rows it holds (null: none, the label is empty). */
    private final List<StreamValue> held = new ArrayList<>();

    private IterationIndexedJoin(Joins.JoinNode plain, int side, int[] keyColumns, int arity) {
        super(plain.operator());
        this.plain = plain;
        this.side = side;
        this.keptKey = side == 0 ? plain.leftKey() : plain.rightKey();
        this.otherKey = side == 0 ? plain.rightKey() : plain.leftKey();
        this.keyColumns = keyColumns;
        this.arity = arity;
        KeyFn proj = plain.projection();
        boolean[] kept = proj == null || proj.size() == 0 || proj.size() > 16 ? null : new boolean[proj.size()];
        int[] col = kept == null ? null : new int[kept.length];
        int[] at = kept == null ? null : new int[kept.length];
        IterationIndex shape = IterationIndex.of(arity, keyColumns);
        for (int c = 0; kept != null && c < kept.length; c++) {
            int pc = proj.plainColumn(c);
            if (pc < 0) {
                kept = null;
                break;
            }
            boolean left = pc < 1 << 16;
            kept[c] = left == (side == 0);
            col[c] = pc & 0xffff;
            if (kept[c]) {
                if (col[c] >= arity) {
                    kept = null;
                    break;
                }
                at[c] = shape.offset(col[c]);
            }
        }
        this.outKept = kept;
        this.outCol = kept == null ? null : col;
        this.outAt = kept == null ? null : at;
    }

    /**
     * The join {@code node} with input {@code side} indexed over iterations, its rows of
     * {@code arity} columns; null (keep {@code node}) when it is not a join on plain columns.
     */
    static OpNode of(OpNode node, int side, int arity) {
        if (!(node instanceof Joins.JoinNode j)) {
            return null;
        }
        KeyFn kept = side == 0 ? j.leftKey() : j.rightKey();
        KeyFn other = side == 0 ? j.rightKey() : j.leftKey();
        int[] cols = kept.plainColumns();
        if (cols == null || other.plainColumns() == null || IterationIndex.of(arity, cols) == null) {
            return null;
        }
        return new IterationIndexedJoin(j, side, cols, arity);
    }

    /** Whether this node still keeps its index (for tests: false once it gave up and runs the plain join). */
    boolean indexed() {
        return !givenUp;
    }

    /** How many nodes of this process gave up their index (for tests). */
    static final java.util.concurrent.atomic.AtomicLong GIVE_UPS = new java.util.concurrent.atomic.AtomicLong();
    /** For tests: every node gives up its index at its tick evaluated after this many (−1: never forced). */
    static volatile int giveUpAfter = -1;
    private int evaluated;

    @Override
    public void eval(Ctx ctx) throws Exception {
        if (!givenUp && giveUpAfter >= 0 && evaluated++ >= giveUpAfter) {
            giveUp();
        }
        if (!givenUp && !maintain(ctx)) {
            giveUp();
        }
        if (givenUp) {
            plain.eval(ctx);
            return;
        }
        ZSet kept = (ZSet) ctx.in(side);
        ZSet other = (ZSet) ctx.in(1 - side);
        int j = ctx.tick();
        ZSet.Builder out;
        if (kept.isEmpty() || other.isEmpty()) {
            out = null;
        } else if (other.size() <= kept.size()) {
            // the other side's rows probe this iteration's label (prepared once while they are the same value)
            Probing p = probing(other);
            ctx.work(other.size());
            long[] visits = {0};
            Row[] probes = p.rows;
            long[] pw = p.weights;
            Object only = freshOnly ? index.lastAdded() : null;
            ZSet packed = packed(p, j, only, visits);
            if (packed != null) {
                ctx.work(visits[0]);
                ctx.out(0, packed, null);
                return;
            }
            // rows emitted as objects: the builder is made only now (the packed path above, taken at
            // nearly every tick of the closure, allocated a table of 4,096 rows for nothing)
            out = ZSet.builder(Math.min(kept.size(), 4096));
            ZSet.Builder o = out;
            index.lookup(sorted(p), j, only, (q, x, w) -> {
                visits[0]++;
                Row y = probes[q];
                o.add(side == 0 ? plain.emitted(x, y) : plain.emitted(y, x), Math.multiplyExact(w, pw[q]));
            });
            ctx.work(visits[0]);
        } else {
            // this side is the smaller: its rows probe the other side's arrangement
            ctx.work(kept.size());
            out = ZSet.builder(Math.min(kept.size(), 4096));
            ZSet.Builder o = out;
            Joins.probe(ctx, kept, keptKey, ctx.arrangement(1 - side, otherKey), (x, w, y, v) ->
                    o.add(side == 0 ? plain.emitted(x, y) : plain.emitted(y, x), Math.multiplyExact(w, v)));
        }
        ctx.out(0, out == null ? ZSet.EMPTY : out.build(), null);
    }

    /**
     * The matches written as packed rows of integers (a tag word 0, then the output columns: from the
     * index entry's words or the probing row's cells) and consolidated once ({@link ZSet#ofIntegerRows}),
     * no row object per match: when the output columns are plain columns and the probing rows' are
     * integers. Else null (the caller emits rows).
     */
    private ZSet packed(Probing p, int j, Object only, long[] visits) {
        if (outKept == null || !p.columnsOk) {
            return null;
        }
        int cols = outKept.length;
        long[][] probeCols = p.columns;
        long[] pw = p.weights;
        // sized for the previous tick's matches (consecutive iterations match alike), growing by doubling beyond
        int cap = Math.max(64, lastPacked + (lastPacked >> 3));
        ZSet joined = index.join(sorted(p), pw, j, only, outKept, outAt, probeCols, cap);
        if (joined != null) {
            // each match one long, sorted and decoded (IterationIndex.join)
            visits[0] += index.joinMatches();
            lastPacked = index.joinMatches();
            return joined;
        }
        int stride = cols + 1;
        long[][] words = {new long[cap * stride]};
        long[][] ws = {new long[cap]};
        int[] m = {0};
        index.lookupEntries(sorted(p), j, only, (q, e, at, w) -> {
            int i = m[0];
            if (i == ws[0].length) {
                words[0] = java.util.Arrays.copyOf(words[0], 2 * i * stride);
                ws[0] = java.util.Arrays.copyOf(ws[0], 2 * i);
            }
            long[] out = words[0];
            int o = i * stride;
            out[o] = 0;
            for (int c = 0; c < cols; c++) {
                out[o + 1 + c] = outKept[c] ? e[at + outAt[c]] : probeCols[c][q];
            }
            ws[0][i] = Math.multiplyExact(w, pw[q]);
            m[0] = i + 1;
        });
        visits[0] += m[0];
        lastPacked = m[0];
        return m[0] == 0 ? ZSet.EMPTY : ZSet.ofIntegerRows(cols, words[0], ws[0], m[0]);
    }

    /**
     * The other input's rows prepared for probing: their keys, weights and output columns, and their
     * keys packed and sorted (once asked for). Values are immutable: the same value at the next tick
     * (the closure's edges' change, read at every iteration of a step) is prepared once.
     */
    private static final class Probing {
        final ZSet value;
        /** The rows with a non-NULL key, their keys' cells and weights. */
        final Row[] rows;
        final Object[][] keys;
        final long[] weights;
        /** Per output column of the probing side, its cells (null for the kept side's); valid when {@link #columnsOk}. */
        final long[][] columns;
        final boolean columnsOk;
        IterationIndex.Probes sorted;

        Probing(ZSet value, Row[] rows, Object[][] keys, long[] weights, long[][] columns, boolean columnsOk) {
            this.value = value;
            this.rows = rows;
            this.keys = keys;
            this.weights = weights;
            this.columns = columns;
            this.columnsOk = columnsOk;
        }
    }

    /** The probing rows' keys packed and sorted for this index: once per prepared value, whichever path joins them. */
    private IterationIndex.Probes sorted(Probing p) {
        if (p.sorted == null) {
            p.sorted = index.probes(p.keys);
        }
        return p.sorted;
    }

    /** The last value prepared for probing (null: none). */
    private Probing probing;

    private Probing probing(ZSet other) throws ExprException {
        if (probing != null && probing.value == other) {
            return probing;
        }
        int size = other.size();
        Row[] rows = new Row[size];
        long[] pw = new long[size];
        Object[][] keys = new Object[size][];
        int[] n = {0};
        other.forEachX((y, v) -> {
            Row k = otherKey.key(y);
            if (k != null) {
                Object[] key = new Object[k.size()];
                for (int i = 0; i < key.length; i++) {
                    key[i] = k.get(i);
                }
                keys[n[0]] = key;
                rows[n[0]] = y;
                pw[n[0]++] = v;
            }
        });
        int m = n[0];
        Row[] r = m == size ? rows : java.util.Arrays.copyOf(rows, m);
        Object[][] ks = m == size ? keys : java.util.Arrays.copyOf(keys, m);
        long[] ws = m == size ? pw : java.util.Arrays.copyOf(pw, m);
        long[][] columns = null;
        boolean ok = outKept != null;
        if (ok) {
            columns = new long[outKept.length][];
            for (int c = 0; c < outKept.length && ok; c++) {
                if (!outKept[c]) {
                    columns[c] = new long[m];
                    for (int i = 0; i < m; i++) {
                        Row y = r[i];
                        if (outCol[c] >= y.size() || !(y.get(outCol[c]) instanceof Long v)) {
                            ok = false;
                            break;
                        }
                        columns[c][i] = v;
                    }
                }
            }
        }
        probing = new Probing(other, r, ks, ws, columns, ok);
        return probing;
    }

    /** Adds the kept input's outer change at label j; false when the label does not hold its basis (or the rows cannot be indexed). */
    private boolean maintain(Ctx ctx) {
        OuterChange oc = ctx.inOuter(side);
        StreamValue v = ctx.in(side);
        if (oc == null || !(oc.basis() instanceof ZSet basis) || !(oc.change() instanceof ZSet change) || !(v instanceof ZSet)) {
            return false;
        }
        int j = ctx.tick();
        if (index == null) {
            index = IterationIndex.of(arity, keyColumns);
            if (index == null) {
                return false;
            }
        }
        StreamValue was = j < held.size() ? held.get(j) : null;
        freshOnly = was == null || ((ZSet) was).isEmpty();
        boolean holdsBasis = was == basis || basis.isEmpty() && (was == null || ((ZSet) was).isEmpty());
        if (!holdsBasis || !index.add(change, j)) {
            return false;
        }
        while (held.size() <= j) {
            held.add(null);
        }
        held.set(j, v);
        ctx.work(change.size());
        return true;
    }

    private void giveUp() {
        GIVE_UPS.incrementAndGet();
        givenUp = true;
        index = null;
        probing = null;
        held.clear();
    }

    @Override
    public void resetClock() {
        plain.resetClock();
        probing = null; // one step's probing value and its decoded rows are not kept through the steps after it
    }

    @Override
    public void resetAll() {
        plain.resetAll();
        index = null;
        givenUp = false;
        evaluated = 0;
        held.clear();
        lastPacked = 0;
        probing = null;
    }

    @Override
    public long stateSize() {
        return index != null ? index.stored() : plain.stateSize();
    }
}
