package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Changes held as columns of cells ({@code value.CellBatch}, what {@code ZSet.ofChanges} makes of a
 * source's changes) against a plain map of row → weight, and the linear operators evaluated on
 * cells against the same operators over row objects: random rows of (BIGINT, BIGINT, VARCHAR)
 * with NULLs (a batch with a NULL in a column holds that column as objects), values near the
 * overflow limits, and expressions that overflow or divide by zero.
 */
class CellBatchProperties {

    static final StreamType T = TestCircuits.zset("a", SqlType.BIGINT, "b", SqlType.BIGINT, "s", SqlType.VARCHAR);

    private static Object big(Random r, boolean nulls) {
        if (nulls && r.nextInt(15) == 0) {
            return null;
        }
        return switch (r.nextInt(10)) {
            case 0 -> Long.MAX_VALUE - r.nextInt(3);
            case 1 -> Long.MIN_VALUE + r.nextInt(3);
            default -> (long) r.nextInt(9) - 4;
        };
    }

    private static Row row(Random r, boolean nulls, boolean overflowing) {
        Object a = overflowing ? big(r, nulls) : nulls && r.nextInt(15) == 0 ? null : (long) r.nextInt(9) - 4;
        Object b = nulls && r.nextInt(15) == 0 ? null : (long) r.nextInt(5);
        Object s = r.nextInt(10) == 0 ? null : "s" + r.nextInt(4);
        return Row.of(a, b, s);
    }

    private static List<Change> changes(Random r, int n, boolean nulls, boolean overflowing) {
        List<Change> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(new Change(row(r, nulls, overflowing), r.nextInt(7) - 3));
        }
        return l;
    }

    private static Map<Row, Long> model(List<Change> cs) {
        Map<Row, Long> m = new HashMap<>();
        cs.forEach(c -> {
            if (c.weight() != 0) {
                m.merge(c.row(), c.weight(), (a, b) -> a + b == 0 ? null : a + b);
            }
        });
        return m;
    }

    private static void assertModel(ZSet z, Map<Row, Long> m) {
        assertThat(z.size()).isEqualTo(m.size());
        m.forEach((r, w) -> assertThat(z.weight(r)).as("weight of %s", r).isEqualTo(w));
        Map<Row, Long> seen = new HashMap<>();
        z.forEach((r, w) -> {
            assertThat(w).isNotZero();
            assertThat(seen.put(r, w)).as("%s listed twice", r).isNull();
        });
        assertThat(seen).isEqualTo(m);
    }

    @Property(tries = 300)
    void batchesMatchAMapModel(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int n,
                               @ForAll @IntRange(min = 0, max = 60) int k, @ForAll boolean nulls) {
        Random r = new Random(seed);
        List<Change> a = changes(r, n, nulls, false);
        List<Change> b = changes(r, k, nulls, false);
        ZSet x = ZSet.ofChanges(a);
        ZSet y = ZSet.ofChanges(b);
        assertThat(x.cells() != null || x.isEmpty()).isTrue();
        assertModel(x, model(a));
        List<Change> both = new ArrayList<>(a);
        both.addAll(b);
        assertModel(x.plus(y), model(both));
        assertThat(x.plus(y)).isEqualTo(ZSet.ofMap(model(both)));
        List<Change> diff = new ArrayList<>(a);
        b.forEach(c -> diff.add(new Change(c.row(), -c.weight())));
        assertModel(x.minus(y), model(diff));
        assertModel(x.negate().negate(), model(a));
        assertThat(x.plus(x.negate()).isEmpty()).isTrue();
        // against values of other forms: a flat table, a large sum (packed runs)
        ZSet flat = ZSet.ofMap(model(b));
        assertModel(x.plus(flat), model(both));
        assertModel(flat.plus(x), model(both));
        ZSet.Builder large = ZSet.builder();
        List<Change> many = new ArrayList<>();
        for (long i = 0; i < 1500; i++) {
            Row row = Row.of(i, i, "x");
            large.add(row, 1);
            many.add(new Change(row, 1));
        }
        ZSet sum = large.build().plusIntegrated(x);
        many.addAll(a);
        assertModel(sum, model(many));
        Map<Row, Long> kept = new HashMap<>();
        model(a).forEach((row, w) -> {
            if (row.get(2) != null) {
                kept.put(row, w);
            }
        });
        ZSet someOfX = x.filter(row -> row.get(2) != null);
        assertModel(someOfX, kept);
        // a batch plus a subset of itself (the larger one's columns are shared), and minus itself
        List<Change> twice = new ArrayList<>(a);
        kept.forEach((row, w) -> twice.add(new Change(row, w)));
        assertModel(x.plus(someOfX), model(twice));
        assertModel(someOfX.plus(x), model(twice));
        assertThat(x.minus(x).isEmpty()).isTrue();
        // rows that differ only in their strings (equal hashes of their LONG cells): many of them
        List<Change> texts = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            texts.add(new Change(Row.of(1L, 2L, "t" + r.nextInt(150)), r.nextInt(5) - 2));
        }
        List<Change> all = new ArrayList<>(a);
        all.addAll(texts);
        assertModel(x.plus(ZSet.ofChanges(texts)), model(all));
        assertModel(ZSet.ofChanges(texts).plus(x), model(all));
        List<Change> texts2 = new ArrayList<>(texts);
        texts2.addAll(texts.subList(0, 100));
        assertModel(ZSet.ofChanges(texts).plus(ZSet.ofChanges(texts.subList(0, 100))), model(texts2));
    }

    @Property(tries = 200)
    void weightsOverflowAsOnRows(@ForAll long seed) {
        Random r = new Random(seed);
        Row row = row(r, false, false);
        ZSet x = ZSet.ofChanges(List.of(new Change(row, Long.MAX_VALUE)));
        ZSet y = ZSet.ofChanges(List.of(new Change(row, 1 + r.nextInt(3))));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> x.plus(y)).isInstanceOf(ArithmeticException.class);
        ZSet z = ZSet.ofChanges(List.of(new Change(row, Long.MIN_VALUE)));
        org.assertj.core.api.Assertions.assertThatThrownBy(z::negate).isInstanceOf(ArithmeticException.class);
    }

    /** filter → map → plus (and a map merging rows, a map with text and division) over changes. */
    private static Circuit linear(String predicate, String amount, String quotient) {
        Circuit c = circuit(Circuit.InputMode.CHANGES, input("x", "x", T),
                op("f", OpKind.FILTER, "predicate", predicate),
                op("m", OpKind.MAP, "projection", named("a", "a", "b", "b", "amount", amount, "s", "s")),
                op("m2", OpKind.MAP, "projection", named("a", "a", "b", "b", "amount", amount, "s", "s")),
                op("p", OpKind.PLUS),
                op("g", OpKind.MAP, "projection", named("b", "b", "t", "b * 3 - 1")),
                op("u", OpKind.MAP, "projection", named("s", "upper(s)", "q", quotient, "a", "a")),
                op("n", OpKind.NEGATE), op("mi", OpKind.MINUS),
                output("out", "out"), output("grouped", "grouped"), output("texts", "texts"), output("diff", "diff"));
        c.connect("x.out", "f.in").connect("f.out", "m.in").connect("x.out", "m2.in").connect("m.out", "p.a")
                .connect("m2.out", "p.b").connect("p.out", "out.in").connect("x.out", "g.in").connect("g.out", "grouped.in")
                .connect("f.out", "u.in").connect("u.out", "texts.in").connect("x.out", "n.in").connect("n.out", "mi.a")
                .connect("f.out", "mi.b").connect("mi.out", "diff.in");
        return c;
    }

    private static final List<String> PREDICATES = List.of("a > 0", "a + b >= 2 AND NOT b = 3", "a * b < 4 OR a = -2",
            "a > 0 AND s = 's1'", "s IS NULL OR b <> 1", "a - 9223372036854775800 < b");
    private static final List<String> AMOUNTS = List.of("a * 2", "-a + 1", "a * b", "b - a * 3", "9223372036854775807 - a",
            "a + 1");

    @Property(tries = 150)
    void linearOperatorsOnCellsMatchRows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int steps,
                                         @ForAll boolean nulls, @ForAll boolean overflowing) throws Exception {
        Random r = new Random(seed);
        Circuit c = linear(PREDICATES.get(r.nextInt(PREDICATES.size())), AMOUNTS.get(r.nextInt(AMOUNTS.size())),
                r.nextInt(4) == 0 ? "a / (b - 4)" : "a / (b + 1)");
        Simulation cells = Simulation.compile(c, EngineOptions.DEFAULT);
        Simulation rows = Simulation.compile(c, EngineOptions.DEFAULT);
        for (int t = 0; t < steps; t++) {
            List<Change> d = changes(r, r.nextInt(40), nulls, overflowing);
            ZSet asCells = ZSet.ofChanges(d);
            ZSet asRows = ZSet.ofMap(model(d)); // a flat table of row objects: the operators' row path
            assertThat(asRows.cells()).isNull();
            String failedCells = run(cells, asCells);
            String failedRows = run(rows, asRows);
            assertThat(failedCells).as("step %d", t).isEqualTo(failedRows);
            if (failedRows != null) {
                return;
            }
            for (String out : List.of("out", "grouped", "texts", "diff")) {
                StreamValue v = cells.lastOutputs().get(out);
                assertThat(v).as("%s at step %d", out, t).isEqualTo(rows.lastOutputs().get(out));
                Map<Row, Long> listed = new HashMap<>();
                ((ZSet) v).forEach((row, w) -> assertThat(listed.put(row, w)).isNull());
            }
        }
    }

    private static String run(Simulation s, ZSet change) {
        try {
            s.stepWith(Map.of("x", change));
            return null;
        } catch (EngineException e) {
            // the operator that failed (which row fails first may differ: the two values list rows in different orders)
            assertThat(e.reason()).containsAnyOf("overflow", "division by zero");
            return e.operatorId();
        }
    }
}
