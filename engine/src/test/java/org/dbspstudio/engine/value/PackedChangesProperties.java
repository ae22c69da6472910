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
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;

/**
 * Changes held as sorted runs of packed rows taken as they are, against plain maps of row → weight:
 * <ul>
 * <li>sums of changes packed together ({@link ZSet#plusIntegratedAll}, a deferred chain's
 * consolidation {@code DeferredSum.consolidated} through {@link ZSet#sumOfPacked}): packed values of
 * one run (a join's output, {@link ZSet#ofIntegerRows}) and of several runs, with and without tag
 * words (NULLs, strings), beside flat tables and batches of cells, rows repeated within and across
 * changes with weights that cancel, read at random links of the chain;</li>
 * <li>{@link ZSet#selectSorted} (H's output from a run and weights looked up in its order);</li>
 * <li>nested-time traces given a value of one run ({@code SortedRows} takes the run as it is, its rows
 * decoded only when asked) against the same rows given as a flat table, read at every iteration, and
 * {@link NestedTrace#sortedWeights} against {@link NestedTrace#weights(Row[], int, int)};</li>
 * <li>an {@link IterationIndex} given values of one run (their cells read in place) against one given
 * flat tables and a map per label.</li>
 * </ul>
 * Fails when a copied run's rows take another row's words or tag (addRun), when a negated or repeated
 * row is not summed, when a selected row keeps the wrong words, and when an iteration is left out of
 * the entries taken from a run.
 */
class PackedChangesProperties {

    private static Row row(Random r, int arity, int domain, boolean odd) {
        Object[] v = new Object[arity];
        for (int c = 0; c < arity; c++) {
            int x = r.nextInt(domain);
            v[c] = odd && c == arity - 1 ? (x % 7 == 0 ? null : "v" + x % 5) : (Object) (long) (x - domain / 3);
        }
        return Row.wrap(v);
    }

    private static Map<Row, Long> read(ZSet z) {
        Map<Row, Long> m = new HashMap<>();
        z.forEach((x, w) -> m.merge(x, w, Long::sum));
        m.values().removeIf(w -> w == 0);
        return m;
    }

    /** A change holding {@code c}'s rows (integers) as one run. */
    private static ZSet oneRun(Random r, Map<Row, Long> c, int arity) {
        return form(r, c, arity, false, 0);
    }

    /** A change holding {@code c}'s rows in a form chosen at random: one run, several runs, a flat table or cells. */
    private static ZSet form(Random r, Map<Row, Long> c, int arity, boolean odd) {
        return form(r, c, arity, odd, r.nextInt(4));
    }

    private static ZSet form(Random r, Map<Row, Long> c, int arity, boolean odd, int kind) {
        if (kind == 0 && !odd && !c.isEmpty()) {
            // one run, packed from words with rows repeated (split weights): a join's output
            List<long[]> words = new ArrayList<>();
            List<Long> ws = new ArrayList<>();
            c.forEach((x, w) -> {
                long[] p = new long[arity + 1];
                for (int k = 0; k < arity; k++) {
                    p[k + 1] = (Long) x.get(k);
                }
                long first = r.nextInt(3) == 0 ? w + 1 : w;
                words.add(p);
                ws.add(first);
                if (first != w) {
                    words.add(p);
                    ws.add(-1L);
                }
            });
            int n = words.size();
            long[] flat = new long[n * (arity + 1)];
            long[] wt = new long[n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(words.get(i), 0, flat, i * (arity + 1), arity + 1);
                wt[i] = ws.get(i);
            }
            return ZSet.ofIntegerRows(arity, flat, wt, n);
        }
        if (kind == 1 && c.size() > 4) {
            // several runs once large: a big part, then small parts added as runs of their own (tag
            // words when the rows hold NULLs or strings)
            List<Map.Entry<Row, Long>> es = new ArrayList<>(c.entrySet());
            int big = es.size() - es.size() / 8;
            ZSet.Builder b = ZSet.builder();
            for (int i = 0; i < big; i++) {
                b.add(es.get(i).getKey(), es.get(i).getValue());
            }
            ZSet z = b.build();
            for (int i = big; i < es.size(); ) {
                ZSet.Builder p = ZSet.builder();
                int to = Math.min(es.size(), i + 1 + r.nextInt(es.size() / 16 + 1));
                for (; i < to; i++) {
                    p.add(es.get(i).getKey(), es.get(i).getValue());
                }
                z = z.plusIntegrated(p.build());
            }
            return z;
        }
        if (kind == 2 && !c.isEmpty()) {
            List<Change> l = new ArrayList<>();
            c.forEach((x, w) -> l.add(new Change(x, w)));
            return ZSet.ofChanges(l);
        }
        ZSet.Builder b = ZSet.builder();
        c.forEach(b::add);
        return b.build();
    }

    @Property(tries = 100)
    void changesPackedTogetherHoldTheirSum(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int arity,
                                           @ForAll @IntRange(min = 1, max = 8) int count, @ForAll @IntRange(min = 1, max = 3000) int rows) {
        Random r = new Random(seed);
        boolean odd = r.nextInt(3) == 0;
        int domain = 1 + r.nextInt(rows * 2);
        Map<Row, Long> expected = new HashMap<>();
        List<Row> seen = new ArrayList<>();
        List<ZSet> changes = new ArrayList<>();
        List<Map<Row, Long>> sums = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            Map<Row, Long> c = new HashMap<>();
            int n = r.nextInt(6) == 0 ? 0 : r.nextInt(1 + rows);
            for (int i = 0; i < n; i++) {
                Row x = !seen.isEmpty() && r.nextInt(3) == 0 ? seen.get(r.nextInt(seen.size())) : row(r, arity, domain, odd);
                long w = r.nextInt(4) == 0 && !c.containsKey(x) ? -expected.getOrDefault(x, 1L) : r.nextInt(5) - 2;
                if (w != 0) {
                    c.merge(x, w, Long::sum);
                    seen.add(x);
                }
            }
            c.values().removeIf(w -> w == 0);
            ZSet z = form(r, c, arity, odd);
            assertThat(read(z)).isEqualTo(c);
            changes.add(z);
            c.forEach((x, w) -> expected.merge(x, w, Long::sum));
            expected.values().removeIf(w -> w == 0);
            sums.add(new HashMap<>(expected));
        }
        long total = 0;
        for (ZSet c : changes) {
            total += c.size();
        }
        ZSet packed = ZSet.sumOfPacked(changes, total);
        if (packed != null) {
            assertThat(read(packed)).isEqualTo(expected);
            assertThat(packed.size()).isEqualTo(expected.size());
        }
        ZSet all = ZSet.plusIntegratedAll(ZSet.EMPTY, changes);
        assertThat(read(all)).isEqualTo(expected);
        assertThat(all.size()).isEqualTo(expected.size());
        for (Row x : seen) {
            assertThat(all.weight(x)).as("weight of %s", x).isEqualTo(expected.getOrDefault(x, 0L));
        }
        // a deferred chain (its changes consolidated when they outgrow the sum they start from), now and
        // then long enough to be dealt with (65,536 rows), read at a few random links and at its end
        int reps = seed % 4 == 0 ? (int) Math.min(40, 1 + 70_000 / (1 + total)) : 1;
        ZSet sum = ZSet.EMPTY;
        List<ZSet> chain = new ArrayList<>();
        for (int rep = 0; rep < reps; rep++) {
            for (ZSet c : changes) {
                sum = sum.plusDeferred(c);
                chain.add(sum);
            }
        }
        List<Integer> links = new ArrayList<>();
        for (int q = 0; q < 3; q++) {
            links.add(r.nextInt(chain.size()));
        }
        links.add(chain.size() - 1);
        links.sort(null);
        for (int i : links) {
            int rep = i / changes.size();
            Map<Row, Long> want = new HashMap<>();
            Map<Row, Long> last = sums.get(sums.size() - 1);
            for (int t = 0; t < rep; t++) {
                last.forEach((x, w) -> want.merge(x, w, Math::addExact));
            }
            sums.get(i % changes.size()).forEach((x, w) -> want.merge(x, w, Math::addExact));
            want.values().removeIf(w -> w == 0);
            assertThat(read(chain.get(i))).as("link %d of %d", i, chain.size()).isEqualTo(want);
        }
    }

    @Property(tries = 200)
    void aSelectionFromARunHoldsTheSelectedRows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int arity,
                                                @ForAll @IntRange(min = 1, max = 5000) int rows) {
        Random r = new Random(seed);
        Map<Row, Long> c = new HashMap<>();
        for (int i = 0; i < rows; i++) {
            c.merge(row(r, arity, 1 + r.nextInt(2 * rows), false), (long) (r.nextInt(5) - 2), Long::sum);
        }
        c.values().removeIf(w -> w == 0);
        ZSet z = c.isEmpty() ? ZSet.EMPTY : oneRun(r, c, arity);
        List<Row> order = new ArrayList<>();
        z.forEach((x, w) -> order.add(x));
        long[] other = new long[order.size()];
        for (int i = 0; i < other.length; i++) {
            other[i] = r.nextInt(3) - 1;
        }
        ZSet s = z.selectSorted(other, (w, o) -> o == 0 ? 0 : w * o + (w > 0 ? 1 : -1));
        if (z.isEmpty()) {
            assertThat(s).isNull();
            return;
        }
        Map<Row, Long> want = new HashMap<>();
        for (int i = 0; i < other.length; i++) {
            long w = c.get(order.get(i));
            long v = other[i] == 0 ? 0 : w * other[i] + (w > 0 ? 1 : -1);
            if (v != 0) {
                want.put(order.get(i), v);
            }
        }
        assertThat(read(s)).isEqualTo(want);
        assertThat(s.size()).isEqualTo(want.size());
        for (Row x : order) {
            assertThat(s.weight(x)).isEqualTo(want.getOrDefault(x, 0L));
        }
    }

    @Property(tries = 100)
    void aTraceGivenRunsHoldsWhatItHoldsGivenTables(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int arity,
                                                    @ForAll @IntRange(min = 1, max = 6) int iterations,
                                                    @ForAll @IntRange(min = 1, max = 3000) int rows) {
        Random r = new Random(seed);
        int domain = 1 + r.nextInt(rows);
        NestedTrace byRuns = NestedTrace.empty();
        NestedTrace byTables = NestedTrace.empty();
        List<Map<Row, Long>> model = new ArrayList<>();
        List<Row> seen = new ArrayList<>();
        for (int step = 0; step < 3; step++) {
            for (int j = 0; j < iterations; j++) {
                Map<Row, Long> c = new HashMap<>();
                int n = r.nextInt(1 + rows);
                for (int i = 0; i < n; i++) {
                    Row x = !seen.isEmpty() && r.nextBoolean() ? seen.get(r.nextInt(seen.size())) : row(r, arity, domain, false);
                    seen.add(x);
                    c.merge(x, (long) (r.nextInt(5) - 2), Long::sum);
                }
                c.values().removeIf(w -> w == 0);
                if (c.isEmpty()) {
                    continue;
                }
                ZSet asRun = oneRun(r, c, arity);
                ZSet.Builder b = ZSet.builder();
                c.forEach(b::add);
                ZSet asTable = b.build();
                if (j > 0 && !byRuns.zeroAt(j - 1)) {
                    // the lookup H makes of a change before it is added: weights up to j − 1, sorted
                    long[] sorted = byRuns.sortedWeights(asRun, 0, j - 1);
                    List<Row> order = new ArrayList<>();
                    asRun.forEach((x, w) -> order.add(x));
                    long[] plain = byTables.weights(order.toArray(new Row[0]), 0, j - 1);
                    assertThat(sorted).isEqualTo(plain);
                }
                byRuns = byRuns.plus(asRun, j);
                byTables = byTables.plus(asTable, j);
                while (model.size() <= j) {
                    model.add(new HashMap<>());
                }
                Map<Row, Long> m = model.get(j);
                c.forEach((x, w) -> m.merge(x, w, Long::sum));
                m.values().removeIf(w -> w == 0);
            }
            for (int j = 0; j < model.size(); j++) {
                Map<Row, Long> got = new HashMap<>();
                byRuns.forEach(j, j, (x, w) -> got.merge(x, w, Long::sum));
                got.values().removeIf(w -> w == 0);
                assertThat(got).as("X_%d", j).isEqualTo(model.get(j));
                assertThat(byRuns.sizeAt(j)).isEqualTo(model.get(j).size());
                Map<Row, Long> plain = new HashMap<>();
                byTables.forEach(j, j, (x, w) -> plain.merge(x, w, Long::sum));
                plain.values().removeIf(w -> w == 0);
                assertThat(got).isEqualTo(plain);
            }
        }
    }

    @Property(tries = 60)
    void anIterationIndexGivenRunsAnswersAsGivenTables(@ForAll long seed, @ForAll @IntRange(min = 2, max = 3) int arity,
                                                       @ForAll @IntRange(min = 0, max = 2) int keyShape) {
        Random r = new Random(seed);
        int[] keys = keyShape == 0 ? new int[] {arity - 1} : keyShape == 1 ? new int[] {0} : new int[] {arity - 1, 0};
        IterationIndex byRuns = IterationIndex.of(arity, keys);
        IterationIndex byTables = IterationIndex.of(arity, keys);
        int domain = 2 + r.nextInt(40);
        Map<Integer, Map<Row, Long>> model = new HashMap<>();
        for (int a = 0; a < 30; a++) {
            int label = r.nextInt(5);
            Map<Row, Long> c = new HashMap<>();
            int n = r.nextInt(4) == 0 ? 300 + r.nextInt(600) : r.nextInt(20);
            for (int i = 0; i < n; i++) {
                c.merge(row(r, arity, domain, false), (long) (r.nextInt(5) - 2), Long::sum);
            }
            c.values().removeIf(w -> w == 0);
            ZSet.Builder b = ZSet.builder();
            c.forEach(b::add);
            assertThat(byRuns.add(c.isEmpty() ? ZSet.EMPTY : oneRun(r, c, arity), label)).isTrue();
            assertThat(byTables.add(b.build(), label)).isTrue();
            Map<Row, Long> m = model.computeIfAbsent(label, l -> new HashMap<>());
            c.forEach((x, w) -> m.merge(x, w, Long::sum));
            m.values().removeIf(w -> w == 0);
            for (int l = 0; l < 5; l++) {
                List<Object[]> ks = new ArrayList<>();
                for (int v = -domain / 3 - 1; v < domain; v++) {
                    ks.add(keys.length == 1 ? new Object[] {(long) v} : new Object[] {(long) v, (long) (v / 2)});
                }
                Object[][] probe = ks.toArray(new Object[0][]);
                Map<Row, Long> got = new HashMap<>();
                Map<Row, Long> plain = new HashMap<>();
                byRuns.lookup(probe, l, null, (k, x, w) -> got.merge(x, w, Long::sum));
                byTables.lookup(probe, l, null, (k, x, w) -> plain.merge(x, w, Long::sum));
                got.values().removeIf(w -> w == 0); // a row's entries in several runs may cancel
                plain.values().removeIf(w -> w == 0);
                assertThat(got).as("label %d", l).isEqualTo(plain);
                Map<Row, Long> want = new HashMap<>();
                model.getOrDefault(l, Map.of()).forEach((x, w) -> {
                    for (Object[] k : probe) {
                        boolean eq = true;
                        for (int i = 0; i < keys.length; i++) {
                            eq &= x.get(keys[i]).equals(k[i]);
                        }
                        if (eq) {
                            want.put(x, w);
                        }
                    }
                });
                assertThat(got).isEqualTo(want);
            }
        }
    }
}
