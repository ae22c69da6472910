package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.dbspstudio.engine.value.NestedTrace;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * {@link NestedTrace#iterations(Row[], int)} as {@code H} asks it: an outer sum adds its change at
 * every tick, iteration 0, 1, 2, … of each outer step, and H asks, at tick j, for the iterations from
 * j on of rows added at j − 1 — which the trace answers from what the addition at j − 1 read (its
 * entries after j − 1), the addition at j having changed only its own rows. Driven by random outer
 * steps of random length, random changes over a small domain of rows (some ticks add nothing, some
 * additions are counted with X_j's size given, some observed, and a few land at an iteration out
 * of order), and checked after every addition, for several {@code from} around the addition's
 * iteration, against a plain map of (row, iteration) → weight: the rows of the last two additions,
 * of neither, and rows never stored. It fails when a row the last addition changed is answered from
 * the addition before (its entry at j is then the one before the last addition). The same checks
 * read each row's weight up to {@code from − 1} and at {@code from} in one sweep
 * ({@link NestedTrace#weights(NestedTrace.Probes, int, int, int)}, what {@code H} reads of its two
 * inputs when they share a trace).
 */
class NestedTraceIterationsProperties {

    private static Row row(int k) {
        return PackedRowGen.mostlyIntegers(k, 60);
    }

    @Property(tries = 300)
    void iterationsFromTheLastTwoAdditionsMatchAMap(@ForAll long seed, @ForAll boolean perIteration) {
        Random rnd = new Random(seed);
        NestedTrace trace = perIteration ? NestedTrace.perIteration() : NestedTrace.empty();
        List<Map<Row, Long>> xs = new ArrayList<>();
        Row[] previous = new Row[0];
        int steps = 1 + rnd.nextInt(6);
        for (int t = 0; t < steps; t++) {
            int length = 1 + rnd.nextInt(7);
            for (int tick = 0; tick < length; tick++) {
                // mostly the tick's own iteration, as an outer sum adds; sometimes another one
                int j = rnd.nextInt(8) == 0 ? rnd.nextInt(length + 2) : tick;
                while (xs.size() <= j + 3) {
                    xs.add(new HashMap<>());
                }
                Map<Row, Long> batch = new HashMap<>();
                int n = rnd.nextInt(5) == 0 ? 0 : 1 + rnd.nextInt(25);
                for (int k = 0; k < n; k++) {
                    long w = rnd.nextInt(4) == 0 ? -1 : 1 + rnd.nextInt(2);
                    PackedRowGen.merge(batch, row(rnd.nextInt(80)), w);
                }
                if (!batch.isEmpty()) {
                    Map<Row, Long> after = new HashMap<>(xs.get(j));
                    batch.forEach((r, w) -> PackedRowGen.merge(after, r, w));
                    Row[] rows = batch.keySet().toArray(new Row[0]);
                    long[] ws = new long[rows.length];
                    for (int k = 0; k < rows.length; k++) {
                        ws[k] = batch.get(rows[k]);
                    }
                    ZSet.Builder b = ZSet.builder();
                    batch.forEach(b::add);
                    int how = rnd.nextInt(4);
                    NestedTrace next = how == 0 ? trace.plus(b.build(), j, after.size())
                            : how == 1 ? trace.plus(rows, ws, j, new NestedTrace.Observed(randomWanted(rnd, rows.length)))
                            : trace.plus(b.build(), j);
                    assertThat(next).isNotNull();
                    trace = next;
                    xs.set(j, after);
                    check(trace, xs, rows, previous, rnd, j);
                    previous = rows;
                } else {
                    check(trace, xs, new Row[0], previous, rnd, j);
                }
            }
        }
    }

    /**
     * One Z-set added to two traces (at j and, as the outer sum of its inner delay adds it, at j + 1) and
     * looked up in them ({@link NestedTrace#lookup}): packed and sorted once for all of these, so each
     * must still see its own rows, weights and iteration. Checked against a map per trace and iteration,
     * with rows of several kinds (NULLs, strings, doubles) and Z-sets looked up before, after and
     * without being added.
     */
    @Property(tries = 300)
    void oneZSetAddedToTwoTracesAndLookedUpMatchesAMap(@ForAll long seed, @ForAll boolean perIteration) {
        Random rnd = new Random(seed);
        NestedTrace[] traces = {NestedTrace.empty(), perIteration ? NestedTrace.perIteration() : NestedTrace.empty()};
        List<List<Map<Row, Long>>> maps = List.of(new ArrayList<>(), new ArrayList<>());
        int ticks = 1 + rnd.nextInt(12);
        for (int tick = 0; tick < ticks; tick++) {
            Map<Row, Long> batch = new HashMap<>();
            int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 150);
            for (int k = 0; k < n; k++) {
                int key = rnd.nextInt(120);
                PackedRowGen.merge(batch, rnd.nextInt(3) == 0 ? Row.of((long) (key % 40), "v" + (key % 7))
                        : PackedRowGen.mostlyIntegers(key, 40), rnd.nextInt(4) == 0 ? -1 : 1);
            }
            if (batch.isEmpty()) {
                continue;
            }
            ZSet.Builder b = ZSet.builder();
            batch.forEach(b::add);
            ZSet z = b.build();
            int j = rnd.nextInt(5);
            if (rnd.nextBoolean()) {
                lookUp(traces[1], maps.get(1), z, batch, rnd); // before any addition of z
            }
            for (int t = 0; t < 2; t++) {
                if (t == 1 || rnd.nextInt(5) != 0) {
                    int at = j + t;
                    NestedTrace next = traces[t].plus(z, at);
                    assertThat(next).isNotNull();
                    traces[t] = next;
                    List<Map<Row, Long>> xs = maps.get(t);
                    while (xs.size() <= at) {
                        xs.add(new HashMap<>());
                    }
                    batch.forEach((r, w) -> PackedRowGen.merge(xs.get(at), r, w));
                }
            }
            lookUp(traces[0], maps.get(0), z, batch, rnd);
            lookUp(traces[1], maps.get(1), z, batch, rnd);
        }
    }

    private static void lookUp(NestedTrace trace, List<Map<Row, Long>> xs, ZSet z, Map<Row, Long> batch, Random rnd) {
        int from = rnd.nextInt(3);
        int upTo = from + rnd.nextInt(5);
        NestedTrace.Lookup l = trace.lookup(z, from, upTo);
        assertThat(l.rows()).hasSize(batch.size());
        for (int k = 0; k < l.rows().length; k++) {
            Row r = l.rows()[k];
            assertThat(l.ws()[k]).as("weight of %s in the Z-set", r).isEqualTo(batch.get(r));
            long want = 0;
            for (int i = from; i <= upTo && i < xs.size(); i++) {
                want += xs.get(i).getOrDefault(r, 0L);
            }
            assertThat(l.weights()[k]).as("weight of %s from %d to %d", r, from, upTo).isEqualTo(want);
        }
    }

    private static boolean[] randomWanted(Random rnd, int n) {
        boolean[] w = new boolean[n];
        for (int k = 0; k < n; k++) {
            w[k] = rnd.nextBoolean();
        }
        return w;
    }

    /** The iterations from several {@code from} around j of the last two additions' rows and others, against the map. */
    private static void check(NestedTrace trace, List<Map<Row, Long>> xs, Row[] last, Row[] previous, Random rnd, int j) {
        for (int from = Math.max(0, j - 1); from <= j + 2; from++) {
            List<Row> probes = new ArrayList<>();
            Collections.addAll(probes, last);
            Collections.addAll(probes, previous);
            for (int k = 0; k < 10; k++) {
                probes.add(row(rnd.nextInt(100)));
            }
            probes.add(Row.of(-1L, null, "absent"));
            Collections.shuffle(probes, rnd);
            Row[] rs = probes.toArray(new Row[0]);
            // the weights up to from − 1 and at from, read by one sweep (as H reads its two inputs from one trace)
            long[][] two = trace.weights(trace.probes(rs), 0, from - 1, from);
            for (int k = 0; k < rs.length; k++) {
                long upTo = 0;
                for (int i = 0; i < from && i < xs.size(); i++) {
                    upTo += xs.get(i).getOrDefault(rs[k], 0L);
                }
                assertThat(two[0][k]).as("weight of %s up to %d", rs[k], from - 1).isEqualTo(upTo);
                assertThat(two[1][k]).as("weight of %s at %d", rs[k], from)
                        .isEqualTo(from < xs.size() ? xs.get(from).getOrDefault(rs[k], 0L) : 0L);
            }
            int[][] its = trace.iterations(rs, from);
            for (int k = 0; k < rs.length; k++) {
                List<Integer> want = new ArrayList<>();
                for (int i = from; i < xs.size(); i++) {
                    if (xs.get(i).containsKey(rs[k])) {
                        want.add(i);
                    }
                }
                assertThat(its[k]).as("iterations of %s from %d (last addition at %d)", rs[k], from, j)
                        .containsExactly(want.stream().mapToInt(Integer::intValue).toArray());
            }
        }
    }
}
