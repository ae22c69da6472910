package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * What {@code run}'s printing backlog counts for a step ({@link PrintedRows#bytes}): bytes, so that
 * rows held as objects (strings, mixed values) count what they hold and not 8 bytes a value as
 * integer columns do. Fails when the size is a count of values (a row of long strings then
 * counted as little as a row of two integers).
 */
class PrintedBytesTest {
    private static PrintedRows rows(int n, java.util.function.IntFunction<Object[]> row) {
        List<Change> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(new Change(Row.of(row.apply(i)), 1));
        }
        return PrintedRows.of(ZSet.ofChanges(l));
    }

    @Test
    void integerRowsCountTheirColumnsWeightsAndOrder() {
        PrintedRows p = rows(1000, i -> new Object[] {(long) i, (long) -i});
        assertThat(p.longs()).isTrue();
        assertThat(p.bytes()).isEqualTo(1000L * (3 * 8 + 4));
    }

    @Test
    void rowsOfObjectsCountTheirObjectsAndCharacters() {
        PrintedRows shortStrings = rows(1000, i -> new Object[] {"s" + i, (long) i});
        PrintedRows longStrings = rows(1000, i -> new Object[] {"s".repeat(1000) + i, (long) i});
        assertThat(shortStrings.longs()).isFalse();
        assertThat(longStrings.bytes()).isGreaterThanOrEqualTo(1000L * 2 * 1000);
        assertThat(longStrings.bytes()).isGreaterThan(shortStrings.bytes());
        // an object row costs more than the same row held as longs
        PrintedRows mixed = rows(1000, i -> new Object[] {(long) i, i % 2 == 0 ? null : (long) i});
        PrintedRows longs = rows(1000, i -> new Object[] {(long) i, (long) i});
        assertThat(mixed.longs()).isFalse();
        assertThat(mixed.bytes()).isGreaterThan(longs.bytes());
    }

    @Test
    void theDefaultBudgetIsAThirtySecondOfTheHeapInBytes() {
        assertThat(PrintBacklog.defaultBudget()).isEqualTo(Math.max(1 << 19, Runtime.getRuntime().maxMemory() / 32));
    }
}
