package org.dbspstudio.model.json;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** The fixture documents built in Java: the oracle the fixture files are read against. */
final class SampleDocuments {
    private SampleDocuments() {
    }

    /** File name of a format fixture ({@link Fixtures}) → the document it must hold. */
    static Map<String, CircuitDocument> all() {
        return Map.of("integrator.json", integrator(),
                "integrator-algebraic-loop.json", algebraicLoop(),
                "users-orders-join.json", usersOrdersJoin(),
                "all-kinds.json", allKinds());
    }

    private static Scenario ints(String name, long... values) {
        return new Scenario().put(name, java.util.Arrays.stream(values).mapToObj(StepData::scalar).toList());
    }

    static CircuitDocument integrator() {
        Circuit c = new Circuit()
                .add(Operator.of("s", OpKind.INPUT, "name", "s", "type", StreamType.Z))
                .add(Operator.of("add", OpKind.PLUS))
                .add(Operator.of("z", OpKind.DELAY))
                .add(Operator.of("sum", OpKind.OUTPUT, "name", "sum"))
                .connect("s.out", "add.a").connect("z.out", "add.b")
                .connect("add.out", "z.in").connect("add.out", "sum.in");
        CircuitDocument d = new CircuitDocument("integrator", c)
                .setDescription("I(s) = fix α. s + z⁻¹(α): the running sum of an integer stream")
                .setScenario(ints("s", 1, 2, 3, 4)).setExpected(ints("sum", 1, 3, 6, 10));
        d.layout().put("s", 40, 120).put("add", 200, 120).put("z", 200, 240).put("sum", 360, 120);
        d.circuit().setInputMode(Circuit.InputMode.CHANGES);
        return d;
    }

    static CircuitDocument algebraicLoop() {
        Circuit c = new Circuit()
                .add(Operator.of("s", OpKind.INPUT, "name", "s", "type", StreamType.Z))
                .add(Operator.of("add", OpKind.PLUS))
                .add(Operator.of("neg", OpKind.NEGATE))
                .add(Operator.of("sum", OpKind.OUTPUT, "name", "sum"))
                .connect("s.out", "add.a").connect("neg.out", "add.b")
                .connect("add.out", "neg.in").connect("add.out", "sum.in");
        return new CircuitDocument("integrator without z⁻¹", c)
                .setDescription("The integrator with its delay replaced by a negation: an algebraic loop add → neg → add");
    }

    static RowSchema users() {
        return RowSchema.of(Column.of("id", SqlType.INTEGER), Column.of("name", SqlType.VARCHAR));
    }

    static RowSchema orders() {
        return RowSchema.of(Column.of("oid", SqlType.BIGINT), Column.of("user_id", SqlType.INTEGER),
                Column.of("amount", SqlType.DECIMAL), Column.of("placed", SqlType.DATE),
                Column.nullable("note", SqlType.VARCHAR));
    }

    static CircuitDocument usersOrdersJoin() {
        Circuit c = new Circuit()
                .add(Operator.of("users", OpKind.INPUT, "name", "users", "type", StreamType.zset(users())))
                .add(Operator.of("orders", OpKind.INPUT, "name", "orders", "type", StreamType.zset(orders())))
                .add(Operator.of("big", OpKind.FILTER, "predicate", "amount > 10"))
                .add(Operator.of("j", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("user_id"),
                        "projection", List.of(new NamedExpr("name", "l.name"), new NamedExpr("amount", "r.amount"))))
                .add(Operator.of("v", OpKind.OUTPUT, "name", "big_orders"))
                .connect("users.out", "j.left").connect("orders.out", "big.in")
                .connect("big.out", "j.right").connect("j.out", "v.in");
        Scenario s = new Scenario()
                .put("users", List.of(StepData.rows(List.of(new Change(Row.of(1L, "Alice"), 1), new Change(Row.of(2L, "Bob"), 1))),
                        StepData.rows(List.of(new Change(Row.of(2L, "Bob"), -1)))))
                .put("orders", List.of(StepData.rows(List.of(
                                new Change(Row.of(10L, 1L, new BigDecimal("25.50"), LocalDate.of(2024, 1, 31), null), 1),
                                new Change(Row.of(11L, 2L, new BigDecimal("5"), LocalDate.of(2024, 2, 1), "small"), 1),
                                new Change(Row.of(12L, 2L, new BigDecimal("99.99"), LocalDate.of(2024, 2, 2), "gift"), 1))),
                        StepData.EMPTY_ROWS));
        Scenario e = new Scenario().put("big_orders", List.of(
                StepData.rows(List.of(new Change(Row.of("Alice", new BigDecimal("25.5")), 1),
                        new Change(Row.of("Bob", new BigDecimal("99.99")), 1))),
                StepData.rows(List.of(new Change(Row.of("Bob", new BigDecimal("99.99")), -1)))));
        return new CircuitDocument("users ⋈ orders", c).setDescription("orders over 10 with their user's name")
                .setScenario(s).setExpected(e);
    }

    /** Every operator kind at least once, wired into one well-formed circuit. */
    static CircuitDocument allKinds() {
        RowSchema t = RowSchema.of(Column.of("k", SqlType.INTEGER), Column.nullable("v", SqlType.DOUBLE),
                Column.of("ok", SqlType.BOOLEAN), Column.nullable("at", SqlType.TIMESTAMP));
        RowSchema kv = RowSchema.of(Column.of("k", SqlType.INTEGER), Column.nullable("v", SqlType.DOUBLE));
        List<NamedExpr> lkRv = List.of(new NamedExpr("k", "l.k"), new NamedExpr("v", "r.v"));
        Circuit body = new Circuit()
                .add(Operator.of("n_in", OpKind.DELTA0, "port", "x"))
                .add(Operator.of("n_delay", OpKind.DELAY, "clock", "outer"))
                .add(Operator.of("n_int", OpKind.INTEGRATE, "clock", "inner"))
                .add(Operator.of("n_out", OpKind.INTEGRAL, "port", "y"))
                .connect("n_in.out", "n_delay.in").connect("n_delay.out", "n_int.in").connect("n_int.out", "n_out.in");
        Circuit c = new Circuit()
                .add(Operator.of("t", OpKind.INPUT, "name", "t", "type", StreamType.zset(t)))
                .add(Operator.of("c", OpKind.CONSTANT, "type", StreamType.zset(kv), "rows", List.of(
                        new Change(Row.of(7L, 1.5), 2), new Change(Row.of(8L, null), -1)), "once", true))
                .add(Operator.of("cz", OpKind.CONSTANT, "type", StreamType.Z, "value", 42L))
                .add(Operator.of("i", OpKind.INTEGRATE)).add(Operator.of("d", OpKind.DIFFERENTIATE))
                .add(Operator.of("dl", OpKind.DELAY)).add(Operator.of("neg", OpKind.NEGATE))
                .add(Operator.of("p", OpKind.PLUS)).add(Operator.of("m", OpKind.MINUS))
                .add(Operator.nested("nest", body, "maxIterations", 50L))
                .add(Operator.of("sc", OpKind.SCALAR, "inputs", List.of("a", "b"), "expr", "a * b + 1"))
                .add(Operator.of("f", OpKind.FILTER, "predicate", "ok AND v IS NOT NULL"))
                .add(Operator.of("mp", OpKind.MAP, "projection", List.of(new NamedExpr("k", "k"), new NamedExpr("v", "v * 2"))))
                .add(Operator.of("fm", OpKind.FLATMAP, "projections", List.of(
                        List.of(new NamedExpr("k", "k"), new NamedExpr("v", "v")),
                        List.of(new NamedExpr("k", "k + 1"), new NamedExpr("v", "CAST(NULL AS DOUBLE)")))))
                .add(Operator.of("j", OpKind.JOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k"), "projection", lkRv))
                .add(Operator.of("x", OpKind.PRODUCT, "projection", lkRv))
                .add(Operator.of("u", OpKind.UNION)).add(Operator.of("diff", OpKind.DIFFERENCE))
                .add(Operator.of("dis", OpKind.DISTINCT))
                .add(Operator.of("aj", OpKind.ANTIJOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k")))
                .add(Operator.of("hi", OpKind.INTEGRATE)).add(Operator.of("hz", OpKind.DELAY))
                .add(Operator.of("h", OpKind.H))
                .add(Operator.of("g", OpKind.INDEX, "keys", List.of(new NamedExpr("k", "k"))))
                .add(Operator.of("agg", OpKind.AGGREGATE, "groupBy", List.of(new NamedExpr("k", "k")), "aggregates", List.of(
                        new AggCall(AggFunction.COUNT, null, "n"), new AggCall(AggFunction.SUM, "v", "total"),
                        new AggCall(AggFunction.MIN, "v", "lo"), new AggCall(AggFunction.MAX, "v", "hi"),
                        new AggCall(AggFunction.AVG, "v", "mean"))))
                .add(Operator.of("oz", OpKind.OUTPUT, "name", "oz"))
                .add(Operator.of("oi", OpKind.OUTPUT, "name", "indexed"))
                .add(Operator.of("o", OpKind.OUTPUT, "name", "totals"))
                .connect("cz.out", "i.in").connect("i.out", "d.in").connect("d.out", "dl.in").connect("dl.out", "neg.in")
                .connect("neg.out", "p.a").connect("cz.out", "p.b").connect("p.out", "m.a").connect("cz.out", "m.b")
                .connect("m.out", "sc.a").connect("cz.out", "nest.x").connect("nest.y", "sc.b").connect("sc.out", "oz.in")
                .connect("t.out", "f.in").connect("f.out", "mp.in").connect("mp.out", "fm.in")
                .connect("fm.out", "j.left").connect("c.out", "j.right")
                .connect("j.out", "x.left").connect("c.out", "x.right")
                .connect("x.out", "u.a").connect("c.out", "u.b")
                .connect("u.out", "diff.a").connect("fm.out", "diff.b")
                .connect("diff.out", "dis.in").connect("dis.out", "aj.left").connect("c.out", "aj.right")
                .connect("aj.out", "hi.in").connect("hi.out", "hz.in").connect("hz.out", "h.integrated").connect("aj.out", "h.delta")
                .connect("h.out", "g.in").connect("g.out", "oi.in").connect("h.out", "agg.in").connect("agg.out", "o.in");
        CircuitDocument d = new CircuitDocument("every operator kind", c)
                .setDescription("a format fixture using each operator kind at least once");
        d.setScenario(new Scenario().put("t", List.of(StepData.rows(List.of(
                new Change(Row.of(1L, -0.0, true, LocalDateTime.of(2024, 1, 2, 3, 4, 5)), 1),
                new Change(Row.of(2L, Double.NaN, false, null), 3),
                new Change(Row.of(3L, 1.0E-7, true, LocalDateTime.of(2024, 3, 1, 12, 30)), -1))), StepData.EMPTY_ROWS)));
        d.layout().put("t", 0, 0).put("c", 12.5, -3.25);
        return d;
    }
}
