package org.dbspstudio.verify;

import java.util.Arrays;
import java.util.List;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** Snapshot circuits for the verifier tests: one per operator kind, the paper's queries, transitive closure. */
final class Fixtures {
    private Fixtures() {
    }

    static StreamType table(String... columns) {
        return StreamType.zset(new RowSchema(Arrays.stream(columns).map(c -> Column.of(c, SqlType.BIGINT)).toList()));
    }

    static List<NamedExpr> cols(String... names) {
        return Arrays.stream(names).map(n -> new NamedExpr(n, n)).toList();
    }

    private static Operator input(String name, StreamType type) {
        return Operator.of(name, OpKind.INPUT, "name", name, "type", type);
    }

    private static Operator output(String name) {
        return Operator.of(name, OpKind.OUTPUT, "name", name);
    }

    /** {@code a → op → out} with a two-column table, or {@code a, b → op → out} for binary operators. */
    private static Circuit around(Operator op, StreamType a, StreamType b) {
        Circuit c = new Circuit();
        c.add(input("a", a));
        if (b != null) {
            c.add(input("b", b));
        }
        c.add(op);
        c.add(output("out"));
        List<String> ports = op.inputPorts();
        c.connect("a.out", op.id() + "." + ports.get(0));
        if (b != null) {
            c.connect("b.out", op.id() + "." + ports.get(1));
        }
        c.connect(op.id() + ".out", "out.in");
        return c;
    }

    private static Circuit unary(Operator op) {
        return around(op, table("k", "v"), null);
    }

    private static Circuit binary(Operator op) {
        return around(op, table("k", "v"), table("k", "w"));
    }

    /** A one-operator circuit exercising {@code kind}. */
    static Circuit oneOperator(OpKind kind) {
        return switch (kind) {
            case INPUT, OUTPUT -> {
                Circuit c = new Circuit();
                c.add(input("a", table("k", "v")));
                c.add(output("out"));
                c.connect("a.out", "out.in");
                yield c;
            }
            case CONSTANT -> {
                Circuit c = new Circuit();
                c.add(input("a", table("k", "v")));
                c.add(Operator.of("c", OpKind.CONSTANT, "type", table("k", "v"),
                        "rows", List.of(new Change(Row.of(1L, 1L), 1), new Change(Row.of(2L, 0L), 2))));
                c.add(Operator.of("p", OpKind.PLUS));
                c.add(output("out"));
                c.connect("a.out", "p.a").connect("c.out", "p.b").connect("p.out", "out.in");
                yield c;
            }
            case PLUS, MINUS, UNION, DIFFERENCE -> around(Operator.of("op", kind), table("k", "v"), table("k", "v"));
            case NEGATE, DISTINCT -> unary(Operator.of("op", kind));
            case DELAY, INTEGRATE, DIFFERENTIATE -> around(Operator.of("op", kind), StreamType.Z, null);
            case FILTER -> unary(Operator.of("op", kind, "predicate", "v > 1 AND k <> 2"));
            case MAP -> unary(Operator.of("op", kind, "projection", List.of(new NamedExpr("s", "k + v"))));
            case FLATMAP -> unary(Operator.of("op", kind, "projections", List.of(
                    List.of(new NamedExpr("x", "k")), List.of(new NamedExpr("x", "v * 10")))));
            case JOIN -> binary(Operator.of("op", kind, "leftKeys", List.of("k"), "rightKeys", List.of("k")));
            case PRODUCT -> binary(Operator.of("op", kind));
            case SEMIJOIN, WEIGHTED_SEMIJOIN, ANTIJOIN, LEFT_JOIN, RIGHT_JOIN, FULL_JOIN, STREAM_JOIN -> binary(Operator.of("op", kind, "leftKeys", List.of("k"), "rightKeys", List.of("k")));
            case INDEX -> unary(Operator.of("op", kind, "keys", cols("k")));
            case AGGREGATE -> unary(Operator.of("op", kind, "groupBy", cols("k"), "aggregates", List.of(
                    new AggCall(AggFunction.COUNT, null, "n"), new AggCall(AggFunction.SUM, "v", "s"),
                    new AggCall(AggFunction.MIN, "v", "lo"), new AggCall(AggFunction.MAX, "v", "hi"),
                    new AggCall(AggFunction.AVG, "v", "mean"), new AggCall(AggFunction.COUNT_DISTINCT, "v % 2", "parities"))));
            case SCALAR -> {
                Circuit c = new Circuit();
                c.add(input("x", StreamType.Z));
                c.add(input("y", StreamType.Z));
                c.add(Operator.of("op", kind, "inputs", List.of("x", "y"), "expr", "CASE WHEN x > y THEN x * y ELSE x - y END"));
                c.add(output("out"));
                c.connect("x.out", "op.x").connect("y.out", "op.y").connect("op.out", "out.in");
                yield c;
            }
            case H -> around(Operator.of("op", kind), table("k", "v"), table("k", "v"));
            case TOP_K -> unary(Operator.of("op", kind, "partitionBy", List.of("k % 2"), "orderBy", List.of("v DESC"), "k", 2L,
                    "rank", "rank", "rankColumn", "r"));
            case OVER -> unary(Operator.of("op", kind, "partitionBy", List.of("k % 2"), "orderBy", List.of("v"), "frame", "rows",
                    "preceding", 2L, "aggregates", List.of(new AggCall(AggFunction.SUM, "v", "s"),
                            new AggCall(AggFunction.MIN, "k", "lo"), new AggCall(AggFunction.COUNT, null, "n"))));
            case OVER_DELTA -> unary(Operator.of("op", kind, "orderBy", List.of("v"), "aggregates",
                    List.of(new AggCall(AggFunction.SUM, "k", "s"), new AggCall(AggFunction.AVG, "v", "mean"))));
            case TIME_WINDOW -> unary(Operator.of("op", kind, "timestamp", "v", "size", 4L, "slide", 2L));
            case WINDOW -> around(Operator.of("op", kind, "timestamp", "v", "bound", 2L), table("k", "v"), StreamType.Z);
            case WINDOW_INTEGRATE -> around(Operator.of("op", kind, "timestamp", "v", "bound", 1L), table("k", "v"), StreamType.Z);
            case INTERSECT, EXCEPT -> bagOperation(Operator.of("op", kind, "all", true));
            case H_SET -> {
                Circuit c = new Circuit();
                for (String in : List.of("a", "b", "da", "db")) {
                    c.add(input(in, table("k", "v")));
                }
                c.add(Operator.of("op", kind, "of", "except", "all", true));
                c.add(output("out"));
                c.connect("a.out", "op.a").connect("b.out", "op.b").connect("da.out", "op.da").connect("db.out", "op.db")
                        .connect("op.out", "out.in");
                yield c;
            }
            case DELTA0, INTEGRAL, NESTED -> transitiveClosure();
        };
    }

    /** {@code op(π_k(a), π_k(b))}: a binary set operation on bags (the projections keep duplicates). */
    static Circuit bagOperation(Operator op) {
        Circuit c = new Circuit();
        c.add(input("a", table("k", "v")));
        c.add(input("b", table("k", "w")));
        c.add(Operator.of("pa", OpKind.MAP, "projection", cols("k")));
        c.add(Operator.of("pb", OpKind.MAP, "projection", cols("k")));
        c.add(op);
        c.add(output("out"));
        c.connect("a.out", "pa.in").connect("b.out", "pb.in").connect("pa.out", op.id() + ".a")
                .connect("pb.out", op.id() + ".b").connect(op.id() + ".out", "out.in");
        return c;
    }

    /** A global aggregate (one group): makeset(COUNT), makeset(SUM). */
    static Circuit globalAggregate() {
        return unary(Operator.of("op", OpKind.AGGREGATE, "aggregates", List.of(
                new AggCall(AggFunction.COUNT, null, "n"), new AggCall(AggFunction.SUM, "v", "s"))));
    }

    /** Paper §4.5: SELECT DISTINCT t1.x, t2.y FROM σ(t1) JOIN σ(t2) ON t1.id = t2.id. */
    static Circuit paper45() {
        return fixture(FixtureDocuments.PAPER_4_5).circuit();
    }

    /** Transitive closure {@code o = distinct(E + π(z⁻¹(o) ⋈ E))} as a nested circuit (the benchmark's circuit). */
    static Circuit transitiveClosure() {
        return fixture(FixtureDocuments.TRANSITIVE_CLOSURE).circuit();
    }

    /** A document shared with other modules' tests ({@link FixtureDocuments}), read by the model's loader. */
    static CircuitDocument fixture(String name) {
        return FixtureDocuments.read(name, DocumentReader::read).document();
    }

    /** Transitive closure nested one level deeper: an outer nested circuit runs the closure once at its iteration 0. */
    static Circuit nestedTwice() {
        Circuit tc = transitiveClosure();
        Operator inner = tc.op("tc");
        Circuit middle = new Circuit();
        middle.add(Operator.of("m0", OpKind.DELTA0, "port", "edges"));
        middle.add(inner);
        middle.add(Operator.of("mout", OpKind.INTEGRAL, "port", "closure"));
        middle.connect("m0.out", "tc.edges").connect("tc.closure", "mout.in");
        Circuit c = new Circuit();
        c.add(input("edges", table("src", "dst")));
        c.add(Operator.nested("outer", middle, "maxIterations", 100L));
        c.add(output("reach"));
        c.connect("edges.out", "outer.edges").connect("outer.closure", "reach.in");
        return c;
    }

    /** A top-level feedback loop with a join and a distinct inside: {@code o = distinct(a + π(z⁻¹(o) ⋈ a))}. */
    static Circuit topLevelLoop() {
        Circuit c = new Circuit();
        c.add(input("a", table("k", "v")));
        c.add(Operator.of("p", OpKind.PLUS));
        c.add(Operator.of("d", OpKind.DISTINCT));
        c.add(Operator.of("z", OpKind.DELAY));
        c.add(Operator.of("j", OpKind.JOIN, "leftKeys", List.of("v"), "rightKeys", List.of("k"),
                "projection", List.of(new NamedExpr("k", "l.k"), new NamedExpr("v", "r.v"))));
        c.add(output("out"));
        c.connect("a.out", "p.a").connect("j.out", "p.b").connect("p.out", "d.in").connect("d.out", "z.in")
                .connect("z.out", "j.left").connect("a.out", "j.right").connect("d.out", "out.in");
        return c;
    }
}
