package org.dbspstudio.engine.value;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import org.dbspstudio.model.types.Row;

/**
 * An indexed Z-set: a finite map from key rows to non-empty Z-sets (GROUP BY, an index on a key,
 * an arrangement). A group pointwise; immutable and persistent like {@link ZSet}.
 */
public final class IndexedZSet implements StreamValue {
    public static final IndexedZSet EMPTY = new IndexedZSet(PMap.empty(), 0);

    private final PMap<Row, ZSet> map;
    private final long rows;

    private IndexedZSet(PMap<Row, ZSet> map, long rows) {
        this.map = map;
        this.rows = rows;
    }

    public static Builder builder() {
        return new Builder(EMPTY);
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The Z-set under {@code key} (empty when absent). */
    public ZSet get(Row key) {
        ZSet z = map.get(key);
        return z == null ? ZSet.EMPTY : z;
    }

    /** Number of keys. */
    public int keyCount() {
        return map.size();
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public boolean isZero() {
        return map.isEmpty();
    }

    public void forEach(BiConsumer<Row, ZSet> action) {
        map.forEach(action);
    }

    @Override
    public IndexedZSet plus(StreamValue other) {
        IndexedZSet o = (IndexedZSet) other;
        if (o.isZero()) {
            return this;
        }
        if (isZero()) {
            return o;
        }
        IndexedZSet big = map.size() >= o.map.size() ? this : o;
        IndexedZSet small = big == this ? o : this;
        Builder b = big.toBuilder();
        small.map.forEach(b::add);
        return b.build();
    }

    @Override
    public IndexedZSet negate() {
        Builder b = builder();
        map.forEach((k, z) -> b.add(k, z.negate()));
        return b.build();
    }

    /** Keys sorted, for deterministic output. */
    public List<Row> sortedKeys() {
        List<Row> keys = new ArrayList<>(map.size());
        map.forEach((k, z) -> keys.add(k));
        keys.sort(Comparator.naturalOrder());
        return keys;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof IndexedZSet z) || z.map.size() != map.size()) {
            return false;
        }
        boolean[] eq = {true};
        map.forEach((k, v) -> eq[0] &= v.equals(z.map.get(k)));
        return eq[0];
    }

    @Override
    public int hashCode() {
        int[] h = {0};
        map.forEach((k, v) -> h[0] += k.hashCode() ^ v.hashCode());
        return h[0];
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (Row k : sortedKeys()) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(k).append(" → ").append(map.get(k));
        }
        return sb.append('}').toString();
    }

    /** Accumulates (key, row, weight) triples or whole Z-sets per key. */
    public static final class Builder {
        private final PMap.Editor<Row, ZSet> editor;
        private long rows;

        private Builder(IndexedZSet base) {
            editor = new PMap.Editor<>(base.map);
            rows = base.rows;
        }

        public Builder add(Row key, ZSet z) {
            if (!z.isEmpty()) {
                ZSet old = editor.get(key);
                long before = old == null ? 0 : old.size();
                ZSet now = old == null ? z : old.plus(z);
                editor.merge(key, now, (a, b) -> b.isEmpty() ? null : b);
                rows += now.size() - before;
            }
            return this;
        }

        public Builder add(Row key, Row row, long weight) {
            return weight == 0 ? this : add(key, ZSet.of(row, weight));
        }

        public IndexedZSet build() {
            PMap<Row, ZSet> m = editor.build();
            return m.isEmpty() ? EMPTY : new IndexedZSet(m, rows);
        }
    }
}
