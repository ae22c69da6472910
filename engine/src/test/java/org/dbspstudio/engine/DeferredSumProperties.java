package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;

/**
 * A running sum whose additions are deferred ({@code ZSet.plusDeferred}, a top-level integral's)
 * against a plain map of row → weight: random changes (large and small, of cells and of row
 * objects, NULLs, strings, weights cancelling), the sum read at random steps only (by size, lookups,
 * iteration, and by adding to it), and every version checked again at the end — a version read
 * late, or never, equals the map at its step, whatever was read in between.
 */
class DeferredSumProperties {

    private static Row row(Random r, int domain) {
        Object a = r.nextInt(25) == 0 ? null : (long) r.nextInt(domain);
        Object b = r.nextInt(25) == 0 ? null : "v" + r.nextInt(5);
        return Row.of(a, b, (long) r.nextInt(3));
    }

    @Property(tries = 60)
    void deferredSumsEqualTheMapAtEveryStep(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int steps,
                                            @ForAll @IntRange(min = 0, max = 4000) int first,
                                            @ForAll boolean budgeted) {
        // the budget of an inner running sum's chain (ZSet.plusDeferred(o, budget)): none, or one
        // larger than any chain here (a budget under DeferredSum.MIN_ROWS acts as none)
        long budget = budgeted ? Long.MAX_VALUE / 4 : -1;
        Random r = new Random(seed);
        int domain = 1 + r.nextInt(3000);
        ZSet sum = ZSet.EMPTY;
        Map<Row, Long> model = new HashMap<>();
        List<ZSet> versions = new ArrayList<>();
        List<Map<Row, Long>> expected = new ArrayList<>();
        List<Row> seen = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            int n = t == 0 ? first : r.nextInt(10) == 0 ? r.nextInt(2000) : r.nextInt(60);
            List<Change> cs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Row x = !seen.isEmpty() && r.nextInt(3) == 0 ? seen.get(r.nextInt(seen.size())) : row(r, domain);
                long w = r.nextInt(3) == 0 ? -model.getOrDefault(x, 0L) : r.nextInt(7) - 3;
                if (w != 0) {
                    cs.add(new Change(x, w));
                    seen.add(x);
                }
            }
            ZSet change = r.nextBoolean() ? ZSet.ofChanges(cs) : ZSet.ofMap(ZSetProperties.model(cs));
            cs.forEach(c -> model.merge(c.row(), c.weight(), (p, q) -> p + q == 0 ? null : p + q));
            sum = budget < 0 ? sum.plusDeferred(change) : sum.plusDeferred(change, budget);
            versions.add(sum);
            expected.add(new HashMap<>(model));
            switch (r.nextInt(7)) {
                case 0 -> assertThat(sum.size()).isEqualTo(model.size());
                case 6 -> {
                    long k = r.nextInt(model.size() + 2);
                    assertThat(sum.hasAtLeast(k)).as("at least %d rows", k).isEqualTo(model.size() >= k);
                }
                case 1 -> {
                    if (!seen.isEmpty()) {
                        Row x = seen.get(r.nextInt(seen.size()));
                        assertThat(sum.weight(x)).isEqualTo(model.getOrDefault(x, 0L));
                    }
                }
                case 2 -> assertThat(sum).isEqualTo(ZSet.ofMap(model));
                default -> {
                    // not read at this step
                }
            }
        }
        for (int t = 0; t < steps; t++) {
            ZSet v = versions.get(t);
            Map<Row, Long> m = expected.get(t);
            assertThat(v.size()).as("size at step %d", t).isEqualTo(m.size());
            m.forEach((x, w) -> assertThat(v.weight(x)).isEqualTo(w));
            Map<Row, Long> listed = new HashMap<>();
            v.forEach((x, w) -> {
                assertThat(w).isNotZero();
                assertThat(listed.put(x, w)).isNull();
            });
            assertThat(listed).as("rows at step %d", t).isEqualTo(m);
            assertThat(v.plus(v.negate()).isEmpty()).isTrue();
        }
    }

    /**
     * Under a budget (an inner running sum's, {@code ZSet.plusDeferred(o, budget)}), changes larger
     * than the share of the sum at which a top-level chain is dealt with (over 65,536 rows against a
     * sum of 1,000) stay deferred until the chain exceeds the budget, then are added up; without one
     * each is added at once. Every version, read only at the end, equals the map at its step. Fails
     * when the budget is ignored.
     */
    @Property(tries = 2)
    void budgetedChainsDeferLargeChanges(@ForAll long seed, @ForAll boolean cells) {
        Random r = new Random(seed);
        long budget = 200_000;
        ZSet sum = ZSet.EMPTY;
        ZSet plain = ZSet.EMPTY;
        Map<Row, Long> model = new HashMap<>();
        List<ZSet> versions = new ArrayList<>();
        List<Map<Row, Long>> expected = new ArrayList<>();
        long rows = 0;
        for (int t = 0; t < 5; t++) {
            int n = t == 0 ? 1000 : 130_000 + r.nextInt(2000);
            Map<Row, Long> change = new HashMap<>();
            for (int i = 0; i < n; i++) {
                Row x = Row.of((long) r.nextInt(1_000_000), r.nextInt(30) == 0 ? null : "v" + r.nextInt(3), 1L);
                long w = r.nextInt(5) == 0 ? -model.getOrDefault(x, 0L) - change.getOrDefault(x, 0L) : r.nextInt(5) - 2;
                change.merge(x, w, Long::sum);
            }
            ZSet z = applied(change, cells, model);
            if (t == 0) {
                sum = z.plusIntegrated(ZSet.EMPTY);
                plain = sum;
            } else {
                rows += z.size();
                sum = sum.plusDeferred(z, budget);
                plain = plain.plusDeferred(z);
                assertThat(sum.deferred()).as("step %d: %d rows of changes, within the budget", t, rows)
                        .isEqualTo(rows <= budget);
                if (!sum.deferred()) {
                    rows = 0; // added up: the next chain starts here
                }
                assertThat(plain.deferred()).as("step %d without a budget: added at once (%d rows, sum %d)", t, z.size(), plain.size()).isFalse();
            }
            versions.add(sum);
            expected.add(new HashMap<>(model));
        }
        checkVersions(versions, expected);
        assertThat(plain).isEqualTo(ZSet.ofMap(model));
    }

    /**
     * A small sum whose large changes mostly repeat its rows (as B2's join output of (region, amount)
     * pairs): the changes pile up past the point where they are dealt with, are consolidated and
     * stay deferred as one change, and every version, read at random steps or only at the end,
     * equals the map at its step. Changes are batches of cells or tables of row objects, weights
     * cancel, and some steps add a change with rows the sum never held.
     */
    @Property(tries = 12)
    void compactedChainsEqualTheMapAtEveryStep(@ForAll long seed, @ForAll @IntRange(min = 20, max = 60) int steps) {
        Random r = new Random(seed);
        int domain = 50 + r.nextInt(2000);
        ZSet sum = ZSet.EMPTY;
        Map<Row, Long> model = new HashMap<>();
        List<ZSet> versions = new ArrayList<>();
        List<Map<Row, Long>> expected = new ArrayList<>();
        boolean cells = r.nextInt(4) != 0;
        boolean stayedDeferred = false;
        long rows = 0;
        for (int t = 0; t < steps; t++) {
            int n = 2000 + r.nextInt(8000);
            Map<Row, Long> change = new HashMap<>();
            for (int i = 0; i < n; i++) {
                Row x = r.nextInt(50) == 0 ? row(r, 1_000_000) : Row.of((long) r.nextInt(domain), "v" + r.nextInt(3), 1L);
                long w = r.nextInt(4) == 0 ? -model.getOrDefault(x, 0L) - change.getOrDefault(x, 0L) : r.nextInt(5) - 2;
                change.merge(x, w, Long::sum);
            }
            ZSet z = applied(change, cells, model);
            rows += z.size();
            sum = sum.plusDeferred(z);
            stayedDeferred |= rows > 70_000 && sum.deferred();
            versions.add(sum);
            expected.add(new HashMap<>(model));
            if (r.nextInt(15) == 0) {
                assertThat(sum.size()).isEqualTo(model.size());
            }
        }
        if (rows > 200_000) {
            assertThat(stayedDeferred).as("a small sum's many changes are compacted, not added up").isTrue();
        }
        checkVersions(versions, expected);
    }

    /**
     * The change (its zero weights dropped) as a Z-set, of cells or of row objects, after adding it
     * to the model.
     */
    private static ZSet applied(Map<Row, Long> change, boolean cells, Map<Row, Long> model) {
        change.values().removeIf(w -> w == 0);
        List<Change> cs = new ArrayList<>();
        change.forEach((x, w) -> cs.add(new Change(x, w)));
        change.forEach((x, w) -> model.merge(x, w, (p, q) -> p + q == 0 ? null : p + q));
        return cells ? ZSet.ofChanges(cs) : ZSet.ofMap(change);
    }

    /** Each version, newest first, lists each row once and holds the rows expected at its step. */
    private static void checkVersions(List<ZSet> versions, List<Map<Row, Long>> expected) {
        for (int t = versions.size() - 1; t >= 0; t--) {
            ZSet v = versions.get(t);
            Map<Row, Long> m = expected.get(t);
            Map<Row, Long> listed = new HashMap<>();
            v.forEach((x, w) -> assertThat(listed.put(x, w)).isNull());
            assertThat(listed).as("rows at step %d", t).isEqualTo(m);
            assertThat(v.size()).isEqualTo(m.size());
        }
    }
}
