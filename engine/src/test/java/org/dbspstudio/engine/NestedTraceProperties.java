package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
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
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * The nested-time trace ({@link NestedTrace}: per inner iteration j the change summed over outer
 * steps, held as packed sorted runs with an iteration column, merged and compacted as it grows,
 * read by accumulation) driven by random outer steps of random changes at random iterations,
 * against a plain map per iteration of row → weight: every accumulated read {@code S(j) = Σ_{i≤j}
 * X_i} (size, iteration, lookups, the Z-set operations on the view), which iterations are zero, and
 * that every earlier version stays intact after later additions (merges and cancellations).
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

    private static final Object[] ODD = {null, 1.5, true, "s", new BigDecimal("2.50"), 7L};

    /** Row k: integers only for most keys, other kinds for some (tagged runs mixed with untagged ones). */
    static Row row(int k) {
        return k % 5 == 0 ? Row.of((long) (k % 250), ODD[k % ODD.length]) : Row.of((long) (k % 250), (long) (k % 17));
    }

    private static void merge(Map<Row, Long> m, Row r, long w) {
        m.merge(r, w, (a, b) -> a + b == 0 ? null : a + b);
    }

    /** Σ_{i ≤ j} X_i of the oracle. */
    private static Map<Row, Long> upTo(List<Map<Row, Long>> xs, int j) {
        Map<Row, Long> s = new HashMap<>();
        for (int i = 0; i <= j && i < xs.size(); i++) {
            xs.get(i).forEach((r, w) -> merge(s, r, w));
        }
        return s;
    }

    private static void assertSame(ZSet z, Map<Row, Long> m) {
        assertThat(z.size()).isEqualTo(m.size());
        Map<Row, Long> seen = new HashMap<>();
        z.forEach((r, w) -> {
            assertThat(w).isNotZero();
            assertThat(seen.put(r, w)).isNull();
        });
        assertThat(seen).isEqualTo(m);
        m.forEach((r, w) -> assertThat(z.weight(r)).isEqualTo(w));
        assertThat(z.weight(Row.of(-1L, -1L))).isZero();
    }

    private record Version(NestedTrace trace, List<Map<Row, Long>> xs) {
    }

    @Property(tries = 150)
    void accumulatedReadsEqualTheSumsOfAMapPerIteration(@ForAll("steps") List<List<Change>> steps) {
        NestedTrace trace = NestedTrace.empty();
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
                    merge(batch, r, w);
                }
                ZSet change = b.build();
                trace = trace.plus(change, c.iteration());
                assertThat(trace).isNotNull();
                batch.forEach((r, w) -> merge(xs.get(c.iteration()), r, w));
                versions.add(new Version(trace, copy(xs)));
            }
            for (Version v : versions) {
                check(v.trace(), v.xs());
            }
        }
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
            if (!xs.get(j).isEmpty()) {
                last = j;
            }
        }
        assertThat(trace.length()).isEqualTo(last + 1);
        for (int j = 0; j <= xs.size(); j++) {
            Map<Row, Long> s = upTo(xs, j);
            ZSet view = trace.upTo(j, s.size());
            assertSame(view, s);
            // operations that copy the view out of the trace
            assertThat(view.plus(ZSet.EMPTY)).isEqualTo(view);
            ZSet doubled = view.plus(view);
            Map<Row, Long> d = new HashMap<>();
            s.forEach((r, w) -> d.put(r, 2 * w));
            assertSame(doubled, d);
            assertThat(view.minus(view).isEmpty()).isTrue();
            Map<Row, Long> neg = new HashMap<>();
            s.forEach((r, w) -> neg.put(r, -w));
            assertSame(view.negate(), neg);
            ZSet.Builder b = view.toBuilder();
            b.add(Row.of(-5L, -5L), 3);
            Map<Row, Long> plusOne = new HashMap<>(s);
            plusOne.put(Row.of(-5L, -5L), 3L);
            assertSame(b.build(), plusOne);
        }
    }
}
