package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.CellBatch;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.RowWeights;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Grouped or global aggregation. Output rows are the grouping columns (or the index key) then one
 * column per aggregate. A global aggregate always has exactly one output row, as in SQL: over an
 * empty input COUNT is 0 and the other functions are NULL. A group exists while it has a row of
 * non-zero weight.
 *
 * <p>When the input's change since the previous tick is known (an integral), only the groups the
 * change touches are updated, each in O(1) or O(log n) per changed row, and the output is updated
 * by −old/+new per changed group; so {@code D(aggregate(I(Δ)))} costs O(|Δ|). Otherwise every
 * group is recomputed from the whole input.
 */
final class AggregateNode extends SnapshotNode {
    private final boolean indexed;
    private final KeyFn groupBy;
    private final boolean global;
    private final List<AggCall> calls;
    private final TypedExpr[] args;
    private final SqlType[] argTypes;
    /** The grouping columns when they are plain columns of a Z-set input (none: global); else null. */
    private final int[] groupCols;
    /** The input's other columns (when {@link #groupCols} is set): a row's key in its group's table of weights. */
    private final int[] restCols;
    private final long[] restKey;
    /**
     * For a batch of cells: each aggregate's argument column (-1: none) when all are plain columns
     * and so are the grouping columns; else null (the batch's rows are read).
     */
    private final int[] argCols;

    private Map<Row, Group> groups;
    /** An indexed input's value at the previous tick (read for its rows' earlier weights). */
    private StreamValue prevIn;
    /**
     * A Z-set input's rows with their weights at the previous tick (its integral), kept here rather
     * than looked up in that integral: a probe in a hash table per changed row instead of a search
     * in each sorted run of the running sum, which need then not be added up at every step (no
     * other operator reads it in an incremental aggregate). Here when the grouping is computed; when
     * it is plain columns, each group keeps its own rows ({@link Group#addWeight}).
     */
    private RowWeights inputWeights;
    /** Whether the rows' weights are kept (the input's changes are known: the next tick may update the groups). */
    private boolean keepWeights;

    private AggregateNode(Operator op, boolean indexed, KeyFn groupBy, List<AggCall> calls, TypedExpr[] args, SqlType[] argTypes,
                          int arity) {
        super(op);
        this.indexed = indexed;
        this.groupBy = groupBy;
        this.global = !indexed && groupBy == null;
        this.calls = calls;
        this.args = args;
        this.argTypes = argTypes;
        int[] gc = new int[groupBy == null ? 0 : groupBy.size()];
        boolean plain = !indexed;
        for (int i = 0; i < gc.length && plain; i++) {
            gc[i] = groupBy.plainColumn(i);
            plain = gc[i] >= 0 && gc[i] < arity;
        }
        this.groupCols = plain ? gc : null;
        if (plain) {
            boolean[] grouped = new boolean[arity];
            for (int c : gc) {
                grouped[c] = true;
            }
            int[] rest = new int[arity];
            int n = 0;
            for (int c = 0; c < arity; c++) {
                if (!grouped[c]) {
                    rest[n++] = c;
                }
            }
            this.restCols = java.util.Arrays.copyOf(rest, n);
        } else {
            this.restCols = null;
        }
        this.restKey = restCols == null ? null : new long[restCols.length];
        int[] ac = new int[args.length];
        for (int i = 0; i < ac.length && plain; i++) {
            ac[i] = args[i] == null ? -1 : args[i].plainColumn();
            plain = args[i] == null || ac[i] >= 0 && ac[i] < arity;
        }
        this.argCols = plain ? ac : null;
    }

    static OpNode create(Build b) throws EngineException {
        StreamType in = b.inType("in");
        boolean indexed = in instanceof StreamType.Indexed;
        RowSchema row = indexed ? ((StreamType.Indexed) in).value() : ((StreamType.ZSet) in).row();
        Scope scope = Scope.of(row);
        KeyFn groupBy = null;
        List<NamedExpr> gb = b.op().params().namedExprs("groupBy");
        if (!indexed && gb != null && !gb.isEmpty()) {
            groupBy = b.keys("groupBy", gb.stream().map(NamedExpr::expr).toList(), scope, false);
        }
        List<AggCall> calls = b.op().params().aggregates("aggregates");
        TypedExpr[] args = new TypedExpr[calls.size()];
        SqlType[] types = new SqlType[calls.size()];
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).expr() != null) {
                args[i] = b.expr("aggregates", calls.get(i).expr(), scope);
                types[i] = args[i].type().type();
            } else {
                types[i] = SqlType.BIGINT;
            }
        }
        return new AggregateNode(b.op(), indexed, groupBy, calls, args, types, row.size());
    }

    private final class Group {
        final Row key;
        final Accumulator[] accs = new Accumulator[calls.size()];
        long present;
        Row emitted;
        /**
         * The group's rows with their weights (when the grouping is plain columns): those whose other
         * columns are all non-NULL integers by those integers, the others by the whole row.
         */
        IntegerRowWeights integerRows;
        RowWeights otherRows;

        Group(Row key) {
            this.key = key;
            for (int i = 0; i < accs.length; i++) {
                accs[i] = new Accumulator(calls.get(i).function(), argTypes[i]);
            }
        }

        void update(Row x, long oldW, long newW) throws ExprException {
            if (oldW == 0 && newW != 0) {
                present++;
            } else if (oldW != 0 && newW == 0) {
                present--;
            }
            for (int i = 0; i < accs.length; i++) {
                boolean star = args[i] == null;
                Object v = star ? null : args[i].eval(x);
                accs[i].update(v, star && calls.get(i).function() == AggFunction.COUNT, oldW, newW);
            }
        }

        /** Adds {@code w} to the weight of {@code x}, a row of this group, and returns its earlier weight. */
        long addWeight(Row x, long w) {
            long[] key = restKey;
            for (int j = 0; j < key.length; j++) {
                if (!(x.get(restCols[j]) instanceof Long v)) {
                    return others().add(x, w);
                }
                key[j] = v;
            }
            return integers().add(key, w);
        }

        /** {@link #addWeight(Row, long)} for row {@code i} of a batch of cells. */
        long addWeight(CellBatch b, int i, long w) {
            long[] key = restKey;
            for (int j = 0; j < key.length; j++) {
                int c = restCols[j];
                if (b.isLong(c)) {
                    key[j] = b.longs(c)[i];
                } else if (b.value(c, i) instanceof Long v) {
                    key[j] = v;
                } else {
                    return others().add(b, i, w);
                }
            }
            return integers().add(key, w);
        }

        private IntegerRowWeights integers() {
            if (integerRows == null) {
                integerRows = new IntegerRowWeights(restKey.length);
            }
            return integerRows;
        }

        private RowWeights others() {
            if (otherRows == null) {
                otherRows = new RowWeights();
            }
            return otherRows;
        }

        long weightsKept() {
            return (integerRows == null ? 0 : integerRows.size()) + (otherRows == null ? 0 : otherRows.size());
        }

        /** {@link #update} for row {@code i} of a batch of cells (an integer cell is not boxed for COUNT, SUM, AVG). */
        void update(CellBatch b, int i, long oldW, long newW) {
            if (oldW == 0 && newW != 0) {
                present++;
            } else if (oldW != 0 && newW == 0) {
                present--;
            }
            for (int a = 0; a < accs.length; a++) {
                int c = argCols[a];
                if (c < 0) {
                    accs[a].update(null, calls.get(a).function() == AggFunction.COUNT, oldW, newW);
                } else if (b.isLong(c)) {
                    accs[a].updateLong(b.longs(c)[i], oldW, newW);
                } else {
                    accs[a].update(b.value(c, i), false, oldW, newW);
                }
            }
        }

        Row result() {
            if (present == 0 && !global) {
                return null;
            }
            Object[] v = new Object[accs.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = accs[i].result();
            }
            return key.concat(Row.wrap(v));
        }
    }

    @Override
    public void eval(Ctx ctx) throws ExprException {
        StreamValue in = ctx.in(0);
        StreamValue d = ctx.inDelta(0);
        boolean known = d != null && ctx.deltaTracking();
        evalSnapshot(ctx, known, () -> {
            Map<Row, Group> changed = new LinkedHashMap<>();
            apply(d, prevIn, changed, ctx);
            // at most two rows per changed group: sized for them, the table is not grown and rehashed on the way
            ZSet.Builder delta = ZSet.builder(2 * changed.size());
            for (Group g : changed.values()) {
                Row now = g.result();
                if (g.emitted != null && !g.emitted.equals(now)) {
                    delta.add(g.emitted, -1);
                }
                if (now != null && !now.equals(g.emitted)) {
                    delta.add(now, 1);
                }
                g.emitted = now;
                if (now == null) {
                    groups.remove(g.key);
                }
            }
            return delta.build();
        }, () -> {
            groups = new HashMap<>();
            keepWeights = known;
            inputWeights = known && !indexed && restCols == null ? new RowWeights() : null;
            if (global) {
                groups.put(Row.EMPTY, new Group(Row.EMPTY));
            }
            apply(in, null, null, ctx);
            ZSet.Builder b = ZSet.builder();
            for (Group g : groups.values()) {
                g.emitted = g.result();
                if (g.emitted != null) {
                    b.add(g.emitted, 1);
                }
            }
            return b.build();
        });
        if (known && indexed) {
            prevIn = in;
        }
    }

    /** Applies a change (or a whole value with {@code before} null) to the groups. */
    private void apply(StreamValue change, StreamValue before, Map<Row, Group> changed, Ctx ctx) throws ExprException {
        if (indexed) {
            IndexedZSet ix = (IndexedZSet) change;
            IndexedZSet old = (IndexedZSet) before;
            List<Row> keys = new ArrayList<>();
            ix.forEach((k, z) -> keys.add(k));
            for (Row k : keys) {
                ZSet z = ix.get(k);
                ZSet oldGroup = old == null ? ZSet.EMPTY : old.get(k);
                Group g = group(k, changed);
                ctx.work(z.size());
                z.forEachX((x, w) -> {
                    long o = oldGroup.weight(x);
                    g.update(x, o, Math.addExact(o, w));
                });
            }
        } else {
            ZSet z = (ZSet) change;
            RowWeights weights = inputWeights; // the whole input (building them) or its change (updating them)
            ctx.work(z.size());
            if (z.cells() != null && argCols != null && fits(z.cells())) {
                applyCells(z.cells(), changed);
                return;
            }
            boolean perGroup = keepWeights && restCols != null;
            z.forEachX((x, w) -> {
                Row k = groupBy == null ? Row.EMPTY : groupBy.apply(x);
                Group g = group(k, changed);
                long o = perGroup ? g.addWeight(x, w) : weights == null ? 0 : weights.add(x, w);
                g.update(x, o, Math.addExact(o, w));
            });
        }
    }

    /** Whether a batch holds every column the cells path reads. */
    private boolean fits(CellBatch b) {
        for (int c : groupCols) {
            if (c >= b.arity()) {
                return false;
            }
        }
        for (int c : argCols) {
            if (c >= b.arity()) {
                return false;
            }
        }
        return b.arity() == groupCols.length + restCols.length;
    }

    /**
     * {@link #apply} for a batch of cells: each row's group found by its grouping cells (one key row
     * per distinct group of the batch, not one per row), its earlier weight by its cells, and the
     * accumulators updated from its argument cells.
     */
    private void applyCells(CellBatch b, Map<Row, Group> changed) {
        Map<Object, Group> byValue = groupCols.length == 1 ? new HashMap<>() : null;
        for (int i = 0; i < b.size(); i++) {
            Group g;
            if (groupCols.length == 0) {
                g = group(Row.EMPTY, changed);
            } else if (byValue != null) {
                Object v = b.value(groupCols[0], i);
                g = byValue.get(v);
                if (g == null) {
                    g = group(Row.wrap(new Object[] {v}), changed);
                    byValue.put(v, g);
                }
            } else {
                Object[] k = new Object[groupCols.length];
                for (int j = 0; j < k.length; j++) {
                    k[j] = b.value(groupCols[j], i);
                }
                g = group(Row.wrap(k), changed);
            }
            long w = b.weight(i);
            long o = keepWeights ? g.addWeight(b, i, w) : 0;
            g.update(b, i, o, Math.addExact(o, w));
        }
    }

    private Group group(Row k, Map<Row, Group> changed) {
        Group g = groups.computeIfAbsent(k, Group::new);
        if (changed != null) {
            changed.putIfAbsent(k, g);
        }
        return g;
    }

    @Override
    void forget() {
        groups = null;
        prevIn = null;
        inputWeights = null;
    }

    @Override
    public long stateSize() {
        long n = groups == null ? 0 : groups.size();
        if (groups != null) {
            for (Group g : groups.values()) {
                n += g.weightsKept();
            }
        }
        return n + (inputWeights == null ? 0 : inputWeights.size());
    }
}
