package org.dbspstudio.engine.ops;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.ops.SortOrder.Entry;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.SortKey;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.StreamType;

/**
 * Top-k per partition: the rows of each partition whose rank (ROW_NUMBER, RANK or DENSE_RANK over
 * the ORDER BY keys) is at most k, optionally with the rank as an extra column. A row of weight w
 * is w copies; rows of weight ≤ 0 are absent (as for distinct). Order: the ORDER BY keys (NULL
 * smallest unless NULLS FIRST/LAST says otherwise), then — deterministically, for ROW_NUMBER's
 * choice among peers — the whole row, column by column (NULL first, then by value).
 *
 * <p>Each partition's rows are kept in a tree in that order. When the input's change since the
 * previous tick is known (an integral), only the partitions it touches are updated: O(log n) per
 * changed row, then the first k ranks of the partition are recomputed and the output changes by
 * −old/+new top k of that partition (docs/theory.md §4).
 */
final class TopKNode extends PartitionedNode<TopKNode.Partition> {
    private final KeyFn partitionBy;
    private final SortOrder sort;
    private final long k;
    private final SortKey.Rank rank;
    private final boolean rankColumn;

    /** A partition's rows with their weights, and the top k it emitted. */
    static final class Partition extends PartitionedNode.Partition<Long> {
        Map<Row, Long> emitted = Map.of();

        Partition(SortOrder sort) {
            super(sort.entries);
        }
    }

    private TopKNode(org.dbspstudio.model.Operator op, KeyFn partitionBy, SortOrder sort, long k,
                     SortKey.Rank rank, boolean rankColumn) {
        super(op);
        this.partitionBy = partitionBy;
        this.sort = sort;
        this.k = k;
        this.rank = rank;
        this.rankColumn = rankColumn;
    }

    static OpNode create(Build b) throws EngineException {
        Params p = b.op().params();
        Scope scope = Scope.of(((StreamType.ZSet) b.inType("in")).row());
        List<String> part = p.strings("partitionBy");
        KeyFn partitionBy = part == null || part.isEmpty() ? null : b.keys("partitionBy", part, scope, false);
        String rankCol = p.string("rankColumn");
        return new TopKNode(b.op(), partitionBy, SortOrder.of(b, scope), p.integer("k"),
                SortKey.Rank.fromJson(p.string("rank")), rankCol != null && !rankCol.isBlank());
    }

    @Override
    public void eval(Ctx ctx) throws ExprException {
        evalPartitions(ctx, d -> {
            Map<Row, Partition> touched = new LinkedHashMap<>();
            apply(d, touched, ctx);
            ZSet.Builder delta = ZSet.builder();
            for (var e : touched.entrySet()) {
                Partition part = e.getValue();
                Map<Row, Long> now = top(part);
                part.emitted.forEach((r, w) -> delta.add(r, -w));
                now.forEach(delta::add);
                part.emitted = now;
                ctx.work(now.size());
                if (part.rows.isEmpty()) {
                    partitions.remove(e.getKey());
                }
            }
            return delta.build();
        }, in -> {
            apply(in, null, ctx);
            ZSet.Builder all = ZSet.builder();
            for (Partition part : partitions.values()) {
                part.emitted = top(part);
                part.emitted.forEach(all::add);
            }
            return all.build();
        });
    }

    private void apply(ZSet change, Map<Row, Partition> touched, Ctx ctx) throws ExprException {
        ctx.work(change.size());
        change.forEachX((x, w) -> {
            Row key = partitionBy == null ? Row.EMPTY : partitionBy.apply(x);
            Partition part = partitions.computeIfAbsent(key, q -> new Partition(sort));
            if (touched != null) {
                touched.putIfAbsent(key, part);
            }
            part.rows.merge(sort.entry(x), w, (a, b2) -> Math.addExact(a, b2) == 0 ? null : a + b2);
        });
    }

    /** The partition's rows of rank ≤ k (with the rank appended when asked), with their weights. */
    private Map<Row, Long> top(Partition part) {
        Map<Row, Long> out = new LinkedHashMap<>();
        long before = 0;
        long dense = 0;
        long peerRank = 0;
        Entry peer = null;
        for (var e : part.rows.entrySet()) {
            long w = e.getValue();
            if (w <= 0) {
                continue;
            }
            Entry x = e.getKey();
            if (peer == null || sort.compareSort(peer, x) != 0) {
                peer = x;
                peerRank = before + 1;
                dense++;
            }
            switch (rank) {
                case ROW_NUMBER -> {
                    long take = Math.min(w, k - before);
                    if (rankColumn) {
                        for (long j = 1; j <= take; j++) {
                            out.merge(x.row().concat(Row.of(before + j)), 1L, Long::sum);
                        }
                    } else {
                        out.merge(x.row(), take, Long::sum);
                    }
                    if (before + take >= k) {
                        return out;
                    }
                }
                case RANK, DENSE_RANK -> {
                    long r = rank == SortKey.Rank.RANK ? peerRank : dense;
                    if (r > k) {
                        return out;
                    }
                    out.merge(rankColumn ? x.row().concat(Row.of(r)) : x.row(), w, Long::sum);
                }
            }
            before += w;
        }
        return out;
    }
}
