package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/** The inspector table's list: a swap is one change replacing all the rows shown, as listeners read it. */
class SwappedRowsTest {
    private static List<ValueRows.Entry> rows(int from, int n) {
        List<ValueRows.Entry> l = new ArrayList<>();
        for (int i = from; i < from + n; i++) {
            l.add(new ValueRows.Entry(null, Row.of(i), 1));
        }
        return l;
    }

    @Test
    void aSwapIsOneChangeReplacingTheRowsShown() {
        SwappedRows list = new SwappedRows();
        List<String> seen = new ArrayList<>();
        List<Object> mirror = new ArrayList<>();
        list.addListener((ListChangeListener<ValueRows.Entry>) c -> {
            int changes = 0;
            while (c.next()) {
                changes++;
                // a listener keeping a copy applies the change as JavaFX's controls do
                mirror.subList(c.getFrom(), c.getFrom() + c.getRemovedSize()).clear();
                mirror.addAll(c.getFrom(), c.getAddedSubList());
                seen.add(c.getRemovedSize() + " removed, " + c.getAddedSize() + " added, replaced " + c.wasReplaced()
                        + ", permuted " + c.wasPermutated());
            }
            seen.add(changes + " change");
        });
        list.setAll(rows(0, 3));
        assertThat(list).isEqualTo(rows(0, 3));
        list.setAll(rows(10, 5));
        assertThat(list).isEqualTo(rows(10, 5));
        assertThat(mirror).isEqualTo(rows(10, 5));
        list.setAll(List.of());
        list.setAll(List.of());
        assertThat(list).isEmpty();
        assertThat(mirror).isEqualTo(List.copyOf(list));
        assertThat(seen).containsExactly(
                "0 removed, 3 added, replaced false, permuted false", "1 change",
                "3 removed, 5 added, replaced true, permuted false", "1 change",
                "5 removed, 0 added, replaced false, permuted false", "1 change");
    }
}
