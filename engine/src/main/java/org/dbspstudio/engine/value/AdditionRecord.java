package org.dbspstudio.engine.value;

import java.util.Arrays;

/**
 * What an addition to a {@link NestedTrace} read, kept by the version it made (and by the next one):
 * the change added at iteration {@code j}, as its sorted run of entries, and the weight each of its
 * rows had at j before ({@code before[i]} for entry i). The addition reads these anyway to count X_j's
 * rows, so a reader of X_j as it was before the addition can take the rows of the change from here
 * instead of searching the trace again. When the addition swept the runs to count, it also kept the
 * entries it met at later iterations, so the iterations from j on where the change's rows have entries
 * are known too ({@link Later}).
 *
 * @param baseStamp the stamp at j of the version added to
 * @param stamp     the stamp at j of the version made
 * @param later     null when not kept; else {@code laterN} triples (row position among the rows
 *                  added, iteration after j, weight), one per entry met, in no particular order
 * @param order     {@code order[i]}: the position among the rows added of the change's entry i
 */
record AdditionRecord(int j, long baseStamp, long stamp, Run change, long[] before, long[] later, int laterN, int[] order) {
    /** An addition's record of the entries it met after its iteration, grouped by the change's entry. */
    static final class Later {
        private final AdditionRecord a;
        /** Entry e's (iteration, weight) pairs are {@code pairs[2 * start[e]] .. pairs[2 * start[e + 1]]}. */
        private final int[] start;
        private final long[] pairs;

        Later(AdditionRecord a) {
            this.a = a;
            Run c = a.change;
            int[] entryOf = new int[c.n];
            for (int e = 0; e < c.n; e++) {
                entryOf[a.order[e]] = e;
            }
            int m = a.laterN / 3;
            start = new int[c.n + 1];
            for (int q = 0; q < m; q++) {
                start[entryOf[(int) a.later[3 * q]] + 1]++;
            }
            for (int e = 0; e < c.n; e++) {
                start[e + 1] += start[e];
            }
            int[] fill = Arrays.copyOf(start, c.n);
            pairs = new long[2 * m];
            for (int q = 0; q < m; q++) {
                int at = fill[entryOf[(int) a.later[3 * q]]]++;
                pairs[2 * at] = a.later[3 * q + 1];
                pairs[2 * at + 1] = a.later[3 * q + 2];
            }
        }

        /**
         * The iterations, ascending, at which the row of the change's entry e has a non-zero X_i: with
         * {@code atJ}, the addition's own iteration when the row's weight there is not 0 after it; then
         * those after it where the entries met sum to non-zero.
         */
        int[] iterations(int e, boolean atJ) {
            int from = start[e];
            int n = start[e + 1] - from;
            int[] its = new int[n + 1];
            int q = 0;
            if (atJ && Math.addExact(a.before[e], a.change.weights[e]) != 0) {
                its[q++] = a.j;
            }
            if (n > 0) {
                long[] mine = Arrays.copyOfRange(pairs, 2 * from, 2 * (from + n));
                int[] later = new int[n];
                int r = NestedTrace.sumPerIteration(mine, n, later, null);
                System.arraycopy(later, 0, its, q, r);
                q += r;
            }
            return q == 0 ? NestedTrace.NO_ITERATIONS : Arrays.copyOf(its, q);
        }
    }
}
