package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
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

/** Circuits and scenarios for the debugger tests. */
final class DebugFixtures {
    private DebugFixtures() {
    }

    static StreamType table(Object... nameType) {
        List<Column> cols = new ArrayList<>();
        for (int i = 0; i < nameType.length; i += 2) {
            cols.add(Column.of((String) nameType[i], (SqlType) nameType[i + 1]));
        }
        return StreamType.zset(new RowSchema(cols));
    }

    static List<NamedExpr> cols(String... names) {
        return java.util.Arrays.stream(names).map(n -> new NamedExpr(n, n)).toList();
    }

    /** The seed's users ⋈ orders: (id, name) ⋈ (user_id, item) → (id, name, item); no scenario. */
    static CircuitDocument usersOrders() {
        Circuit c = new Circuit();
        c.add(Operator.of("users", OpKind.INPUT, "name", "users", "type", table("id", SqlType.INTEGER, "name", SqlType.VARCHAR)));
        c.add(Operator.of("orders", OpKind.INPUT, "name", "orders", "type",
                table("user_id", SqlType.INTEGER, "item", SqlType.VARCHAR)));
        c.add(Operator.of("j", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("user_id"),
                "projection", List.of(new NamedExpr("id", "l.id"), new NamedExpr("name", "l.name"),
                        new NamedExpr("item", "r.item"))));
        c.add(Operator.of("v", OpKind.OUTPUT, "name", "user_orders"));
        c.connect("users.out", "j.left").connect("orders.out", "j.right").connect("j.out", "v.in");
        CircuitDocument d = new CircuitDocument("users ⋈ orders", c);
        d.layout().put("users", 40, 40).put("orders", 40, 160).put("j", 260, 100).put("v", 480, 100);
        return d;
    }

    static Change ch(long w, Object... values) {
        return new Change(Row.of(values), w);
    }

    /** The seed's example: t0 users and orders, t1 Bob orders a laptop, t2 Alice returns the book, t3 renamed. */
    static Scenario seedScenario() {
        Scenario s = new Scenario();
        s.put("users", List.of(
                StepData.rows(List.of(ch(1, 1, "Alice"), ch(1, 2, "Bob"))),
                StepData.EMPTY_ROWS, StepData.EMPTY_ROWS,
                StepData.rows(List.of(ch(-1, 1, "Alice"), ch(1, 1, "Alicia")))));
        s.put("orders", List.of(
                StepData.rows(List.of(ch(1, 1, "book"), ch(1, 1, "pen"))),
                StepData.rows(List.of(ch(1, 2, "laptop"))),
                StepData.rows(List.of(ch(-1, 1, "book"))),
                StepData.EMPTY_ROWS));
        return s;
    }

    /** Paper §4.5: SELECT DISTINCT t1.x, t2.y FROM σ(t1) JOIN σ(t2) ON t1.id = t2.id. */
    static CircuitDocument paper45() {
        Circuit c = new Circuit();
        c.add(Operator.of("t1", OpKind.INPUT, "name", "t1", "type",
                table("x", SqlType.INTEGER, "id", SqlType.INTEGER, "a", SqlType.INTEGER)));
        c.add(Operator.of("t2", OpKind.INPUT, "name", "t2", "type",
                table("id", SqlType.INTEGER, "s", SqlType.INTEGER, "y", SqlType.INTEGER)));
        c.add(Operator.of("f1", OpKind.FILTER, "predicate", "a > 2"));
        c.add(Operator.of("p1", OpKind.MAP, "projection", cols("x", "id")));
        c.add(Operator.of("f2", OpKind.FILTER, "predicate", "s > 5"));
        c.add(Operator.of("p2", OpKind.MAP, "projection", cols("id", "y")));
        c.add(Operator.of("j", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("id"),
                "projection", List.of(new NamedExpr("x", "l.x"), new NamedExpr("y", "r.y"))));
        c.add(Operator.of("d", OpKind.DISTINCT));
        c.add(Operator.of("v", OpKind.OUTPUT, "name", "v"));
        c.connect("t1.out", "f1.in").connect("f1.out", "p1.in").connect("t2.out", "f2.in")
                .connect("f2.out", "p2.in").connect("p1.out", "j.left").connect("p2.out", "j.right")
                .connect("j.out", "d.in").connect("d.out", "v.in");
        CircuitDocument d = new CircuitDocument("paper 4.5", c);
        Scenario s = new Scenario();
        s.put("t1", List.of(StepData.rows(List.of(ch(1, 10, 1, 3), ch(1, 11, 2, 1))),
                StepData.rows(List.of(ch(1, 12, 2, 9))), StepData.rows(List.of(ch(-1, 10, 1, 3)))));
        s.put("t2", List.of(StepData.rows(List.of(ch(1, 1, 6, 100), ch(1, 2, 7, 200))),
                StepData.rows(List.of(ch(1, 1, 9, 100))), StepData.EMPTY_ROWS));
        d.setScenario(s);
        return d;
    }

    /** Transitive closure as a nested circuit: r = distinct(E + π(z⁻¹(r) ⋈ E)). */
    static CircuitDocument transitiveClosure() {
        Circuit inner = new Circuit();
        inner.add(Operator.of("e0", OpKind.DELTA0, "port", "edges"));
        inner.add(Operator.of("ie", OpKind.INTEGRATE));
        inner.add(Operator.of("prev", OpKind.DELAY));
        inner.add(Operator.of("hop", OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"),
                "projection", List.of(new NamedExpr("src", "l.src"), new NamedExpr("dst", "r.dst"))));
        inner.add(Operator.of("all", OpKind.PLUS));
        inner.add(Operator.of("r", OpKind.DISTINCT));
        inner.add(Operator.of("dr", OpKind.DIFFERENTIATE));
        inner.add(Operator.of("x", OpKind.INTEGRAL, "port", "closure"));
        inner.connect("e0.out", "ie.in").connect("r.out", "prev.in").connect("prev.out", "hop.left")
                .connect("ie.out", "hop.right").connect("ie.out", "all.a").connect("hop.out", "all.b")
                .connect("all.out", "r.in").connect("r.out", "dr.in").connect("dr.out", "x.in");
        Circuit c = new Circuit();
        c.add(Operator.of("edges", OpKind.INPUT, "name", "edges", "type", table("src", SqlType.INTEGER, "dst", SqlType.INTEGER)));
        c.add(Operator.nested("tc", inner, "maxIterations", 100L));
        c.add(Operator.of("closure", OpKind.OUTPUT, "name", "closure"));
        c.connect("edges.out", "tc.edges").connect("tc.closure", "closure.in");
        CircuitDocument d = new CircuitDocument("transitive closure", c);
        Scenario s = new Scenario();
        s.put("edges", List.of(StepData.rows(List.of(ch(1, 1, 2), ch(1, 2, 3), ch(1, 3, 4))),
                StepData.rows(List.of(ch(1, 4, 5)))));
        d.setScenario(s);
        return d;
    }
}
