package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link TraceIndex}, a nested-time trace's entries by row, against a plain map of row → (iteration →
 * weight): batches of distinct random rows (keys of 2 to 4 words over a small domain, so rows recur)
 * added at random iterations — in order and out of order, below, at and above a row's entries — with
 * weights that often cancel an entry the row has (first, middle and last of its list), each batch's
 * ids looked up first ({@link TraceIndex#findAll}, and one by one); after every batch every row of the
 * map is read at several iterations (its weight there, its sum up to there, its later entries) and
 * the counts of rows and non-zero entries compared. Some indexes keep 3 bits of each key's hash, so
 * keys collide and are told apart by their words, and some have a small maximum of rows, past which
 * an addition is refused whole.
 */
class TraceIndexProperties {

    @Property(tries = 300)
    void indexAgreesWithMap(@ForAll @IntRange(min = 2, max = 4) int width, @ForAll @IntRange(min = 1, max = 40) int batches,
                            @ForAll @IntRange(min = 1, max = 6) int domain, @ForAll long seed) {
        agreesWithMap(width, batches, domain, 60, seed);
    }

    /**
     * Thousands of distinct rows in batches of up to 4,000: the record array and the slot table grow
     * and rehash (from 1,024 rows and 2/3 load) between a lookup and the addition that places the rows
     * it did not find.
     */
    @Property(tries = 20)
    void indexAgreesWithMapAsItGrows(@ForAll @IntRange(min = 2, max = 3) int width, @ForAll @IntRange(min = 3, max = 8) int batches,
                                     @ForAll long seed) {
        agreesWithMap(width, batches, 5000, 4000, seed);
    }

    private static void agreesWithMap(int width, int batches, int domain, int maxBatch, long seed) {
        Random rnd = new Random(seed);
        long maxRows = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(30) : Long.MAX_VALUE;
        TraceIndex ix = rnd.nextBoolean() ? new TraceIndex(width, maxRows) : new TraceIndex(width, maxRows, 7);
        Map<List<Long>, TreeMap<Integer, Long>> model = new HashMap<>();
        Map<List<Long>, Long> marks = new HashMap<>();
        int maxIt = 1 + rnd.nextInt(12);
        for (int b = 0; b < batches; b++) {
            int j = rnd.nextInt(maxIt);
            Set<List<Long>> rows = new LinkedHashSet<>();
            int n = rnd.nextInt(1 + rnd.nextInt(maxBatch));
            for (int i = 0; i < n; i++) {
                List<Long> key = new ArrayList<>();
                for (int c = 0; c < width; c++) {
                    key.add(c == 0 && rnd.nextInt(4) != 0 ? 0L : (long) rnd.nextInt(domain) - 1);
                }
                rows.add(key);
            }
            long[] k = new long[rows.size() * width];
            long[] ws = new long[rows.size()];
            int q = 0;
            for (List<Long> key : rows) {
                for (int c = 0; c < width; c++) {
                    k[q * width + c] = key.get(c);
                }
                TreeMap<Integer, Long> es = model.get(key);
                Long there = es == null ? null : es.get(j);
                // often the entry's negation (cancelling it), else a small weight of either sign
                ws[q] = there != null && rnd.nextInt(3) == 0 ? -there : rnd.nextBoolean() ? 1 + rnd.nextInt(3) : -1 - rnd.nextInt(3);
                q++;
            }
            if (rnd.nextBoolean() && addReading(ix, model, rows, k, ws, j, maxRows, rnd)) {
                check(ix, model, width, maxIt);
                continue;
            }
            int[] ids = new int[rows.size()];
            ix.findAll(k, rows.size(), ids);
            q = 0;
            int fresh = 0;
            for (List<Long> key : rows) {
                assertThat(ids[q] >= 0).as("held %s", key).isEqualTo(model.containsKey(key));
                assertThat(ix.find(k, q * width)).isEqualTo(ids[q]);
                fresh += ids[q] < 0 ? 1 : 0;
                q++;
            }
            int sizeBefore = ix.size();
            boolean added = ix.add(k, rows.size(), ws, j, ids);
            assertThat(added).isEqualTo(sizeBefore + fresh <= maxRows);
            if (added) {
                q = 0;
                for (List<Long> key : rows) {
                    TreeMap<Integer, Long> es = model.computeIfAbsent(key, x -> new TreeMap<>());
                    long s = es.getOrDefault(j, 0L) + ws[q++];
                    if (s == 0) {
                        es.remove(j);
                    } else {
                        es.put(j, s);
                    }
                }
            }
            check(ix, model, width, maxIt);
            // marks set on some held rows (as a leader marks the rows its follower follows), read back after later
            // additions, growth and rehashes (0 where never set)
            for (List<Long> key : rows) {
                if (model.containsKey(key) && rnd.nextInt(3) == 0) {
                    long[] kk = new long[width];
                    for (int c = 0; c < width; c++) {
                        kk[c] = key.get(c);
                    }
                    long v = rnd.nextLong();
                    ix.mark(ix.find(kk, 0), v);
                    marks.put(key, v);
                }
            }
            for (var e : marks.entrySet()) {
                long[] kk = new long[width];
                for (int c = 0; c < width; c++) {
                    kk[c] = e.getKey().get(c);
                }
                assertThat(ix.mark(ix.find(kk, 0))).as("%s marked", e.getKey()).isEqualTo(e.getValue());
            }
        }
        // the same map built from "runs" (as NestedTrace.forEachRun gives them): each entry in one of two runs,
        // or split between them, the rows of a run distinct and their entries ascending by iteration
        List<Map<List<Long>, TreeMap<Integer, Long>>> runs = List.of(new TreeMapByRow(), new TreeMapByRow());
        for (var e : model.entrySet()) {
            for (var en : e.getValue().entrySet()) {
                int how = rnd.nextInt(3);
                long w = en.getValue();
                long part = how == 2 ? rnd.nextInt(5) - 2 : how == 0 ? w : 0;
                if (part != 0) {
                    runs.get(0).computeIfAbsent(e.getKey(), x -> new TreeMap<>()).put(en.getKey(), part);
                }
                if (w - part != 0) {
                    runs.get(1).computeIfAbsent(e.getKey(), x -> new TreeMap<>()).put(en.getKey(), w - part);
                }
            }
        }
        // sized ahead (as OuterIntegrate sizes it for the trace's largest run) or not: for fewer rows than the
        // runs hold, about as many, or more
        int sized = rnd.nextInt(3);
        TraceIndex built = sized == 0 ? new TraceIndex(width, Long.MAX_VALUE, rnd.nextBoolean() ? -1 : 7)
                : new TraceIndex(width, Long.MAX_VALUE, rnd.nextBoolean() ? -1 : 7, sized == 1 ? model.size() / 2 : 1024 + rnd.nextInt(5000));
        for (Map<List<Long>, TreeMap<Integer, Long>> run : runs) {
            int m = run.size();
            long[] k = new long[m * width];
            int[] start = new int[m + 1];
            int entries = run.values().stream().mapToInt(Map::size).sum();
            int[] its = new int[entries];
            long[] ws = new long[entries];
            int r = 0;
            int e = 0;
            for (var row : run.entrySet()) {
                for (int c = 0; c < width; c++) {
                    k[r * width + c] = row.getKey().get(c);
                }
                start[r++] = e;
                for (var en : row.getValue().entrySet()) {
                    its[e] = en.getKey();
                    ws[e++] = en.getValue();
                }
            }
            start[m] = e;
            // the first run's rows are held by no earlier one: added unlooked-up, or looked up all the same
            assertThat(built.addRows(k, m, start, its, ws, run == runs.get(0) && rnd.nextBoolean())).isTrue();
        }
        // rows whose entries all cancelled are not in the runs: the built index holds only the others
        Map<List<Long>, TreeMap<Integer, Long>> live = new HashMap<>();
        model.forEach((key, es) -> {
            if (!es.isEmpty()) {
                live.put(key, es);
            }
        });
        check(built, live, width, maxIt);
    }

    /**
     * The batch added by {@link TraceIndex#addReading}, some rows read (some with their later entries), checked
     * against the map before the addition, which is then applied to the map; false when the index refused it
     * (then it must have held too many rows, and nothing is added).
     */
    private static boolean addReading(TraceIndex ix, Map<List<Long>, TreeMap<Integer, Long>> model, Set<List<Long>> rows,
                                      long[] k, long[] ws, int j, long maxRows, Random rnd) {
        int n = rows.size();
        boolean[] read = new boolean[n];
        boolean[] later = new boolean[n];
        for (int q = 0; q < n; q++) {
            read[q] = rnd.nextInt(4) != 0;
            later[q] = read[q] && rnd.nextBoolean();
        }

        long[] at = new long[n];
        long[] upTo = new long[n];
        Arrays.fill(at, 99);
        Arrays.fill(upTo, 99);
        int[][] lits = new int[n][];
        long[][] lws = new long[n][];
        int sizeBefore = ix.size();
        long entriesBefore = ix.entries();
        // some batches decide what is read of a row only when told its id (as a leader does from its followed rows)
        boolean told = rnd.nextBoolean();
        boolean[] toRead = told ? new boolean[n] : read; // (told: set by the callback)
        boolean[] toReadLater = told ? new boolean[n] : later;
        int[] ids = told ? new int[n] : null;
        int[] heldAt = new int[n];
        boolean added = told
                ? ix.addReading(k, n, ws, j, toRead, toReadLater, at, upTo, lits, lws, ids, (r, id) -> {
                    heldAt[r] = id;
                    toRead[r] = read[r];
                    toReadLater[r] = later[r];
                })
                : ix.addReading(k, n, ws, j, read, later, at, upTo, lits, lws);
        if (told && added) {
            int q = 0;
            for (List<Long> key : rows) {
                assertThat(ids[q]).isEqualTo(ix.find(k, q * ix.width));
                assertThat(heldAt[q]).as("%s told", key).isEqualTo(model.containsKey(key) ? ids[q] : -1);
                q++;
            }
        }
        if (!added) {
            assertThat(sizeBefore + (long) n).isGreaterThan(maxRows);
            assertThat(ix.size()).isEqualTo(sizeBefore);
            assertThat(ix.entries()).isEqualTo(entriesBefore);
            return false;
        }
        int q = 0;
        for (List<Long> key : rows) {
            TreeMap<Integer, Long> es = model.getOrDefault(key, new TreeMap<>());
            if (read[q]) {
                assertThat(at[q]).as("%s at %d", key, j).isEqualTo(es.getOrDefault(j, 0L));
                long up = 0;
                for (long w : es.headMap(j, true).values()) {
                    up += w;
                }
                assertThat(upTo[q]).as("%s up to %d", key, j).isEqualTo(up);
            }
            var after = es.tailMap(j, false);
            if (later[q] && !after.isEmpty()) {
                assertThat(lits[q]).containsExactly(after.keySet().stream().mapToInt(Integer::intValue).toArray());
                assertThat(lws[q]).containsExactly(after.values().stream().mapToLong(Long::longValue).toArray());
            } else {
                assertThat(lits[q]).as("%s later", key).isNull();
            }
            TreeMap<Integer, Long> m = model.computeIfAbsent(key, x -> new TreeMap<>());
            long s = m.getOrDefault(j, 0L) + ws[q++];
            if (s == 0) {
                m.remove(j);
            } else {
                m.put(j, s);
            }
        }
        return true;
    }

    /** Rows in the order of their words (a run's order; any fixed order does here). */
    private static final class TreeMapByRow extends TreeMap<List<Long>, TreeMap<Integer, Long>> {
        TreeMapByRow() {
            super((a, b) -> {
                for (int i = 0; i < a.size(); i++) {
                    int c = Long.compare(a.get(i), b.get(i));
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            });
        }
    }

    private static void check(TraceIndex ix, Map<List<Long>, TreeMap<Integer, Long>> model, int width, int maxIt) {
        assertThat(ix.size()).isEqualTo(model.size());
        long entries = 0;
        for (var e : model.entrySet()) {
            long[] k = new long[width];
            for (int c = 0; c < width; c++) {
                k[c] = e.getKey().get(c);
            }
            int id = ix.find(k, 0);
            assertThat(id).isGreaterThanOrEqualTo(0);
            TreeMap<Integer, Long> es = e.getValue();
            entries += es.size();
            for (int j = -1; j <= maxIt; j++) {
                assertThat(ix.at(id, j)).as("%s at %d", e.getKey(), j).isEqualTo(es.getOrDefault(j, 0L));
                long up = 0;
                for (long w : es.headMap(j, true).values()) {
                    up += w;
                }
                assertThat(ix.upTo(id, j)).as("%s up to %d", e.getKey(), j).isEqualTo(up);
                var later = es.tailMap(j, false);
                int c = ix.laterCount(id, j);
                assertThat(c).isEqualTo(later.size());
                int[] its = new int[c];
                long[] ws = new long[c];
                if (c > 0) {
                    ix.later(id, j, its, ws);
                }
                assertThat(its).containsExactly(later.keySet().stream().mapToInt(Integer::intValue).toArray());
                assertThat(ws).containsExactly(later.values().stream().mapToLong(Long::longValue).toArray());
            }
        }
        assertThat(ix.entries()).isEqualTo(entries);
        assertThat(ix.at(-1, 0)).isZero();
        assertThat(ix.upTo(-1, 5)).isZero();
        assertThat(ix.laterCount(-1, 0)).isZero();
    }
}
