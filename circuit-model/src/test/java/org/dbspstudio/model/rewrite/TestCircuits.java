package org.dbspstudio.model.rewrite;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** Snapshot circuits used by the rewrite tests. */
final class TestCircuits {
    private TestCircuits() {
    }

    static StreamType table(String... columns) {
        return StreamType.zset(new RowSchema(java.util.Arrays.stream(columns).map(c -> Column.of(c, SqlType.BIGINT)).toList()));
    }

    static List<NamedExpr> cols(String... names) {
        return java.util.Arrays.stream(names).map(n -> new NamedExpr(n, n)).toList();
    }

    /** Paper §4.5: SELECT DISTINCT t1.x, t2.y FROM σ(t1) JOIN σ(t2) ON t1.id = t2.id. */
    static Circuit paper45() {
        Circuit c = new Circuit();
        c.add(Operator.of("t1", OpKind.INPUT, "name", "t1", "type", table("x", "id", "a")));
        c.add(Operator.of("t2", OpKind.INPUT, "name", "t2", "type", table("id", "s", "y")));
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
        return c;
    }

    /** The integrator {@code o = x + z⁻¹(o)}: a top-level feedback loop. */
    static Circuit integratorLoop() {
        Circuit c = new Circuit();
        c.add(Operator.of("x", OpKind.INPUT, "name", "x", "type", StreamType.Z));
        c.add(Operator.of("add", OpKind.PLUS));
        c.add(Operator.of("z", OpKind.DELAY));
        c.add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        c.connect("x.out", "add.a").connect("z.out", "add.b").connect("add.out", "z.in").connect("add.out", "o.in");
        return c;
    }

    /**
     * Transitive closure as a recursive nested circuit: {@code o = distinct(E + π(z⁻¹(o) ⋈ E))}
     * inside, with {@code E = I(δ₀(edges))} and {@code ∫(D(o))} leaving.
     */
    static Circuit transitiveClosure() {
        Circuit inner = new Circuit();
        inner.add(Operator.of("e0", OpKind.DELTA0, "port", "edges"));
        inner.add(Operator.of("E", OpKind.INTEGRATE));
        inner.add(Operator.of("zo", OpKind.DELAY));
        inner.add(Operator.of("step", OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"),
                "projection", List.of(new NamedExpr("src", "l.src"), new NamedExpr("dst", "r.dst"))));
        inner.add(Operator.of("all", OpKind.PLUS));
        inner.add(Operator.of("o", OpKind.DISTINCT));
        inner.add(Operator.of("newFacts", OpKind.DIFFERENTIATE));
        inner.add(Operator.of("leave", OpKind.INTEGRAL, "port", "closure"));
        inner.connect("e0.out", "E.in").connect("o.out", "zo.in").connect("zo.out", "step.left")
                .connect("E.out", "step.right").connect("E.out", "all.a").connect("step.out", "all.b")
                .connect("all.out", "o.in").connect("o.out", "newFacts.in").connect("newFacts.out", "leave.in");
        Circuit c = new Circuit();
        c.add(Operator.of("edges", OpKind.INPUT, "name", "edges", "type", table("src", "dst")));
        c.add(Operator.nested("tc", inner));
        c.add(Operator.of("reach", OpKind.OUTPUT, "name", "reach"));
        c.connect("edges.out", "tc.edges").connect("tc.closure", "reach.in");
        return c;
    }
}
