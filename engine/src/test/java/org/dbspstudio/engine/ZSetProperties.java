package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.ops.Ops;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.PMap;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/** Z-sets and the persistent map under them: group laws, a HashMap model, persistence, overflow. */
class ZSetProperties {

    @Provide
    Arbitrary<List<Change>> zset() {
        return Gen.zset(false);
    }

    static Map<Row, Long> model(List<Change> cs) {
        Map<Row, Long> m = new HashMap<>();
        cs.forEach(c -> m.merge(c.row(), c.weight(), (a, b) -> a + b == 0 ? null : a + b));
        return m;
    }

    @Property(tries = 300)
    void matchesAHashMapModel(@ForAll("zset") List<Change> a, @ForAll("zset") List<Change> b) {
        ZSet x = ZSet.ofChanges(a);
        ZSet y = ZSet.ofChanges(b);
        assertThat(x).isEqualTo(ZSet.ofMap(model(a)));
        assertThat(x.size()).isEqualTo(model(a).size());
        model(a).forEach((r, w) -> assertThat(x.weight(r)).isEqualTo(w));
        List<Change> both = new java.util.ArrayList<>(a);
        both.addAll(b);
        assertThat(x.plus(y)).isEqualTo(ZSet.ofMap(model(both)));
        x.forEach((r, w) -> assertThat(w).isNotZero());
    }

    @Property(tries = 300)
    void groupLaws(@ForAll("zset") List<Change> a, @ForAll("zset") List<Change> b, @ForAll("zset") List<Change> c) {
        ZSet x = ZSet.ofChanges(a);
        ZSet y = ZSet.ofChanges(b);
        ZSet z = ZSet.ofChanges(c);
        assertThat(x.plus(y)).isEqualTo(y.plus(x));
        assertThat(x.plus(y).plus(z)).isEqualTo(x.plus(y.plus(z)));
        assertThat(x.plus(ZSet.EMPTY)).isEqualTo(x);
        assertThat(x.plus(x.negate()).isEmpty()).isTrue();
        assertThat(x.minus(y)).isEqualTo(x.plus(y.negate()));
        assertThat(x.distinct().isSet()).isTrue();
        assertThat(x.filter(r -> (Long) r.get(1) > 1).plus(x.filter(r -> (Long) r.get(1) <= 1))).isEqualTo(x);
        assertThat(x.filter(r -> true).size()).isEqualTo(x.size());
        x.distinct().forEach((r, w) -> assertThat(x.weight(r)).isPositive());
    }

    @Property(tries = 200)
    void valuesArePersistent(@ForAll("zset") List<Change> a, @ForAll("zset") List<Change> b) {
        ZSet x = ZSet.ofChanges(a);
        ZSet copy = ZSet.ofMap(model(a));
        x.plus(ZSet.ofChanges(b));
        x.minus(ZSet.ofChanges(b));
        x.toBuilder().addAll(ZSet.ofChanges(b)).build();
        assertThat(x).isEqualTo(copy);
    }

    @Property(tries = 200)
    void indexedZSetIsAGroupPointwise(@ForAll("zset") List<Change> a, @ForAll("zset") List<Change> b) {
        IndexedZSet.Builder ib = IndexedZSet.builder();
        a.forEach(c -> ib.add(Row.of(c.row().get(0)), c.row(), c.weight()));
        IndexedZSet x = ib.build();
        IndexedZSet.Builder jb = IndexedZSet.builder();
        b.forEach(c -> jb.add(Row.of(c.row().get(0)), c.row(), c.weight()));
        IndexedZSet y = jb.build();
        IndexedZSet s = x.plus(y);
        for (long k = 0; k <= 4; k++) {
            Row key = Row.of(k);
            assertThat(s.get(key)).isEqualTo(x.get(key).plus(y.get(key)));
        }
        assertThat(x.plus(x.negate()).isZero()).isTrue();
        long rows = 0;
        for (long k = 0; k <= 4; k++) {
            rows += s.get(Row.of(k)).size();
        }
        assertThat(s.rows()).isEqualTo(rows);
    }

    /** Keys with colliding hashes exercise the trie's collision nodes, insertions and removals. */
    @Property(tries = 100)
    void persistentMapWithCollisions(@ForAll List<@net.jqwik.api.constraints.IntRange(min = 0, max = 40) Integer> keys) {
        record K(int v) {
            @Override
            public int hashCode() {
                return v % 3;
            }
        }
        PMap<K, Long> m = PMap.empty();
        Map<K, Long> model = new HashMap<>();
        for (int k : keys) {
            K key = new K(k);
            long w = k % 2 == 0 ? 1 : -1;
            m = m.merge(key, w, (x, y) -> x + y == 0 ? null : x + y);
            model.merge(key, w, (x, y) -> x + y == 0 ? null : x + y);
            assertThat(m.size()).isEqualTo(model.size());
        }
        for (var e : model.entrySet()) {
            assertThat(m.get(e.getKey())).isEqualTo(e.getValue());
        }
        int[] n = {0};
        m.forEach((k, v) -> n[0]++);
        assertThat(n[0]).isEqualTo(model.size());
    }

    /** Above the trie threshold, plus/minus of a small Z-set go through the persistent trie: same results, old versions intact. */
    @Property(tries = 40)
    void largeValuesPlusSmallChanges(@ForAll("stream") List<List<Change>> changes) {
        ZSet.Builder b = ZSet.builder();
        Map<Row, Long> model = new HashMap<>();
        for (long i = 0; i < 2000; i++) {
            b.add(Row.of(i % 5, i), 1);
            model.put(Row.of(i % 5, i), 1L);
        }
        ZSet z = b.build();
        for (List<Change> step : changes) {
            ZSet before = z;
            Map<Row, Long> beforeModel = new HashMap<>(model);
            ZSet d = ZSet.ofChanges(step);
            z = step.size() % 2 == 0 ? z.plus(d) : z.minus(d.negate());
            step.forEach(c -> model.merge(c.row(), c.weight(), (x, y) -> x + y == 0 ? null : x + y));
            assertThat(z).isEqualTo(ZSet.ofMap(model));
            assertThat(z.size()).isEqualTo(model.size());
            assertThat(before).isEqualTo(ZSet.ofMap(beforeModel));
            assertThat(d.plus(z)).isEqualTo(z.plus(d));
            Map<Row, Long> kept = new HashMap<>(model);
            kept.keySet().removeIf(r -> (Long) r.get(0) != 1L);
            assertThat(z.filter(r -> (Long) r.get(0) == 1L)).isEqualTo(ZSet.ofMap(kept));
            assertThat(z.negate().negate()).isEqualTo(z);
        }
        assertThat(z.persistent() || changes.stream().allMatch(List::isEmpty)).isTrue();
    }

    @Provide
    Arbitrary<List<List<Change>>> stream() {
        return Gen.stream(false);
    }

    @Test
    void largeMapsKeepOldVersions() {
        ZSet.Builder b = ZSet.builder();
        for (long i = 0; i < 100_000; i++) {
            b.add(Row.of(i, "x"), 1);
        }
        ZSet big = b.build();
        ZSet next = big.plus(ZSet.of(Row.of(5L, "x"), -1)).plus(ZSet.of(Row.of(-1L, "y"), 2));
        assertThat(big.size()).isEqualTo(100_000);
        assertThat(big.weight(Row.of(5L, "x"))).isEqualTo(1);
        assertThat(next.size()).isEqualTo(100_000);
        assertThat(next.weight(Row.of(5L, "x"))).isZero();
        assertThat(next.weight(Row.of(-1L, "y"))).isEqualTo(2);
    }

    @Test
    void weightOverflowIsAnError() {
        ZSet x = ZSet.of(Row.of(1L), Long.MAX_VALUE);
        assertThatThrownBy(() -> x.plus(ZSet.of(Row.of(1L), 1))).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> ZSet.of(Row.of(1L), Long.MIN_VALUE).negate()).isInstanceOf(ArithmeticException.class);
    }

    @Provide
    Arbitrary<Integer> small() {
        return Arbitraries.integers().between(0, 10);
    }
}
