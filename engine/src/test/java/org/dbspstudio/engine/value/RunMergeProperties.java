package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.value.RunFixtures.change;
import static org.dbspstudio.engine.value.RunFixtures.read;
import static org.dbspstudio.engine.value.RunFixtures.run;

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
 * Chains of run merges ({@link Run#merge}) against a plain map of row → weight: runs of rows drawn
 * from a small domain (so merged runs share rows and weights cancel, leaving merges whose arrays
 * hold unused entries after their last one), with and without tag words (a NULL or a double
 * forces them), merged again, searched ({@link Run#find}, {@link Run#addWeightsOf}) and read
 * through a spine ({@link Spine#forEach}, {@link Spine#weights}).
 */
class RunMergeProperties {

    @Property(tries = 200)
    void mergedRunsHoldTheSumOfTheirRows(@ForAll @IntRange(min = 1, max = 6) int count,
                                         @ForAll @IntRange(min = 1, max = 3) int arity,
                                         @ForAll long seed) {
        Random rnd = new Random(seed);
        int domain = 1 + rnd.nextInt(rnd.nextBoolean() ? 40 : 4000);
        boolean odd = rnd.nextInt(4) == 0;
        Map<Row, Long> expected = new HashMap<>();
        Run acc = null;
        List<Run> all = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            int n = rnd.nextInt(rnd.nextBoolean() ? 30 : 3000);
            Map<Row, Long> rows = change(rnd, arity, domain, odd, n);
            Run run = run(arity, rows);
            all.add(run);
            rows.forEach((x, w) -> expected.merge(x, w, Long::sum));
            expected.values().removeIf(w -> w == 0);
            acc = acc == null ? run : Run.merge(acc, run);
            assertThat(read(acc)).isEqualTo(expected);
        }
        // every row of the merged run is found where it is, and nothing is found beyond its n entries
        for (int i = 0; i < acc.n; i++) {
            long[] p = new long[arity + 1];
            acc.logical(i, p);
            assertThat(acc.find(p)).isEqualTo(i);
        }
        // the merged run's weights of each input run's rows, found by galloping
        for (Run run : all) {
            long[] got = new long[run.n];
            acc.addWeightsOf(run, got);
            for (int i = 0; i < run.n; i++) {
                assertThat(got[i]).isEqualTo(expected.getOrDefault(run.row(i), 0L));
            }
        }
        // a spine of all the runs (merged as it grows) adds up to the same rows
        Spine s = null;
        for (Run run : all) {
            s = s == null ? Spine.of(run) : s.plus(run);
            if (s == null) {
                break; // everything cancelled so far
            }
        }
        Map<Row, Long> viaSpine = new HashMap<>();
        if (s != null) {
            s.forEach((x, w) -> viaSpine.merge(x, w, Long::sum));
            Row[] asked = expected.keySet().toArray(new Row[0]);
            long[] ws = s.weights(asked);
            for (int i = 0; i < asked.length; i++) {
                assertThat(ws[i]).isEqualTo(expected.get(asked[i]));
            }
            assertThat(s.size).isEqualTo(expected.size());
        }
        viaSpine.values().removeIf(w -> w == 0);
        // a spine left empty by cancellation is null
        assertThat(viaSpine).isEqualTo(s == null ? Map.of() : expected);
    }

    /**
     * Several runs merged as a tiered spine merges a group ({@link RunMerge#mergeAll}), against the map of
     * their summed rows: rows shared by several runs (a small domain), weights
     * cancelling (so the merged run's arrays keep unused entries), empty runs among them, tag words in some
     * or all runs.
     */
    @Property(tries = 300)
    void aGroupOfRunsMergedHoldsTheSumOfTheirRows(@ForAll @IntRange(min = 1, max = 9) int count,
                                              @ForAll @IntRange(min = 1, max = 3) int arity,
                                              @ForAll long seed) {
        Random rnd = new Random(seed);
        int domain = 1 + rnd.nextInt(rnd.nextBoolean() ? 12 : 3000);
        boolean odd = rnd.nextInt(4) == 0;
        Map<Row, Long> expected = new HashMap<>();
        Run[] runs = new Run[count];
        for (int r = 0; r < count; r++) {
            int n = rnd.nextInt(6) == 0 ? 0 : rnd.nextInt(rnd.nextBoolean() ? 20 : 2000);
            Map<Row, Long> rows = change(rnd, arity, domain, odd, n);
            runs[r] = run(arity, rows);
            rows.forEach((x, w) -> expected.merge(x, w, Long::sum));
        }
        expected.values().removeIf(w -> w == 0);
        Run all = RunMerge.mergeAll(runs);
        assertThat(read(all)).isEqualTo(expected);
        assertThat(all.n).isEqualTo(expected.size());
        // a run is sorted, distinct and free of zero weights: searches and later merges rely on it
        for (int e = 0; e < all.n; e++) {
            assertThat(all.weights[e]).isNotZero();
            if (e > 0) {
                assertThat(Run.compare(all, e - 1, all, e)).isNegative();
            }
        }
    }
}
