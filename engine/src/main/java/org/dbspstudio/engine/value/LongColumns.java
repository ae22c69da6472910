package org.dbspstudio.engine.value;

/**
 * Rows held as columns of longs ({@code cols[c][p]}: value {@code c} of row {@code p}), ordered as
 * the engine orders packed rows ({@link RowSort#sort}): column 0 first, each value compared as a signed
 * long, stably — {@code Row}'s order for rows of integers only.
 */
public final class LongColumns {
    private LongColumns() {
    }

    /**
     * {@code positions} (rows of {@code cols}) ordered by the rows' values; the array itself when it
     * is in that order already (a Z-set held in sorted runs gives its rows so), else a sorted copy's
     * order written into it.
     */
    public static int[] sortedOrder(long[][] cols, int[] positions) {
        int n = positions.length;
        int s = cols.length;
        if (s == 0 || sorted(cols, positions)) {
            return positions;
        }
        int rows = 0;
        for (int p : positions) {
            rows = Math.max(rows, p + 1);
        }
        long[] words = new long[rows * s];
        for (int q = 0; q < n; q++) {
            int p = positions[q];
            for (int c = 0; c < s; c++) {
                words[p * s + c] = cols[c][p];
            }
        }
        RowSort.sort(positions, words, s);
        return positions;
    }

    private static boolean sorted(long[][] cols, int[] positions) {
        for (int q = 1; q < positions.length; q++) {
            int a = positions[q - 1];
            int b = positions[q];
            for (long[] col : cols) {
                int c = Long.compare(col[a], col[b]);
                if (c < 0) {
                    break;
                }
                if (c > 0) {
                    return false;
                }
            }
        }
        return true;
    }
}
