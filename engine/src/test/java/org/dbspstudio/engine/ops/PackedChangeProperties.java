package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.value.NestedTrace;
import org.dbspstudio.engine.value.TraceRows;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * {@link Distincts.PackedChange}, H's change at one iteration gathered from packed rows (the words of
 * the leader's packed change and of the follower's followed rows), against a plain map of row → weight:
 * random distinct rows (small integers, and in some tries NULLs or strings, so that tag words vary and
 * the change is made a table of decoded rows instead of one sorted run), packed as a nested-time trace
 * packs them ({@link NestedTrace#pack}), some of them given in random order with random non-zero
 * weights; the Z-set built must hold exactly those rows with those weights.
 */
class PackedChangeProperties {

    @Provide
    Arbitrary<List<List<Long>>> rows() {
        // a cell: 0..40, −1 for NULL, −2 for a string (in the tries that allow them); up to 3 cells, up to 300 rows
        return Arbitraries.longs().between(-2, 40).list().ofSize(3).list().ofMaxSize(300);
    }

    @Property(tries = 200)
    void packedChangeEqualsAMapOfRows(@ForAll("rows") List<List<Long>> cells, @ForAll @IntRange(min = 1, max = 3) int arity,
                                      @ForAll boolean others, @ForAll long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        Map<Row, Long> all = new HashMap<>();
        for (List<Long> c : cells) {
            Object[] vs = new Object[arity];
            for (int k = 0; k < arity; k++) {
                long v = c.get(k);
                vs[k] = v >= 0 || !others ? (Object) Math.abs(v) : v == -1 ? null : "s" + (c.get((k + 1) % 3) & 7);
            }
            all.put(Row.of(vs), 1L);
        }
        TraceRows rs = NestedTrace.empty().pack(ZSet.ofMap(all));
        assertThat(rs).isNotNull();
        int n = rs.size();
        int width = rs.arity() + 1;
        long[] keys = rs.keys();
        // a random selection in a random order (the due rows come in no order), each with a non-zero weight
        int[] order = new int[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        for (int k = n - 1; k > 0; k--) {
            int q = rnd.nextInt(k + 1);
            int x = order[k];
            order[k] = order[q];
            order[q] = x;
        }
        Distincts.PackedChange pc = new Distincts.PackedChange();
        Map<Row, Long> expected = new HashMap<>();
        for (int k : order) {
            if (rnd.nextInt(3) > 0) {
                long w = rnd.nextBoolean() ? 1 + rnd.nextInt(3) : -1 - rnd.nextInt(3);
                pc.add(keys, k * width, width, w);
                expected.put(rs.row(k), w);
            }
        }
        assertThat(pc.size()).isEqualTo(expected.size());
        ZSet built = pc.build();
        assertThat(built).isEqualTo(ZSet.ofMap(expected));
        Map<Row, Long> read = new HashMap<>();
        built.forEach((r, w) -> read.put(r, w));
        assertThat(read).isEqualTo(expected);
    }
}
