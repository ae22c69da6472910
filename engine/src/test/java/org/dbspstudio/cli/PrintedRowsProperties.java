package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.value.LongColumns;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;

/**
 * {@link PrintedRows} gives a Z-set's rows and weights in the order {@link ZSet#toChanges} sorts
 * them (Row's order), whichever form the Z-set is held in (a batch of cells, a flat table, a
 * persistent map, one sorted run of packed integer rows read as columns by {@link ZSet#integerColumns}) and whether its values are all integers (columns of longs) or not
 * (the Change list); and the sort of columns of longs ({@link LongColumns}) orders positions as a stable comparison sort of the
 * columns does, for values spread over the whole long range, over a few bits, or equal.
 */
class PrintedRowsProperties {
    @Property(tries = 200)
    void rowsInTheOrderToChangesGives(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3) int arity,
            @ForAll @IntRange(min = 0, max = 3000) int size, @ForAll @IntRange(min = 0, max = 3) int spread,
            @ForAll @IntRange(min = 0, max = 3) int form, @ForAll boolean mixed) {
        Random r = new Random(seed);
        Map<Row, Long> m = new HashMap<>();
        for (int i = 0; i < size; i++) {
            Object[] v = new Object[arity];
            for (int c = 0; c < arity; c++) {
                v[c] = value(r, spread);
            }
            if (mixed && arity > 0 && r.nextInt(50) == 0) {
                v[r.nextInt(arity)] = r.nextBoolean() ? null : "s" + r.nextInt(5);
            }
            long w = r.nextInt(7) - 3;
            if (w != 0) {
                m.merge(Row.of(v), w, Long::sum);
            }
        }
        m.values().removeIf(w -> w == 0);
        List<Change> changes = new ArrayList<>();
        m.forEach((row, w) -> changes.add(new Change(row, w)));
        java.util.Collections.shuffle(changes, r);
        boolean integers = arity > 0 && changes.stream().allMatch(c -> c.row().asList().stream().allMatch(x -> x instanceof Long));
        ZSet z = switch (form) {
            case 0 -> ZSet.ofChanges(changes);
            case 1 -> ZSet.ofMap(m);
            case 3 -> {
                if (!integers) {
                    yield ZSet.ofChanges(changes);
                }
                // one sorted run of packed integer rows (a join's or H's output): a tag word 0, then the values
                long[] words = new long[changes.size() * (arity + 1)];
                long[] ws = new long[changes.size()];
                for (int i = 0; i < changes.size(); i++) {
                    for (int c = 0; c < arity; c++) {
                        words[i * (arity + 1) + 1 + c] = (Long) changes.get(i).row().get(c);
                    }
                    ws[i] = changes.get(i).weight();
                }
                ZSet packed = ZSet.ofIntegerRows(arity, words, ws, changes.size());
                assertThat(packed.integerColumns() != null).as("read as columns").isEqualTo(!changes.isEmpty());
                yield packed;
            }
            default -> {
                ZSet.Builder b = ZSet.builder();
                changes.forEach(c -> b.add(c.row(), c.weight()));
                yield b.build();
            }
        };
        List<Change> expected = z.toChanges();
        PrintedRows p = PrintedRows.of(z);
        assertThat(p.size()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(p.row(i)).as("row %d", i).isEqualTo(expected.get(i).row());
            assertThat(p.weight(i)).as("weight %d", i).isEqualTo(expected.get(i).weight());
            assertThat(p.arity(i)).isEqualTo(expected.get(i).row().size());
            if (p.longs()) {
                for (int c = 0; c < p.arity(i); c++) {
                    assertThat(p.value(i, c)).isEqualTo(expected.get(i).row().get(c));
                }
            }
        }
    }

    @Property(tries = 200)
    void radixSortIsAStableSortOfTheColumns(@ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int arity,
            @ForAll @IntRange(min = 0, max = 5000) int size, @ForAll @IntRange(min = 0, max = 3) int spread) {
        Random r = new Random(seed);
        long[][] cols = new long[arity][size];
        for (long[] col : cols) {
            for (int i = 0; i < size; i++) {
                col[i] = value(r, spread);
            }
        }
        int[] positions = new int[size];
        for (int i = 0; i < size; i++) {
            positions[i] = i;
        }
        if (r.nextBoolean()) { // not every row, in some order
            List<Integer> l = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                if (r.nextInt(4) > 0) {
                    l.add(i);
                }
            }
            java.util.Collections.shuffle(l, r);
            positions = l.stream().mapToInt(Integer::intValue).toArray();
        }
        Integer[] expected = Arrays.stream(positions).boxed().toArray(Integer[]::new);
        Comparator<Integer> byColumns = (a, b) -> {
            for (long[] col : cols) {
                int c = Long.compare(col[a], col[b]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
        Arrays.sort(expected, byColumns); // stable
        int[] actual = LongColumns.sortedOrder(cols, positions.clone());
        assertThat(Arrays.stream(actual).boxed().toArray(Integer[]::new)).isEqualTo(expected);
    }

    /** A long: 0 any long (extremes included), 1 a small range around 0, 2 a few values, 3 high bits only. */
    private static long value(Random r, int spread) {
        return switch (spread) {
            case 0 -> switch (r.nextInt(10)) {
                case 0 -> Long.MIN_VALUE;
                case 1 -> Long.MAX_VALUE;
                default -> r.nextLong();
            };
            case 1 -> r.nextInt(4001) - 2000;
            case 2 -> r.nextInt(3);
            default -> (long) (r.nextInt(7) - 3) << 50;
        };
    }
}
