package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A trie built whole ({@link PMap#ofDistinct}) against a plain map: every key found with its value
 * and absent keys not found, its size and entries; then edited (insertions, removals, combined
 * values) against the map edited alike, while the version built whole stays as it was. Keys whose
 * hash codes are drawn from a few values (full-hash collisions) or share low digits (deep nodes).
 */
class PMapBulkProperties {

    /** A key with a chosen hash code. */
    record Key(int id, int hash) {
        @Override
        public int hashCode() {
            return hash;
        }
    }

    @Property(tries = 300)
    void builtWholeEqualsAPlainMap(@ForAll @IntRange(min = 0, max = 5000) int n, @ForAll long seed) {
        Random rnd = new Random(seed);
        int hashes = switch (rnd.nextInt(3)) {
            case 0 -> 1 + rnd.nextInt(4); // mostly collisions
            case 1 -> 1 + rnd.nextInt(64);
            default -> Integer.MAX_VALUE;
        };
        Map<Key, Long> expected = new HashMap<>();
        List<Key> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Key k = new Key(i, hashes == Integer.MAX_VALUE ? rnd.nextInt() : rnd.nextInt(hashes) * 0x10000);
            keys.add(k);
            expected.put(k, (long) rnd.nextInt(100) - 50);
        }
        Object[] ks = keys.toArray();
        Object[] vs = new Object[n];
        for (int i = 0; i < n; i++) {
            vs[i] = expected.get(keys.get(i));
        }
        PMap<Key, Long> built = PMap.ofDistinct(ks, vs, n);
        assertSame(built, expected, n, rnd);

        // edits: a third of the keys removed, some combined, new ones inserted
        Map<Key, Long> edited = new HashMap<>(expected);
        PMap.Editor<Key, Long> e = new PMap.Editor<>(built);
        for (int i = 0; i < n / 2 + 10; i++) {
            Key k = rnd.nextBoolean() && n > 0 ? keys.get(rnd.nextInt(n))
                    : new Key(n + i, hashes == Integer.MAX_VALUE ? rnd.nextInt() : rnd.nextInt(hashes) * 0x10000);
            long w = rnd.nextInt(3) == 0 && edited.containsKey(k) ? -edited.get(k) : rnd.nextInt(5) - 2;
            if (w == 0) {
                continue;
            }
            e.merge(k, w, ZSet.ADD);
            edited.merge(k, w, (a, b) -> a + b == 0 ? null : a + b);
        }
        PMap<Key, Long> after = e.build();
        assertSame(after, edited, n, rnd);
        assertSame(built, expected, n, rnd);
        assertThat(after.sameEntries(built)).isEqualTo(edited.equals(expected));
    }

    private static void assertSame(PMap<Key, Long> m, Map<Key, Long> expected, int n, Random rnd) {
        assertThat(m.size()).isEqualTo(expected.size());
        expected.forEach((k, v) -> assertThat(m.get(k)).isEqualTo(v));
        for (int i = 0; i < 20; i++) {
            Key absent = new Key(-1 - i, rnd.nextBoolean() ? rnd.nextInt() : rnd.nextInt(4) * 0x10000);
            assertThat(m.get(absent)).isNull();
        }
        Map<Key, Long> seen = new HashMap<>();
        m.forEach((k, v) -> assertThat(seen.put(k, v)).isNull());
        assertThat(seen).isEqualTo(expected);
    }
}
