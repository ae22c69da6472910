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
 * grow while holding rows of weight 0, and a weight that overflows.
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
