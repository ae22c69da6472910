package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * A sorted listing merged with a change ({@link ValueRows#merge}) holds exactly the entries of
 * the value after the change that the filter keeps, in the order of the sort, whatever the change
 * (rows inserted, deleted, reweighted, sort keys shared by many rows, a sort by weight).
 */
class ValueRowsMergeProperties {
    @Property(tries = 200)
    void aMergedListingIsTheSortedListingOfTheNewValue(@ForAll @LongRange(min = 0, max = 1_000_000) long seed,
                                                        @ForAll @IntRange(min = 0, max = 300) int size,
                                                        @ForAll @IntRange(min = 0, max = 40) int changes,
                                                        @ForAll @IntRange(min = 0, max = 3) int order,
                                                        @ForAll boolean filtered) {
        java.util.Random rnd = new java.util.Random(seed);
        Map<Row, Long> before = new HashMap<>();
        for (int i = 0; i < size; i++) {
            before.merge(row(rnd), rnd.nextInt(5) == 0 ? -1L : 1L + rnd.nextInt(2), Long::sum);
        }
        before.values().removeIf(w -> w == 0);
        Map<Row, Long> delta = new HashMap<>();
        List<Row> known = new ArrayList<>(before.keySet());
        for (int i = 0; i < changes; i++) {
            Row r = !known.isEmpty() && rnd.nextBoolean() ? known.get(rnd.nextInt(known.size())) : row(rnd);
            delta.merge(r, (long) (rnd.nextInt(5) - 2), Long::sum);
        }
        delta.values().removeIf(w -> w == 0);
        ZSet b = ZSet.ofMap(before);
        ZSet d = ZSet.ofMap(delta);
        ZSet now = (ZSet) b.plus(d);
        Comparator<ValueRows.Entry> byName = Comparator.comparing(e -> (String) e.row().get(1));
        Comparator<ValueRows.Entry> sort = switch (order) {
            case 0 -> byName;
            case 1 -> byName.reversed();
            case 2 -> Comparator.comparingLong(ValueRows.Entry::weight);
            default -> byName.thenComparing(e -> (Long) e.row().get(0));
        };
        String filter = filtered ? "a" : null;
        List<ValueRows.Entry> previous = listing(b, sort, filter);
        List<ValueRows.Entry> merged = ValueRows.merge(previous, d, now, sort, filter);
        List<ValueRows.Entry> expected = listing(now, sort, filter);
        assertThat(merged).isNotNull().containsExactlyInAnyOrderElementsOf(expected).isSortedAccordingTo(sort);
    }

    /** A row (id, name) with few distinct names, so that many rows sort equal by name. */
    private static Row row(java.util.Random rnd) {
        return Row.of((long) rnd.nextInt(60), List.of("ann", "bob", "cat", "dan", "eve").get(rnd.nextInt(5)));
    }

    private static List<ValueRows.Entry> listing(ZSet z, Comparator<ValueRows.Entry> sort, String filter) {
        List<ValueRows.Entry> l = new ArrayList<>();
        for (ValueRows.Entry e : ValueRows.entries(z)) {
            if (filter == null || e.text().toLowerCase(java.util.Locale.ROOT).contains(filter)) {
                l.add(e);
            }
        }
        l.sort(sort);
        return l;
    }
}
