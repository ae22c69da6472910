package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
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
 * An index built from a Z-set's plain key columns ({@link IndexedZSet#groupByColumns}: key words
 * written from the rows' fields, no key row per row) against a plain map of key → (row → weight):
 * keys of one to three columns (in any order, a column repeated) over integers, NULLs (such rows
 * are left out), strings (equal strings as distinct objects, and strings of equal hash code),
 * doubles, decimals, booleans and Integer objects; keys of one row of weight 1 beside keys of
 * several rows or other weights. Every key's rows are read by iteration, {@code get},
 * {@code forEachUnder} (whose visits {@code visitsUnder} counts) and, for integer keys,
 * {@code forEachUnderIntegers}, and the index is added
 * to and from indexes of other changes built row by row ({@link IndexedZSet#group} with key rows),
 * so a key packed one way must be found among keys packed the other.
 */
class GroupByColumnsProperties {

    private static Object value(Random r, int kind) {
        return switch (kind) {
            case 0 -> (long) r.nextInt(20) - 5;
            case 1 -> r.nextInt(8) == 0 ? null : (long) r.nextInt(6);
            case 2 -> switch (r.nextInt(3)) { // "Aa" and "BB" have equal hash codes
                case 0 -> new String("Aa");
                case 1 -> new String("BB");
                default -> new String("s" + r.nextInt(3));
            };
            default -> switch (r.nextInt(7)) {
                case 0 -> null;
                case 1 -> (double) r.nextInt(3) / 2;
                case 2 -> new BigDecimal(r.nextInt(3) + ".5");
                case 3 -> r.nextBoolean();
                case 4 -> r.nextInt(3); // an Integer, not a Long
                case 5 -> "t" + r.nextInt(3);
                default -> (long) r.nextInt(4);
            };
        };
    }

    @Property(tries = 300)
    void indexByColumnsHoldsEachKeysRows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int keyArity,
                                         @ForAll @IntRange(min = 1, max = 4) int arity, @ForAll @IntRange(min = 1, max = 5) int steps,
                                         @ForAll @IntRange(min = 0, max = 300) int rows) {
        Random r = new Random(seed);
        int[] kinds = new int[arity];
        for (int c = 0; c < arity; c++) {
            kinds[c] = r.nextInt(4);
        }
        int[] cols = new int[keyArity];
        for (int k = 0; k < keyArity; k++) {
            cols[k] = r.nextInt(arity);
        }
        Map<Row, Long> model = new HashMap<>();
        IndexedZSet index = IndexedZSet.EMPTY;
        List<IndexedZSet> versions = new ArrayList<>();
        List<Map<Row, Long>> models = new ArrayList<>();
        List<Row> live = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            Map<Row, Long> change = new HashMap<>();
            int size = s == 0 ? rows : r.nextInt(3) == 0 ? rows : r.nextInt(1 + rows / 8);
            for (int i = 0; i < size; i++) {
                if (!live.isEmpty() && r.nextInt(5) == 0) {
                    Row x = live.get(r.nextInt(live.size()));
                    change.merge(x, -model.getOrDefault(x, 0L), Long::sum); // cancels it
                    continue;
                }
                Object[] v = new Object[arity];
                for (int c = 0; c < arity; c++) {
                    v[c] = value(r, kinds[c]);
                }
                Row x = Row.wrap(v);
                live.add(x);
                change.merge(x, r.nextInt(5) == 0 ? (long) r.nextInt(5) - 2 : 1L, Long::sum);
            }
            change.values().removeIf(w -> w == 0);
            ZSet.Builder b = ZSet.builder();
            change.forEach(b::add);
            ZSet z = b.build();
            IndexedZSet byColumns = IndexedZSet.groupByColumns(z, cols);
            check(byColumns, change, cols);
            // the same change indexed row by row, with key rows: the same keys
            IndexedZSet byRows = IndexedZSet.group(z, x -> keyOf(x, cols));
            assertThat(byColumns).isEqualTo(byRows);
            IndexedZSet d = r.nextBoolean() ? byColumns : byRows;
            index = s == 0 && r.nextBoolean() ? d : r.nextBoolean() ? index.plus(d) : d.plus(index);
            change.forEach((x, w) -> model.merge(x, w, Long::sum));
            model.values().removeIf(w -> w == 0);
            versions.add(index);
            models.add(new HashMap<>(model));
            check(index, model, cols);
        }
        for (int v = 0; v < versions.size(); v++) {
            check(versions.get(v), models.get(v), cols);
        }
    }

    /** The key of {@code x} on {@code cols}, or null when a value is NULL (a row {@code KeyFn.key} leaves out). */
    private static Row keyOf(Row x, int[] cols) {
        Object[] k = new Object[cols.length];
        for (int c = 0; c < cols.length; c++) {
            k[c] = x.get(cols[c]);
            if (k[c] == null) {
                return null;
            }
        }
        return Row.wrap(k);
    }

    private static void check(IndexedZSet index, Map<Row, Long> model, int[] cols) {
        Map<Row, Map<Row, Long>> expected = new HashMap<>();
        model.forEach((x, w) -> {
            Row k = keyOf(x, cols);
            if (k != null) {
                expected.computeIfAbsent(k, q -> new HashMap<>()).merge(x, w, Long::sum);
            }
        });
        expected.values().forEach(m -> m.values().removeIf(w -> w == 0));
        expected.values().removeIf(Map::isEmpty);
        Map<Row, Map<Row, Long>> iterated = new HashMap<>();
        index.forEach((k, z) -> z.forEach((x, w) -> iterated.computeIfAbsent(k, q -> new HashMap<>()).merge(x, w, Long::sum)));
        iterated.values().forEach(m -> m.values().removeIf(w -> w == 0));
        iterated.values().removeIf(Map::isEmpty);
        assertThat(iterated).isEqualTo(expected);
        assertThat(index.keyCount()).isEqualTo(expected.size());
        assertThat(index.rows()).isEqualTo(expected.values().stream().mapToLong(Map::size).sum());
        for (Map.Entry<Row, Map<Row, Long>> e : expected.entrySet()) {
            Row k = e.getKey();
            // a key of equal values held by other objects
            Object[] copy = new Object[k.size()];
            for (int c = 0; c < copy.length; c++) {
                copy[c] = k.get(c) instanceof String str ? new String(str) : k.get(c);
            }
            Row other = Row.wrap(copy);
            ZSet got = index.get(other);
            assertThat(WeightMapsOf.rows(got)).as("get %s", k).isEqualTo(e.getValue());
            // each row looked up in the key's Z-set (its table filled without comparing rows)
            e.getValue().forEach((x, w) -> assertThat(got.weight(Row.wrap(x.toArray()))).as("weight of %s", x).isEqualTo(w));
            assertThat(got.weight(absentKey(x0(e.getValue()).size()))).isZero();
            Map<Row, Long> under = new HashMap<>();
            long visits = index.forEachUnder(other, (x, w) -> under.merge(x, w, Long::sum));
            assertThat(index.visitsUnder(other)).as("visits under %s", k).isEqualTo(visits);
            under.values().removeIf(w -> w == 0);
            assertThat(under).as("under %s", k).isEqualTo(e.getValue());
            boolean integers = true;
            long[] p = new long[k.size() + 1];
            for (int c = 0; c < k.size(); c++) {
                integers &= k.get(c) instanceof Long;
                p[c + 1] = k.get(c) instanceof Long l ? l : 0;
            }
            if (integers) {
                Map<Row, Long> byWords = new HashMap<>();
                index.forEachUnderIntegers(p, (x, w) -> byWords.merge(x, w, Long::sum));
                byWords.values().removeIf(w -> w == 0);
                assertThat(byWords).as("under the words of %s", k).isEqualTo(e.getValue());
            }
        }
        // keys absent from the model are absent from the index
        assertThat(index.get(absentKey(cols.length)).isEmpty()).isTrue();
        assertThat(index.visitsUnder(absentKey(cols.length))).isZero();
    }

    private static Row x0(Map<Row, Long> m) {
        return m.keySet().iterator().next();
    }

    private static Row absentKey(int arity) {
        Object[] k = new Object[arity];
        for (int c = 0; c < arity; c++) {
            k[c] = -1000L;
        }
        return Row.wrap(k);
    }

    /** Rows and weights of a Z-set, read one by one. */
    private static final class WeightMapsOf {
        static Map<Row, Long> rows(ZSet z) {
            Map<Row, Long> m = new HashMap<>();
            z.forEach((x, w) -> m.merge(x, w, Long::sum));
            m.values().removeIf(w -> w == 0);
            return m;
        }
    }
}
