package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * Rows for the properties of packed structures (sorted runs, spines, nested-time traces), and the
 * plain map of row → weight they are checked against: row k of a small domain (so weights cancel
 * over operations), with values of several kinds so tag words and the string dictionary are
 * exercised beside runs of integers only.
 */
final class PackedRowGen {
    private PackedRowGen() {
    }

    /** Values of other kinds than integers; −0.0 and 0.0 differ, as in {@code Row.equals}. */
    private static final Object[] ODD = {null, 0.0, -0.0, 1.5, true, false, "s", "", new BigDecimal("2.50"),
        LocalDate.of(2026, 1, 2), 7L};

    /** (k mod {@code keys}, a value of several kinds, a string): every row tagged. */
    static Row mixed(int k, int keys) {
        return Row.of((long) (k % keys), ODD[k % ODD.length], "v" + (k % 13));
    }

    /** (k mod {@code keys}, k mod 17) for most k, (k mod {@code keys}, a value of another kind) for every fifth: untagged and tagged runs mixed. */
    static Row mostlyIntegers(int k, int keys) {
        return k % 5 == 0 ? Row.of((long) (k % keys), ODD[k % ODD.length]) : Row.of((long) (k % keys), (long) (k % 17));
    }

    /** Adds w to the row's weight in the oracle, dropping rows whose weight becomes 0. */
    static void merge(Map<Row, Long> m, Row r, long w) {
        m.merge(r, w, (a, b) -> a + b == 0 ? null : a + b);
    }

    /** The Z-set holds exactly the oracle's rows and weights: size, iteration, lookups, equality and hash both ways. */
    static void assertSame(ZSet z, Map<Row, Long> m) {
        assertThat(z.size()).isEqualTo(m.size());
        Map<Row, Long> seen = new HashMap<>();
        z.forEach((r, w) -> {
            assertThat(w).isNotZero();
            assertThat(seen.put(r, w)).isNull();
        });
        assertThat(seen).isEqualTo(m);
        m.forEach((r, w) -> assertThat(z.weight(r)).isEqualTo(w));
        assertThat(z.weight(Row.of(-1L, null, "absent"))).isZero();
        assertThat(z.weight(Row.of(-1L, -1L))).isZero();
        assertThat(z.weight(Row.of(1L))).isZero();
        // many rows looked up together (present ones twice, absent ones, another arity, a string never stored)
        java.util.List<Row> probes = new java.util.ArrayList<>(m.keySet());
        probes.addAll(m.keySet());
        probes.add(Row.of(-1L, null, "absent"));
        probes.add(Row.of(-1L, -1L));
        probes.add(Row.of(1L));
        probes.add(Row.of(3L, "never stored", 1L));
        for (int k = 0; k < 70; k++) {
            probes.add(Row.of((long) -k, (long) k, "x"));
        }
        java.util.Collections.shuffle(probes, new java.util.Random(m.size()));
        Row[] rs = probes.toArray(new Row[0]);
        long[] ws = z.weights(rs);
        for (int k = 0; k < rs.length; k++) {
            assertThat(ws[k]).as("weight of %s looked up with others", rs[k]).isEqualTo(m.getOrDefault(rs[k], 0L));
        }
        assertThat(z).isEqualTo(ZSet.ofMap(m));
        assertThat(ZSet.ofMap(m)).isEqualTo(z);
        assertThat(z.hashCode()).isEqualTo(ZSet.ofMap(m).hashCode());
    }
}
