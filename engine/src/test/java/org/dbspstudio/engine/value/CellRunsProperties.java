package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.model.types.Row;

/**
 * Runs packed straight from batches of cells ({@link CellRuns#pack}) against a plain map of row →
 * weight packed row by row by {@link Run.Builder}: the same words (tag words, cells, dictionary ids)
 * and weights, so the two encodings cannot drift apart. Batches of random arity with columns of
 * integers only and columns mixing integers with NULLs, strings, doubles, booleans and decimals,
 * rows repeated within and across batches, weights that cancel or overflow, either sign; and the
 * sort by leading bits ({@link CellRuns#sort}) against a comparison of the words, with columns
 * too wide to fit in one key and many rows sharing their leading bits.
 */
class CellRunsProperties {

    private static Object value(Random r, int kind) {
        if (kind == 0) {
            return (long) r.nextInt(20) - 10; // an integer column
        }
        if (kind == 1) {
            return r.nextLong(); // integers across all of long (keys too wide for one word)
        }
        return switch (r.nextInt(8)) {
            case 0 -> null;
            case 1 -> "s" + r.nextInt(6);
            case 2 -> (double) r.nextInt(4) / 2;
            case 3 -> r.nextBoolean();
            case 4 -> new BigDecimal(r.nextInt(5) + ".5");
            default -> (long) r.nextInt(6);
        };
    }

    @Property(tries = 300)
    void packsLikeRowsPackedOneByOne(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int arity,
                                     @ForAll @IntRange(min = 1, max = 5) int batches, @ForAll @IntRange(min = 0, max = 600) int n) {
        Random r = new Random(seed);
        int[] kinds = new int[arity];
        for (int c = 0; c < arity; c++) {
            kinds[c] = r.nextInt(4) == 0 ? 1 : r.nextInt(3) == 0 ? 2 : 0;
        }
        long sign = r.nextBoolean() ? 1 : -1;
        List<Row> pool = new ArrayList<>();
        Map<Row, Long> model = new HashMap<>();
        List<CellBatch> bs = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            Map<Row, Long> batch = new LinkedHashMap<>();
            int size = r.nextInt(n + 1);
            for (int i = 0; i < size; i++) {
                Row x;
                if (!pool.isEmpty() && r.nextInt(3) == 0) {
                    x = pool.get(r.nextInt(pool.size())); // a row of another batch (or this one)
                } else {
                    Object[] v = new Object[arity];
                    for (int c = 0; c < arity; c++) {
                        v[c] = value(r, kinds[c]);
                    }
                    x = Row.wrap(v);
                    pool.add(x);
                }
                long w = r.nextInt(3) == 0 ? -model.getOrDefault(x, 0L) * sign - batch.getOrDefault(x, 0L) : r.nextInt(7) - 3;
                batch.merge(x, w, Long::sum);
            }
            batch.values().removeIf(w -> w == 0);
            if (batch.isEmpty()) {
                continue;
            }
            Row[] rows = batch.keySet().toArray(new Row[0]);
            long[] ws = batch.values().stream().mapToLong(Long::longValue).toArray();
            bs.add(CellBatch.ofRows(rows, ws, rows.length));
            batch.forEach((x, w) -> model.merge(x, sign * w, (p, q) -> p + q == 0 ? null : p + q));
        }
        if (bs.isEmpty()) {
            return;
        }
        Run packed = CellRuns.pack(bs, sign);
        Run.Builder rb = new Run.Builder(arity, Math.max(1, model.size()));
        model.forEach((x, w) -> assertThat(rb.add(x, w)).isTrue());
        Run expected = rb.build();
        assertThat(packed.n).isEqualTo(expected.n);
        if (expected.n > 0) {
            assertThat(packed.tagged).isEqualTo(expected.tagged);
        }
        assertThat(Arrays.copyOf(packed.words, packed.n * packed.stride()))
                .isEqualTo(Arrays.copyOf(expected.words, expected.n * expected.stride()));
        assertThat(Arrays.copyOf(packed.weights, packed.n)).isEqualTo(Arrays.copyOf(expected.weights, expected.n));
    }

    /** The only rows with a tag (a NULL here) cancel out: the run packs untagged, like Run.Builder's. */
    @Example
    void rowsWithTagsThatCancelLeaveAnUntaggedRun() {
        Row withNull = Row.wrap(new Object[] {1L, null});
        Row ints = Row.wrap(new Object[] {2L, 3L});
        Run packed = CellRuns.pack(List.of(
                CellBatch.ofRows(new Row[] {withNull, ints}, new long[] {1, 1}, 2),
                CellBatch.ofRows(new Row[] {withNull}, new long[] {-1}, 1)), 1);
        Run.Builder rb = new Run.Builder(2, 1);
        rb.add(ints, 1);
        Run expected = rb.build();
        assertThat(packed.n).isEqualTo(1);
        assertThat(packed.tagged).isFalse();
        assertThat(Arrays.copyOf(packed.words, packed.stride())).isEqualTo(Arrays.copyOf(expected.words, expected.stride()));
        assertThat(packed.weights[0]).isEqualTo(1);
    }

    @Property(tries = 50)
    void summingRowsThatOverflowThrows(@ForAll long seed) {
        Random r = new Random(seed);
        Row x = Row.of((long) r.nextInt(5), "s");
        CellBatch a = CellBatch.ofRows(new Row[] {x}, new long[] {Long.MAX_VALUE}, 1);
        CellBatch b = CellBatch.ofRows(new Row[] {x}, new long[] {1 + r.nextInt(5)}, 1);
        assertThatThrownBy(() -> CellRuns.pack(List.of(a, b), 1)).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> CellRuns.pack(List.of(CellBatch.ofRows(new Row[] {x}, new long[] {Long.MIN_VALUE}, 1)), -1))
                .isInstanceOf(ArithmeticException.class);
    }

    @Property(tries = 300)
    void sortsLikeAComparisonOfTheWords(@ForAll @IntRange(min = 0, max = 3000) int n, @ForAll @IntRange(min = 1, max = 5) int s,
                                        @ForAll long seed) {
        Random rnd = new Random(seed);
        long[] words = new long[n * s];
        for (int c = 0; c < s; c++) {
            int kind = rnd.nextInt(5);
            long base = kind == 3 ? Long.MIN_VALUE + rnd.nextInt(10) : rnd.nextLong() / 4;
            for (int i = 0; i < n; i++) {
                words[i * s + c] = switch (kind) {
                    case 0 -> base; // constant
                    case 1 -> base + rnd.nextInt(3); // a few values: many rows equal in their leading bits
                    case 2 -> base - rnd.nextInt(1 << 20);
                    case 3 -> base + rnd.nextInt(3000); // near the smallest long
                    default -> rnd.nextBoolean() ? rnd.nextLong() : rnd.nextInt(4); // all of long
                };
            }
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] sorted = order.clone();
        CellRuns.sort(sorted, words, s);
        assertThat(Arrays.stream(sorted).sorted().toArray()).isEqualTo(Arrays.stream(order).sorted().toArray());
        for (int i = 1; i < n; i++) {
            assertThat(Run.compareWords(words, sorted[i - 1] * s, words, sorted[i] * s, s)).as("rows %d and %d", i - 1, i)
                    .isLessThanOrEqualTo(0);
        }
    }
}
