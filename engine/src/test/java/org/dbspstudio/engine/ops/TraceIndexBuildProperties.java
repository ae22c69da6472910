package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.dbspstudio.engine.value.NestedTrace;
import org.dbspstudio.engine.value.TraceRows;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * The index built from a nested-time trace ({@link TraceIndex#of}, as a leader builds it at the end of its first
 * outer step) against the trace's contents: traces of random additions at random iterations (every iteration
 * once, then again, weights cancelling, rows with a NULL cell so their tag word is not zero), in either layout
 * (one spine or one per iteration), merged by the ratio or by size classes, so that their rows have entries in
 * several runs; some hold more entries than a slice of a run ({@code NestedTrace.SLICE}). Per iteration j, every
 * row of X_j (read from the trace) has that weight in the index at j and every row of S(j) its weight up to j,
 * the index holds as many non-zero entries as the trace (so no other), and a row cancelled to nothing reads
 * zero. With a maximum of rows below the trace's rows, nothing is built.
 */
class TraceIndexBuildProperties {

    @Property(tries = 60)
    void builtIndexHoldsTheTracesEntries(@ForAll boolean perIteration, @ForAll boolean tiered, @ForAll boolean tagged,
                                        @ForAll long seed) {
        Random rnd = new Random(seed);
        int iterations = 1 + rnd.nextInt(7);
        // mostly small traces; some beyond a run's slice (1 << 15 entries), so a run is visited in several slices
        int domain = rnd.nextInt(8) == 0 ? 40_000 + rnd.nextInt(20_000) : 1 + rnd.nextInt(rnd.nextBoolean() ? 30 : 3000);
        NestedTrace trace = perIteration ? NestedTrace.perIteration() : NestedTrace.empty();
        List<Map<Row, Long>> xs = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            xs.add(new HashMap<>());
        }
        Set<Row> ever = new HashSet<>();
        int additions = iterations + rnd.nextInt(3 * iterations + 1);
        for (int a = 0; a < additions; a++) {
            int j = a < iterations ? a : rnd.nextInt(iterations);
            int size = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(5) : 1 + rnd.nextInt(domain);
            Map<Row, Long> change = new HashMap<>();
            for (int k = 0; k < size; k++) {
                long x = rnd.nextInt(domain);
                Object last = tagged && x % 5 == 0 ? null : (Object) (x % 11);
                change.merge(Row.wrap(new Object[] {x / 11, last}), rnd.nextInt(3) == 0 ? -1L : 1L, Long::sum);
            }
            // often cancel some of X_j's entries
            if (rnd.nextBoolean()) {
                for (Map.Entry<Row, Long> e : xs.get(j).entrySet()) {
                    if (rnd.nextInt(3) == 0) {
                        change.put(e.getKey(), -e.getValue());
                    }
                }
            }
            change.values().removeIf(w -> w == 0);
            ZSet.Builder b = ZSet.builder();
            change.forEach((r, w) -> {
                b.add(r, w);
                xs.get(j).merge(r, w, Long::sum);
                ever.add(r);
            });
            xs.get(j).values().removeIf(w -> w == 0);
            NestedTrace next = trace.plus(b.build(), j, tiered);
            assertThat(next).isNotNull();
            trace = next;
        }
        Set<Row> live = new HashSet<>();
        long entries = 0;
        for (Map<Row, Long> x : xs) {
            live.addAll(x.keySet());
            entries += x.size();
        }
        // a maximum of rows below the rows the trace holds: not built (rows cancelled across runs count too)
        if (live.size() > 1 && rnd.nextInt(4) == 0) {
            assertThat(TraceIndex.of(trace, rnd.nextInt(live.size()))).isNull();
        }
        TraceIndex ix = TraceIndex.of(trace, Long.MAX_VALUE);
        if (trace.stored() == 0) {
            assertThat(ix).isNull();
            return;
        }
        assertThat(ix).isNotNull();
        assertThat(ix.size()).isGreaterThanOrEqualTo(live.size());
        assertThat(ix.entries()).isEqualTo(entries);
        long fromTrace = 0;
        for (int j = 0; j < iterations; j++) {
            fromTrace += agrees(ix, trace, j, j);
            agrees(ix, trace, 0, j);
            // and the trace's contents are the map's
            ZSet.Builder x = ZSet.builder();
            trace.forEach(j, j, x::add);
            ZSet.Builder m = ZSet.builder();
            xs.get(j).forEach(m::add);
            assertThat(x.build()).isEqualTo(m.build());
        }
        assertThat(fromTrace).isEqualTo(ix.entries());
        // rows cancelled to nothing read zero (held or not)
        Set<Row> gone = new HashSet<>(ever);
        gone.removeAll(live);
        if (!gone.isEmpty()) {
            ZSet.Builder g = ZSet.builder();
            gone.forEach(r -> g.add(r, 1));
            TraceRows rows = trace.pack(g.build());
            int[] ids = new int[rows.size()];
            ix.findAll(rows.keys(), rows.size(), ids);
            for (int k = 0; k < ids.length; k++) {
                for (int j = 0; j < iterations; j++) {
                    assertThat(ix.at(ids[k], j)).isZero();
                }
                assertThat(ix.laterCount(ids[k], -1)).isZero();
            }
        }
    }

    /**
     * Every row of the trace's sum over iterations from..upTo has that weight in the index (its entry at j when
     * {@code from == upTo}, else its sum up to upTo from 0); how many rows there are.
     */
    private static long agrees(TraceIndex ix, NestedTrace trace, int from, int upTo) {
        ZSet.Builder b = ZSet.builder();
        trace.forEach(from, upTo, b::add);
        ZSet z = b.build();
        if (z.isEmpty()) {
            return 0;
        }
        TraceRows rows = trace.pack(z);
        int n = rows.size();
        int[] ids = new int[n];
        ix.findAll(rows.keys(), n, ids);
        long[] ws = rows.ws();
        for (int k = 0; k < n; k++) {
            assertThat(ids[k]).as("%s held", rows.row(k)).isGreaterThanOrEqualTo(0);
            long got = from == upTo ? ix.at(ids[k], upTo) : ix.upTo(ids[k], upTo);
            assertThat(got).as("%s over %d..%d", rows.row(k), from, upTo).isEqualTo(ws[k]);
        }
        return n;
    }
}
