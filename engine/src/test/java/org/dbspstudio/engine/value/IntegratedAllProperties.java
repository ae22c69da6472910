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
 * A running sum's changes added all at once ({@link ZSet#plusIntegratedAll}: packed together,
 * sorted once, equal rows summed) against a plain map of row → weight and against adding them one
 * by one with {@link ZSet#plusIntegrated}: bases empty, small (flat) and large (sorted runs);
 * changes of flat tables and of cells, rows repeated within and across changes with weights that
 * cancel (also a row cancelling over three changes, and changes that cancel the base), rows of
 * integers, NULLs and strings, sizes on both sides of the packed form's threshold, and changes of
 * another arity (added one by one). The sum's rows are read by iteration, by lookups and by its
 * size. Fails when equal rows are not summed, or a cancelled row is kept or takes a neighbour's place.
 */
class IntegratedAllProperties {

    private static Row row(Random r, int arity, int domain, boolean strings) {
        Object[] v = new Object[arity];
        for (int c = 0; c < arity; c++) {
            int x = r.nextInt(domain);
            v[c] = strings && c == arity - 1 ? (x % 7 == 0 ? null : "v" + x % 5) : (Object) (long) x;
        }
        return Row.wrap(v);
    }

    @Property(tries = 200)
    void allAtOnceEqualsOneByOne(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int arity,
                                 @ForAll @IntRange(min = 0, max = 8) int count, @ForAll @IntRange(min = 1, max = 3000) int rows,
                                 @ForAll @IntRange(min = 0, max = 2) int baseKind) {
        Random r = new Random(seed);
        boolean strings = r.nextInt(3) == 0;
        int domain = 1 + r.nextInt(rows * 2);
        Map<Row, Long> model = new HashMap<>();
        ZSet base = ZSet.EMPTY;
        if (baseKind > 0) {
            int n = baseKind == 1 ? r.nextInt(200) : 1500 + r.nextInt(2000);
            for (int i = 0; i < n; i++) {
                ZSet.Builder b = ZSet.builder();
                Map<Row, Long> c = new HashMap<>();
                for (int k = 0; k < 1 + r.nextInt(600); k++) {
                    c.merge(row(r, arity, domain, strings), 1L + r.nextInt(2), Long::sum);
                }
                c.forEach(b::add);
                base = base.plusIntegrated(b.build());
                c.forEach((x, w) -> model.merge(x, w, Long::sum));
                i += c.size();
            }
        }
        List<ZSet> changes = new ArrayList<>();
        List<Row> seen = new ArrayList<>(model.keySet());
        Map<Row, Long> expected = new HashMap<>(model);
        for (int k = 0; k < count; k++) {
            Map<Row, Long> c = new HashMap<>();
            int n = r.nextInt(4) == 0 ? 0 : r.nextInt(1 + rows);
            int a = r.nextInt(12) == 0 ? arity + 1 : arity; // now and then a change of another arity
            for (int i = 0; i < n; i++) {
                Row x = a == arity && !seen.isEmpty() && r.nextInt(3) == 0 ? seen.get(r.nextInt(seen.size()))
                        : row(r, a, domain, strings);
                // cancels the row's weight so far (once per change: repeated, such cancels would grow the
                // weights geometrically over the changes), or anything small
                long w = r.nextInt(4) == 0 && !c.containsKey(x) ? -expected.getOrDefault(x, 1L) : r.nextInt(5) - 2;
                if (w != 0) {
                    c.merge(x, w, Long::sum);
                    seen.add(x);
                }
            }
            c.values().removeIf(w -> w == 0);
            ZSet z;
            if (r.nextBoolean() && !c.isEmpty()) {
                List<Change> l = new ArrayList<>();
                c.forEach((x, w) -> l.add(new Change(x, w)));
                z = ZSet.ofChanges(l); // a batch of cells
            } else {
                ZSet.Builder b = ZSet.builder();
                c.forEach(b::add);
                z = b.build();
            }
            changes.add(z);
            c.forEach((x, w) -> expected.merge(x, w, Long::sum));
            expected.values().removeIf(w -> w == 0);
        }
        ZSet oneByOne = base;
        for (ZSet c : changes) {
            oneByOne = oneByOne.plusIntegrated(c);
        }
        ZSet all = ZSet.plusIntegratedAll(base, changes);
        Map<Row, Long> got = new HashMap<>();
        all.forEach((x, w) -> got.merge(x, w, Long::sum));
        got.values().removeIf(w -> w == 0);
        assertThat(got).isEqualTo(expected);
        assertThat(all.size()).isEqualTo(expected.size());
        assertThat(all).isEqualTo(oneByOne);
        for (Row x : seen) {
            assertThat(all.weight(x)).as("weight of %s", x).isEqualTo(expected.getOrDefault(x, 0L));
        }
    }
}
