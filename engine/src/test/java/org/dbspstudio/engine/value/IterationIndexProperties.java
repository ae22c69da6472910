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
import org.dbspstudio.model.types.Row;

/**
 * {@link IterationIndex} driven by random changes at random labels (iterations), against a plain map
 * per label of row → weight: after every addition, lookups of random keys (present, absent, of the
 * rows just added) at random labels return exactly the map's rows under that key with their weights;
 * changes whose rows cancel earlier ones, small and large changes (runs appended and merged), keys of
 * one or two columns in any position, cells near both ends of the longs (entries sorted by words, not
 * packed into one long each); a change holding a row that is not all integers is refused and
 * leaves the index as it was; a label that held nothing before an addition is answered by the run that
 * addition appended alone. Half the changes come as one sorted run of packed rows (as H emits them),
 * whose entries are placed by counting their key cells when those lie close together. Batched: most additions are not followed by lookups, so that several
 * labels' runs grow and merge before they are read. Labels range over 0–5 and lookups over 0–6 (a
 * label never added to holds nothing). After each round of lookups, a join of random probes at a
 * label, its output packed one long per match ({@link IterationIndex#join}), against a join of the map;
 * the probes prepared once ({@link IterationIndex#probes}) are joined again at another label.
 */
class IterationIndexProperties {

    @Property(tries = 60)
    void lookupsEqualAMapPerLabel(@ForAll long seed, @ForAll @IntRange(min = 2, max = 3) int arity,
                                  @ForAll @IntRange(min = 0, max = 3) int keyShape, @ForAll boolean batched) {
        Random rnd = new Random(seed);
        wide = rnd.nextBoolean();
        int[] keys = switch (keyShape) {
            case 0 -> new int[] {arity - 1};
            case 1 -> new int[] {0};
            case 2 -> new int[] {arity - 1, 0};
            default -> new int[] {0, arity - 1};
        };
        IterationIndex idx = IterationIndex.of(arity, keys);
        long counted = IterationIndex.COUNTED.get();
        boolean oneRunAdded = false;
        Map<Integer, Map<Row, Long>> model = new HashMap<>();
        int range = 2 + rnd.nextInt(12);
        int additions = 20 + rnd.nextInt(60);
        for (int a = 0; a < additions; a++) {
            int label = rnd.nextInt(6);
            Map<Row, Long> at = model.computeIfAbsent(label, l -> new HashMap<>());
            boolean wasEmpty = at.isEmpty();
            ZSet.Builder b = ZSet.builder();
            Map<Row, Long> change = new HashMap<>();
            int n = rnd.nextInt(5) == 0 ? 200 + rnd.nextInt(400) : rnd.nextInt(8);
            List<Row> present = new ArrayList<>(at.keySet());
            for (int i = 0; i < n; i++) {
                Row r;
                long w;
                if (!present.isEmpty() && rnd.nextInt(3) == 0) {
                    r = present.get(rnd.nextInt(present.size()));
                    w = rnd.nextBoolean() ? -at.get(r) : 1 + rnd.nextInt(3); // cancel it, or add to it
                } else {
                    r = row(rnd, arity, range);
                    w = rnd.nextBoolean() ? 1 : -1 - rnd.nextInt(2);
                }
                change.merge(r, w, Long::sum);
            }
            change.forEach((r, w) -> {
                if (w != 0) {
                    b.add(r, w);
                }
            });
            ZSet z = b.build();
            if (rnd.nextBoolean()) {
                z = oneRun(z, arity); // as H's output comes: one sorted run (placed by its key cells when they are close)
                oneRunAdded |= !z.isEmpty() && !wide;
            }
            List<Row> added = new ArrayList<>();
            z.forEach((r, w) -> added.add(r));
            if (rnd.nextInt(10) == 0 && !z.isEmpty()) {
                // a row of another kind among them: refused, nothing added
                ZSet bad = z.plus(ZSet.of(arity == 3 ? Row.wrap(new Object[] {1L, null, 2L}) : Row.of(1L, "x"), 1));
                assertThat(idx.add(bad, label)).isFalse();
                check(idx, model, keys, rnd, range, arity);
            }
            assertThat(idx.add(z, label)).isTrue();
            if (idx.lastAdded() instanceof Run run) {
                // placed by counting (IterationIndex.byKeyColumn) where the sort would put each entry: the
                // run's merges combine equal entries only when runs are sorted and distinct
                int s = run.stride();
                for (int r = 1; r < run.n; r++) {
                    assertThat(Run.compareWords(run.words, (r - 1) * s, run.words, r * s, s)).as("entry %d", r).isNegative();
                }
            }
            z.forEach((r, w) -> at.merge(r, w, (x, y) -> x + y == 0 ? null : x + y));
            if (wasEmpty && !z.isEmpty()) {
                // the label held nothing: the appended run alone answers it
                Object only = idx.lastAdded();
                assertThat(only).isNotNull();
                for (Row r : added) {
                    Object[] key = keyOf(r, keys);
                    assertThat(lookup(idx, key, label, only)).isEqualTo(expected(model, key, label, keys));
                }
                checkJoin(idx, model, keys, rnd, range, arity, label, only);
            }
            if (batched && rnd.nextInt(8) != 0) {
                continue; // several additions, at several labels, before the next lookups
            }
            check(idx, model, keys, rnd, range, arity);
            for (Row r : added) {
                Object[] key = keyOf(r, keys);
                assertThat(lookup(idx, key, label, null)).as("key of a row just added").isEqualTo(expected(model, key, label, keys));
            }
        }
        check(idx, model, keys, rnd, range, arity);
        if (keys.length == 1 && oneRunAdded) {
            assertThat(IterationIndex.COUNTED.get()).as("runs placed by counting their key cells").isGreaterThan(counted);
        }
    }

    /**
     * The per-label key filters ({@code KeyFilter}): thousands of distinct keys reach a label
     * over many small additions (its filter outgrows an eighth of its bits and is rebuilt from the label's
     * runs, several times), whole keys cancel (their bits may stay), keys are present at one label and
     * absent at the next; after each addition lookups and joins of keys present, cancelled and never added,
     * at every label, equal the map's. A single probe per join, as a single edge's step probes.
     */
    @Property(tries = 12)
    void keyFiltersAnswerLikeAMapAsLabelsGrow(@ForAll long seed) {
        Random rnd = new Random(seed);
        wide = false;
        int[] keys = {1};
        IterationIndex idx = IterationIndex.of(2, keys);
        Map<Integer, Map<Row, Long>> model = new HashMap<>();
        int keyRange = 3000 + rnd.nextInt(3000);
        for (int a = 0; a < 140; a++) {
            int label = rnd.nextInt(3);
            Map<Row, Long> at = model.computeIfAbsent(label, l -> new HashMap<>());
            Map<Row, Long> change = new HashMap<>();
            int n = a == 0 ? 1 + rnd.nextInt(3) : rnd.nextInt(10) == 0 ? 500 + rnd.nextInt(500) : 1 + rnd.nextInt(60);
            List<Row> present = new ArrayList<>(at.keySet());
            for (int i = 0; i < n; i++) {
                if (!present.isEmpty() && rnd.nextInt(4) == 0) {
                    // cancel every row under a present key
                    Object k = present.get(rnd.nextInt(present.size())).get(1);
                    at.forEach((r, w) -> {
                        if (r.get(1).equals(k)) {
                            change.merge(r, -w, Long::sum);
                        }
                    });
                } else {
                    change.merge(Row.of((long) rnd.nextInt(50), (long) rnd.nextInt(keyRange)), rnd.nextBoolean() ? 1L : -2L, Long::sum);
                }
            }
            ZSet.Builder b = ZSet.builder();
            change.forEach((r, w) -> {
                if (w != 0) {
                    b.add(r, w);
                }
            });
            ZSet z = b.build();
            if (rnd.nextBoolean()) {
                z = oneRun(z, 2);
            }
            assertThat(idx.add(z, label)).isTrue();
            z.forEach((r, w) -> at.merge(r, w, (x, y) -> x + y == 0 ? null : x + y));
            List<Object[]> probes = new ArrayList<>();
            z.forEach((r, w) -> probes.add(keyOf(r, keys)));
            for (int q = 0; q < 10; q++) {
                probes.add(new Object[] {(long) rnd.nextInt(keyRange + 100)});
            }
            for (int q = 0; q < Math.min(probes.size(), 40); q++) {
                Object[] key = probes.get(rnd.nextInt(probes.size()));
                int l = rnd.nextInt(4);
                assertThat(lookup(idx, key, l, null)).as("key %s at label %d", key[0], l).isEqualTo(expected(model, key, l, keys));
                Object[][] ks = {key};
                long[] pw = {1 + rnd.nextInt(2)};
                assertJoin(idx.join(ks, pw, l, null, new boolean[] {true, true}, new int[] {idx.offset(0), idx.offset(1)},
                        new long[2][], 0), model, keys, ks, pw, new boolean[] {true, true}, new int[] {0, 1}, new long[2][], false, l);
            }
        }
    }

    private static void check(IterationIndex idx, Map<Integer, Map<Row, Long>> model, int[] keys, Random rnd, int range, int arity) {
        for (int q = 0; q < 20; q++) {
            int label = rnd.nextInt(7);
            Object[] key = keyOf(row(rnd, arity, range + 1), keys);
            assertThat(lookup(idx, key, label, null)).isEqualTo(expected(model, key, label, keys));
        }
        // many keys at once, in one lookup
        int label = rnd.nextInt(6);
        Object[][] ks = new Object[30][];
        for (int q = 0; q < ks.length; q++) {
            ks[q] = q % 7 == 3 ? new Object[] {null} : keyOf(row(rnd, arity, range), keys);
        }
        List<Map<Row, Long>> got = new ArrayList<>();
        for (int q = 0; q < ks.length; q++) {
            got.add(new HashMap<>());
        }
        idx.lookup(ks, label, null, (k, r, w) -> got.get(k).merge(r, w, (x, y) -> x + y == 0 ? null : x + y));
        for (int q = 0; q < ks.length; q++) {
            assertThat(got.get(q)).isEqualTo(ks[q].length == keys.length ? expected(model, ks[q], label, keys) : Map.of());
        }
        checkJoin(idx, model, keys, rnd, range, arity, label, null);
    }

    /**
     * {@link IterationIndex#join} at {@code label} (searching {@code only} alone when given) with random
     * probes — keys present and absent, NULL, weights of both signs — and a random output of 1–4
     * columns, each a column of the matched row or one of the probe's own (in a narrow range, or
     * sometimes one near both ends of the longs), against the join computed from the map: each
     * output row's weight the sum over its matches of the row's weight × the probe's. Null is
     * allowed only when some column's values span more than the 62 bits the packed rows have.
     */
    private static void checkJoin(IterationIndex idx, Map<Integer, Map<Row, Long>> model, int[] keys, Random rnd,
                                  int range, int arity, int label, Object only) {
        int n = rnd.nextInt(40);
        int cols = 1 + rnd.nextInt(4);
        boolean[] fromEntry = new boolean[cols];
        int[] col = new int[cols];
        int[] outAt = new int[cols];
        long[][] probeCols = new long[cols][];
        boolean probeWide = rnd.nextInt(8) == 0;
        for (int c = 0; c < cols; c++) {
            fromEntry[c] = rnd.nextBoolean();
            if (fromEntry[c]) {
                col[c] = rnd.nextInt(arity);
                outAt[c] = idx.offset(col[c]);
            } else {
                probeCols[c] = new long[n];
                for (int q = 0; q < n; q++) {
                    probeCols[c][q] = probeWide && rnd.nextInt(4) == 0
                            ? (rnd.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE + 1) - rnd.nextInt(3)
                            : rnd.nextInt(range) - range / 2;
                }
            }
        }
        Object[][] ks = new Object[n][];
        long[] pw = new long[n];
        for (int q = 0; q < n; q++) {
            ks[q] = q % 9 == 4 ? new Object[keys.length] : keyOf(row(rnd, arity, range), keys);
            pw[q] = rnd.nextBoolean() ? 1 : rnd.nextInt(7) - 3;
        }
        // the probes prepared once and reused: at this label and at another (a join probing with the same rows at every iteration)
        IterationIndex.Probes prepared = idx.probes(ks);
        ZSet got = rnd.nextBoolean()
                ? idx.join(ks, pw, label, only, fromEntry, outAt, probeCols, rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(100))
                : idx.join(prepared, pw, label, only, fromEntry, outAt, probeCols, rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(100));
        assertJoin(got, model, keys, ks, pw, fromEntry, col, probeCols, probeWide, label);
        int other = rnd.nextInt(7);
        assertJoin(idx.join(prepared, pw, other, null, fromEntry, outAt, probeCols, rnd.nextInt(100)), model, keys, ks, pw,
                fromEntry, col, probeCols, probeWide, other);
    }

    /** Asserts that {@code got} is the join of the probes with the map at {@code label} (see {@link #checkJoin}). */
    private static void assertJoin(ZSet got, Map<Integer, Map<Row, Long>> model, int[] keys, Object[][] ks, long[] pw,
                                   boolean[] fromEntry, int[] col, long[][] probeCols, boolean probeWide, int label) {
        int cols = fromEntry.length;
        int n = ks.length;
        Map<Row, Long> want = new HashMap<>();
        for (int q = 0; q < n; q++) {
            if (ks[q][0] == null) {
                continue;
            }
            Map<Row, Long> under = expected(model, ks[q], label, keys);
            for (Map.Entry<Row, Long> e : under.entrySet()) {
                Object[] vs = new Object[cols];
                for (int c = 0; c < cols; c++) {
                    vs[c] = fromEntry[c] ? e.getKey().get(col[c]) : (Object) probeCols[c][q];
                }
                want.merge(Row.wrap(vs), e.getValue() * pw[q], Long::sum);
            }
        }
        want.values().removeIf(w -> w == 0);
        if (got == null) {
            assertThat(wide || probeWide).as("null only for columns too wide to pack").isTrue();
            return;
        }
        Map<Row, Long> joined = new HashMap<>();
        got.forEach((r, w) -> joined.merge(r, w, Long::sum));
        assertThat(joined).as("join at label %d", label).isEqualTo(want);
        assertThat(got.isEmpty() || got.runCount() == 1).isTrue();
    }

    /** The rows of z (of integers) as one sorted run of packed rows. */
    private static ZSet oneRun(ZSet z, int arity) {
        int n = z.size();
        long[] words = new long[n * (arity + 1)];
        long[] ws = new long[n];
        int[] k = {0};
        z.forEach((r, w) -> {
            for (int c = 0; c < arity; c++) {
                words[k[0] * (arity + 1) + 1 + c] = (Long) r.get(c);
            }
            ws[k[0]++] = w;
        });
        ZSet one = ZSet.ofIntegerRows(arity, words, ws, n);
        assertThat(one.isEmpty() || one.integerColumns() != null).as("one run").isTrue();
        return one;
    }

    private static Row row(Random rnd, int arity, int range) {
        Object[] vs = new Object[arity];
        for (int i = 0; i < arity; i++) {
            vs[i] = (long) (rnd.nextInt(range) - (rnd.nextInt(8) == 0 ? range : 0)); // some negative cells
            if (wide && rnd.nextInt(16) == 0) {
                // cells far apart: the entries no longer fit one long each (sorted by comparing words instead)
                vs[i] = (rnd.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE) - rnd.nextInt(range);
            }
        }
        return Row.wrap(vs);
    }

    /** Whether some cells are extreme (set per try). */
    private static boolean wide;

    private static Object[] keyOf(Row r, int[] keys) {
        Object[] k = new Object[keys.length];
        for (int i = 0; i < keys.length; i++) {
            k[i] = r.get(keys[i]);
        }
        return k;
    }

    private static Map<Row, Long> lookup(IterationIndex idx, Object[] key, int label, Object only) {
        Map<Row, Long> got = new HashMap<>();
        idx.lookup(new Object[][] {key}, label, only, (k, r, w) -> got.merge(r, w, (x, y) -> x + y == 0 ? null : x + y));
        return got;
    }

    private static Map<Row, Long> expected(Map<Integer, Map<Row, Long>> model, Object[] key, int label, int[] keys) {
        Map<Row, Long> out = new HashMap<>();
        model.getOrDefault(label, Map.of()).forEach((r, w) -> {
            if (java.util.Arrays.equals(keyOf(r, keys), key)) {
                out.put(r, w);
            }
        });
        return out;
    }
}
