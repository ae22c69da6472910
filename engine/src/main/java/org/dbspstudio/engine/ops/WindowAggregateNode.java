package org.dbspstudio.engine.ops;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.dbspstudio.engine.ops.SortOrder.Entry;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Window aggregates, {@code agg OVER (PARTITION BY … ORDER BY … ROWS|RANGE BETWEEN n|UNBOUNDED PRECEDING
 * AND CURRENT ROW)}: every row of the input, with one column per aggregate over the row's frame appended.
 * A row of weight w is w copies; rows of weight ≤ 0 are absent. Order: the ORDER BY keys (NULL smallest
 * unless NULLS FIRST/LAST says otherwise), then the whole row, column by column, so that ROWS frames are
 * deterministic. A ROWS frame of copy c is c and the n copies before it; a RANGE frame is every copy
 * whose ORDER BY value is within n of c's on the preceding side, c's peers (equal ORDER BY values)
 * included. Aggregates follow the aggregate operator: COUNT counts copies (with a non-NULL argument),
 * SUM/AVG/MIN/MAX are NULL when the frame has no non-NULL argument.
 *
 * <p>State: each partition's rows in a tree in that order, each with the output rows it emitted and
 * (for UNBOUNDED PRECEDING) the aggregate of the partition up to and including it. A change is applied
 * partition by partition; the rows whose frame contains a changed row in the old or the new order (the
 * changed row, for RANGE its peers, and the rows at most n copies or n in value after it, or every row
 * after it when unbounded) retract what they emitted and emit their new output (docs/theory.md §4,
 * Proposition O1). With a monotone ORDER BY (time) changes land at the end of their partition, so a
 * change re-aggregates only the new rows: O(log n + frame) each, O(log n) when unbounded.
 *
 * <p>The same node runs {@code over} on snapshots (incrementally from the snapshot's known change, else
 * from scratch) and its incremental form {@code overΔ}, whose input and output are changes.
 */
final class WindowAggregateNode extends PartitionedNode<WindowAggregateNode.Partition> {
    private final boolean deltaInput;
    private final KeyFn partitionBy;
    private final SortOrder sort;
    private final boolean rowsFrame;
    private final Long preceding;
    private final AggFunction[] fns;
    private final TypedExpr[] args;
    private final SqlType[] argTypes;

    /** A row's weight, the output rows it emitted, and (unbounded frames) the aggregate up to and including it. */
    private static final class Slot {
        long weight;
        Map<Row, Long> emitted = Map.of();
        Acc prefix;
    }

    /** A partition's rows, each with its slot. */
    static final class Partition extends PartitionedNode.Partition<Slot> {
        Partition(SortOrder sort) {
            super(sort.entries);
        }
    }

    private WindowAggregateNode(Operator op, boolean deltaInput, KeyFn partitionBy, SortOrder sort,
                                boolean rowsFrame, Long preceding, AggFunction[] fns, TypedExpr[] args, SqlType[] argTypes) {
        super(op);
        this.deltaInput = deltaInput;
        this.partitionBy = partitionBy;
        this.sort = sort;
        this.rowsFrame = rowsFrame;
        this.preceding = preceding;
        this.fns = fns;
        this.args = args;
        this.argTypes = argTypes;
    }

    static OpNode create(Build b) throws EngineException {
        boolean delta = b.op().kind() == OpKind.OVER_DELTA;
        Params p = b.op().params();
        Scope scope = Scope.of(((StreamType.ZSet) b.inType(delta ? "delta" : "in")).row());
        List<String> part = p.strings("partitionBy");
        KeyFn partitionBy = part == null || part.isEmpty() ? null : b.keys("partitionBy", part, scope, false);
        List<AggCall> calls = p.aggregates("aggregates");
        AggFunction[] fns = new AggFunction[calls.size()];
        TypedExpr[] args = new TypedExpr[calls.size()];
        SqlType[] types = new SqlType[calls.size()];
        for (int i = 0; i < fns.length; i++) {
            fns[i] = calls.get(i).function();
            if (calls.get(i).expr() != null) {
                args[i] = b.expr("aggregates", calls.get(i).expr(), scope);
                types[i] = args[i].type().type();
            } else {
                types[i] = SqlType.BIGINT;
            }
        }
        Object pre = p.get("preceding");
        return new WindowAggregateNode(b.op(), delta, partitionBy, SortOrder.of(b, scope),
                "rows".equals(p.string("frame")), pre == null ? null : ((Number) pre).longValue(), fns, args, types);
    }

    // ------------------------------------------------------------------ evaluation

    @Override
    public void eval(Ctx ctx) throws ExprException {
        if (deltaInput) {
            if (partitions == null) {
                partitions = new HashMap<>();
            }
            ctx.out(0, apply((ZSet) ctx.in(0), ctx), null);
            return;
        }
        evalPartitions(ctx, d -> apply(d, ctx), in -> apply(in, ctx));
    }

    /** Applies a change to the partitions and returns the change of the output. */
    private ZSet apply(ZSet change, Ctx ctx) throws ExprException {
        ctx.work(change.size());
        Map<Row, Map<Entry, Long>> byPartition = new LinkedHashMap<>();
        change.forEachX((x, w) -> {
            Row key = partitionBy == null ? Row.EMPTY : partitionBy.apply(x);
            byPartition.computeIfAbsent(key, q -> new LinkedHashMap<>()).merge(sort.entry(x), w, Long::sum);
        });
        ZSet.Builder out = ZSet.builder();
        for (var e : byPartition.entrySet()) {
            Partition part = partitions.computeIfAbsent(e.getKey(), q -> new Partition(sort));
            update(part, e.getValue(), out, ctx);
            if (part.rows.isEmpty()) {
                partitions.remove(e.getKey());
            }
        }
        return out.build();
    }

    /** Applies one partition's changed weights, re-aggregating the rows whose frame holds a changed row. */
    private void update(Partition part, Map<Entry, Long> changes, ZSet.Builder out, Ctx ctx) {
        // the smaller of the old and new number of copies of each changed row (for the forward reach)
        Map<Entry, Long> fewer = new HashMap<>();
        Entry first = null;
        for (var c : changes.entrySet()) {
            Slot s = part.rows.computeIfAbsent(c.getKey(), q -> new Slot());
            long before = Math.max(0, s.weight);
            s.weight = Math.addExact(s.weight, c.getValue());
            fewer.put(c.getKey(), Math.min(before, Math.max(0, s.weight)));
            Entry start = start(part, c.getKey());
            if (first == null || sort.entries.compare(start, first) < 0) {
                first = start;
            }
        }
        NavigableMap<Entry, Slot> affected;
        if (preceding == null) {
            affected = part.rows.tailMap(first, true); // every row after a change holds it in its frame
        } else {
            affected = new TreeMap<>(sort.entries);
            for (Entry c : changes.keySet()) {
                reach(part, c, fewer, affected);
            }
        }
        long touched = 0;
        for (Slot s : affected.values()) {
            s.emitted.forEach((r, w) -> out.add(r, -w));
        }
        if (preceding == null) {
            Map.Entry<Entry, Slot> pred = part.rows.lowerEntry(first);
            Acc acc = pred == null ? Acc.EMPTY : pred.getValue().prefix;
            for (var e : affected.entrySet()) {
                acc = acc.add(this, e.getKey().row(), copies(e.getValue()));
                e.getValue().prefix = acc;
            }
        }
        if (rowsFrame) {
            for (var e : affected.entrySet()) {
                Slot s = e.getValue();
                s.emitted = emitRows(part, e.getKey(), s);
                s.emitted.forEach(out::add);
                touched += 1 + s.emitted.size();
            }
        } else {
            // RANGE: peers share their frame; every peer group meets the affected rows whole
            List<Map.Entry<Entry, Slot>> group = new ArrayList<>();
            for (var e : affected.entrySet()) {
                if (!group.isEmpty() && sort.compareSort(group.get(0).getKey(), e.getKey()) != 0) {
                    touched += emitPeers(part, group, out);
                    group.clear();
                }
                group.add(e);
            }
            if (!group.isEmpty()) {
                touched += emitPeers(part, group, out);
            }
        }
        ctx.work(touched);
        for (Entry c : changes.keySet()) {
            if (part.rows.get(c).weight == 0) {
                part.rows.remove(c);
            }
        }
    }

    /** Where the rows whose frame holds changed row {@code c} begin: c, or for RANGE its first peer. */
    private Entry start(Partition part, Entry c) {
        if (rowsFrame) {
            return c;
        }
        Entry s = c;
        for (Entry e = part.rows.lowerKey(c); e != null && sort.compareSort(e, c) == 0; e = part.rows.lowerKey(e)) {
            s = e;
        }
        return s;
    }

    /** Adds to {@code affected} the rows whose bounded frame holds changed row {@code c}, in the old or the new order. */
    private void reach(Partition part, Entry c, Map<Entry, Long> fewer, NavigableMap<Entry, Slot> affected) {
        long between = 0; // copies strictly between c and f, each changed row counted with the fewer of its old and new copies
        Entry previous = null;
        for (var e : part.rows.tailMap(start(part, c), true).entrySet()) {
            Entry f = e.getKey();
            if (sort.entries.compare(f, c) > 0) {
                if (rowsFrame) {
                    if (previous != null) {
                        Long fw = fewer.get(previous);
                        between += fw != null ? fw : copies(part.rows.get(previous));
                    }
                    if (between >= preceding) {
                        break;
                    }
                    previous = f;
                } else if (sort.compareSort(c, f) != 0 && !within(f.sort()[0], c.sort()[0], preceding)) {
                    break;
                }
            }
            affected.put(f, e.getValue());
        }
    }

    /** Whether |a − b| ≤ n, for numbers of one SQL type. */
    private static boolean within(Object a, Object b, long n) {
        if (a instanceof BigDecimal x) {
            return x.subtract((BigDecimal) b).abs().compareTo(BigDecimal.valueOf(n)) <= 0;
        }
        if (a instanceof Double || a instanceof Float) {
            return Math.abs(((Number) a).doubleValue() - ((Number) b).doubleValue()) <= n;
        }
        long x = ((Number) a).longValue();
        long y = ((Number) b).longValue();
        return Math.abs(Math.subtractExact(x, y)) <= n;
    }

    private static long copies(Slot s) {
        return Math.max(0, s.weight);
    }

    /** The output rows of row {@code f} in a ROWS frame, each copy with its own frame: itself and the n copies before it. */
    private Map<Row, Long> emitRows(Partition part, Entry f, Slot s) {
        long w = copies(s);
        if (w == 0) {
            return Map.of();
        }
        Map<Row, Long> out = new LinkedHashMap<>();
        if (preceding == null) {
            Map.Entry<Entry, Slot> pred = part.rows.lowerEntry(f);
            Acc before = pred == null ? Acc.EMPTY : pred.getValue().prefix;
            for (long j = 1; j <= w; j++) {
                out.merge(result(f.row(), before.add(this, f.row(), j)), 1L, Long::sum);
            }
            return out;
        }
        for (long j = 1; j <= w; j++) {
            long own = Math.min(j, preceding + 1);
            Acc acc = Acc.EMPTY.add(this, f.row(), own);
            long need = preceding + 1 - own;
            for (var e = part.rows.lowerEntry(f); e != null && need > 0; e = part.rows.lowerEntry(e.getKey())) {
                long take = Math.min(need, copies(e.getValue()));
                if (take > 0) {
                    acc = acc.add(this, e.getKey().row(), take);
                    need -= take;
                }
            }
            out.merge(result(f.row(), acc), 1L, Long::sum);
        }
        return out;
    }

    /**
     * Emits one whole peer group of a RANGE frame: their shared frame is, unbounded, the partition up to
     * the group's last row (its prefix) or, with an offset n, the group and the rows before it within n.
     */
    private long emitPeers(Partition part, List<Map.Entry<Entry, Slot>> group, ZSet.Builder out) {
        Acc acc;
        if (preceding == null) {
            acc = group.get(group.size() - 1).getValue().prefix;
        } else {
            acc = Acc.EMPTY;
            for (var e : group) {
                acc = acc.add(this, e.getKey().row(), copies(e.getValue()));
            }
            Entry first = group.get(0).getKey();
            for (var e : part.rows.headMap(first, false).descendingMap().entrySet()) {
                if (!within(e.getKey().sort()[0], first.sort()[0], preceding)) {
                    break;
                }
                acc = acc.add(this, e.getKey().row(), copies(e.getValue()));
            }
        }
        long touched = 0;
        for (var e : group) {
            Slot s = e.getValue();
            long w = copies(s);
            s.emitted = w == 0 ? Map.of() : Map.of(result(e.getKey().row(), acc), w);
            s.emitted.forEach(out::add);
            touched += 1 + s.emitted.size();
        }
        return touched;
    }

    private Row result(Row row, Acc acc) {
        Object[] v = new Object[fns.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = acc.value(this, i);
        }
        return row.concat(Row.wrap(v));
    }

    private Object arg(int i, Row row) {
        try {
            return args[i] == null ? null : args[i].eval(row);
        } catch (ExprException e) {
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------ aggregate values

    /**
     * The aggregates of a bag of copies, immutable: per call the number of copies counted (all for
     * COUNT(*), those with a non-NULL argument otherwise), the sum of the arguments, and the least and
     * greatest argument.
     */
    private static final class Acc {
        static final Acc EMPTY = new Acc(null, null, null, null);
        final long[] count;
        final Object[] sum;
        final Object[] min;
        final Object[] max;

        private Acc(long[] count, Object[] sum, Object[] min, Object[] max) {
            this.count = count;
            this.sum = sum;
            this.min = min;
            this.max = max;
        }

        /** This bag plus {@code m} copies of {@code row}. */
        @SuppressWarnings({"unchecked", "rawtypes"})
        Acc add(WindowAggregateNode n, Row row, long m) {
            if (m == 0) {
                return this;
            }
            int k = n.fns.length;
            long[] c = count == null ? new long[k] : count.clone();
            Object[] s = sum == null ? new Object[k] : sum.clone();
            Object[] lo = min == null ? new Object[k] : min.clone();
            Object[] hi = max == null ? new Object[k] : max.clone();
            for (int i = 0; i < k; i++) {
                if (n.args[i] == null) {
                    c[i] = Math.addExact(c[i], m);
                    continue;
                }
                Object v = n.arg(i, row);
                if (v == null) {
                    continue;
                }
                c[i] = Math.addExact(c[i], m);
                switch (n.fns[i]) {
                    case SUM, AVG -> s[i] = plus(n.argTypes[i], s[i], v, m);
                    case MIN -> lo[i] = lo[i] == null || ((Comparable) v).compareTo(lo[i]) < 0 ? v : lo[i];
                    case MAX -> hi[i] = hi[i] == null || ((Comparable) v).compareTo(hi[i]) > 0 ? v : hi[i];
                    default -> {
                    }
                }
            }
            return new Acc(c, s, lo, hi);
        }

        private static Object plus(SqlType t, Object acc, Object v, long m) {
            return switch (t) {
                case DOUBLE -> (acc == null ? 0.0 : (Double) acc) + ((Number) v).doubleValue() * m;
                case DECIMAL -> (acc == null ? BigDecimal.ZERO : (BigDecimal) acc).add(((BigDecimal) v).multiply(BigDecimal.valueOf(m)));
                default -> Math.addExact(acc == null ? 0L : (Long) acc, Math.multiplyExact(((Number) v).longValue(), m));
            };
        }

        /** The value of call {@code i} (SQL NULL as null). */
        Object value(WindowAggregateNode n, int i) {
            long c = count == null ? 0 : count[i];
            return switch (n.fns[i]) {
                case COUNT, COUNT_DISTINCT -> c;
                case SUM -> c == 0 ? null : sum[i];
                case AVG -> {
                    if (c == 0) {
                        yield null;
                    }
                    if (n.argTypes[i] == SqlType.DECIMAL) {
                        yield ((BigDecimal) sum[i]).divide(BigDecimal.valueOf(c), MathContext.DECIMAL64);
                    }
                    yield (n.argTypes[i] == SqlType.DOUBLE ? (Double) sum[i] : (double) (Long) sum[i]) / c;
                }
                case MIN -> c == 0 ? null : min[i];
                case MAX -> c == 0 ? null : max[i];
            };
        }
    }

}
