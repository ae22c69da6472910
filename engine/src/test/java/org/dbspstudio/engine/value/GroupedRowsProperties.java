package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.model.types.Row;

/**
 * Packed rows grouped by their first cell in ascending order, each group sorted on its own
 * ({@link GroupedRows#of}), against a plain map of row → summed weight: rows of one to three cells,
 * groups of one row to hundreds (in order already, sorted by insertion, summed in the dense table,
 * sorted as longs, or with cells too far apart for either), rows repeated within a group with
 * weights that add up or cancel, negative and extreme cells. A first cell that decreases gives null.
 */
class GroupedRowsProperties {

    @Property(tries = 400)
    void groupedRowsEqualTheMapOfTheirSummedWeights(@ForAll @IntRange(min = 1, max = 3) int arity,
                                                    @ForAll @IntRange(min = 0, max = 60) int groups,
                                                    @ForAll long seed) {
        Random rnd = new Random(seed);
        int kind = rnd.nextInt(5);
        int maxGroup = switch (rnd.nextInt(4)) {
            case 0 -> 3;
            case 1 -> 12;
            case 2 -> 80;
            default -> 400;
        };
        long[] words = new long[16];
        long[] ws = new long[4];
        int n = 0;
        Map<Row, Long> expected = new HashMap<>();
        long first = rnd.nextBoolean() ? rnd.nextInt(100) - 50 : Long.MIN_VALUE + rnd.nextInt(10);
        for (int g = 0; g < groups; g++) {
            first += rnd.nextInt(3) + 1;
            int size = 1 + rnd.nextInt(maxGroup);
            boolean ascending = rnd.nextInt(4) == 0;
            long at = rnd.nextInt(1000) - 500;
            for (int k = 0; k < size; k++) {
                if (n == ws.length) {
                    ws = java.util.Arrays.copyOf(ws, 2 * n);
                    words = java.util.Arrays.copyOf(words, 2 * n * (arity + 1));
                }
                Object[] row = new Object[arity];
                row[0] = first;
                int o = n * (arity + 1);
                words[o] = 0;
                words[o + 1] = first;
                for (int c = 1; c < arity; c++) {
                    long v;
                    if (ascending) {
                        at += 1 + rnd.nextInt(5);
                        v = c == 1 ? at : rnd.nextInt(3);
                    } else {
                        v = switch (kind) {
                            case 0 -> rnd.nextInt(4); // many equal rows
                            case 1 -> rnd.nextInt(2000); // a closure's node ids
                            case 2 -> rnd.nextInt(1 << 20) - (1 << 19); // too far apart for the dense table
                            case 3 -> rnd.nextBoolean() ? Long.MAX_VALUE - rnd.nextInt(3) : Long.MIN_VALUE + rnd.nextInt(3);
                            default -> rnd.nextLong(); // too far apart for one long with the places
                        };
                    }
                    words[o + 1 + c] = v;
                    row[c] = v;
                }
                long w = rnd.nextInt(7) - 3;
                if (w == 0) {
                    w = 1;
                }
                ws[n++] = w;
                expected.merge(Row.wrap(row), w, Long::sum);
            }
        }
        expected.values().removeIf(w -> w == 0);
        ZSet got = GroupedRows.of(arity, words, ws, n);
        assertThat(got).isNotNull();
        assertThat(got.size()).isEqualTo(expected.size());
        assertThat(got).isEqualTo(ZSet.ofMap(expected));
        // one sorted run, as the global sort makes it: the same rows in the same order
        assertThat(inOrder(got)).isEqualTo(inOrder(ZSet.ofIntegerRows(arity, words.clone(), ws.clone(), n)));
        if (!got.isEmpty()) {
            assertThat(got.integerColumns()).as("one run of integers").isNotNull();
        }
    }

    @Example
    void aDecreasingFirstCellGivesNull() {
        long[] words = {0, 5, 1, 0, 5, 2, 0, 4, 0};
        assertThat(GroupedRows.of(2, words, new long[] {1, 1, 1}, 3)).isNull();
        assertThat(GroupedRows.of(2, words, new long[] {1, 1, 1}, 2)).isNotNull();
    }

    @Example
    void aTaggedRowGivesNull() {
        long[] words = {0, 5, 1, 1, 6, 2};
        assertThat(GroupedRows.of(2, words, new long[] {1, 1}, 2)).isNull();
    }

    @Example
    void rowsThatCancelLeaveNothing() {
        long[] words = {0, 5, 1, 0, 5, 1, 0, 6, 3, 0, 6, 3};
        assertThat(GroupedRows.of(2, words, new long[] {1, -1, -2, 2}, 4)).isEqualTo(ZSet.EMPTY);
    }

    /** The rows and weights in the order the Z-set hands them over. */
    private static List<String> inOrder(ZSet z) {
        List<String> l = new ArrayList<>();
        z.forEach((r, w) -> l.add(r + ":" + w));
        return l;
    }
}
