package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * The flat (hash table) form of Z-sets against a HashMap model: many rows over a small key
 * domain, so that weights cancel (tombstones), tables grow, filters compact, and values derived
 * by filter/negate/toBuilder leave their source unchanged.
 */
class FlatTableProperties {

    record Op(long key, long weight) {
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.longs().between(0, 120),
                Arbitraries.longs().between(-2, 2)).as(Op::new);
        return op.list().ofMaxSize(600);
    }

    private static Row row(long k) {
        return Row.of(k, "r" + (k % 7));
    }

    private static Map<Long, Long> model(List<Op> ops) {
        Map<Long, Long> m = new HashMap<>();
        ops.forEach(o -> m.merge(o.key(), o.weight(), (a, b) -> a + b == 0 ? null : a + b));
        m.values().removeIf(w -> w == 0);
        return m;
    }

    private static void assertMatches(ZSet z, Map<Long, Long> m) {
        assertThat(z.size()).isEqualTo(m.size());
        for (long k = 0; k <= 120; k++) {
            assertThat(z.weight(row(k))).isEqualTo(m.getOrDefault(k, 0L));
        }
        Map<Long, Long> seen = new HashMap<>();
        z.forEach((r, w) -> assertThat(seen.put((Long) r.get(0), w)).isNull());
        assertThat(seen).isEqualTo(m);
    }

    @Property(tries = 200)
    void builtTablesMatchTheModel(@ForAll("ops") List<Op> ops, @ForAll("ops") List<Op> more,
                                  @ForAll int expected, @ForAll long cut) {
        ZSet.Builder b = ZSet.builder(Math.floorMod(expected, 50));
        ops.forEach(o -> b.add(row(o.key()), o.weight()));
        ZSet z = b.build();
        Map<Long, Long> m = model(ops);
        assertMatches(z, m);

        long c = Math.floorMod(cut, 122);
        ZSet kept = z.filter(r -> (Long) r.get(0) < c);
        ZSet neg = z.negate();
        Map<Long, Long> mKept = new HashMap<>(m);
        mKept.keySet().removeIf(k -> k >= c);
        Map<Long, Long> mNeg = new HashMap<>();
        m.forEach((k, w) -> mNeg.put(k, -w));
        assertMatches(kept, mKept);
        assertMatches(neg, mNeg);

        // builders started from derived values must not disturb the values they share arrays with
        ZSet.Builder kb = kept.toBuilder();
        ZSet.Builder nb = neg.toBuilder();
        more.forEach(o -> {
            kb.add(row(o.key()), o.weight());
            nb.add(row(o.key()), o.weight());
        });
        ZSet kept2 = kb.build();
        ZSet neg2 = nb.build();
        assertMatches(z, m);
        assertMatches(kept, mKept);
        assertMatches(neg, mNeg);
        Map<Long, Long> mk2 = new HashMap<>(mKept);
        Map<Long, Long> mn2 = new HashMap<>(mNeg);
        more.forEach(o -> {
            mk2.merge(o.key(), o.weight(), (a, w) -> a + w == 0 ? null : a + w);
            mn2.merge(o.key(), o.weight(), (a, w) -> a + w == 0 ? null : a + w);
        });
        mk2.values().removeIf(w -> w == 0);
        mn2.values().removeIf(w -> w == 0);
        assertMatches(kept2, mk2);
        assertMatches(neg2, mn2);
        assertThat(kept.plus(z.filter(r -> (Long) r.get(0) >= c))).isEqualTo(z);
    }
}
