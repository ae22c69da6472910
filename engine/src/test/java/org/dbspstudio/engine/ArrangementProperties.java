package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * Arrangements (indexed Z-sets held as batches of packed keys, merged as they grow), driven by
 * random operations against a plain map of key → (row → weight): changes added with {@code plus}
 * and with builders (small ones append a batch, large ones merge batches), differences, negation,
 * keys whose rows cancel, lookups of present and absent keys, iteration, and every earlier version
 * left intact. Keys mix integers, NULLs, strings, doubles and decimals, some with equal hash codes.
 */
class ArrangementProperties {

    /** One operation: kind, a key in a small domain (so rows cancel), a weight, a batch length. */
    record Op(int kind, int at, long weight, int length) {
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 4),
                Arbitraries.integers().between(0, 4000), Arbitraries.longs().between(-2, 2),
                Arbitraries.integers().between(1, 1200)).as(Op::new);
        return op.list().ofMinSize(1).ofMaxSize(30);
    }

    /** Includes values whose hash codes collide but that differ ("Aa", "BB"; 2.50 and 2.5). */
    private static final Object[] ODD = {null, 1.5, -0.0, 0.0, "s", new BigDecimal("2.50"), 7L, "Aa", "BB",
        new BigDecimal("2.5")};

    /** Row i: its key is (i mod 700, a value of several kinds). */
    static Row row(int i) {
        return Row.of((long) (i % 700), ODD[i % ODD.length], "r" + (i % 11));
    }

    static Row key(Row r) {
        return Row.of(r.get(0), r.get(1));
    }

    private static void add(Map<Row, Map<Row, Long>> m, Row r, long w) {
        Map<Row, Long> g = m.computeIfAbsent(key(r), k -> new HashMap<>());
        g.merge(r, w, (a, b) -> a + b == 0 ? null : a + b);
        if (g.isEmpty()) {
            m.remove(key(r));
        }
    }

    private static Map<Row, Map<Row, Long>> copy(Map<Row, Map<Row, Long>> m) {
        Map<Row, Map<Row, Long>> c = new HashMap<>();
        m.forEach((k, g) -> c.put(k, new HashMap<>(g)));
        return c;
    }

    static IndexedZSet index(Map<Row, Long> rows) {
        IndexedZSet.Builder b = IndexedZSet.builder();
        rows.forEach((r, w) -> b.add(key(r), r, w));
        return b.build();
    }

    private static void assertSame(IndexedZSet ix, Map<Row, Map<Row, Long>> m) {
        assertThat(ix.keyCount()).isEqualTo(m.size());
        long rows = 0;
        for (Map<Row, Long> g : m.values()) {
            rows += g.size();
        }
        assertThat(ix.rows()).isEqualTo(rows);
        Map<Row, Map<Row, Long>> seen = new HashMap<>();
        ix.forEach((k, z) -> {
            assertThat(z.isEmpty()).isFalse();
            Map<Row, Long> g = new HashMap<>();
            z.forEach(g::put);
            assertThat(seen.put(k, g)).isNull();
        });
        assertThat(seen).isEqualTo(m);
        m.forEach((k, g) -> {
            assertThat(ix.get(k)).isEqualTo(ZSet.ofMap(g));
            assertThat(under(ix, k)).isEqualTo(g);
        });
        assertThat(under(ix, Row.of(1L, "never seen anywhere"))).isEmpty();
        assertThat(ix.get(Row.of(-1L, null))).isEqualTo(ZSet.EMPTY);
        assertThat(ix.get(Row.of(1L, "never seen anywhere"))).isEqualTo(ZSet.EMPTY);
        assertThat(ix.get(Row.of(1L))).isEqualTo(ZSet.EMPTY);
        IndexedZSet.Builder fresh = IndexedZSet.builder();
        m.forEach((k, g) -> fresh.add(k, ZSet.ofMap(g)));
        assertThat(ix).isEqualTo(fresh.build());
        assertThat(fresh.build()).isEqualTo(ix);
        assertThat(ix.hashCode()).isEqualTo(fresh.build().hashCode());
    }

    @Property(tries = 60)
    void arrangementsMatchAMap(@ForAll("ops") List<Op> ops) {
        Map<Row, Map<Row, Long>> model = new HashMap<>();
        Map<Row, Long> start = new HashMap<>();
        for (int i = 0; i < 3000; i++) {
            start.merge(row(i), 1L, Long::sum);
        }
        start.forEach((r, w) -> add(model, r, w));
        IndexedZSet ix = index(start);
        assertThat(ix.batched()).isTrue();
        List<IndexedZSet> versions = new ArrayList<>();
        List<Map<Row, Map<Row, Long>>> models = new ArrayList<>();
        for (Op op : ops) {
            versions.add(ix);
            models.add(copy(model));
            int n = op.kind() == 3 ? op.length() : 1 + op.length() % 30;
            Map<Row, Long> d = new HashMap<>();
            for (int i = 0; i < n; i++) {
                Row r = row((op.at() + i * 13) % 4000);
                long w = op.weight() == 0 ? (i % 2 == 0 ? 1 : -1) : op.weight();
                // some changes retract what is there, so rows and whole keys cancel
                Map<Row, Long> g = model.getOrDefault(key(r), Map.of());
                long have = g.getOrDefault(r, 0L) + d.getOrDefault(r, 0L);
                if (i % 3 == 0 && have != 0) {
                    w = -have;
                }
                d.merge(r, w, Long::sum);
            }
            d.values().removeIf(w -> w == 0);
            IndexedZSet delta = index(d);
            switch (op.kind()) {
                case 0, 3 -> ix = op.at() % 2 == 0 ? ix.plus(delta) : delta.plus(ix);
                case 1 -> ix = (IndexedZSet) ix.minus(delta.negate());
                case 2 -> {
                    IndexedZSet.Builder b = ix.toBuilder();
                    d.forEach((r, w) -> b.add(key(r), r, w));
                    ix = b.build();
                }
                default -> {
                    IndexedZSet back = (IndexedZSet) delta.minus(ix);
                    Map<Row, Map<Row, Long>> neg = new HashMap<>();
                    d.forEach((r, w) -> add(neg, r, w));
                    model.forEach((k, g) -> g.forEach((r, w) -> add(neg, r, -w)));
                    assertSame(back, neg);
                    ix = ix.plus(delta);
                }
            }
            d.forEach((r, w) -> add(model, r, w));
            assertSame(ix, model);
            // every key packs, so the arrangement stays batched (the empty value is the trie's empty)
            assertThat(ix.batched() || ix.isZero()).isTrue();
            assertThat(ix.batchCount()).isLessThanOrEqualTo(10);
        }
        for (int i = 0; i < versions.size(); i++) {
            assertSame(versions.get(i), models.get(i));
        }
        assertThat(ix.plus(ix.negate()).isZero()).isTrue();
    }

    /**
     * {@link IndexedZSet#group}: the rows of a Z-set gathered under their keys, against the same map
     * of key → (row → weight). Changes of random rows (weights from −2 to 2, many rows under one key,
     * keys of every kind of value), some rows left out (a null key, as a NULL join key is), keys that
     * do not pack (the empty key, keys of two arities) on some changes; each grouped change is added
     * to the arrangement so far, and every version is checked again at the end.
     */
    @Property(tries = 60)
    void groupingRowsUnderTheirKeysMatchesAMap(@ForAll("ops") List<Op> ops) {
        Map<Row, Map<Row, Long>> model = new HashMap<>();
        IndexedZSet ix = IndexedZSet.EMPTY;
        List<IndexedZSet> versions = new ArrayList<>();
        List<Map<Row, Map<Row, Long>>> models = new ArrayList<>();
        for (Op op : ops) {
            int n = op.kind() == 3 ? op.length() : 1 + op.length() % 40;
            Map<Row, Long> d = new HashMap<>();
            for (int i = 0; i < n; i++) {
                Row r = row((op.at() + i * 7) % 4000);
                d.merge(r, op.weight() == 0 ? (i % 2 == 0 ? 2L : -1L) : op.weight(), Long::sum);
            }
            d.values().removeIf(w -> w == 0);
            ZSet z = ZSet.ofMap(d);
            int mode = op.at() % 4; // 0, 1: the usual key; 2: the empty key; 3: keys of two arities
            IndexedZSet.KeyOf<RuntimeException> keyOf = r -> {
                long a = (Long) r.get(0);
                if (a % 5 == 1) {
                    return null;
                }
                return mode == 2 ? Row.of() : mode == 3 && a % 2 == 0 ? Row.of(r.get(0)) : key(r);
            };
            Map<Row, Map<Row, Long>> expected = new HashMap<>();
            d.forEach((r, w) -> {
                Row k = keyOf.key(r);
                if (k != null) {
                    expected.computeIfAbsent(k, x -> new HashMap<>()).merge(r, w, Long::sum);
                }
            });
            IndexedZSet g = IndexedZSet.group(z, keyOf);
            assertSame(g, expected);
            if (mode <= 1) {
                assertThat(g.batched() || g.isZero()).isTrue();
                versions.add(ix);
                models.add(copy(model));
                ix = ix.plus(g);
                d.forEach((r, w) -> {
                    if (keyOf.key(r) != null) {
                        add(model, r, w);
                    }
                });
                assertSame(ix, model);
            }
        }
        for (int i = 0; i < versions.size(); i++) {
            assertSame(versions.get(i), models.get(i));
        }
    }

    /** The rows under {@code k} summed from {@link IndexedZSet#forEachUnder}'s visits. */
    static Map<Row, Long> under(IndexedZSet ix, Row k) {
        Map<Row, Long> g = new HashMap<>();
        ix.forEachUnder(k, (r, w) -> g.merge(r, w, (a, b) -> a + b == 0 ? null : a + b));
        return g;
    }

    @Provide
    Arbitrary<List<List<Integer>>> updates() {
        return Arbitraries.integers().between(-600, 600).list().ofMaxSize(80).list().ofMinSize(1).ofMaxSize(12);
    }

    /**
     * An index on a primary key (one row of weight 1 under most keys, held without a Z-set), under
     * steps of inserts, deletes and updates (a key's row replaced), some with weights other than 1
     * and keys with two rows, against a plain map; each version is checked, earlier ones again at the end.
     */
    @Property(tries = 60)
    void primaryKeyIndexesMatchAMap(@ForAll("updates") List<List<Integer>> steps) {
        Map<Row, Map<Row, Long>> model = new HashMap<>();
        IndexedZSet ix = IndexedZSet.EMPTY;
        List<IndexedZSet> versions = new ArrayList<>();
        List<Map<Row, Map<Row, Long>>> models = new ArrayList<>();
        int version = 0;
        for (List<Integer> step : steps) {
            version++;
            Map<Row, Long> d = new HashMap<>();
            for (int v : step) {
                long id = Math.abs(v) % 300;
                Row k = Row.of(id, id % 3 == 0 ? "k" + id : null);
                Map<Row, Long> g = model.getOrDefault(k, Map.of());
                if (v < 0) {
                    g.forEach((r, w) -> d.merge(r, -w, Long::sum)); // delete the key's rows
                } else {
                    Row r = Row.of(id, id % 3 == 0 ? "k" + id : null, (long) version, "v" + v);
                    d.merge(r, v % 7 == 0 ? 2L : 1L, Long::sum);
                    if (v % 5 != 0) {
                        g.forEach((old, w) -> d.merge(old, -w, Long::sum)); // an update, not a second row
                    }
                }
            }
            d.values().removeIf(w -> w == 0);
            IndexedZSet.Builder b = version % 2 == 0 ? ix.toBuilder() : IndexedZSet.builder();
            d.forEach((r, w) -> b.add(Row.of(r.get(0), r.get(1)), r, w));
            ix = version % 2 == 0 ? b.build() : ix.plus(b.build());
            d.forEach((r, w) -> {
                Row k = Row.of(r.get(0), r.get(1));
                Map<Row, Long> g = model.computeIfAbsent(k, x -> new HashMap<>());
                g.merge(r, w, (a, c) -> a + c == 0 ? null : a + c);
                if (g.isEmpty()) {
                    model.remove(k);
                }
            });
            assertSame(ix, model);
            assertThat(ix.batched() || ix.isZero()).isTrue();
            versions.add(ix);
            models.add(copy(model));
        }
        for (int i = 0; i < versions.size(); i++) {
            assertSame(versions.get(i), models.get(i));
            assertSame(versions.get(i).negate().negate(), models.get(i));
        }
    }

    @Test
    void keysThatDoNotPackUseTheTrie() {
        Object[] wide = new Object[20];
        IndexedZSet.Builder b = IndexedZSet.builder();
        for (long i = 0; i < 100; i++) {
            wide[0] = i;
            b.add(Row.of(wide), Row.of(i), 1);
        }
        IndexedZSet ix = b.build();
        assertThat(ix.batched()).isFalse();
        assertThat(ix.keyCount()).isEqualTo(100);
        wide[0] = 5L;
        assertThat(ix.get(Row.of(wide))).isEqualTo(ZSet.of(Row.of(5L), 1));
    }

    @Test
    void keysOfAnotherArityMoveTheIndexToTheTrie() {
        IndexedZSet.Builder b = IndexedZSet.builder();
        for (long i = 0; i < 100; i++) {
            b.add(Row.of(i), Row.of(i, "x"), 1);
        }
        IndexedZSet ix = b.build();
        assertThat(ix.batched()).isTrue();
        IndexedZSet mixed = ix.plus(IndexedZSet.builder().add(Row.of(1L, 2L), Row.of(9L), 3).build());
        assertThat(mixed.keyCount()).isEqualTo(101);
        assertThat(mixed.rows()).isEqualTo(101);
        assertThat(mixed.get(Row.of(1L, 2L))).isEqualTo(ZSet.of(Row.of(9L), 3));
        assertThat(mixed.get(Row.of(7L))).isEqualTo(ZSet.of(Row.of(7L, "x"), 1));
        IndexedZSet.Builder mb = ix.toBuilder();
        mb.add(Row.of(3L), Row.of(3L, "x"), -1).add(Row.of(), Row.of(0L), 2);
        IndexedZSet m2 = mb.build();
        assertThat(m2.keyCount()).isEqualTo(100);
        assertThat(m2.get(Row.of(3L))).isEqualTo(ZSet.EMPTY);
        assertThat(m2.get(Row.of())).isEqualTo(ZSet.of(Row.of(0L), 2));
    }
}
