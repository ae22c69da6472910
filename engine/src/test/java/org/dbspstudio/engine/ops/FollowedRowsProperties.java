package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.value.NestedTrace;
import org.dbspstudio.engine.value.TraceRows;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * {@link FollowedRows}, the outer sums' table of followed rows keyed by packed words, against a plain
 * map of row → id and a map of iteration → (id, weight) entries: batches of random rows (small
 * integers and NULLs, arities 1 to 4, so that keys collide in the table's probing and tag words vary)
 * packed as a nested-time trace packs them ({@link NestedTrace#pack}, both from a Z-set of one sorted
 * run and from a hashed one), each row looked up, followed when new (ids given in order), its fields
 * updated and read back, decoded back to the row; entries due at random iterations added, read and
 * cleared. Tables start at every size, so they rehash while rows are added, and some keep 3 bits of
 * each key's hash, so that keys collide and are told apart by their words.
 */
class FollowedRowsProperties {

    @Provide
    Arbitrary<List<List<List<Long>>>> batches() {
        // a cell: 0..6, or −1 for NULL; a row: up to 4 cells (the arity is fixed per try); up to 12 batches of 40 rows
        Arbitrary<List<Long>> row = Arbitraries.longs().between(-1, 6).list().ofSize(4);
        return row.list().ofMaxSize(40).list().ofMinSize(1).ofMaxSize(12);
    }

    @Property(tries = 200)
    void tableAgreesWithMaps(@ForAll("batches") List<List<List<Long>>> batches, @ForAll @IntRange(min = 1, max = 4) int arity,
                             @ForAll @IntRange(min = 0, max = 300) int expected, @ForAll long seed) {
        java.util.Random rnd = new java.util.Random(seed);
        // sometimes with hashes of 3 bits: keys collide, and are told apart by their words
        FollowedRows t = rnd.nextBoolean() ? new FollowedRows(arity + 1, expected) : new FollowedRows(arity + 1, expected, 7);
        Map<Row, Integer> ids = new HashMap<>();
        Map<Integer, Long> change = new HashMap<>();
        Map<Integer, List<long[]>> due = new HashMap<>();
        for (List<List<Long>> batch : batches) {
            ZSet.Builder b = ZSet.builder();
            boolean nulls = false;
            long[] words = new long[batch.size() * (arity + 1)];
            long[] ws = new long[batch.size()];
            int n = 0;
            for (List<Long> cells : batch) {
                Object[] vs = new Object[arity];
                for (int c = 0; c < arity; c++) {
                    vs[c] = cells.get(c) < 0 ? null : cells.get(c);
                    nulls |= vs[c] == null;
                    words[n * (arity + 1) + 1 + c] = cells.get(c);
                }
                ws[n] = 1 + rnd.nextInt(3);
                b.add(Row.wrap(vs), ws[n++]);
            }
            // rows of integers: also as one sorted run (a packed join's output), taken as it is, or as the sum
            // of two such runs, one large and one small (sorted runs merged when packed), rows of both
            // cancelling or adding up
            int how = nulls ? 0 : rnd.nextInt(3);
            ZSet z;
            if (how == 1) {
                z = ZSet.ofIntegerRows(arity, words, ws, n);
            } else if (how == 2 && n > 2) {
                int small = 1 + rnd.nextInt(2);
                int big = n - small;
                long[] wb = java.util.Arrays.copyOf(words, big * (arity + 1));
                long[] sb = java.util.Arrays.copyOfRange(words, big * (arity + 1), n * (arity + 1));
                long[] ss = java.util.Arrays.copyOfRange(ws, big, n);
                if (rnd.nextBoolean()) {
                    // the small part repeats rows of the large one, cancelling them or not
                    System.arraycopy(words, 0, sb, 0, small * (arity + 1));
                    for (int q = 0; q < small; q++) {
                        ss[q] = rnd.nextBoolean() ? -ws[q] : ss[q];
                    }
                }
                z = ZSet.ofIntegerRows(arity, wb, java.util.Arrays.copyOf(ws, big), big)
                        .plusIntegrated(ZSet.ofIntegerRows(arity, sb, ss, small));
            } else {
                z = b.build();
            }
            if (z.isEmpty()) {
                continue;
            }
            TraceRows p = NestedTrace.empty().pack(z);
            assertThat(p).isNotNull();
            assertThat(p.size()).isEqualTo(z.size());
            java.util.Set<Row> distinct = new java.util.HashSet<>();
            for (int k = 0; k < p.size(); k++) {
                distinct.add(p.row(k));
            }
            assertThat(distinct).as("the packed rows").hasSize(z.size());
            long[] keys = p.keys();
            int w = arity + 1;
            // all the batch's rows looked up together first: what was followed before the batch
            int[] before = new int[p.size()];
            t.findAll(keys, p.size(), before);
            for (int k = 0; k < p.size(); k++) {
                Integer id = ids.get(p.row(k));
                assertThat(before[k]).as("findAll %s", p.row(k)).isEqualTo(id == null ? -1 : id);
            }
            if (rnd.nextBoolean()) {
                // the rows not followed yet added together (as a follower adds the rows it follows first)
                int[] which = new int[p.size()];
                int m = 0;
                for (int k = 0; k < p.size(); k++) {
                    if (before[k] < 0) {
                        which[m++] = k;
                    }
                }
                int[] added = new int[m];
                t.addAll(keys, which, m, added);
                for (int q = 0; q < m; q++) {
                    assertThat(added[q]).isEqualTo(ids.size());
                    ids.put(p.row(which[q]), added[q]);
                    assertThat(t.last[added[q]]).isEqualTo(-1);
                    assertThat(t.dueAt[added[q]]).isEqualTo(-1);
                    assertThat(t.inLeaderChange[added[q]]).isEqualTo(-1);
                }
            }
            for (int k = 0; k < p.size(); k++) {
                Row r = p.row(k);
                assertThat(z.weight(r)).isEqualTo(p.ws()[k]);
                Integer want = ids.get(r);
                int id = t.find(keys, k * w);
                assertThat(id).as("find %s", r).isEqualTo(want == null ? -1 : want);
                if (id < 0) {
                    id = t.add(keys, k * w);
                    assertThat(id).isEqualTo(ids.size());
                    ids.put(r, id);
                    assertThat(t.last[id]).isEqualTo(-1);
                    assertThat(t.dueAt[id]).isEqualTo(-1);
                    assertThat(t.inLeaderChange[id]).isEqualTo(-1);
                }
                t.change[id] += p.ws()[k];
                change.merge(id, p.ws()[k], Long::sum);
                assertThat(t.row(id)).isEqualTo(r);
                if (rnd.nextInt(3) == 0) {
                    int it = rnd.nextInt(6);
                    long dw = rnd.nextInt(5) - 2;
                    t.addDue(it, id, dw);
                    due.computeIfAbsent(it, q -> new ArrayList<>()).add(new long[] {id, dw});
                }
            }
            assertThat(t.size()).isEqualTo(ids.size());
            int it = rnd.nextInt(7);
            List<long[]> d = due.getOrDefault(it, List.of());
            assertThat(t.dueCount(it)).isEqualTo(d.size());
            for (int q = 0; q < d.size(); q++) {
                assertThat(t.dueIds(it)[q]).isEqualTo((int) d.get(q)[0]);
                assertThat(t.dueWeights(it)[q]).isEqualTo(d.get(q)[1]);
            }
            if (rnd.nextBoolean()) {
                t.clearDue(it);
                due.remove(it);
                assertThat(t.dueCount(it)).isZero();
            }
        }
        for (Map.Entry<Row, Integer> e : ids.entrySet()) {
            long[] key = keyOf(e.getKey());
            assertThat(t.find(key, 0)).isEqualTo(e.getValue());
            assertThat(t.change[e.getValue()]).isEqualTo(change.get(e.getValue()));
        }
    }

    /** A row's packed words, as a Z-set of that row alone packs them. */
    private static long[] keyOf(Row r) {
        long[] keys = NestedTrace.empty().pack(ZSet.builder().add(r, 1).build()).keys();
        return Arrays.copyOf(keys, keys.length);
    }
}
