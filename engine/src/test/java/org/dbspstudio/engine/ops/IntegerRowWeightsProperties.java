package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * An aggregate group's table of integer rows → weight against a plain map: random rows of 0–3
 * integers (small domains, so rows repeat and weights cancel; values at the limits), tables that
 * grow while holding rows of weight 0, and a weight that overflows; and rows of one integer, held
 * in a window of close values beside the hash table, over domains of every width placed anywhere in
 * {@code long} (its ends included), with values far apart mixed in, so that the window starts, widens
 * both ways, takes in rows of the hash table and leaves values to it.
 */
class IntegerRowWeightsProperties {

    @Property(tries = 300)
    void matchesAMap(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3) int stride,
                     @ForAll @IntRange(min = 1, max = 600) int adds) {
        Random r = new Random(seed);
        IntegerRowWeights table = new IntegerRowWeights(stride);
        Map<List<Long>, Long> model = new HashMap<>();
        int domain = 1 + r.nextInt(40);
        for (int i = 0; i < adds; i++) {
            long[] key = new long[stride];
            List<Long> k = new ArrayList<>();
            for (int j = 0; j < stride; j++) {
                key[j] = switch (r.nextInt(12)) {
                    case 0 -> Long.MAX_VALUE;
                    case 1 -> Long.MIN_VALUE;
                    default -> r.nextInt(domain) - domain / 2;
                };
                k.add(key[j]);
            }
            long w = r.nextInt(7) - 3;
            long before = model.getOrDefault(k, 0L);
            assertThat(table.add(key, w)).as("weight of %s before adding %d", k, w).isEqualTo(before);
            if (before + w == 0) {
                model.remove(k);
            } else {
                model.put(k, before + w);
            }
            assertThat(table.size()).isEqualTo(model.size());
        }
        for (Map.Entry<List<Long>, Long> e : model.entrySet()) {
            long[] key = e.getKey().stream().mapToLong(Long::longValue).toArray();
            assertThat(table.add(key, 0)).isEqualTo(e.getValue());
        }
    }

    @Property(tries = 500)
    void oneIntegerMatchesAMap(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3000) int adds) {
        Random r = new Random(seed);
        IntegerRowWeights table = new IntegerRowWeights(1);
        Map<Long, Long> model = new HashMap<>();
        int domain = 1 + r.nextInt(r.nextBoolean() ? 50 : 5000);
        long base = switch (r.nextInt(5)) {
            case 0 -> Long.MIN_VALUE;
            case 1 -> Long.MAX_VALUE - domain + 1;
            case 2 -> -domain / 2;
            case 3 -> 0;
            default -> r.nextLong();
        };
        boolean drift = r.nextBoolean(); // values first from one end of the domain, then the other
        List<Long> seen = new ArrayList<>();
        for (int i = 0; i < adds; i++) {
            long v;
            int pick = r.nextInt(20);
            if (pick == 0) {
                v = r.nextLong(); // far away
            } else if (pick < 4 && !seen.isEmpty()) {
                v = seen.get(r.nextInt(seen.size()));
            } else {
                int off = drift ? (int) Math.min(domain - 1L, (long) domain * i / adds + r.nextInt(8)) : r.nextInt(domain);
                v = base + off;
            }
            seen.add(v);
            long before = model.getOrDefault(v, 0L);
            long w = r.nextInt(4) == 0 ? -before : r.nextInt(5) - 2;
            assertThat(table.add(new long[] {v}, w)).as("weight of %d before adding %d", v, w).isEqualTo(before);
            if (before + w == 0) {
                model.remove(v);
            } else {
                model.put(v, before + w);
            }
            assertThat(table.size()).isEqualTo(model.size());
        }
        for (long v : seen) {
            assertThat(table.add(new long[] {v}, 0)).isEqualTo(model.getOrDefault(v, 0L));
        }
        for (long v : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, base - 1, base + domain}) {
            assertThat(table.add(new long[] {v}, 0)).isEqualTo(model.getOrDefault(v, 0L));
        }
    }

    @Property(tries = 50)
    void overflowLeavesTheWeight(@ForAll @IntRange(min = 0, max = 2) int stride) {
        IntegerRowWeights table = new IntegerRowWeights(stride);
        long[] key = new long[stride];
        table.add(key, Long.MAX_VALUE);
        assertThatThrownBy(() -> table.add(key, 1)).isInstanceOf(ArithmeticException.class);
        assertThat(table.add(key, 0)).isEqualTo(Long.MAX_VALUE);
        assertThat(table.size()).isEqualTo(1);
    }
}
