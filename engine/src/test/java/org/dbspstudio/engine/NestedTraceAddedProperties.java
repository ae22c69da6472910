package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.value.NestedTrace;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * {@link NestedTrace#weightsAt}: the weights of rows in X_j of an earlier version, which a version
 * may answer from what its own addition read of X_j (when that addition was at j, to a version with
 * the same X_j as the earlier one, and nothing was added at j since). Driven by random additions at
 * random iterations — counted, with X_j's size given, observed, and negations of a whole X_j — to
 * two traces, and checked for every pair of versions (of one trace or of the two) and every
 * iteration against a plain map of (row, iteration) → weight per version. Asking a version about
 * an older one whose X_j differs from the one its addition read (an older version of the same
 * trace, or the other trace) must not use what the addition read: without the check of which X_j
 * the addition started from, these pairs give the weights of the wrong X_j. Also checks, for every
 * version and iteration, the iterations from there on where rows have entries, which a version
 * answers for the rows of its own addition from what that addition met in the runs.
 */
class NestedTraceAddedProperties {

    /** One addition: which trace, an iteration, a key in a small domain, a weight, a length, how it is added. */
    record Add(int trace, int iteration, int key, long weight, int length, int how) {
    }

    @Provide
    Arbitrary<List<Add>> additions() {
        Arbitrary<Add> a = Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.integers().between(0, 4),
                Arbitraries.integers().between(0, 200), Arbitraries.longs().between(-2, 2),
                Arbitraries.integers().between(1, 120), Arbitraries.integers().between(0, 4)).as(Add::new);
        return a.list().ofMinSize(1).ofMaxSize(24);
    }

    private record Version(NestedTrace trace, List<Map<Row, Long>> xs, Row[] changed) {
    }

    private static Row row(int k) {
        return PackedRowGen.mostlyIntegers(k, 150);
    }

    @Property(tries = 200)
    void weightsAtAreTheOlderVersionsWeightsAtJ(@ForAll("additions") List<Add> adds, @ForAll boolean perIteration) {
        NestedTrace[] traces = {NestedTrace.empty(), perIteration ? NestedTrace.perIteration() : NestedTrace.empty()};
        List<List<Map<Row, Long>>> maps = List.of(fresh(), fresh());
        List<Version> versions = new ArrayList<>();
        versions.add(new Version(traces[0], copy(maps.get(0)), new Row[0]));
        versions.add(new Version(traces[1], copy(maps.get(1)), new Row[0]));
        for (Add a : adds) {
            int t = a.trace();
            int j = a.iteration();
            List<Map<Row, Long>> xs = maps.get(t);
            Map<Row, Long> batch = new HashMap<>();
            if (a.how() == 4 && !xs.get(j).isEmpty()) {
                // X_j taken away whole (as an outer sum drops a repeated iteration)
                xs.get(j).forEach((r, w) -> batch.put(r, -w));
            } else {
                for (int k = 0; k < a.length(); k++) {
                    long w = a.weight() == 0 ? (k % 2 == 0 ? 1 : -1) : a.weight();
                    PackedRowGen.merge(batch, row(a.key() + 5 * k), w);
                }
            }
            if (batch.isEmpty()) {
                continue;
            }
            ZSet.Builder b = ZSet.builder();
            batch.forEach(b::add);
            ZSet change = b.build();
            Map<Row, Long> after = new HashMap<>(xs.get(j));
            batch.forEach((r, w) -> PackedRowGen.merge(after, r, w));
            NestedTrace next;
            if (a.how() == 1) {
                next = traces[t].plus(change, j, after.size()); // size given: nothing read at j
            } else if (a.how() == 2) {
                Row[] rows = new Row[batch.size()];
                long[] ws = new long[rows.length];
                int[] n = {0};
                change.forEach((r, w) -> {
                    rows[n[0]] = r;
                    ws[n[0]++] = w;
                });
                next = traces[t].plus(rows, ws, j, new NestedTrace.Observed(new boolean[rows.length]));
            } else {
                next = traces[t].plus(change, j);
            }
            assertThat(next).isNotNull();
            traces[t] = next;
            xs.set(j, after);
            versions.add(new Version(next, copy(xs), batch.keySet().toArray(new Row[0])));
        }
        Random rnd = new Random(adds.size());
        for (Version newer : versions) {
            for (Version older : versions) {
                for (int j = 0; j <= 5; j++) {
                    Map<Row, Long> xj = j < older.xs().size() ? older.xs().get(j) : Map.of();
                    List<Row> probes = new ArrayList<>();
                    Collections.addAll(probes, newer.changed());
                    probes.addAll(xj.keySet());
                    for (int k = 0; k < 20; k++) {
                        probes.add(row(rnd.nextInt(400)));
                    }
                    probes.add(Row.of(-1L, null, "absent"));
                    probes.add(Row.of(3L, "never stored"));
                    Collections.shuffle(probes, rnd);
                    Row[] rs = probes.toArray(new Row[0]);
                    long[] got = newer.trace().weightsAt(rs, j, older.trace());
                    for (int k = 0; k < rs.length; k++) {
                        assertThat(got[k]).as("weight of %s at %d", rs[k], j).isEqualTo(xj.getOrDefault(rs[k], 0L));
                    }
                }
            }
            // the iterations from j on where rows have entries: from the addition's record at its own
            // iteration (the rows it added), by a sweep elsewhere
            for (int j = 0; j <= 5; j++) {
                List<Row> probes = new ArrayList<>();
                Collections.addAll(probes, newer.changed());
                for (int k = 0; k < 20; k++) {
                    probes.add(row(rnd.nextInt(400)));
                }
                probes.add(Row.of(-1L, null, "absent"));
                Collections.shuffle(probes, rnd);
                Row[] rs = probes.toArray(new Row[0]);
                int[][] its = newer.trace().iterations(rs, j);
                for (int k = 0; k < rs.length; k++) {
                    List<Integer> want = new ArrayList<>();
                    for (int i = j; i < newer.xs().size(); i++) {
                        if (newer.xs().get(i).containsKey(rs[k])) {
                            want.add(i);
                        }
                    }
                    assertThat(its[k]).as("iterations of %s from %d", rs[k], j)
                            .containsExactly(want.stream().mapToInt(Integer::intValue).toArray());
                }
            }
        }
    }

    private static List<Map<Row, Long>> fresh() {
        List<Map<Row, Long>> xs = new ArrayList<>();
        for (int j = 0; j <= 5; j++) {
            xs.add(new HashMap<>());
        }
        return xs;
    }

    private static List<Map<Row, Long>> copy(List<Map<Row, Long>> xs) {
        List<Map<Row, Long>> c = new ArrayList<>();
        xs.forEach(x -> c.add(new HashMap<>(x)));
        return c;
    }
}
