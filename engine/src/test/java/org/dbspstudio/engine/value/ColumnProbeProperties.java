package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.model.types.Row;

/**
 * A join's probes of an arrangement reading given columns of the matched rows ({@link ColumnProbe},
 * {@link KeyBatch#column}) against a plain map of key → (row → weight): arrangements built by
 * grouping and by random additions (small changes that append batches, large ones that merge them,
 * rows that cancel, keys of one row of weight 1 beside keys of several rows or other weights),
 * integer keys of one or two columns, value columns of integers, NULLs, strings (equal strings as
 * distinct objects), doubles and decimals, batches read from their columns from any size on. For
 * every key probed (present or not), the columns and weights handed over, summed, equal the map's
 * rows under the key projected on those columns; equal non-integer values handed over from one
 * batch's columns are one object; every version of the arrangement stays as it was.
 */
class ColumnProbeProperties {

    private static Object value(Random r, int kind) {
        return switch (kind) {
            case 0 -> (long) r.nextInt(50);
            case 1 -> new String("r" + r.nextInt(5)); // equal strings, distinct objects
            default -> switch (r.nextInt(5)) {
                case 0 -> null;
                case 1 -> (double) r.nextInt(3) / 2;
                case 2 -> new BigDecimal(r.nextInt(3) + ".5");
                case 3 -> "s" + r.nextInt(3);
                default -> (long) r.nextInt(4);
            };
        };
    }

    @Property(tries = 200)
    void probesReadTheRowsUnderEachKey(@ForAll long seed, @ForAll @IntRange(min = 1, max = 2) int keyArity,
                                       @ForAll @IntRange(min = 1, max = 4) int valueCols, @ForAll @IntRange(min = 1, max = 6) int steps,
                                       @ForAll @IntRange(min = 1, max = 400) int keys, @ForAll boolean longs) {
        Random r = new Random(seed);
        int arity = keyArity + valueCols;
        int[] kinds = new int[arity];
        for (int c = keyArity; c < arity; c++) {
            kinds[c] = r.nextInt(3);
        }
        // the rows of each key: mostly one row (a primary key), some keys with more rows or other weights
        Map<Row, Long> model = new HashMap<>();
        IndexedZSet index = IndexedZSet.EMPTY;
        List<IndexedZSet> versions = new ArrayList<>();
        List<Map<Row, Long>> models = new ArrayList<>();
        List<Row> live = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            Map<Row, Long> change = new HashMap<>();
            int size = r.nextInt(3) == 0 ? keys * 2 : 1 + r.nextInt(Math.max(1, keys / 8));
            for (int i = 0; i < size; i++) {
                if (!live.isEmpty() && r.nextInt(4) == 0) {
                    Row x = live.get(r.nextInt(live.size()));
                    change.merge(x, -model.getOrDefault(x, 0L), Long::sum); // cancels it (or part of it)
                    continue;
                }
                Object[] v = new Object[arity];
                for (int c = 0; c < keyArity; c++) {
                    v[c] = (long) r.nextInt(keys);
                }
                for (int c = keyArity; c < arity; c++) {
                    v[c] = value(r, kinds[c]);
                }
                Row x = Row.wrap(v);
                live.add(x);
                change.merge(x, r.nextInt(6) == 0 ? (long) r.nextInt(5) - 2 : 1L, Long::sum);
            }
            change.values().removeIf(w -> w == 0);
            ZSet.Builder b = ZSet.builder();
            change.forEach(b::add);
            IndexedZSet d = IndexedZSet.group(b.build(), x -> key(x, keyArity));
            index = s == 0 && r.nextBoolean() ? d : index.plus(d);
            change.forEach((x, w) -> model.merge(x, w, Long::sum));
            model.values().removeIf(w -> w == 0);
            versions.add(index);
            models.add(new HashMap<>(model));
        }
        int[] cols = new int[1 + r.nextInt(valueCols + keyArity)];
        for (int j = 0; j < cols.length; j++) {
            cols[j] = r.nextInt(arity);
        }
        for (int v = 0; v < versions.size(); v++) {
            check(versions.get(v), models.get(v), keyArity, cols, r.nextInt(3) == 0 ? 0 : r.nextInt(keys + 1), keys, longs);
        }
    }

    /** Matches handed over as integer columns ({@link ColumnProbe.LongSink#longs}), counted. */
    static final java.util.concurrent.atomic.AtomicLong LONGS = new java.util.concurrent.atomic.AtomicLong();

    /** Integer columns read from every batch from any size on: every match of every key is handed over as columns. */
    @Property(tries = 60)
    void integerColumnsAreHandedOverAsColumns(@ForAll long seed, @ForAll @IntRange(min = 1, max = 2) int keyArity,
                                               @ForAll @IntRange(min = 1, max = 300) int domain) {
        Random r = new Random(seed);
        // two key columns over a few values each, so that check's 200 random probes meet the keys held
        int keys = keyArity == 1 ? domain : 1 + domain % 12;
        Map<Row, Long> model = new HashMap<>();
        IndexedZSet index = IndexedZSet.EMPTY;
        for (int s = 0; s < 3; s++) {
            Map<Row, Long> change = new HashMap<>();
            int size = 1 + r.nextInt(keys * 3);
            for (int i = 0; i < size; i++) {
                Object[] v = new Object[keyArity + 1];
                for (int c = 0; c < keyArity; c++) {
                    v[c] = (long) r.nextInt(keys);
                }
                v[keyArity] = (long) r.nextInt(20) - 10;
                change.merge(Row.wrap(v), r.nextInt(4) == 0 ? (long) r.nextInt(5) - 2 : 1L, Long::sum);
            }
            change.values().removeIf(w -> w == 0);
            ZSet.Builder b = ZSet.builder();
            change.forEach(b::add);
            index = index.plus(IndexedZSet.group(b.build(), x -> key(x, keyArity)));
            change.forEach((x, w) -> model.merge(x, w, Long::sum));
            model.values().removeIf(w -> w == 0);
        }
        long before = LONGS.get();
        check(index, model, keyArity, new int[] {keyArity, 0}, 0, keys, true);
        // another join over the same arrangement asks for other columns, then the first asks again
        // (each batch keeps its columns per set asked for)
        check(index, model, keyArity, new int[] {0}, 0, keys, true);
        check(index, model, keyArity, new int[] {keyArity, 0}, 0, keys, true);
        if (!model.isEmpty()) {
            assertThat(LONGS.get() - before).as("matches handed over as columns").isPositive();
        }
    }

    private static Row key(Row x, int keyArity) {
        Object[] k = new Object[keyArity];
        for (int c = 0; c < keyArity; c++) {
            k[c] = x.get(c);
        }
        return Row.wrap(k);
    }

    private static void check(IndexedZSet index, Map<Row, Long> model, int keyArity, int[] cols, int minBatch, int keys,
                              boolean longs) {
        Map<Row, Map<Row, Long>> expected = new HashMap<>();
        model.forEach((x, w) -> {
            Object[] p = new Object[cols.length];
            for (int j = 0; j < cols.length; j++) {
                p[j] = x.get(cols[j]);
            }
            expected.computeIfAbsent(key(x, keyArity), k -> new HashMap<>()).merge(Row.wrap(p), w, Long::sum);
        });
        expected.values().forEach(m -> m.values().removeIf(w -> w == 0));
        expected.values().removeIf(Map::isEmpty);
        ColumnProbe cp = longs ? ColumnProbe.ofLongs(index, keyArity, cols, minBatch) : ColumnProbe.of(index, keyArity, cols, minBatch);
        long[] p = new long[keyArity + 1];
        int probes = keyArity == 1 ? keys + 2 : 200;
        Random r = new Random(keys);
        // per column array handed over (one per batch and column): the first object met of each value
        Map<Object[], Map<Object, Object>> firstOf = new IdentityHashMap<>();
        for (int i = 0; i < probes; i++) {
            Object[] kv = new Object[keyArity];
            for (int c = 0; c < keyArity; c++) {
                long x = keyArity == 1 ? i - 1 : r.nextInt(keys + 1);
                p[c + 1] = x;
                kv[c] = x;
            }
            Collect got = new Collect(cols, firstOf);
            long n = cp.forEachUnder(p, got);
            assertThat(got.rows()).as("under %s", Row.wrap(kv)).isEqualTo(expected.getOrDefault(Row.wrap(kv), Map.of()));
            assertThat(n).isEqualTo(got.visits);
        }
        if (keyArity == 1) {
            // every key looked up first (ColumnProbe.entries), then each probe's matches read (forEachAt)
            long[] all = new long[probes];
            for (int i = 0; i < probes; i++) {
                all[i] = i - 1;
            }
            int[] at = cp.entries(all, probes);
            assertThat(at != null).as("one-integer keys in batches are looked up together")
                    .isEqualTo(index.keyBatches() != null);
            if (at == null) {
                return;
            }
            for (int i = 0; i < probes; i++) {
                Collect got = new Collect(cols, null);
                long n = cp.forEachAt(at, probes, i, got);
                assertThat(got.rows()).as("looked up together, under %d", i - 1)
                        .isEqualTo(expected.getOrDefault(Row.of((long) (i - 1)), Map.of()));
                assertThat(n).isEqualTo(got.visits);
            }
        }
    }

    /**
     * Sums the matches handed over per projected row and counts them; with {@code firstOf}, also checks
     * that equal non-integer values handed over from one batch's column are one object.
     */
    private static final class Collect implements ColumnProbe.LongSink {
        private final int[] cols;
        private final Map<Object[], Map<Object, Object>> firstOf;
        private final Map<Row, Long> got = new HashMap<>();
        long visits;

        Collect(int[] cols, Map<Object[], Map<Object, Object>> firstOf) {
            this.cols = cols;
            this.firstOf = firstOf;
        }

        @Override
        public void one(Object[][] c, int k) {
            Object[] v = new Object[cols.length];
            for (int j = 0; j < cols.length; j++) {
                v[j] = c[j][k];
                if (firstOf != null && v[j] != null && !(v[j] instanceof Long)) {
                    Object first = firstOf.computeIfAbsent(c[j], a -> new HashMap<>()).putIfAbsent(v[j], v[j]);
                    if (first != null) {
                        assertThat(v[j]).as("one object per value in a batch's column").isSameAs(first);
                    }
                }
            }
            got.merge(Row.wrap(v), 1L, Long::sum);
            visits++;
        }

        @Override
        public void row(Row y, long w) {
            Object[] v = new Object[cols.length];
            for (int j = 0; j < cols.length; j++) {
                v[j] = y.get(cols[j]);
            }
            got.merge(Row.wrap(v), w, Long::sum);
            visits++;
        }

        @Override
        public void longs(long[][] c, long[] ws, int from, int to) {
            for (int r = from; r < to; r++) {
                Object[] v = new Object[cols.length];
                for (int j = 0; j < cols.length; j++) {
                    v[j] = c[j][r];
                }
                got.merge(Row.wrap(v), ws[r], Long::sum);
                visits++;
                LONGS.incrementAndGet();
            }
        }

        /** The projected rows' summed weights, without the rows that cancelled. */
        Map<Row, Long> rows() {
            got.values().removeIf(w -> w == 0);
            return got;
        }
    }
}
