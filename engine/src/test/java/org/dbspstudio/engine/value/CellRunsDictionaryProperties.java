package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.model.types.Row;

/**
 * Packing batches of cells ({@link CellRuns#pack}) keeps the dictionary ids it met in a small cache
 * in front of the dictionary: checked word for word against {@link Run.Builder}'s packing of the
 * same rows (each object looked up in the dictionary itself) with far more distinct objects than
 * the cache has slots (strings, decimals equal in value but not in scale, objects of equal hash
 * code), each value as distinct objects, in batches of one or more columns of objects.
 */
class CellRunsDictionaryProperties {

    private static Object value(Random r, int distinct) {
        int k = r.nextInt(distinct);
        return switch (k % 4) {
            case 0 -> new String("v" + k); // equal strings, distinct objects
            case 1 -> new BigDecimal(k + (r.nextBoolean() ? ".5" : ".50")); // equal in value, not in scale: not equal
            case 2 -> (r.nextBoolean() ? "Aa" : "BB") + k; // "Aa" and "BB" share a hash code
            default -> new String("w" + (k / 4));
        };
    }

    @Property(tries = 60)
    void packsLikeRowsPackedOneByOne(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int arity,
                                     @ForAll @IntRange(min = 1, max = 4) int batches, @ForAll @IntRange(min = 1, max = 6000) int n) {
        Random r = new Random(seed);
        int distinct = 1 + r.nextInt(20_000);
        Map<Row, Long> model = new HashMap<>();
        List<CellBatch> bs = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            Map<Row, Long> batch = new HashMap<>();
            for (int i = 0; i < n; i++) {
                Object[] v = new Object[arity];
                for (int c = 0; c < arity; c++) {
                    v[c] = c == 0 && r.nextBoolean() ? (Object) (long) r.nextInt(50) : value(r, distinct);
                }
                batch.merge(Row.wrap(v), (long) r.nextInt(3) + 1, Long::sum);
            }
            Row[] rows = batch.keySet().toArray(new Row[0]);
            long[] ws = batch.values().stream().mapToLong(Long::longValue).toArray();
            bs.add(CellBatch.ofRows(rows, ws, rows.length));
            batch.forEach((x, w) -> model.merge(x, w, Long::sum));
        }
        Run packed = CellRuns.pack(bs, 1);
        Run.Builder rb = new Run.Builder(arity, Math.max(1, model.size()));
        model.forEach((x, w) -> assertThat(rb.add(x, w)).isTrue());
        Run expected = rb.build();
        assertThat(packed.n).isEqualTo(expected.n);
        assertThat(Arrays.copyOf(packed.words, packed.n * packed.stride()))
                .isEqualTo(Arrays.copyOf(expected.words, expected.n * expected.stride()));
        assertThat(Arrays.copyOf(packed.weights, packed.n)).isEqualTo(Arrays.copyOf(expected.weights, expected.n));
    }
}
