package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * Large Z-sets held as sorted runs of packed rows (a spine), driven by random operations against
 * a plain map of row → weight: sums with small and large changes (which merge runs), differences,
 * negation, builders started from a packed value, filters, iteration and lookups, over rows with
 * integers, NULLs, doubles (−0.0 and 0.0 differ, as in {@code Row.equals}), booleans, strings,
 * decimals and dates; every earlier version stays intact.
 */
class PackedRowsProperties {

    /** One operation: kind, a key in a small domain (so weights cancel), a weight, a batch length. */
    record Op(int kind, int key, long weight, int length) {
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 5),
                Arbitraries.integers().between(0, 3000), Arbitraries.longs().between(-2, 2),
                Arbitraries.integers().between(1, 1500)).as(Op::new);
        return op.list().ofMinSize(1).ofMaxSize(25);
    }

    /** Row k: (k, a value of several kinds, a string), so tags and the dictionary are exercised. */
    static Row row(int k) {
        return PackedRowGen.mixed(k, 1700);
    }

    @Property(tries = 60)
    void packedSumsMatchAMap(@ForAll("ops") List<Op> ops) {
        Map<Row, Long> model = new HashMap<>();
        ZSet.Builder start = ZSet.builder();
        for (int k = 0; k < 2500; k++) {
            start.add(row(k), 1);
            PackedRowGen.merge(model, row(k), 1);
        }
        // a top-level integral's sum: packed from here on
        ZSet z = start.build().plusIntegrated(ZSet.of(row(2600), 1));
        PackedRowGen.merge(model, row(2600), 1);
        assertThat(z.packed()).isTrue();
        List<ZSet> versions = new ArrayList<>();
        List<Map<Row, Long>> models = new ArrayList<>();
        for (Op op : ops) {
            versions.add(z);
            models.add(new HashMap<>(model));
            int n = op.kind() == 3 ? op.length() : 1 + op.length() % 40;
            ZSet.Builder d = ZSet.builder();
            Map<Row, Long> dm = new HashMap<>();
            for (int i = 0; i < n; i++) {
                int k = (op.key() + i * 7) % 3000;
                long w = op.weight() == 0 ? (i % 2 == 0 ? 1 : -1) : op.weight();
                // some changes retract what is there, so rows cancel across runs
                long have = model.getOrDefault(row(k), 0L) + dm.getOrDefault(row(k), 0L);
                if (i % 3 == 0 && have != 0) {
                    w = -have;
                }
                d.add(row(k), w);
                PackedRowGen.merge(dm, row(k), w);
            }
            ZSet delta = d.build();
            switch (op.kind()) {
                case 0, 3 -> z = op.key() % 2 == 0 ? z.plusIntegrated(delta) : z.plusPersistent(delta);
                case 1 -> z = z.plus(delta);
                case 2 -> {
                    z = z.minus(delta.negate());
                }
                case 4 -> {
                    ZSet.Builder b = z.toBuilder();
                    Map<Row, Long> check = new HashMap<>(model);
                    delta.forEach((r, w) -> {
                        b.add(r, w);
                        PackedRowGen.merge(check, r, w);
                    });
                    assertThat(b.size()).isEqualTo(check.size());
                    check.forEach((r, w) -> assertThat(b.weightOf(r)).isEqualTo(w));
                    z = b.build();
                }
                default -> {
                    // both directions of a difference with a large packed value
                    ZSet back = delta.minus(z);
                    Map<Row, Long> neg = new HashMap<>(dm);
                    model.forEach((r, w) -> PackedRowGen.merge(neg, r, -w));
                    PackedRowGen.assertSame(back, neg);
                    z = z.plus(delta);
                }
            }
            dm.forEach((r, w) -> PackedRowGen.merge(model, r, w));
            PackedRowGen.assertSame(z, model);
        }
        assertThat(z.packed()).isTrue();
        assertThat(z.runCount()).isLessThanOrEqualTo(12);
        for (int i = 0; i < versions.size(); i++) {
            PackedRowGen.assertSame(versions.get(i), models.get(i));
        }
        Map<Row, Long> kept = new HashMap<>(model);
        kept.keySet().removeIf(r -> (Long) r.get(0) % 2 != 0);
        PackedRowGen.assertSame(z.filter(r -> (Long) r.get(0) % 2 == 0), kept);
        Map<Row, Long> negated = new HashMap<>();
        model.forEach((r, w) -> negated.put(r, -w));
        PackedRowGen.assertSame(z.negate(), negated);
        assertThat(z.plus(z.negate()).isEmpty()).isTrue();
    }

    @Test
    void overflowInAPackedSumThrows() {
        ZSet.Builder b = ZSet.builder();
        for (long i = 0; i < 3000; i++) {
            b.add(Row.of(i, "x"), i == 5 ? Long.MAX_VALUE : 1);
        }
        ZSet z = b.build().plusIntegrated(ZSet.of(Row.of(9L, "x"), 1));
        assertThat(z.packed()).isTrue();
        assertThatThrownBy(() -> z.plusIntegrated(ZSet.of(Row.of(5L, "x"), 1))).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void rowsOfAnotherArityFallBackToTheTrie() {
        ZSet.Builder b = ZSet.builder();
        for (long i = 0; i < 3000; i++) {
            b.add(Row.of(i, i), 1);
        }
        ZSet z = b.build().plusIntegrated(ZSet.of(Row.of(1L, 1L), 1));
        assertThat(z.packed()).isTrue();
        ZSet mixed = z.plus(ZSet.of(Row.of(1L, 2L, 3L), 4));
        assertThat(mixed.packed()).isFalse();
        assertThat(mixed.size()).isEqualTo(3001);
        assertThat(mixed.weight(Row.of(1L, 1L))).isEqualTo(2);
        assertThat(mixed.weight(Row.of(1L, 2L, 3L))).isEqualTo(4);
    }

    @Test
    void manyColumnsAreNotPacked() {
        Object[] wide = new Object[20];
        ZSet.Builder b = ZSet.builder();
        for (long i = 0; i < 3000; i++) {
            wide[0] = i;
            b.add(Row.of(wide), 1);
        }
        ZSet z = b.build().plusIntegrated(ZSet.of(Row.of(wide), 1));
        assertThat(z.packed()).isFalse();
        assertThat(z.size()).isEqualTo(3000);
    }
}
