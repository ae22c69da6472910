package org.dbspstudio.ide;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dbspstudio.ide.samples.SampleCatalog;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** Circuits used by the IDE tests, screenshots and measurements. */
public final class Samples {
    private Samples() {
    }

    /**
     * Writes the shipped sample {@code file} (e.g. {@code 06-users-join-orders.json}, from the class
     * path as File → Open Sample reads it) to {@code to} and returns {@code to}.
     */
    public static Path copy(String file, Path to) throws IOException {
        String json = SampleCatalog.load().stream().filter(s -> s.file().equals(file)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no sample " + file + " on the class path")).json();
        Files.writeString(to, json, StandardCharsets.UTF_8);
        return to;
    }

    /** input → + → output with z⁻¹ feedback: the integrator. */
    public static Circuit integrator() {
        Circuit c = new Circuit();
        c.add(Operator.of("input", OpKind.INPUT, "name", "input", "type", StreamType.Z));
        c.add(Operator.of("plus", OpKind.PLUS));
        c.add(Operator.of("output", OpKind.OUTPUT, "name", "output"));
        c.add(Operator.of("delay", OpKind.DELAY));
        c.connect("input.out", "plus.a");
        c.connect("plus.out", "output.in");
        c.connect("plus.out", "delay.in");
        c.connect("delay.out", "plus.b");
        return c;
    }

    /** users ⋈ orders, filtered and projected. */
    public static CircuitDocument usersOrders() {
        Circuit c = new Circuit();
        c.add(Operator.of("users", OpKind.INPUT, "name", "users", "type", StreamType.zset(RowSchema.of(
                Column.of("id", SqlType.BIGINT), Column.of("name", SqlType.VARCHAR), Column.of("dept", SqlType.VARCHAR)))));
        c.add(Operator.of("orders", OpKind.INPUT, "name", "orders", "type", StreamType.zset(RowSchema.of(
                Column.of("oid", SqlType.BIGINT), Column.of("user_id", SqlType.BIGINT), Column.of("amount", SqlType.DECIMAL)))));
        c.add(Operator.of("big", OpKind.FILTER, "predicate", "amount > 100"));
        c.add(Operator.of("join", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("user_id")));
        c.add(Operator.of("project", OpKind.MAP, "projection",
                List.of(new NamedExpr("name", "name"), new NamedExpr("amount", "amount"))));
        c.add(Operator.of("distinct", OpKind.DISTINCT));
        c.add(Operator.of("big_orders", OpKind.OUTPUT, "name", "big_orders"));
        c.add(Operator.of("total", OpKind.INTEGRATE));
        c.add(Operator.of("running", OpKind.OUTPUT, "name", "running"));
        c.connect("orders.out", "big.in");
        c.connect("users.out", "join.left");
        c.connect("big.out", "join.right");
        c.connect("join.out", "project.in");
        c.connect("project.out", "distinct.in");
        c.connect("distinct.out", "big_orders.in");
        c.connect("project.out", "total.in");
        c.connect("total.out", "running.in");
        Circuit inner = new Circuit();
        inner.add(Operator.of("enter", OpKind.DELTA0, "port", "in"));
        inner.add(Operator.of("inner_plus", OpKind.PLUS));
        inner.add(Operator.of("inner_delay", OpKind.DELAY));
        inner.add(Operator.of("leave", OpKind.INTEGRAL, "port", "out"));
        inner.connect("enter.out", "inner_plus.a");
        inner.connect("inner_delay.out", "inner_plus.b");
        inner.connect("inner_plus.out", "inner_delay.in");
        inner.connect("inner_plus.out", "leave.in");
        c.add(Operator.nested("fixpoint", inner));
        c.add(Operator.of("counts", OpKind.INPUT, "name", "counts", "type", StreamType.Z));
        c.add(Operator.of("closure", OpKind.OUTPUT, "name", "closure"));
        c.connect("counts.out", "fixpoint.in");
        c.connect("fixpoint.out", "closure.in");
        return new CircuitDocument("users_orders", c);
    }

    /** A chain of n operators with a feedback loop every 10 operators, for measurements. */
    public static Circuit generated(int n) {
        Circuit c = new Circuit();
        c.add(Operator.of("in0", OpKind.INPUT, "name", "in0", "type", StreamType.Z));
        String prev = "in0";
        int i = 1;
        while (c.operators().size() < n - 1) {
            String p = "p" + i;
            String d = "d" + i;
            String g = "g" + i;
            c.add(Operator.of(p, OpKind.PLUS));
            c.add(Operator.of(d, OpKind.DELAY));
            c.add(Operator.of(g, OpKind.NEGATE));
            c.connect(prev + ".out", p + ".a");
            c.connect(p + ".out", d + ".in");
            c.connect(d + ".out", g + ".in");
            c.connect(g + ".out", p + ".b");
            prev = p;
            i++;
        }
        c.add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect(prev + ".out", "out.in");
        return c;
    }
}
