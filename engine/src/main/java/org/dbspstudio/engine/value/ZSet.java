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
    public static final ZSet EMPTY = new ZSet(PMap.empty());

    /** Adds weights exactly; a zero sum removes the row. */
    static final BinaryOperator<Long> ADD = (a, b) -> {
        long s = Math.addExact(a, b);
        return s == 0 ? null : s;
    };

    private final PMap<Row, Long> map;

    private ZSet(PMap<Row, Long> map) {
        this.map = map;
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

    public static ZSet ofChanges(List<Change> changes) {
        Builder b = builder();
        changes.forEach(c -> b.add(c.row(), c.weight()));
        return b.build();
    }

    public static ZSet ofMap(Map<Row, Long> m) {
        Builder b = builder();
        m.forEach(b::add);
        return b.build();
    }

    public static Builder builder() {
        return new Builder(EMPTY);
    }

    /** A builder starting from this value (for applying many changes at once). */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public long weight(Row row) {
        Long w = map.get(row);
        return w == null ? 0 : w;
    }

    public boolean contains(Row row) {
        return map.get(row) != null;
    }

    /** Number of distinct rows with a non-zero weight. */
    public int size() {
        return map.size();
    }

    @Override
    public long rows() {
        return map.size();
    }

    @Override
    public boolean isZero() {
        return map.isEmpty();
    }

    public boolean isEmpty() {
        return map.isEmpty();
    }

    public void forEach(RowWeight action) {
        map.forEach((r, w) -> action.accept(r, w));
    }

    /** Iterates with an action that may throw; the first exception stops the iteration. */
    public <E extends Exception> void forEachX(RowWeightX<E> action) throws E {
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
        ZSet o = (ZSet) other;
        if (o.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return o;
        }
        ZSet big = size() >= o.size() ? this : o;
        ZSet small = big == this ? o : this;
        Builder b = big.toBuilder();
        small.map.forEach(b::add);
        return b.build();
    }

    @Override
    public ZSet minus(StreamValue other) {
        ZSet o = (ZSet) other;
        if (o.size() <= size()) {
            Builder b = toBuilder();
            o.map.forEach((r, w) -> b.add(r, Math.negateExact(w)));
            return b.build();
        }
        return plus(o.negate());
    }

    @Override
    public ZSet negate() {
        Builder b = builder();
        map.forEach((r, w) -> b.add(r, Math.negateExact(w)));
        return b.build();
    }

    /** {@code distinct}: weight 1 for rows of positive weight, others dropped. */
    public ZSet distinct() {
        Builder b = builder();
        map.forEach((r, w) -> {
            if (w > 0) {
                b.add(r, 1);
            }
        });
        return b.build();
    }

    /** All weights are positive (a bag). */
    public boolean isPositive() {
        boolean[] ok = {true};
        map.forEach((r, w) -> ok[0] &= w > 0);
        return ok[0];
    }

    /** All weights are 1 (a set). */
    public boolean isSet() {
        boolean[] ok = {true};
        map.forEach((r, w) -> ok[0] &= w == 1);
        return ok[0];
    }

    /** Sum of all weights. */
    public long totalWeight() {
        long[] s = {0};
        map.forEach((r, w) -> s[0] = Math.addExact(s[0], w));
        return s[0];
    }

    /** The rows and weights, sorted by row (deterministic output). */
    public List<Change> toChanges() {
        List<Change> l = new ArrayList<>(map.size());
        map.forEach((r, w) -> l.add(new Change(r, w)));
        l.sort(Comparator.comparing(Change::row));
        return l;
    }

    /** Trie nodes of the persistent map (memory estimates). */
    public int nodeCount() {
        return map.nodeCount();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ZSet z) || z.size() != size()) {
            return false;
        }
        boolean[] eq = {true};
        map.forEach((r, w) -> eq[0] &= w.equals(z.map.get(r)));
        return eq[0];
    }

    @Override
    public int hashCode() {
        int[] h = {0};
        map.forEach((r, w) -> h[0] += r.hashCode() ^ Long.hashCode(w));
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

    /** Accumulates rows with weights (consolidating duplicates, dropping zeros). */
    public static final class Builder {
        private final PMap.Editor<Row, Long> editor;

        private Builder(ZSet base) {
            editor = new PMap.Editor<>(base.map);
        }

        public Builder add(Row row, long weight) {
            if (weight != 0) {
                editor.merge(row, weight, ADD);
            }
            return this;
        }

        public Builder addAll(ZSet z) {
            z.map.forEach(this::add);
            return this;
        }

        public int size() {
            return editor.size();
        }

        public ZSet build() {
            PMap<Row, Long> m = editor.build();
            return m.isEmpty() ? EMPTY : new ZSet(m);
        }
    }
}
