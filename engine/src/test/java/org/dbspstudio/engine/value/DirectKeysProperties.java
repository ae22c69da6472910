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
import org.dbspstudio.model.types.Row;

/**
 * Key batches whose keys are one integer column packed closely enough are looked up in a direct
 * array ({@link KeyBatch#direct}) instead of their hash table: checked against a map of key → (row
 * → weight) on arrangements of random additions whose keys lie in ranges of every width around
 * zero, around {@code Long.MIN_VALUE} and {@code Long.MAX_VALUE}, with NULL keys and keys of other
 * kinds mixed in some, probed with every key of the range, the keys just outside it, the extremes of
 * {@code long}, and keys of other kinds. Also checks that the dense batches do use the array and
 * the others do not.
 */
class DirectKeysProperties {

    @Property(tries = 300)
    void directLookupsAgreeWithAMap(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int keys,
                                    @ForAll @IntRange(min = 1, max = 5) int steps) {
        Random r = new Random(seed);
        long base = switch (r.nextInt(4)) {
            case 0 -> Long.MIN_VALUE;
            case 1 -> Long.MAX_VALUE - 4L * keys;
            case 2 -> -keys / 2;
            default -> r.nextLong();
        };
        int spread = 1 + r.nextInt(4); // keys within spread × keys consecutive integers: dense or not
        int odd = r.nextInt(3); // 0: integer keys only; 1: some NULL keys; 2: some string keys
        Map<Row, Map<Row, Long>> model = new HashMap<>();
        IndexedZSet index = IndexedZSet.EMPTY;
        List<IndexedZSet> versions = new ArrayList<>();
        List<Map<Row, Map<Row, Long>>> models = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            IndexedZSet.Builder b = IndexedZSet.builder();
            Map<Row, Map<Row, Long>> change = new HashMap<>();
            int size = r.nextInt(2) == 0 ? keys : 1 + r.nextInt(keys);
            for (int i = 0; i < size; i++) {
                Object k;
                if (odd == 1 && r.nextInt(20) == 0) {
                    k = null;
                } else if (odd == 2 && r.nextInt(20) == 0) {
                    k = "k" + r.nextInt(3);
                } else {
                    k = base + (long) r.nextInt(spread * keys);
                }
                Row key = Row.of(k);
                Row row = Row.of(k, (long) r.nextInt(3));
                long w = r.nextInt(5) == 0 ? -model.getOrDefault(key, Map.of()).getOrDefault(row, 0L) : 1;
                if (w == 0) {
                    continue;
                }
                b.add(key, ZSet.of(row, w));
                change.computeIfAbsent(key, x -> new HashMap<>()).merge(row, w, Long::sum);
            }
            index = index.plus(b.build());
            change.forEach((key, m) -> m.forEach((row, w) -> model.computeIfAbsent(key, x -> new HashMap<>()).merge(row, w, Long::sum)));
            model.values().forEach(m -> m.values().removeIf(w -> w == 0));
            model.values().removeIf(Map::isEmpty);
            versions.add(index);
            models.add(copy(model));
        }
        for (int v = 0; v < versions.size(); v++) {
            IndexedZSet ix = versions.get(v);
            Map<Row, Map<Row, Long>> m = models.get(v);
            List<Object> probes = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, base - 1, "k1"));
            for (long x = 0; x <= spread * (long) keys; x++) {
                probes.add(base + x); // wraps past Long.MAX_VALUE for the last base: keys far outside
            }
            for (Object k : probes) {
                Row key = Row.of(k);
                assertThat(ix.get(key).equals(zset(m.get(key)))).as("under %s", key).isTrue();
                if (k instanceof Long x) {
                    Map<Row, Long> got = new HashMap<>();
                    ix.forEachUnderIntegers(new long[] {0, x}, (row, w) -> got.merge(row, w, Long::sum));
                    got.values().removeIf(w -> w == 0);
                    assertThat(got).as("under %s", key).isEqualTo(m.getOrDefault(key, Map.of()));
                }
            }
            KeyBatch[] bs = ix.keyBatches();
            if (bs != null) {
                for (KeyBatch b : bs) {
                    assertThat(b.direct != null).as("a direct array exactly for dense integer keys")
                            .isEqualTo(b.n >= KeyBatch.DIRECT_MIN && integersWithin(b, 2L * b.n));
                }
            }
        }
    }

    private static boolean integersWithin(KeyBatch b, long width) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int k = 0; k < b.n; k++) {
            if (!(b.key(k).get(0) instanceof Long x)) {
                return false;
            }
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        long d = max - min; // negative when it overflows
        return d >= 0 && d < width;
    }

    private static ZSet zset(Map<Row, Long> m) {
        ZSet.Builder b = ZSet.builder();
        if (m != null) {
            m.forEach(b::add);
        }
        return b.build();
    }

    private static Map<Row, Map<Row, Long>> copy(Map<Row, Map<Row, Long>> m) {
        Map<Row, Map<Row, Long>> c = new HashMap<>();
        m.forEach((k, v) -> c.put(k, new HashMap<>(v)));
        return c;
    }
}
