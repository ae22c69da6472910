package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * Arrangements keyed by strings, decimals and dates add nothing to the process-wide dictionary of
 * packed values ({@link Cells}), which never shrinks: a long {@code run --follow} with ever new keys
 * would otherwise grow it without bound. Their keys are still found, merged and cancelled exactly.
 */
class ArrangementDictionaryTest {

    private static Row key(int i) {
        return Row.of("customer-" + i + "-" + System.nanoTime(), new BigDecimal(i + ".25"),
                LocalDate.ofEpochDay(20_000 + i));
    }

    @Test
    void keysOfArrangementsAreNotInterned() {
        int before = Cells.dictionarySize();
        IndexedZSet ix = IndexedZSet.EMPTY;
        Row[] keys = new Row[5_000];
        for (int step = 0; step < 50; step++) {
            IndexedZSet.Builder b = ix.toBuilder();
            for (int i = step * 100; i < step * 100 + 100; i++) {
                keys[i] = key(i);
                b.add(keys[i], Row.of((long) i), 1);
            }
            ix = b.build();
            // transient delta indexes and their sums, as joins build them per step
            IndexedZSet delta = IndexedZSet.builder().add(key(-step - 1), Row.of(1L), 1).build();
            assertThat(ix.plus(delta).keyCount()).isEqualTo(ix.keyCount() + 1);
            assertThat(ix.get(key(step))).isEqualTo(ZSet.EMPTY);
        }
        assertThat(ix.batched()).isTrue();
        assertThat(ix.batchCount()).isGreaterThan(1);
        assertThat(ix.keyCount()).isEqualTo(5_000);
        for (int i = 0; i < keys.length; i++) {
            assertThat(ix.get(keys[i])).isEqualTo(ZSet.of(Row.of((long) i), 1));
            // an equal key made of fresh objects is found too
            Row copy = Row.of(new String((String) keys[i].get(0)), new BigDecimal(i + ".25"),
                    LocalDate.ofEpochDay(20_000 + i));
            assertThat(ix.get(copy)).isEqualTo(ZSet.of(Row.of((long) i), 1));
        }
        int[] seen = {0};
        ix.forEach((k, z) -> seen[0]++);
        assertThat(seen[0]).isEqualTo(5_000);
        IndexedZSet.Builder back = ix.toBuilder();
        for (int i = 0; i < keys.length; i++) {
            back.add(keys[i], Row.of((long) i), -1);
        }
        assertThat(back.build().isZero()).isTrue();
        assertThat(Cells.dictionarySize()).isEqualTo(before);
    }
}
