package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.value.NestedTrace;
import org.dbspstudio.engine.value.TraceRows;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * The nested-time trace ({@link NestedTrace}: per inner iteration j the change summed over outer
 * steps, held as packed sorted runs with an iteration column, merged and compacted as it grows,
 * read by accumulation) driven by random outer steps of random changes at random iterations,
 * against a plain map per iteration of row → weight: every accumulated read {@code S(j) = Σ_{i≤j}
 * X_i} (size, iteration, lookups one by one and many together, the iterations where a row has
 * entries, the Z-set operations on the view), which iterations are zero, each X_j's size, which X_i
 * and X_j may be equal, and that every earlier version stays intact after later additions (merges
 * and cancellations). Some changes are added with X_j's size after them given by the caller (as
 * {@code H} does for its outputs), which the trace must then hold without counting.
 */
class NestedTraceProperties {

    /** One change: an iteration, a key in a small domain (so weights cancel over steps), a weight, a batch length. */
    record Change(int iteration, int key, long weight, int length) {
    }

    @Provide
    Arbitrary<List<List<Change>>> steps() {
        Arbitrary<Change> c = Combinators.combine(Arbitraries.integers().between(0, 6),
                Arbitraries.integers().between(0, 400), Arbitraries.longs().between(-2, 2),
                Arbitraries.integers().between(1, 300)).as(Change::new);
        return c.list().ofMinSize(1).ofMaxSize(8).list().ofMinSize(1).ofMaxSize(8);
    }

    /** Row k: integers only for most keys, other kinds for some (tagged runs mixed with untagged ones). */
    static Row row(int k) {
        return PackedRowGen.mostlyIntegers(k, 250);
    }

    /** Σ_{i ≤ j} X_i of the oracle. */
    private static Map<Row, Long> upTo(List<Map<Row, Long>> xs, int j) {
        Map<Row, Long> s = new HashMap<>();
        for (int i = 0; i <= j && i < xs.size(); i++) {
            xs.get(i).forEach((r, w) -> PackedRowGen.merge(s, r, w));
        }
        return s;
    }

    private record Version(NestedTrace trace, List<Map<Row, Long>> xs) {
    }

    @Property(tries = 150)
    void accumulatedReadsEqualTheSumsOfAMapPerIteration(@ForAll("steps") List<List<Change>> steps, @ForAll boolean perIteration) {
        // the entries in one spine, or each iteration's in a spine of its own (NestedTrace.perIteration)
        NestedTrace trace = perIteration ? NestedTrace.perIteration() : NestedTrace.empty();
        List<Map<Row, Long>> xs = new ArrayList<>();
        for (int j = 0; j < 8; j++) {
            xs.add(new HashMap<>());
        }
        List<Version> versions = new ArrayList<>();
        for (List<Change> step : steps) {
            // within an outer step the iterations come in order
            List<Change> sorted = new ArrayList<>(step);
            sorted.sort((a, b) -> Integer.compare(a.iteration(), b.iteration()));
            for (Change c : sorted) {
                ZSet.Builder b = ZSet.builder();
                Map<Row, Long> batch = new HashMap<>();
                for (int k = 0; k < c.length(); k++) {
                    Row r = row(c.key() + 7 * k);
                    long w = c.weight() == 0 ? (k % 2 == 0 ? 1 : -1) : c.weight();
                    b.add(r, w);
                    PackedRowGen.merge(batch, r, w);
                }
                ZSet change = b.build();
                if (c.key() % 4 == 0) {
                    // the caller knows X_j's number of rows after the addition: the trace takes it, uncounted
                    Map<Row, Long> after = new HashMap<>(xs.get(c.iteration()));
                    batch.forEach((r, w) -> PackedRowGen.merge(after, r, w));
                    trace = trace.plus(change, c.iteration(), after.size());
                } else if (c.key() % 2 == 0) {
                    trace = trace.plus(change, c.iteration());
                } else if (c.key() % 8 == 1) {
                    // runs merged by size classes (a leader's trace while its index answers): the same entries
                    trace = trace.plus(change, c.iteration(), true);
                } else {
                    trace = plusObserved(trace, change, c.iteration(), xs, c.key());
                }
                assertThat(trace).isNotNull();
                batch.forEach((r, w) -> PackedRowGen.merge(xs.get(c.iteration()), r, w));
                versions.add(new Version(trace, copy(xs)));
            }
            for (Version v : versions) {
                check(v.trace(), v.xs());
            }
        }
    }

    /**
     * Adds the change through {@link NestedTrace#plus(Row[], long[], int, NestedTrace.Observed)}
     * asking the later entries of some rows, and checks what it observed against the map per
     * iteration before the addition: each row's weight in S(j) and its non-zero X_i for i > j.
     */
    private static NestedTrace plusObserved(NestedTrace trace, ZSet change, int j, List<Map<Row, Long>> xs, int seed) {
        // one key in four: packed first (TraceRows, in their sorted order) and merged by size classes, as a
        // leader adds while its index answers; else rows as objects
        TraceRows packed = seed % 8 == 3 ? trace.pack(change) : null;
        Row[] rows = new Row[change.size()];
        long[] ws = new long[rows.length];
        int[] n = {0};
        if (packed != null) {
            for (int k = 0; k < rows.length; k++) {
                rows[k] = packed.row(k);
            }
        } else {
            change.forEach((r, w) -> {
                rows[n[0]] = r;
                ws[n[0]++] = w;
            });
        }
        boolean[] want = new boolean[rows.length];
        for (int k = 0; k < want.length; k++) {
            want[k] = (k + seed) % 3 != 0;
        }
        NestedTrace.Observed seen = new NestedTrace.Observed(want);
        NestedTrace next = packed != null ? trace.plus(packed, j, seen, true) : trace.plus(rows, ws, j, seen);
        Map<Row, Long> s = upTo(xs, j);
        for (int k = 0; k < rows.length; k++) {
            assertThat(seen.upTo[k]).as("weight of %s up to %d before", rows[k], j).isEqualTo(s.getOrDefault(rows[k], 0L));
            if (!want[k]) {
                assertThat(seen.laterIterations[k]).isNull();
                continue;
            }
            List<Integer> its = new ArrayList<>();
            List<Long> lw = new ArrayList<>();
            for (int i = j + 1; i < xs.size(); i++) {
                Long w = xs.get(i).get(rows[k]);
                if (w != null) {
                    its.add(i);
                    lw.add(w);
                }
            }
            if (its.isEmpty()) {
                assertThat(seen.laterIterations[k]).as("later entries of %s after %d", rows[k], j).isNull();
            } else {
                assertThat(seen.laterIterations[k]).as("later iterations of %s after %d", rows[k], j)
                        .containsExactly(its.stream().mapToInt(Integer::intValue).toArray());
                assertThat(seen.laterWeights[k]).as("later weights of %s after %d", rows[k], j)
                        .containsExactly(lw.stream().mapToLong(Long::longValue).toArray());
            }
        }
        return next;
    }

    private static List<Map<Row, Long>> copy(List<Map<Row, Long>> xs) {
        List<Map<Row, Long>> c = new ArrayList<>();
        xs.forEach(x -> c.add(new HashMap<>(x)));
        return c;
    }

    private static void check(NestedTrace trace, List<Map<Row, Long>> xs) {
        int last = -1;
        for (int j = 0; j < xs.size(); j++) {
            assertThat(trace.zeroAt(j)).as("X_%d zero", j).isEqualTo(xs.get(j).isEmpty());
            assertThat(trace.sizeAt(j)).as("X_%d size", j).isEqualTo(xs.get(j).size());
            for (int i = 0; i < xs.size(); i++) {
                // equal X_i and X_j must look equal; different ones differ in size or fingerprint (64 bits)
                assertThat(trace.mayEqual(i, j)).as("X_%d may equal X_%d", i, j).isEqualTo(xs.get(i).equals(xs.get(j)));
            }
            if (!xs.get(j).isEmpty()) {
                last = j;
            }
        }
        assertThat(trace.length()).isEqualTo(last + 1);
        for (int j = 0; j <= xs.size(); j++) {
            Map<Row, Long> s = upTo(xs, j);
            ZSet view = trace.upTo(j, s.size());
            PackedRowGen.assertSame(view, s);
            // many rows looked up together (present, absent, of another arity, a string never stored)
            List<Row> probes = new ArrayList<>(s.keySet());
            for (int k = 0; k < 40; k++) {
                probes.add(row(3 * k + j));
            }
            probes.add(Row.of(-1L, null, "absent"));
            probes.add(Row.of(3L, "never stored"));
            java.util.Collections.shuffle(probes, new java.util.Random(j));
            Row[] rs = probes.toArray(new Row[0]);
            long[] upToJ = view.weights(rs);
            long[] atJ = trace.weights(rs, j, j);
            Map<Row, Long> xj = j < xs.size() ? xs.get(j) : Map.of();
            int[][] its = trace.iterations(rs, j);
            for (int k = 0; k < rs.length; k++) {
                assertThat(upToJ[k]).as("weight of %s up to %d", rs[k], j).isEqualTo(s.getOrDefault(rs[k], 0L));
                assertThat(atJ[k]).as("weight of %s at %d", rs[k], j).isEqualTo(xj.getOrDefault(rs[k], 0L));
                List<Integer> expected = new ArrayList<>();
                for (int i = j; i < xs.size(); i++) {
                    if (xs.get(i).containsKey(rs[k])) {
                        expected.add(i);
                    }
                }
                int[] want = expected.stream().mapToInt(Integer::intValue).toArray();
                assertThat(its[k]).as("iterations of %s from %d", rs[k], j).containsExactly(want);
                assertThat(trace.iterations(rs[k], j)).containsExactly(want);
            }
            // operations that copy the view out of the trace
            assertThat(view.plus(ZSet.EMPTY)).isEqualTo(view);
            ZSet doubled = view.plus(view);
            Map<Row, Long> d = new HashMap<>();
            s.forEach((r, w) -> d.put(r, 2 * w));
            PackedRowGen.assertSame(doubled, d);
            assertThat(view.minus(view).isEmpty()).isTrue();
            Map<Row, Long> neg = new HashMap<>();
            s.forEach((r, w) -> neg.put(r, -w));
            PackedRowGen.assertSame(view.negate(), neg);
            ZSet.Builder b = view.toBuilder();
            b.add(Row.of(-5L, -5L), 3);
            Map<Row, Long> plusOne = new HashMap<>(s);
            plusOne.put(Row.of(-5L, -5L), 3L);
            PackedRowGen.assertSame(b.build(), plusOne);
        }
    }
}
