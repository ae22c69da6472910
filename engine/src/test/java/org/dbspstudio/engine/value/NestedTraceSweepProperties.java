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
 * Sweeps of many sorted probes through the large runs of a nested-time trace ({@link NestedTrace}'s
 * batched lookups: the weights of many rows over a range of iterations and at one, the iterations
 * where rows have entries, and an addition's sweep that observes the rows it adds), with traces
 * whose runs reach the size that gets a fence ({@link Run#FENCED}) and probes from a few per run up
 * to one per entry or two, so that the dense sweep (one merge-like pass), the fenced searches and
 * the small runs' galloping all serve them; rows of one to three columns, integers only or some
 * with tag words (NULLs, doubles), first columns with long runs of one value, rows asked twice, and
 * weights that cancel across additions. Every answer is checked against a map of row → weight per
 * iteration.
 */
class NestedTraceSweepProperties {

    private static Row row(Random rnd, int arity, boolean tagged) {
        Object[] v = new Object[arity];
        v[0] = arity == 1 ? (long) rnd.nextInt(60_000) : (long) rnd.nextInt(30);
        for (int c = 1; c < arity; c++) {
            v[c] = (long) rnd.nextInt(c == 1 ? 3_000 : 3);
        }
        if (tagged && rnd.nextInt(5) == 0) {
            v[arity - 1] = rnd.nextBoolean() ? null : (Object) (rnd.nextInt(4) + 0.5);
        }
        return Row.wrap(v);
    }

    private static void merge(Map<Row, Long> m, Row r, long w) {
        m.merge(r, w, Long::sum);
        if (m.get(r) == 0) {
            m.remove(r);
        }
    }

    private static long sum(List<Map<Row, Long>> xs, Row r, int from, int upTo) {
        long w = 0;
        for (int i = Math.max(0, from); i <= upTo && i < xs.size(); i++) {
            w += xs.get(i).getOrDefault(r, 0L);
        }
        return w;
    }

    @Property(tries = 24)
    void sweepsOfLargeTracesMatchAMapPerIteration(@ForAll @IntRange(min = 1, max = 3) int arity,
                                                  @ForAll boolean tagged, @ForAll boolean perIteration, @ForAll long seed) {
        Random rnd = new Random(seed);
        int iterations = 2 + rnd.nextInt(5);
        List<Map<Row, Long>> xs = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            xs.add(new HashMap<>());
        }
        List<Row> seenRows = new ArrayList<>();
        NestedTrace trace = perIteration ? NestedTrace.perIteration() : NestedTrace.empty();
        int additions = 3 + rnd.nextInt(5);
        for (int a = 0; a < additions; a++) {
            int j = rnd.nextInt(iterations);
            // one large addition at least, so that a run outgrows the fence's threshold
            int size = a == 0 ? Run.FENCED + rnd.nextInt(Run.FENCED) : 1 + rnd.nextInt(rnd.nextBoolean() ? 200 : 12_000);
            Map<Row, Long> change = new HashMap<>();
            for (int k = 0; k < size || a == 0 && change.size() < size; k++) {
                // some rows added before again (their weights may cancel), the others new
                Row r = !seenRows.isEmpty() && rnd.nextInt(3) == 0 ? seenRows.get(rnd.nextInt(seenRows.size())) : row(rnd, arity, tagged);
                long w = rnd.nextInt(4) == 0 ? -1 : rnd.nextBoolean() ? 1 : 2;
                merge(change, r, w);
            }
            ZSet.Builder b = ZSet.builder();
            change.forEach((r, w) -> {
                b.add(r, w);
                seenRows.add(r);
                merge(xs.get(j), r, w);
            });
            NestedTrace next = trace.plus(b.build(), j);
            if (next != null) {
                trace = next;
            }
        }
        int largest = 0;
        for (Run r : trace.allRuns()) {
            largest = Math.max(largest, r.n);
        }
        assertThat(largest).as("a run large enough for the fence").isGreaterThanOrEqualTo(Run.FENCED);

        for (int round = 0; round < 4; round++) {
            // from a few probes to one per entry or two of the largest run
            int pn = switch (round) {
                case 0 -> 1 + rnd.nextInt(50);
                case 1 -> 1 + largest / (Run.DENSE * 4);
                case 2 -> 1 + largest / (1 + rnd.nextInt(Run.DENSE));
                default -> 1 + largest / (1 + rnd.nextInt(3));
            };
            Row[] rows = new Row[pn];
            for (int k = 0; k < pn; k++) {
                int kind = rnd.nextInt(8);
                rows[k] = kind < 4 ? seenRows.get(rnd.nextInt(seenRows.size()))
                        : kind < 7 || k == 0 ? row(rnd, arity, tagged) : rows[rnd.nextInt(k)]; // some asked twice
            }
            int from = rnd.nextInt(iterations + 1);
            int upTo = from + rnd.nextInt(iterations + 1 - from);
            int at = rnd.nextInt(iterations);
            long[] ws = trace.weights(rows, from, upTo);
            long[][] both = trace.weights(trace.probes(rows), 0, upTo, at);
            int[][] its = trace.iterations(rows, from);
            for (int k = 0; k < pn; k++) {
                Row r = rows[k];
                assertThat(ws[k]).as("weight of %s in %d..%d", r, from, upTo).isEqualTo(sum(xs, r, from, upTo));
                assertThat(both[0][k]).as("weight of %s up to %d", r, upTo).isEqualTo(sum(xs, r, 0, upTo));
                assertThat(both[1][k]).as("weight of %s at %d", r, at).isEqualTo(sum(xs, r, at, at));
                List<Integer> want = new ArrayList<>();
                for (int i = from; i < iterations; i++) {
                    if (xs.get(i).containsKey(r)) {
                        want.add(i);
                    }
                }
                assertThat(its[k]).as("iterations of %s from %d", r, from)
                        .containsExactly(want.stream().mapToInt(Integer::intValue).toArray());
            }
        }

        // an addition of many rows that observes them (its own sweep of the runs, the change's entries as probes)
        int j = rnd.nextInt(iterations);
        Map<Row, Long> change = new HashMap<>();
        int size = 1 + (rnd.nextBoolean() ? rnd.nextInt(100) : largest / (1 + rnd.nextInt(Run.DENSE)));
        for (int k = 0; k < size; k++) {
            merge(change, rnd.nextBoolean() ? seenRows.get(rnd.nextInt(seenRows.size())) : row(rnd, arity, tagged), 1);
        }
        Row[] rows = change.keySet().toArray(new Row[0]);
        long[] ws = new long[rows.length];
        boolean[] later = new boolean[rows.length];
        for (int k = 0; k < rows.length; k++) {
            ws[k] = change.get(rows[k]);
            later[k] = rnd.nextBoolean();
        }
        NestedTrace.Observed seen = new NestedTrace.Observed(later);
        NestedTrace next = trace.plus(rows, ws, j, seen);
        assertThat(next).isNotNull();
        for (int k = 0; k < rows.length; k++) {
            Row r = rows[k];
            assertThat(seen.upTo[k]).as("weight of %s up to %d before", r, j).isEqualTo(sum(xs, r, 0, j));
            assertThat(seen.at[k]).as("weight of %s at %d before", r, j).isEqualTo(sum(xs, r, j, j));
            if (!later[k]) {
                continue;
            }
            List<Integer> its = new ArrayList<>();
            List<Long> lw = new ArrayList<>();
            for (int i = j + 1; i < iterations; i++) {
                Long w = xs.get(i).get(r);
                if (w != null) {
                    its.add(i);
                    lw.add(w);
                }
            }
            if (its.isEmpty()) {
                assertThat(seen.laterIterations[k]).as("later entries of %s after %d", r, j).isNull();
            } else {
                assertThat(seen.laterIterations[k]).as("later iterations of %s after %d", r, j)
                        .containsExactly(its.stream().mapToInt(Integer::intValue).toArray());
                assertThat(seen.laterWeights[k]).containsExactly(lw.stream().mapToLong(Long::longValue).toArray());
            }
        }
        change.forEach((r, w) -> merge(xs.get(j), r, w));
        Row[] all = seenRows.toArray(new Row[0]);
        long[] after = next.weights(all, 0, iterations);
        for (int k = 0; k < all.length; k++) {
            assertThat(after[k]).as("weight of %s after the addition", all[k]).isEqualTo(sum(xs, all[k], 0, iterations));
        }
    }
}
