package org.dbspstudio.engine.ops;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.dbspstudio.engine.ops.SortOrder.Entry;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.types.Row;

/**
 * An operator on snapshots whose state is its input's rows by partition, each partition's rows in a
 * tree in the order of a {@link SortOrder} (top-k, window aggregates). With the input's change
 * known it applies the change to the partitions it touches; otherwise it rebuilds them from the
 * whole input ({@link SnapshotNode}).
 *
 * @param <P> a partition
 */
abstract class PartitionedNode<P extends PartitionedNode.Partition<?>> extends SnapshotNode {
    /** The partitions by key; null while no state is kept. */
    Map<Row, P> partitions;

    /** A partition: its rows (with what the operator keeps per row), in sort order. */
    static class Partition<V> {
        final TreeMap<Entry, V> rows;

        Partition(Comparator<Entry> order) {
            rows = new TreeMap<>(order);
        }
    }

    /** Computes the output, or its change, from a change of the partitions (or the whole input, applied to none). */
    @FunctionalInterface
    interface Apply {
        ZSet apply(ZSet change) throws ExprException;
    }

    protected PartitionedNode(Operator op) {
        super(op);
    }

    /**
     * One tick on a snapshot: {@code change} applied to the input's known change gives the output's
     * change; else {@code whole}, applied to the whole input with no partitions, gives the output.
     */
    final void evalPartitions(Ctx ctx, Apply change, Apply whole) throws ExprException {
        StreamValue d = ctx.inDelta(0);
        evalSnapshot(ctx, d != null && ctx.deltaTracking(), () -> change.apply((ZSet) d), () -> {
            partitions = new HashMap<>();
            return whole.apply((ZSet) ctx.in(0));
        });
    }

    @Override
    final void forget() {
        partitions = null;
    }

    @Override
    public long stateSize() {
        if (partitions == null) {
            return 0;
        }
        long n = 0;
        for (P p : partitions.values()) {
            n += p.rows.size();
        }
        return n;
    }
}
