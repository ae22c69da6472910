package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.value.RunFixtures.read;
import static org.dbspstudio.engine.value.RunFixtures.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.model.types.Row;

/**
 * Merges spread over additions ({@link RunMerge}, {@link MergingRuns}, through {@link Spine})
 * against a plain map of row → weight: runs of rows from a small domain (so weights cancel and
 * merged runs shrink), mostly small with now and then a large one (so the large merges that follow
 * are left in flight across many additions), with and without tag words. After every addition the
 * new version is read every way a spine is read; versions kept from earlier are read again after
 * later ones advanced (or completed) the merges they share, and some are added to a second time
 * (branches sharing a merge in flight) and negated.
 */
class MergingRunsProperties {
    /** The fuel these spines merge with (fueling is off by default, {@code MergingRuns.FUEL}). */
    private static final long FUEL = 4;

    @Property(tries = 60)
    void everyVersionHoldsItsSumWhileMergesAreInFlight(@ForAll @IntRange(min = 1, max = 60) int additions,
                                                       @ForAll @IntRange(min = 1, max = 3) int arity,
                                                       @ForAll long seed) {
        Random rnd = new Random(seed);
        int domain = 1 + rnd.nextInt(rnd.nextBoolean() ? 60 : 6000);
        boolean odd = rnd.nextInt(4) == 0;
        List<Spine> versions = new ArrayList<>();
        List<Map<Row, Long>> sums = new ArrayList<>();
        Spine s = null;
        Map<Row, Long> expected = new HashMap<>();
        for (int t = 0; t < additions; t++) {
            Map<Row, Long> rows = change(rnd, arity, domain, odd);
            Run d = run(arity, rows);
            if (d.n == 0) {
                continue;
            }
            Spine before = s;
            s = s == null ? Spine.of(d).withFuel(FUEL) : s.plus(d);
            expected = plus(expected, rows);
            check(s, expected, arity);
            versions.add(s);
            sums.add(expected);
            // an earlier version read again: the merges it shares may have moved on since
            int v = rnd.nextInt(versions.size());
            check(versions.get(v), sums.get(v), arity);
            if (before != null && rnd.nextInt(5) == 0) {
                // a branch: the version before, added to with another change (sharing its merges in flight)
                Map<Row, Long> other = change(rnd, arity, domain, odd);
                Run e = run(arity, other);
                if (e.n > 0) {
                    Map<Row, Long> branched = plus(sums.get(versions.size() - 2), other);
                    check(before.plus(e), branched, arity);
                }
            }
            if (s != null && rnd.nextInt(6) == 0) {
                Map<Row, Long> negated = new HashMap<>();
                expected.forEach((x, w) -> negated.put(x, -w));
                Spine n = s.negate();
                check(n, negated, arity);
                // the negation's merges in flight go on over the negated runs
                Map<Row, Long> more = change(rnd, arity, domain, odd);
                Run e = run(arity, more);
                if (e.n > 0) {
                    Spine m = n;
                    Map<Row, Long> sum = negated;
                    for (int k = 0; k < 4 && m != null; k++) {
                        m = m.plus(e);
                        sum = plus(sum, more);
                        check(m, sum, arity);
                    }
                }
            }
        }
        for (int v = 0; v < versions.size(); v++) {
            check(versions.get(v), sums.get(v), arity);
        }
    }

    /**
     * A large run followed by many small ones leaves its merges in flight over several additions: the
     * readers see their inputs meanwhile, and the runs stay within the bound.
     */
    @Example
    void largeMergesAreSpreadOverTheAdditionsAfterThem() {
        Random rnd = new Random(7);
        Map<Row, Long> expected = new HashMap<>();
        Map<Row, Long> big = RunFixtures.change(rnd, 2, 1_000_000, false, 10_000);
        Spine s = Spine.of(run(2, big)).withFuel(FUEL);
        Spine eager = Spine.of(run(2, big)); // the default: every merge at once
        expected = plus(expected, big);
        int maxInFlight = 0;
        int mostRuns = 0;
        for (int t = 0; t < 200; t++) {
            Map<Row, Long> rows = RunFixtures.change(rnd, 2, 1_000_000, false, 1 + rnd.nextInt(t % 50 == 0 ? 3_000 : 80));
            Run d = run(2, rows);
            s = s.plus(d);
            eager = eager.plus(d);
            assertThat(eager.inFlight()).isZero();
            expected = plus(expected, rows);
            maxInFlight = Math.max(maxInFlight, s.inFlight());
            mostRuns = Math.max(mostRuns, s.runs.length);
            if (t % 25 == 0) {
                check(s, expected, 2);
            }
        }
        check(s, expected, 2);
        check(eager, expected, 2);
        assertThat(maxInFlight).isPositive();
        assertThat(mostRuns).isLessThanOrEqualTo(MergingRuns.MAX_RUNS);
    }

    /**
     * Additions merged by size classes ({@link MergingRuns#plusTiered}) mixed with the ratio's: every
     * version (earlier ones read again, and branched) holds the map's sum, whatever merged with what.
     */
    @Property(tries = 80)
    void tieredAdditionsHoldTheSum(@ForAll @IntRange(min = 1, max = 80) int additions,
                                   @ForAll @IntRange(min = 1, max = 3) int arity, @ForAll long seed) {
        Random rnd = new Random(seed);
        int domain = 1 + rnd.nextInt(rnd.nextBoolean() ? 60 : 6000);
        boolean odd = rnd.nextInt(4) == 0;
        int eagerOneIn = 1 + rnd.nextInt(5); // 1: every addition by the ratio; else mostly tiered
        List<Spine> versions = new ArrayList<>();
        List<Map<Row, Long>> sums = new ArrayList<>();
        Spine s = null;
        Map<Row, Long> expected = new HashMap<>();
        for (int t = 0; t < additions; t++) {
            Map<Row, Long> rows = change(rnd, arity, domain, odd);
            Run d = run(arity, rows);
            if (d.n == 0) {
                continue;
            }
            Spine before = s;
            Map<Row, Long> next = plus(expected, rows);
            if (s == null) {
                s = Spine.of(d);
            } else if (rnd.nextInt(eagerOneIn) != 0) {
                s = s.plusTiered(d, next.size());
            } else {
                s = s.plus(d);
            }
            expected = next;
            check(s, expected, arity);
            if (s == null) {
                continue;
            }
            versions.add(s);
            sums.add(expected);
            int v = rnd.nextInt(versions.size());
            check(versions.get(v), sums.get(v), arity);
            if (before != null && rnd.nextInt(5) == 0) {
                Map<Row, Long> other = change(rnd, arity, domain, odd);
                Run e = run(arity, other);
                if (e.n > 0) {
                    Map<Row, Long> branched = plus(sums.get(versions.size() - 2), other);
                    check(before.plusTiered(e, branched.size()), branched, arity);
                }
            }
        }
        for (int v = 0; v < versions.size(); v++) {
            check(versions.get(v), sums.get(v), arity);
        }
    }

    /**
     * Additions by size classes alone keep the runs' classes from rising towards the newest, with fewer
     * than {@link MergingRuns#TIER} runs of any class — so at most {@code TIER − 1} runs per class — after
     * a large addition among small ones too.
     */
    @Property(tries = 60)
    void tieredRunsStayWithinTheirClasses(@ForAll @IntRange(min = 1, max = 300) int additions, @ForAll long seed) {
        Random rnd = new Random(seed);
        Map<Row, Long> expected = new HashMap<>();
        Spine s = null;
        for (int t = 0; t < additions; t++) {
            int n = rnd.nextInt(30) == 0 ? 500 + rnd.nextInt(5000) : 1 + rnd.nextInt(60);
            Map<Row, Long> rows = RunFixtures.change(rnd, 2, 1_000_000, false, n);
            Run d = run(2, rows);
            if (d.n == 0) {
                continue;
            }
            expected = plus(expected, rows);
            s = s == null ? Spine.of(d) : s.plusTiered(d, expected.size());
            int[] perClass = new int[32];
            int previous = Integer.MAX_VALUE;
            for (Run r : s.runs) {
                int c = MergingRuns.sizeClass(r.n);
                assertThat(c).as("classes of %s", s.runs.length).isLessThanOrEqualTo(previous);
                previous = c;
                perClass[c]++;
                assertThat(perClass[c]).isLessThan(MergingRuns.TIER);
            }
        }
        check(s, expected, 2);
    }

    /**
     * A large addition merges with the smaller runs just before it, not with an older run of its own
     * class: runs of about 100,000 and 10 entries plus one of about 150,000 (classes 8, 1, 8) leave the first
     * run as it was and two runs in all.
     */
    @Example
    void aLargeAdditionLeavesAnOlderRunOfItsClass() {
        Random rnd = new Random(3);
        Map<Row, Long> a = RunFixtures.change(rnd, 2, 1_000_000_000, false, 120_000);
        Map<Row, Long> b = RunFixtures.change(rnd, 2, 1_000_000_000, false, 10);
        Map<Row, Long> c = RunFixtures.change(rnd, 2, 1_000_000_000, false, 200_000);
        Run big = run(2, a);
        Map<Row, Long> expected = plus(plus(a, b), c);
        Spine s = Spine.of(big).plusTiered(run(2, b), plus(a, b).size()).plusTiered(run(2, c), expected.size());
        assertThat(MergingRuns.sizeClass(big.n)).isEqualTo(MergingRuns.sizeClass(run(2, c).n));
        assertThat(s.runs).hasSize(2);
        assertThat(s.runs[0]).isSameAs(big);
        check(s, expected, 2);
    }

    /** A merge advanced in slices of random sizes writes the run a merge at once writes. */
    @Property(tries = 200)
    void aMergeInSlicesEqualsTheMergeAtOnce(@ForAll @IntRange(min = 1, max = 4) int arity, @ForAll long seed) {
        Random rnd = new Random(seed);
        int domain = 1 + rnd.nextInt(rnd.nextBoolean() ? 30 : 3000);
        Run a = run(arity, change(rnd, arity, domain, rnd.nextInt(3) == 0));
        Run b = run(arity, change(rnd, arity, domain, rnd.nextInt(3) == 0));
        Map<Row, Long> expected = plus(read(a), read(b));
        RunMerge m = new RunMerge(a, b);
        while (!m.advance(1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 400))) {
            assertThat(m.result()).isNull();
            assertThat(m.remaining()).isPositive();
        }
        assertThat(m.remaining()).isZero();
        Run r = m.result();
        assertThat(read(r)).isEqualTo(expected);
        // sliced or not, the same entries
        RunMerge whole = new RunMerge(a, b);
        whole.advance(Long.MAX_VALUE);
        Run w = whole.result();
        assertThat(r.n).isEqualTo(w.n);
        assertThat(r.tagged).isEqualTo(w.tagged);
        for (int i = 0; i < r.n; i++) {
            assertThat(Run.compare(r, i, w, i)).isZero();
            assertThat(r.weights[i]).isEqualTo(w.weights[i]);
        }
        assertThat(m.advance(5)).isTrue(); // done stays done
    }

    /** Reads the spine every way it is read and compares with the map (rows of weight 0 left out). */
    private static void check(Spine s, Map<Row, Long> expected, int arity) {
        if (s == null) {
            assertThat(expected).isEmpty();
            return;
        }
        assertThat(s.runs.length).isLessThanOrEqualTo(MergingRuns.MAX_RUNS);
        Map<Row, Long> viaRuns = new HashMap<>();
        for (Run r : s.runs) {
            read(r).forEach((x, w) -> viaRuns.merge(x, w, Long::sum));
        }
        viaRuns.values().removeIf(w -> w == 0);
        assertThat(viaRuns).isEqualTo(expected);
        Map<Row, Long> viaForEach = new HashMap<>();
        s.forEach((x, w) -> assertThat(viaForEach.put(x, w)).isNull());
        assertThat(viaForEach).isEqualTo(expected);
        assertThat(s.size).isEqualTo(expected.size());
        Row[] asked = expected.keySet().toArray(new Row[0]);
        if (asked.length > 0) {
            long[] ws = s.weights(asked);
            for (int i = 0; i < asked.length; i++) {
                assertThat(ws[i]).isEqualTo(expected.get(asked[i]));
            }
            Row one = asked[asked.length / 2];
            assertThat(s.weight(one)).isEqualTo(expected.get(one));
        }
        assertThat(s.stored()).isGreaterThanOrEqualTo(expected.size());
    }

    private static Map<Row, Long> change(Random rnd, int arity, int domain, boolean odd) {
        int n = rnd.nextInt(8) == 0 ? 200 + rnd.nextInt(1500) : rnd.nextInt(40);
        return RunFixtures.change(rnd, arity, domain, odd, n);
    }

    private static Map<Row, Long> plus(Map<Row, Long> a, Map<Row, Long> b) {
        Map<Row, Long> m = new HashMap<>(a);
        b.forEach((x, w) -> m.merge(x, w, Long::sum));
        m.values().removeIf(w -> w == 0);
        return m;
    }
}
