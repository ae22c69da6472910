package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.model.types.Row;

/**
 * What {@link NestedTrace#forEachRun} gives an index built from a trace's runs, against a map of row →
 * weight per iteration: traces whose runs outgrow a slice ({@link NestedTrace#SLICE}) with rows holding
 * entries at several iterations (so a slice's end falls among a row's entries), merged by the ratio or by
 * size classes, some weights cancelling. Summed over every slice, the entries are the map's; within a
 * slice each row's entries ascend by iteration, and a slice holds whole rows (of the first run, no row in
 * two slices), its last row starting within a slice's entries; {@link NestedTrace#rowsAtMost} is at least
 * the rows visited.
 */
class NestedTraceRunsProperties {

    @Property(tries = 12)
    void sliceOfRunsAddUpToTheMap(@ForAll boolean tiered, @ForAll boolean tagged, @ForAll long seed) {
        Random rnd = new Random(seed);
        int iterations = 2 + rnd.nextInt(6);
        List<Map<Row, Long>> xs = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            xs.add(new HashMap<>());
        }
        int domain = NestedTrace.SLICE + NestedTrace.SLICE / 4 + rnd.nextInt(NestedTrace.SLICE);
        NestedTrace trace = NestedTrace.empty();
        int additions = 2 + rnd.nextInt(iterations * 2);
        for (int a = 0; a < additions; a++) {
            int j = a < iterations ? a : rnd.nextInt(iterations); // every iteration once, then at random
            // the first addition holds more rows than a slice (about 95% of the domain), so there are several
            int size = a == 0 ? 3 * domain : rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(100) : domain / 2 + rnd.nextInt(domain);
            Map<Row, Long> change = new HashMap<>();
            for (int k = 0; k < size; k++) {
                long x = rnd.nextInt(domain);
                Object last = tagged && x % 7 == 0 ? (Object) null : (Object) (x % 13);
                Row r = Row.wrap(new Object[] {x / 13, last});
                change.merge(r, rnd.nextInt(5) == 0 ? -1L : 1L, Long::sum);
            }
            change.values().removeIf(w -> w == 0);
            ZSet.Builder b = ZSet.builder();
            change.forEach((r, w) -> {
                b.add(r, w);
                xs.get(j).merge(r, w, Long::sum);
            });
            xs.get(j).values().removeIf(w -> w == 0);
            NestedTrace next = trace.plus(b.build(), j, tiered);
            assertThat(next).isNotNull();
            trace = next;
        }
        List<Map<Row, Long>> got = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            got.add(new HashMap<>());
        }
        Set<Row> firstRunRows = new HashSet<>();
        Set<Row> visited = new HashSet<>();
        boolean[] firstDone = {false};
        int[] slices = {0};
        trace.forEachRun((width, keys, rows, start, its, ws, firstRun) -> {
            slices[0]++;
            assertThat(width).isEqualTo(3);
            if (!firstRun) {
                firstDone[0] = true;
            } else {
                assertThat(firstDone[0]).as("the first run's slices come first").isFalse();
            }
            int entries = start[rows];
            // about a slice: its last row starts within SLICE entries (and runs to its end)
            assertThat(start[rows - 1]).as("%d entries in %d rows", entries, rows).isLessThan(NestedTrace.SLICE);
            Set<Row> inSlice = new HashSet<>();
            for (int r = 0; r < rows; r++) {
                Row row = Cells.decode(keys[r * width], keys, r * width + 1, 2);
                assertThat(inSlice.add(row)).as("a slice's rows are distinct").isTrue();
                visited.add(row);
                if (firstRun) {
                    assertThat(firstRunRows.add(row)).as("a row of the first run in one slice").isTrue();
                }
                assertThat(start[r + 1]).isGreaterThan(start[r]);
                for (int e = start[r]; e < start[r + 1]; e++) {
                    if (e > start[r]) {
                        assertThat(its[e]).isGreaterThan(its[e - 1]);
                    }
                    got.get(its[e]).merge(row, ws[e], Long::sum);
                }
            }
        });
        for (Map<Row, Long> g : got) {
            g.values().removeIf(w -> w == 0);
        }
        assertThat(got).isEqualTo(xs);
        assertThat(trace.rowsAtMost()).isGreaterThanOrEqualTo(visited.size());
        assertThat(slices[0]).isGreaterThan(1);
    }

    /**
     * A trace kept per iteration ({@link NestedTrace#perIteration()}, H's outputs) merges X_j's runs by size
     * classes: random additions at random iterations (small and large, rows recurring, weights cancelling)
     * against a map per iteration — every X_j's weights and size after every addition — and X_j's runs keep
     * the classes' order (never rising towards the newest, fewer than {@link MergingRuns#TIER} of a class).
     */
    @Property(tries = 40)
    void perIterationAdditionsHoldEachIterationsSum(@ForAll long seed) {
        Random rnd = new Random(seed);
        int iterations = 1 + rnd.nextInt(4);
        int domain = 50 + rnd.nextInt(3000);
        List<Map<Row, Long>> xs = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            xs.add(new HashMap<>());
        }
        NestedTrace trace = NestedTrace.perIteration();
        int additions = 1 + rnd.nextInt(40);
        for (int a = 0; a < additions; a++) {
            int j = rnd.nextInt(iterations);
            int size = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(domain) : 1 + rnd.nextInt(20);
            Map<Row, Long> change = new HashMap<>();
            for (int k = 0; k < size; k++) {
                Row r = Row.wrap(new Object[] {(long) rnd.nextInt(domain), (long) rnd.nextInt(3)});
                change.merge(r, rnd.nextInt(3) == 0 ? -1L : 1L, Long::sum);
            }
            change.values().removeIf(w -> w == 0);
            if (change.isEmpty()) {
                continue;
            }
            ZSet.Builder b = ZSet.builder();
            change.forEach((r, w) -> {
                b.add(r, w);
                xs.get(j).merge(r, w, Long::sum);
            });
            xs.get(j).values().removeIf(w -> w == 0);
            trace = trace.plus(b.build(), j);
            assertThat(trace).isNotNull();
            for (int i = 0; i < iterations; i++) {
                Map<Row, Long> x = xs.get(i);
                assertThat(trace.sizeAt(i)).as("X_%d's size", i).isEqualTo(x.size());
                Map<Row, Long> got = new HashMap<>();
                trace.forEach(i, i, (r, w) -> got.merge(r, w, Long::sum));
                assertThat(got).as("X_%d", i).isEqualTo(x);
                Spine sp = i < trace.layout.perIteration.length ? trace.layout.perIteration[i] : null;
                assertThat(sp == null).isEqualTo(x.isEmpty());
                if (sp != null) {
                    int[] perClass = new int[32];
                    for (int k = 0; k < sp.runs.length; k++) {
                        int c = MergingRuns.sizeClass(sp.runs[k].n);
                        if (k > 0) {
                            assertThat(c).as("classes never rise towards the newest run").isLessThanOrEqualTo(
                                    MergingRuns.sizeClass(sp.runs[k - 1].n));
                        }
                        assertThat(++perClass[c]).as("runs of one class").isLessThan(MergingRuns.TIER);
                    }
                }
            }
        }
    }

    /**
     * An addition to X_j of a run of the class of X_j's newest run leaves that run as it is (the ratio's policy
     * would rewrite it with the addition: 1,000 rows are less than four times 300), the sum still the map's.
     */
    @Example
    void aPerIterationAdditionLeavesARunOfItsClass() {
        Map<Row, Long> x = new HashMap<>();
        ZSet.Builder first = ZSet.builder();
        for (long k = 0; k < 1000; k++) {
            Row r = Row.wrap(new Object[] {k, 0L});
            first.add(r, 1);
            x.put(r, 1L);
        }
        NestedTrace trace = NestedTrace.perIteration().plus(ZSet.EMPTY, 0).plus(first.build(), 1);
        Run old = trace.layout.perIteration[1].runs[0];
        ZSet.Builder more = ZSet.builder();
        for (long k = 500; k < 800; k++) {
            Row r = Row.wrap(new Object[] {k, 0L});
            more.add(r, k < 600 ? -1 : 1); // some cancel, the rest add up to 2
            x.merge(r, k < 600 ? -1L : 1L, Long::sum);
        }
        x.values().removeIf(w -> w == 0);
        trace = trace.plus(more.build(), 1);
        Run[] runs = trace.layout.perIteration[1].runs;
        assertThat(runs).hasSize(2);
        assertThat(runs[0]).isSameAs(old);
        Map<Row, Long> got = new HashMap<>();
        trace.forEach(1, 1, (r, w) -> got.merge(r, w, Long::sum));
        assertThat(got).isEqualTo(x);
        assertThat(trace.sizeAt(1)).isEqualTo(x.size());
    }

    /**
     * H's read of a change just added at j (a Z-set held as one run) over the iterations before j
     * ({@link NestedTrace#sortedWeights} of the version the addition made, whose merges summed the rows as they
     * wrote the newest run: {@link RunMerge.RowSums}) against a map per iteration: outer steps of changes at
     * iterations 0, 1, 2, … growing then shrinking (so the ratio's merges take the newest runs, and now and then
     * the largest), rows recurring across iterations and steps, weights cancelling; rows of one to three
     * integers. Also an earlier version read again after later additions, and the version before read with the
     * next change (no record of it: swept).
     */
    @Property(tries = 60)
    void aChangeReadOverTheIterationsBeforeItsOwn(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int arity) {
        Random rnd = new Random(seed);
        int domain = 20 + rnd.nextInt(4000);
        List<Map<Row, Long>> xs = new ArrayList<>();
        NestedTrace trace = NestedTrace.empty();
        List<Object[]> kept = new ArrayList<>();
        int steps = 1 + rnd.nextInt(3);
        for (int t = 0; t < steps; t++) {
            int its = 2 + rnd.nextInt(14);
            int size = 1 + rnd.nextInt(40);
            for (int j = 0; j < its; j++) {
                size = j < its / 2 ? size * (1 + rnd.nextInt(3)) : Math.max(1, size / (1 + rnd.nextInt(3)));
                Map<Row, Long> c = new HashMap<>();
                int n = Math.min(3 * domain, rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(domain) : size);
                for (int k = 0; k < n; k++) {
                    Object[] v = new Object[arity];
                    for (int a = 0; a < arity; a++) {
                        v[a] = (long) rnd.nextInt(a == arity - 1 ? domain : 7) - 3;
                    }
                    c.merge(Row.wrap(v), rnd.nextInt(4) == 0 ? -1L : 1L, Long::sum);
                }
                c.values().removeIf(w -> w == 0);
                if (c.isEmpty()) {
                    continue;
                }
                ZSet z = oneRun(c, arity);
                while (xs.size() <= j) {
                    xs.add(new HashMap<>());
                }
                NestedTrace before = trace;
                trace = trace.plus(z, j);
                assertThat(trace).isNotNull();
                if (j >= 1) {
                    assertThat(trace.sortedWeights(z, 0, j - 1)).as("step %d, iteration %d", t, j).isEqualTo(expected(z, xs, j));
                    if (rnd.nextInt(4) == 0 && before.sortedWeights(z, 0, j - 1) != null) {
                        assertThat(before.sortedWeights(z, 0, j - 1)).isEqualTo(expected(z, xs, j));
                    }
                }
                Map<Row, Long> x = xs.get(j);
                c.forEach((r, w) -> x.merge(r, w, Long::sum));
                x.values().removeIf(w -> w == 0);
                if (j >= 1 && rnd.nextInt(3) == 0) {
                    kept.add(new Object[] {trace, z, j, expected(z, xs, j)});
                }
            }
            // versions kept read again after later additions (their records are their own)
            for (Object[] k : kept) {
                int j = (Integer) k[2];
                assertThat(((NestedTrace) k[0]).sortedWeights((ZSet) k[1], 0, j - 1)).isEqualTo((long[]) k[3]);
            }
        }
    }

    /** Per row of z in its order, Σ_{i < j} X_i[row] of the map. */
    private static long[] expected(ZSet z, List<Map<Row, Long>> xs, int j) {
        List<Long> out = new ArrayList<>();
        z.forEach((r, w) -> {
            long s = 0;
            for (int i = 0; i < j && i < xs.size(); i++) {
                s += xs.get(i).getOrDefault(r, 0L);
            }
            out.add(s);
        });
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** c as a Z-set held as one sorted run of integer rows (a packed join's output). */
    private static ZSet oneRun(Map<Row, Long> c, int arity) {
        int n = c.size();
        long[] flat = new long[n * (arity + 1)];
        long[] wt = new long[n];
        int i = 0;
        for (Map.Entry<Row, Long> e : c.entrySet()) {
            for (int a = 0; a < arity; a++) {
                flat[i * (arity + 1) + 1 + a] = (Long) e.getKey().get(a);
            }
            wt[i++] = e.getValue();
        }
        return ZSet.ofIntegerRows(arity, flat, wt, n);
    }
}
