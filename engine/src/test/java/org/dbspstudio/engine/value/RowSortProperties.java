package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The sort of packed rows ({@link RowSort#sort}: one long per row when the varying columns fit, a merge
 * sort of the words otherwise) against a stable sort of the same indices by comparing the rows'
 * words as signed longs: columns that are constant, of small ranges, negative, or spanning all of
 * {@code long} (which forces the merge sort), indices in any order and repeated rows.
 */
class RowSortProperties {

    @Property(tries = 300)
    void sortsLikeAStableComparisonOfTheWords(@ForAll @IntRange(min = 0, max = 3000) int n,
                                              @ForAll @IntRange(min = 1, max = 5) int s,
                                              @ForAll long seed) {
        Random rnd = new Random(seed);
        int rows = n + rnd.nextInt(50);
        long[] words = new long[rows * s];
        for (int c = 0; c < s; c++) {
            int kind = rnd.nextInt(5);
            long base = kind == 3 ? Long.MIN_VALUE + rnd.nextInt(10) : rnd.nextLong() / 4;
            for (int r = 0; r < rows; r++) {
                long v = switch (kind) {
                    case 0 -> base; // constant
                    case 1 -> base + rnd.nextInt(8); // a few values (many equal rows)
                    case 2 -> base - rnd.nextInt(1 << 20); // a range below a base
                    case 3 -> base + rnd.nextInt(3000); // near the smallest long
                    default -> rnd.nextBoolean() ? rnd.nextLong() : rnd.nextInt(4); // all of long
                };
                words[r * s + c] = v;
            }
        }
        List<Integer> picked = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            picked.add(r);
        }
        Collections.shuffle(picked, rnd);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = picked.get(i);
        }
        Integer[] expected = Arrays.stream(order).boxed().toArray(Integer[]::new);
        Arrays.sort(expected, (x, y) -> {
            for (int c = 0; c < s; c++) {
                int d = Long.compare(words[x * s + c], words[y * s + c]);
                if (d != 0) {
                    return d;
                }
            }
            return 0;
        }); // stable: equal rows keep their order
        RowSort.sort(order, words, s);
        assertThat(Arrays.stream(order).boxed().toArray(Integer[]::new)).containsExactly(expected);
    }

    /**
     * {@link RowSort#sortKeys} (a radix sort of the bits above the positions for large arrays) against
     * {@link Arrays#sort(long[])}: keys of every width up to 63 bits, with few distinct values above
     * the positions (many keys equal there), digits constant in every key, and sizes on both sides
     * of {@link Run#RADIX_MIN}. Fails when a pass is skipped wrongly, or when keys equal above the
     * positions are not left in the order of their positions.
     */
    @Property(tries = 300)
    void sortKeysSortsLikeArraysSort(@ForAll @IntRange(min = 0, max = 6000) int n, @ForAll @IntRange(min = 0, max = 50) int width,
                                     @ForAll @IntRange(min = 0, max = 3) int kind, @ForAll long seed) {
        Random rnd = new Random(seed);
        int low = n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
        width = Math.min(width, 63 - low);
        long[] keys = new long[n];
        long constant = width == 0 ? 0 : rnd.nextLong() & ((1L << width) - 1);
        for (int i = 0; i < n; i++) {
            long v = switch (kind) {
                case 0 -> rnd.nextLong(); // any bits of the width
                case 1 -> rnd.nextInt(4); // few values: many keys equal above the positions
                case 2 -> constant ^ ((long) rnd.nextInt(16) << Math.max(0, width / 2)); // a few digits vary, the rest constant
                default -> constant;
            };
            long row = width == 0 ? 0 : v & ((1L << width) - 1);
            keys[i] = row << low | i;
        }
        long[] expected = keys.clone();
        Arrays.sort(expected);
        RowSort.sortKeys(keys, low, low + width);
        assertThat(keys).containsExactly(expected);
    }
}
