package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.DocumentReader;
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

    /**
     * users ⋈ orders with {@code n} users {@code (i, "user" + i)} and {@code n} orders
     * {@code (i, "item" + i)} inserted at step 0, then one step per element of {@code users} and
     * {@code orders}: the changes of each input at steps 1, 2, … (the shorter list ends in empty steps).
     */
    static CircuitDocument usersOrders(int n, List<List<Change>> users, List<List<Change>> orders) {
        CircuitDocument d = usersOrders();
        List<Change> u0 = new ArrayList<>(n);
        List<Change> o0 = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            u0.add(ch(1, i, "user" + i));
            o0.add(ch(1, i, "item" + i));
        }
        int steps = 1 + Math.max(users.size(), orders.size());
        Scenario s = new Scenario();
        s.put("users", steps(u0, users, steps));
        s.put("orders", steps(o0, orders, steps));
        d.setScenario(s);
        return d;
    }

    private static List<StepData> steps(List<Change> first, List<List<Change>> later, int steps) {
        List<StepData> out = new ArrayList<>(steps);
        out.add(StepData.rows(first));
        for (int t = 1; t < steps; t++) {
            out.add(t - 1 < later.size() && !later.get(t - 1).isEmpty() ? StepData.rows(later.get(t - 1)) : StepData.EMPTY_ROWS);
        }
        return out;
    }

    /**
     * users ⋈ orders with the filter {@code 100 / (id - 2) > 0} between the join and the output,
     * on the seed's scenario: a division by zero at step 1, where Bob (id 2) orders his laptop.
     */
    static CircuitDocument usersOrdersFailingAtStep1() {
        CircuitDocument d = usersOrders();
        d.circuit().remove("v");
        d.circuit().add(org.dbspstudio.model.Operator.of("bad", org.dbspstudio.model.OpKind.FILTER,
                "predicate", "100 / (id - 2) > 0"));
        d.circuit().add(org.dbspstudio.model.Operator.of("v", org.dbspstudio.model.OpKind.OUTPUT, "name", "v"));
        d.circuit().connect("j.out", "bad.in").connect("bad.out", "v.in");
        d.setScenario(seedScenario());
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

    /** Paper §4.5: SELECT DISTINCT t1.x, t2.y FROM σ(t1) JOIN σ(t2) ON t1.id = t2.id, with a scenario of three steps. */
    static CircuitDocument paper45() {
        return fixture(FixtureDocuments.PAPER_4_5);
    }

    /** Transitive closure as a nested circuit: o = distinct(E + π(z⁻¹(o) ⋈ E)); edges 1→2, 2→3, 3→4, then 4→5. */
    static CircuitDocument transitiveClosure() {
        return fixture(FixtureDocuments.TRANSITIVE_CLOSURE);
    }

    /** A document shared with other modules' tests ({@link FixtureDocuments}), read by the model's loader. */
    static CircuitDocument fixture(String name) {
        return FixtureDocuments.read(name, DocumentReader::read).document();
    }
}
