package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.dbspstudio.engine.value.PMap;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * Equality of persistent maps and Z-sets that share structure: versions derived from a common
 * base (insertions, removals, colliding hashes, subtries left with one entry) compare equal
 * exactly when a HashMap model says so.
 */
class PMapEqualityProperties {
    /** A key whose hash collides often (and fully for equal residues), to build collision nodes. */
    record K(int v) {
        @Override
        public int hashCode() {
            return v % 7 == 0 ? 7 : v * 0x9E3779B9 % 97;
        }
    }

    private static PMap<K, Long> apply(PMap<K, Long> m, Map<K, Long> model, List<Integer> ops) {
        PMap<K, Long> r = m;
        for (int op : ops) {
            K key = new K(Math.abs(op) % 300);
            long w = op >= 0 ? 1 : -1;
            r = r.merge(key, w, (x, y) -> x + y == 0 ? null : x + y);
            model.merge(key, w, (x, y) -> x + y == 0 ? null : x + y);
        }
        return r;
    }

    @Property(tries = 200)
    void sharedVersionsCompareLikeTheirModels(@ForAll @Size(max = 400) List<@IntRange(min = -299, max = 299) Integer> base,
                                              @ForAll @Size(max = 30) List<@IntRange(min = -299, max = 299) Integer> a,
                                              @ForAll @Size(max = 30) List<@IntRange(min = -299, max = 299) Integer> b) {
        Map<K, Long> baseModel = new HashMap<>();
        PMap<K, Long> m = apply(PMap.empty(), baseModel, base);
        Map<K, Long> ma = new HashMap<>(baseModel);
        Map<K, Long> mb = new HashMap<>(baseModel);
        PMap<K, Long> x = apply(m, ma, a);
        PMap<K, Long> y = apply(m, mb, b);
        assertThat(x.sameEntries(y)).isEqualTo(ma.equals(mb));
        assertThat(y.sameEntries(x)).isEqualTo(ma.equals(mb));
        // undoing a's updates on x gives the base entries back, whatever shape the trie kept
        Map<K, Long> back = new HashMap<>(ma);
        PMap<K, Long> undone = apply(x, back, a.stream().map(v -> -v == 0 ? 0 : -v).toList());
        assertThat(undone.sameEntries(m)).isEqualTo(back.equals(baseModel));
    }

    @Property(tries = 60)
    void largeZSetsUpdatedBySmallChangesCompareByContent(@ForAll @Size(max = 20) List<@IntRange(min = 0, max = 3999) Integer> a,
                                                         @ForAll @Size(max = 20) List<@IntRange(min = 0, max = 3999) Integer> b) {
        ZSet.Builder bb = ZSet.builder();
        for (long i = 0; i < 3000; i++) {
            bb.add(Row.of(i % 40, i), 1);
        }
        ZSet base = bb.build();
        ZSet x = base;
        ZSet y = base;
        Map<Row, Long> mx = new HashMap<>();
        Map<Row, Long> my = new HashMap<>();
        for (long i = 0; i < 3000; i++) {
            mx.put(Row.of(i % 40, i), 1L);
            my.put(Row.of(i % 40, i), 1L);
        }
        for (int v : a) {
            Row r = Row.of((long) v % 40, (long) v);
            x = x.plus(ZSet.of(r, v % 2 == 0 ? 1 : -1));
            mx.merge(r, v % 2 == 0 ? 1L : -1L, (p, q) -> p + q == 0 ? null : p + q);
        }
        for (int v : b) {
            Row r = Row.of((long) v % 40, (long) v);
            y = y.plus(ZSet.of(r, v % 2 == 0 ? 1 : -1));
            my.merge(r, v % 2 == 0 ? 1L : -1L, (p, q) -> p + q == 0 ? null : p + q);
        }
        assertThat(x.equals(y)).isEqualTo(mx.equals(my));
        assertThat(x.equals(ZSet.ofMap(mx))).isTrue();
    }
}
