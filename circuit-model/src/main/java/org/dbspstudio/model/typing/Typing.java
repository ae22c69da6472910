package org.dbspstudio.model.typing;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Expressions;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.KindSpec;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.AggCall;

/**
 * The typing rule of every operator kind: given the types on its input ports, the types on its
 * output ports, or a {@link TypeError} saying what is wrong. Nested circuits are typed by the
 * caller from their child (a {@code δ₀} receives the type of the outer stream on its port, passed
 * here under the key {@link #OUTER_STREAM}; a nested operator's outputs are the types reaching its
 * {@code ∫} operators).
 */
public final class Typing {
    /** The key under which a {@code δ₀} receives the type of the outer stream it reads. */
    public static final String OUTER_STREAM = "outer";

    private Typing() {
    }

    /** An operator whose inputs or parameters do not type-check. */
    public static final class TypeError extends Exception {
        private final String param;
        private final transient ExprException exprError;

        public TypeError(String message) {
            this(message, null, null);
        }

        /** An error in the expression held by parameter {@code param}. */
        public TypeError(String message, String param, ExprException exprError) {
            super(message, exprError);
            this.param = param;
            this.exprError = exprError;
        }

        /** The parameter whose expression failed, or null when the error is not an expression's. */
        public String param() {
            return param;
        }

        /** The expression error (with the offending fragment), or null. */
        public ExprException exprError() {
            return exprError;
        }
    }

    /** Output port → type, for every output port of {@code op} (not for NESTED). */
    public static Map<String, StreamType> outputTypes(Operator op, Map<String, StreamType> in) throws TypeError {
        Params p = op.params();
        StreamType out = switch (op.kind()) {
            case INPUT, CONSTANT -> require(p.type("type"), "parameter 'type' is missing");
            case OUTPUT, INTEGRAL -> null;
            case DELTA0 -> require(in.get(OUTER_STREAM), "δ₀ reads nested input port '" + p.string("port")
                    + "', which no outer stream feeds");
            case NEGATE, DELAY, INTEGRATE, DIFFERENTIATE, DISTINCT -> in(in, "in");
            case PLUS, MINUS, UNION, DIFFERENCE, H, INTERSECT, EXCEPT, H_SET -> shared(op, in);
            case FILTER -> {
                RowSchema row = zset(in(in, "in"), "in");
                TypedExpr e = expr(p.string("predicate"), Scope.of(row), "predicate");
                if (e.type().type() != SqlType.BOOLEAN) {
                    throw new TypeError("predicate '" + e.sql() + "' is " + e.type().type() + ", not BOOLEAN");
                }
                yield StreamType.zset(row);
            }
            case MAP -> StreamType.zset(project(p.namedExprs("projection"), Scope.of(zset(in(in, "in"), "in")), "projection"));
            case FLATMAP -> {
                Scope scope = Scope.of(zset(in(in, "in"), "in"));
                List<List<NamedExpr>> lists = p.namedExprLists("projections");
                if (lists.isEmpty()) {
                    throw new TypeError("flat-map needs at least one projection");
                }
                RowSchema first = null;
                for (var list : lists) {
                    RowSchema s = project(list, scope, "projections");
                    if (first == null) {
                        first = s;
                    } else if (!sameColumnTypes(first, s)) {
                        throw new TypeError("flat-map projections disagree: " + first + " vs " + s);
                    }
                }
                yield StreamType.zset(first);
            }
            case JOIN, STREAM_JOIN -> {
                RowSchema l = zset(in(in, "left"), "left");
                RowSchema r = zset(in(in, "right"), "right");
                keys(p, l, r);
                yield StreamType.zset(joinOutput(p, l, r));
            }
            case PRODUCT -> StreamType.zset(joinOutput(p, zset(in(in, "left"), "left"), zset(in(in, "right"), "right")));
            case SEMIJOIN, WEIGHTED_SEMIJOIN, ANTIJOIN -> {
                RowSchema l = zset(in(in, "left"), "left");
                keys(p, l, zset(in(in, "right"), "right"));
                yield StreamType.zset(l);
            }
            case LEFT_JOIN, RIGHT_JOIN, FULL_JOIN -> {
                RowSchema l = zset(in(in, "left"), "left");
                RowSchema r = zset(in(in, "right"), "right");
                keys(p, l, r);
                yield StreamType.zset(outerJoinOutput(op.kind(), p, l, r));
            }
            case INDEX -> {
                RowSchema row = zset(in(in, "in"), "in");
                yield StreamType.indexed(project(p.namedExprs("keys"), Scope.of(row), "keys"), row);
            }
            case AGGREGATE -> StreamType.zset(aggregateOutput(p, in(in, "in")));
            case TOP_K -> StreamType.zset(topKOutput(p, zset(in(in, "in"), "in")));
            case OVER -> StreamType.zset(overOutput(p, zset(in(in, "in"), "in")));
            case OVER_DELTA -> StreamType.zset(overOutput(p, zset(in(in, "delta"), "delta")));
            case TIME_WINDOW -> {
                RowSchema row = zset(in(in, "in"), "in");
                timestamp(p, row);
                if (p.integer("size") < 1 || (p.get("slide") != null && p.integer("slide") < 1)) {
                    throw new TypeError("window size and slide must be at least 1");
                }
                List<Column> cols = new ArrayList<>(row.columns());
                for (String n : List.of("window_start", "window_end")) {
                    if (row.columns().stream().anyMatch(c -> c.name().equalsIgnoreCase(n))) {
                        throw new TypeError("the input already has a column named " + n);
                    }
                    cols.add(Column.of(n, SqlType.BIGINT));
                }
                yield StreamType.zset(new RowSchema(cols));
            }
            case WINDOW, WINDOW_INTEGRATE -> {
                String rows = op.kind() == org.dbspstudio.model.OpKind.WINDOW ? "in" : "delta";
                RowSchema row = zset(in(in, rows), rows);
                if (!(in(in, "waterline") instanceof StreamType.Integers)) {
                    throw new TypeError("input 'waterline' is " + in.get("waterline") + ", but the waterline θ is a Z stream");
                }
                timestamp(p, row);
                if (p.integer("bound") < 0) {
                    throw new TypeError("bound is " + p.integer("bound") + "; it must be ≥ 0");
                }
                yield StreamType.zset(row);
            }
            case SCALAR -> {
                List<String> names = p.strings("inputs");
                for (String n : names) {
                    if (!(in(in, n) instanceof StreamType.Integers)) {
                        throw new TypeError("input '" + n + "' is " + in.get(n) + ", but a scalar function takes Z streams");
                    }
                }
                TypedExpr e = expr(p.string("expr"), Scope.scalars(names), "expr");
                if (e.type().type() != SqlType.INTEGER && e.type().type() != SqlType.BIGINT) {
                    throw new TypeError("expression '" + e.sql() + "' is " + e.type().type() + ", not an integer");
                }
                yield StreamType.Z;
            }
            case NESTED -> throw new TypeError("nested circuits are typed from their child circuit");
        };
        var result = new LinkedHashMap<String, StreamType>();
        if (out != null) {
            result.put("out", out);
        }
        return result;
    }

    /** The row schema of an aggregate's output: grouping columns, then one column per aggregate. */
    public static RowSchema aggregateOutput(Params p, StreamType input) throws TypeError {
        List<Column> cols = new ArrayList<>();
        Scope scope;
        if (input instanceof StreamType.Indexed ix) {
            cols.addAll(ix.key().columns());
            scope = Scope.of(ix.value());
        } else if (input instanceof StreamType.ZSet z) {
            scope = Scope.of(z.row());
            List<NamedExpr> groupBy = p.namedExprs("groupBy");
            if (groupBy != null && !groupBy.isEmpty()) {
                cols.addAll(project(groupBy, scope, "groupBy").columns());
            }
        } else {
            throw new TypeError("aggregate input is " + input + ", not a Z-set");
        }
        List<AggCall> aggs = p.aggregates("aggregates");
        if (aggs.isEmpty()) {
            throw new TypeError("aggregate needs at least one aggregate function");
        }
        for (AggCall a : aggs) {
            if (a.expr() == null) {
                if (a.function() != AggFunction.COUNT) {
                    throw new TypeError(a.function() + " needs an argument");
                }
                cols.add(Column.of(a.name(), SqlType.BIGINT));
                continue;
            }
            TypedExpr e = expr(a.expr(), scope, "aggregates");
            SqlType t = e.type().type();
            cols.add(switch (a.function()) {
                case COUNT, COUNT_DISTINCT -> Column.of(a.name(), SqlType.BIGINT);
                case SUM -> {
                    if (!t.isNumeric()) {
                        throw new TypeError("SUM(" + a.expr() + ") needs a number, got " + t);
                    }
                    yield Column.nullable(a.name(), t == SqlType.INTEGER ? SqlType.BIGINT : t);
                }
                case AVG -> {
                    if (!t.isNumeric()) {
                        throw new TypeError("AVG(" + a.expr() + ") needs a number, got " + t);
                    }
                    yield Column.nullable(a.name(), t == SqlType.DECIMAL ? SqlType.DECIMAL : SqlType.DOUBLE);
                }
                case MIN, MAX -> Column.nullable(a.name(), t);
            });
        }
        return new RowSchema(cols);
    }

    /** The row schema of a top-k: its input's columns, then the rank column when {@code rankColumn} is set. */
    public static RowSchema topKOutput(Params p, RowSchema row) throws TypeError {
        Scope scope = Scope.of(row);
        for (String e : p.strings("partitionBy")) {
            expr(e, scope, "partitionBy");
        }
        List<org.dbspstudio.model.SortKey> keys = org.dbspstudio.model.SortKey.parseAll(p.strings("orderBy"));
        if (keys.isEmpty()) {
            throw new TypeError("top-k needs at least one ORDER BY key");
        }
        for (var k : keys) {
            expr(k.expr(), scope, "orderBy");
        }
        if (p.integer("k") < 1) {
            throw new TypeError("k is " + p.integer("k") + "; a top-k keeps at least 1 rank");
        }
        String rank = p.string("rankColumn");
        if (rank == null || rank.isBlank()) {
            return row;
        }
        List<Column> cols = new ArrayList<>(row.columns());
        for (Column c : cols) {
            if (c.name().equalsIgnoreCase(rank)) {
                throw new TypeError("rank column '" + rank + "' is already a column of the input");
            }
        }
        cols.add(Column.of(rank, SqlType.BIGINT));
        return new RowSchema(cols);
    }

    /**
     * A window aggregate's output: the input's columns, then one column per aggregate (typed as the
     * aggregate operator types them). RANGE with an offset needs exactly one ORDER BY key, a number
     * that is never NULL; ROWS needs an ORDER BY; COUNT(DISTINCT) is not a window aggregate here.
     */
    public static RowSchema overOutput(Params p, RowSchema row) throws TypeError {
        Scope scope = Scope.of(row);
        for (String e : p.strings("partitionBy")) {
            expr(e, scope, "partitionBy");
        }
        List<org.dbspstudio.model.SortKey> keys = org.dbspstudio.model.SortKey.parseAll(p.strings("orderBy"));
        List<TypedExpr> sort = new ArrayList<>();
        for (var k : keys) {
            sort.add(expr(k.expr(), scope, "orderBy"));
        }
        boolean rows = "rows".equals(p.string("frame"));
        Object preceding = p.get("preceding");
        if (preceding != null && ((Number) preceding).longValue() < 0) {
            throw new TypeError("preceding is " + preceding + "; a frame starts 0 (CURRENT ROW) or more before the row");
        }
        if (rows && keys.isEmpty()) {
            throw new TypeError("a ROWS frame needs an ORDER BY (the rows' positions)");
        }
        if (!rows && preceding != null) {
            if (keys.size() != 1) {
                throw new TypeError("RANGE BETWEEN " + preceding + " PRECEDING needs exactly one ORDER BY key, got "
                        + keys.size());
            }
            var t = sort.get(0).type();
            if (!t.type().isNumeric() || t.nullable()) {
                throw new TypeError("RANGE BETWEEN " + preceding + " PRECEDING needs a numeric ORDER BY key that is never"
                        + " NULL; '" + keys.get(0).expr() + "' is " + t.type() + (t.nullable() ? " (nullable)" : ""));
            }
        }
        for (AggCall a : p.aggregates("aggregates")) {
            if (a.function() == AggFunction.COUNT_DISTINCT) {
                throw new TypeError("COUNT(DISTINCT …) OVER (…) is not supported as a window aggregate");
            }
        }
        RowSchema aggs = aggregateOutput(p.with("groupBy", null), StreamType.zset(row));
        List<Column> cols = new ArrayList<>(row.columns());
        for (Column c : aggs.columns()) {
            if (row.columns().stream().anyMatch(x -> x.name().equalsIgnoreCase(c.name()))) {
                throw new TypeError("aggregate column '" + c.name() + "' is already a column of the input");
            }
            cols.add(c);
        }
        return new RowSchema(cols);
    }

    /** Checks that the {@code timestamp} expression of a window is an integer. */
    private static void timestamp(Params p, RowSchema row) throws TypeError {
        TypedExpr e = expr(p.string("timestamp"), Scope.of(row), "timestamp");
        SqlType t = e.type().type();
        if (t != SqlType.INTEGER && t != SqlType.BIGINT) {
            throw new TypeError("timestamp '" + e.sql() + "' is " + t + ", but windows take an integer time"
                    + " (e.g. seconds since an epoch)");
        }
    }

    /** Checks the key lists of a join, semijoin or antijoin (same length, comparable types). */
    private static void keys(Params p, RowSchema l, RowSchema r) throws TypeError {
        List<String> lk = p.strings("leftKeys");
        List<String> rk = p.strings("rightKeys");
        if (lk.size() != rk.size()) {
            throw new TypeError(lk.size() + " left keys but " + rk.size() + " right keys");
        }
        if (lk.isEmpty()) {
            throw new TypeError("at least one key expression is needed on each side");
        }
        for (int i = 0; i < lk.size(); i++) {
            TypedExpr a = expr(lk.get(i), Scope.of(l), "leftKeys");
            TypedExpr b = expr(rk.get(i), Scope.of(r), "rightKeys");
            if (!comparable(a.type().type(), b.type().type())) {
                throw new TypeError("key " + (i + 1) + " compares " + a.type().type() + " '" + a.sql() + "' with "
                        + b.type().type() + " '" + b.sql() + "'");
            }
        }
    }

    /** Output schema of a join or product: its projection, or all left then all right columns. */
    public static RowSchema joinOutput(Params p, RowSchema l, RowSchema r) throws TypeError {
        List<NamedExpr> proj = p.namedExprs("projection");
        if (proj != null) {
            return project(proj, Scope.join(l, r), "projection");
        }
        return defaultJoinSchema(l, r);
    }

    /** All left columns, then all right columns; a right column whose name is taken gets the prefix {@code r_}. */
    public static RowSchema defaultJoinSchema(RowSchema l, RowSchema r) {
        List<Column> cols = new ArrayList<>(l.columns());
        Set<String> names = new HashSet<>();
        l.columns().forEach(c -> names.add(c.name().toLowerCase()));
        for (Column c : r.columns()) {
            String n = c.name();
            while (names.contains(n.toLowerCase())) {
                n = "r_" + n;
            }
            names.add(n.toLowerCase());
            cols.add(new Column(n, c.type(), c.nullable()));
        }
        return new RowSchema(cols);
    }

    /**
     * The output of an outer join: all left then all right columns as {@link #defaultJoinSchema}
     * names them, the columns of a side that may be padded (right for a left join, left for a
     * right join, both for a full join) made nullable.
     */
    public static RowSchema outerJoinOutput(org.dbspstudio.model.OpKind kind, RowSchema l, RowSchema r) {
        boolean nullLeft = kind == org.dbspstudio.model.OpKind.RIGHT_JOIN || kind == org.dbspstudio.model.OpKind.FULL_JOIN;
        boolean nullRight = kind == org.dbspstudio.model.OpKind.LEFT_JOIN || kind == org.dbspstudio.model.OpKind.FULL_JOIN;
        RowSchema joined = defaultJoinSchema(l, r);
        List<Column> cols = new ArrayList<>();
        for (int i = 0; i < joined.size(); i++) {
            Column c = joined.column(i);
            boolean padded = i < l.size() ? nullLeft : nullRight;
            cols.add(new Column(c.name(), c.type(), c.nullable() || padded));
        }
        return new RowSchema(cols);
    }

    /**
     * The output of an outer join with its parameters: the {@code projection} over {@code l.*} and
     * {@code r.*}, typed with the padded side's columns nullable, or all columns as
     * {@link #outerJoinOutput(org.dbspstudio.model.OpKind, RowSchema, RowSchema)} names them.
     */
    public static RowSchema outerJoinOutput(org.dbspstudio.model.OpKind kind, Params p, RowSchema l, RowSchema r)
            throws TypeError {
        List<NamedExpr> proj = p.namedExprs("projection");
        if (proj == null) {
            return outerJoinOutput(kind, l, r);
        }
        boolean nullLeft = kind == org.dbspstudio.model.OpKind.RIGHT_JOIN || kind == org.dbspstudio.model.OpKind.FULL_JOIN;
        boolean nullRight = kind == org.dbspstudio.model.OpKind.LEFT_JOIN || kind == org.dbspstudio.model.OpKind.FULL_JOIN;
        return project(proj, Scope.join(nullLeft ? nullable(l) : l, nullRight ? nullable(r) : r), "projection");
    }

    /** The schema with every column nullable (a side of an outer join that may be padded). */
    public static RowSchema nullable(RowSchema s) {
        List<Column> cols = new ArrayList<>();
        for (Column c : s.columns()) {
            cols.add(new Column(c.name(), c.type(), true));
        }
        return new RowSchema(cols);
    }

    /** The schema produced by a projection list. */
    public static RowSchema project(List<NamedExpr> exprs, Scope scope, String param) throws TypeError {
        if (exprs == null || exprs.isEmpty()) {
            throw new TypeError("parameter '" + param + "' needs at least one expression");
        }
        List<Column> cols = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (NamedExpr ne : exprs) {
            if (!names.add(ne.name().toLowerCase())) {
                throw new TypeError("column name '" + ne.name() + "' is used twice in " + param);
            }
            TypedExpr e = expr(ne.expr(), scope, param);
            cols.add(new Column(ne.name(), e.type().type(), e.type().nullable()));
        }
        return new RowSchema(cols);
    }

    public static TypedExpr expr(String sql, Scope scope, String param) throws TypeError {
        if (sql == null || sql.isBlank()) {
            throw new TypeError("parameter '" + param + "' is empty");
        }
        try {
            return Expressions.check(sql, scope);
        } catch (ExprException e) {
            throw new TypeError(param + ": " + e.describe(), param, e);
        }
    }

    /** Whether two Z-set or integer types are the same group (same column types, positionally). */
    public static boolean sameGroup(StreamType a, StreamType b) {
        if (a instanceof StreamType.ZSet x && b instanceof StreamType.ZSet y) {
            return sameColumnTypes(x.row(), y.row());
        }
        if (a instanceof StreamType.Indexed x && b instanceof StreamType.Indexed y) {
            return sameColumnTypes(x.key(), y.key()) && sameColumnTypes(x.value(), y.value());
        }
        return a instanceof StreamType.Integers && b instanceof StreamType.Integers;
    }

    public static boolean sameColumnTypes(RowSchema a, RowSchema b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (norm(a.column(i).type()) != norm(b.column(i).type())) {
                return false;
            }
        }
        return true;
    }

    private static SqlType norm(SqlType t) {
        return t == SqlType.INTEGER ? SqlType.BIGINT : t;
    }

    private static boolean comparable(SqlType a, SqlType b) {
        return norm(a) == norm(b) || (a.isNumeric() && b.isNumeric());
    }

    /** The one group all inputs of a kind with {@link KindSpec#sharedGroup()} carry. */
    private static StreamType shared(Operator op, Map<String, StreamType> in) throws TypeError {
        List<String> ports = op.inputPorts();
        StreamType first = in(in, ports.get(0));
        for (String port : ports.subList(1, ports.size())) {
            StreamType t = in(in, port);
            if (!sameGroup(first, t)) {
                throw new TypeError("'" + ports.get(0) + "' is " + first + " but '" + port + "' is " + t);
            }
        }
        return first;
    }

    private static StreamType in(Map<String, StreamType> in, String port) throws TypeError {
        return require(in.get(port), "input port '" + port + "' is not connected");
    }

    private static RowSchema zset(StreamType t, String port) throws TypeError {
        if (t instanceof StreamType.ZSet z) {
            return z.row();
        }
        throw new TypeError("input '" + port + "' is " + t + ", but a Z-set of rows is needed");
    }

    private static StreamType require(StreamType t, String message) throws TypeError {
        if (t == null) {
            throw new TypeError(message);
        }
        return t;
    }
}
