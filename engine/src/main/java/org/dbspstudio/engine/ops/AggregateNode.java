package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.IndexedZSet;
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

    private Map<Row, Group> groups;
    private StreamValue prevIn;

    private AggregateNode(Operator op, boolean indexed, KeyFn groupBy, List<AggCall> calls, TypedExpr[] args, SqlType[] argTypes) {
        super(op);
        this.indexed = indexed;
        this.groupBy = groupBy;
        this.global = !indexed && groupBy == null;
        this.calls = calls;
        this.args = args;
        this.argTypes = argTypes;
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
        return new AggregateNode(b.op(), indexed, groupBy, calls, args, types);
    }

    private final class Group {
        final Row key;
        final Accumulator[] accs = new Accumulator[calls.size()];
        long present;
        Row emitted;

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
            ZSet.Builder delta = ZSet.builder();
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
        if (known) {
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
            ZSet old = (ZSet) before;
            ctx.work(z.size());
            z.forEachX((x, w) -> {
                Row k = groupBy == null ? Row.EMPTY : groupBy.apply(x);
                long o = old == null ? 0 : old.weight(x);
                group(k, changed).update(x, o, Math.addExact(o, w));
            });
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
    }

    @Override
    public long stateSize() {
        return groups == null ? 0 : groups.size();
    }
}
