package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.model.types.Row;

/**
 * Searches in sorted runs ({@link Run#seekPrefix}: galloping over the words in place, or over a
 * large run's fence of every 32nd entry and then within one block, or — probes dense in a large
 * run — scanning it from the previous position) against a linear scan, for runs
 * below and above the size that gets a fence, with and without tag words, prefixes shorter than
 * the row (a nested-time trace's row before its iteration), rows sharing long stretches of their
 * first column, probes in ascending order from positions given and from arbitrary ones; and the
 * batched lookups built on them ({@link Run#addWeightsOf}, {@link Run#merge}) against a map of
 * row → weight.
 */
class RunSeekProperties {

    /** A run of up to {@code n} distinct random rows of {@code arity} columns (tagged when {@code tagged}), few values in the first column. */
    private static Run run(Random rnd, int n, int arity, boolean tagged, Map<Row, Long> into) {
        Run.Builder b = new Run.Builder(arity, n);
        Map<Row, Long> rows = new HashMap<>();
        for (int k = 0; k < n; k++) {
            Object[] v = new Object[arity];
            v[0] = (long) rnd.nextInt(40) - 20;
            for (int c = 1; c < arity; c++) {
                v[c] = (long) rnd.nextInt(c == 1 ? 2000 : 3);
            }
            if (tagged && rnd.nextInt(4) == 0) {
                v[arity - 1] = rnd.nextBoolean() ? null : (Object) (rnd.nextInt(5) + 0.5);
            }
            Row r = Row.wrap(v);
            if (!rows.containsKey(r)) {
                long w = rnd.nextBoolean() ? 1 : -2;
                rows.put(r, w);
                b.add(r, w);
            }
        }
        rows.forEach((r, w) -> into.merge(r, w, Long::sum));
        into.values().removeIf(w -> w == 0);
        return b.build();
    }

    @Property(tries = 60)
    void seeksFindTheFirstEntryNotSmaller(@ForAll @IntRange(min = 0, max = 60_000) int n,
                                          @ForAll @IntRange(min = 1, max = 4) int arity,
                                          @ForAll boolean tagged, @ForAll long seed) {
        Random rnd = new Random(seed);
        Run run = run(rnd, n, arity, tagged, new HashMap<>());
        // up to 2,000 probes, or up to one per 8 entries of the run (dense enough that a large run is scanned)
        int pn = rnd.nextBoolean() ? 1 + rnd.nextInt(2000) : 1 + rnd.nextInt(Math.max(1, n / 8));
        Run probes = run(rnd, pn, arity, tagged && rnd.nextBoolean(), new HashMap<>());
        // half of the probes are rows of the run (hits), the others random (mostly misses)
        for (int len = 1; len <= arity; len++) {
            int lo = 0;
            for (int i = 0; i < probes.n; i++) {
                int expected = linear(run, lo, probes, i, len);
                int got = Run.seekPrefix(run, lo, probes, i, len);
                assertThat(got).as("probe %d from %d, prefix %d of %d entries", i, lo, len, run.n).isEqualTo(expected);
                lo = rnd.nextInt(8) == 0 ? rnd.nextInt(run.n + 1) : got; // sometimes from anywhere (also past the target)
                if (lo > expected) {
                    lo = expected; // seeks start at or before the target
                }
            }
            // probes that are the run's own entries
            for (int e = 0; e < run.n; e += 1 + rnd.nextInt(50)) {
                int from = rnd.nextInt(e + 1);
                assertThat(Run.seekPrefix(run, from, run, e, len)).isEqualTo(linear(run, from, run, e, len));
            }
        }
    }

    private static int linear(Run run, int lo, Run probes, int i, int len) {
        int p = lo;
        while (p < run.n && Run.comparePrefix(run, p, probes, i, len) < 0) {
            p++;
        }
        return p;
    }

    @Property(tries = 40)
    void lookupsAndMergesOfLargeRunsMatchAMap(@ForAll @IntRange(min = 0, max = 60_000) int n,
                                              @ForAll @IntRange(min = 1, max = 3) int arity,
                                              @ForAll boolean tagged, @ForAll long seed) {
        Random rnd = new Random(seed);
        Map<Row, Long> a = new HashMap<>();
        Map<Row, Long> b = new HashMap<>();
        Run ra = run(rnd, n, arity, tagged, a);
        Run rb = run(rnd, rnd.nextInt(n + 1), arity, tagged && rnd.nextBoolean(), b);
        long[] acc = new long[rb.n];
        ra.addWeightsOf(rb, acc);
        for (int i = 0; i < rb.n; i++) {
            assertThat(acc[i]).as("weight of %s", rb.row(i)).isEqualTo(a.getOrDefault(rb.row(i), 0L));
        }
        long[] back = new long[ra.n];
        rb.addWeightsOf(ra, back);
        for (int i = 0; i < ra.n; i++) {
            assertThat(back[i]).isEqualTo(b.getOrDefault(ra.row(i), 0L));
        }
        Map<Row, Long> want = new HashMap<>(a);
        b.forEach((r, w) -> want.merge(r, w, Long::sum));
        want.values().removeIf(w -> w == 0);
        Run m = Run.merge(ra, rb);
        Map<Row, Long> got = new HashMap<>();
        for (int i = 0; i < m.n; i++) {
            assertThat(m.weights[i]).isNotZero();
            assertThat(got.put(m.row(i), m.weights[i])).isNull();
            if (i > 0) {
                assertThat(Run.compare(m, i - 1, m, i)).as("ascending").isNegative();
            }
        }
        assertThat(got).isEqualTo(want);
    }
}
