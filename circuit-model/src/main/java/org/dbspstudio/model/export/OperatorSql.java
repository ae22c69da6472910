package org.dbspstudio.model.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.SortKey;
import org.dbspstudio.model.expr.Ast;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Expressions;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.Typing;

/**
 * The SQL query of one relational operator's view, operator kind by operator kind (see {@link SqlExport}
 * for the mapping); the relations it reads are named by the export ({@link SqlExport#rel}).
 */
final class OperatorSql {
    private final SqlExport x;
    private final Dialect dialect;

    OperatorSql(SqlExport x) {
        this.x = x;
        this.dialect = x.dialect;
    }

    private String in(Circuit c, Operator op, String port) throws ExportException {
        return x.rel(SqlExport.feeding(c, op, port).from());
    }

    private RowSchema inSchema(Circuit c, Operator op, String port) throws ExportException {
        return x.schema(SqlExport.feeding(c, op, port).from());
    }

    /** The query of a relational operator's view ({@code schema} is its output's). */
    String query(Circuit c, Operator op, RowSchema schema) throws ExportException {
        try {
            return switch (op.kind()) {
                case CONSTANT -> constant(op, schema);
                case FILTER -> "SELECT *\nFROM " + in(c, op, "in") + "\nWHERE "
                        + expr(Scope.of(inSchema(c, op, "in")), List.of()).sql(op.params().string("predicate"));
                case MAP -> "SELECT " + projection(op.params().namedExprs("projection"), expr(Scope.of(inSchema(c, op, "in")), List.of()))
                        + "\nFROM " + in(c, op, "in");
                case FLATMAP -> {
                    SqlExpr e = expr(Scope.of(inSchema(c, op, "in")), List.of());
                    List<String> parts = new ArrayList<>();
                    for (List<NamedExpr> p : op.params().namedExprLists("projections")) {
                        parts.add("SELECT " + projection(p, e) + "\nFROM " + in(c, op, "in"));
                    }
                    yield String.join("\nUNION ALL\n", parts);
                }
                case JOIN, PRODUCT, LEFT_JOIN, RIGHT_JOIN, FULL_JOIN -> join(c, op);
                case DISTINCT -> "SELECT DISTINCT *\nFROM " + in(c, op, "in");
                case AGGREGATE -> aggregate(c, op, schema);
                case SEMIJOIN, ANTIJOIN -> {
                    String cond = keys(c, op);
                    yield "SELECT *\nFROM " + in(c, op, "left") + " AS l\nWHERE " + (op.kind() == OpKind.ANTIJOIN ? "NOT " : "")
                            + "EXISTS (SELECT 1 FROM " + in(c, op, "right") + " AS r WHERE " + cond + ")";
                }
                case STREAM_JOIN -> throw new ExportException(op.id(), op.kind().title() + " has no SQL view form: it"
                        + " matches each stream row once, against the table as it is at the row's step, and never revises"
                        + " the match; a view over tables is revised when the table changes (Flink's temporal join"
                        + " FOR SYSTEM_TIME AS OF needs a versioned table and a time attribute, which circuits do not have)");
                case WEIGHTED_SEMIJOIN -> "SELECT l.*\nFROM " + in(c, op, "left") + " AS l\nJOIN " + in(c, op, "right")
                        + " AS r ON " + keys(c, op);
                case UNION -> "SELECT *\nFROM " + in(c, op, "a") + "\nUNION\nSELECT *\nFROM " + in(c, op, "b");
                case PLUS -> {
                    String outer = outerJoin(c, op);
                    yield outer != null ? outer
                            : "SELECT *\nFROM " + in(c, op, "a") + "\nUNION ALL\nSELECT *\nFROM " + in(c, op, "b");
                }
                case DIFFERENCE -> "SELECT DISTINCT *\nFROM (SELECT * FROM " + in(c, op, "a") + " EXCEPT ALL SELECT * FROM "
                        + in(c, op, "b") + ") AS d";
                case TOP_K -> topK(c, op);
                case OVER -> over(c, op);
                case TIME_WINDOW -> timeWindow(c, op);
                case INTERSECT, EXCEPT -> "SELECT *\nFROM " + in(c, op, "a") + "\n" + op.kind().json().toUpperCase(Locale.ROOT)
                        + (op.params().bool("all") ? " ALL" : "") + "\nSELECT *\nFROM " + in(c, op, "b");
                default -> throw new ExportException(op.id(), op.kind().title() + " has no SQL form");
            };
        } catch (ExprException e) {
            throw new ExportException(op.id(), "expression: " + e.getMessage());
        }
    }

    private SqlExpr expr(Scope scope, List<String> aliases) {
        return new SqlExpr(dialect, scope, aliases);
    }

    private String projection(List<NamedExpr> exprs, SqlExpr e) throws ExprException {
        List<String> cols = new ArrayList<>();
        for (NamedExpr n : exprs) {
            cols.add(as(e.sql(n.expr()), n.name()));
        }
        return String.join(", ", cols);
    }

    /** {@code expr AS name}, or just {@code expr} when it is that column already. */
    private String as(String sql, String name) {
        String id = dialect.id(name);
        return sql.equals(id) || sql.endsWith("." + id) && !sql.contains("(") ? sql : sql + " AS " + id;
    }

    private String keys(Circuit c, Operator op) throws ExportException, ExprException {
        SqlExpr l = expr(Scope.of(inSchema(c, op, "left")), List.of("l"));
        SqlExpr r = expr(Scope.of(inSchema(c, op, "right")), List.of("r"));
        List<String> lk = op.params().strings("leftKeys");
        List<String> rk = op.params().strings("rightKeys");
        List<String> conds = new ArrayList<>();
        for (int i = 0; i < lk.size(); i++) {
            conds.add(l.sql(lk.get(i)) + " = " + r.sql(rk.get(i)));
        }
        return String.join(" AND ", conds);
    }

    private String join(Circuit c, Operator op) throws ExportException, ExprException {
        RowSchema ls = inSchema(c, op, "left");
        RowSchema rs = inSchema(c, op, "right");
        String select;
        List<NamedExpr> proj = op.params().namedExprs("projection");
        if (proj != null) {
            select = projection(proj, expr(Scope.join(ls, rs), List.of("l", "r")));
        } else {
            RowSchema out = Typing.defaultJoinSchema(ls, rs);
            List<String> cols = new ArrayList<>();
            for (int i = 0; i < out.size(); i++) {
                boolean left = i < ls.size();
                String src = left ? ls.column(i).name() : rs.column(i - ls.size()).name();
                cols.add((left ? "l." : "r.") + dialect.id(src) + " AS " + dialect.id(out.column(i).name()));
            }
            select = String.join(", ", cols);
        }
        String from = "\nFROM " + in(c, op, "left") + " AS l\n";
        String joinWord = switch (op.kind()) {
            case LEFT_JOIN -> "LEFT JOIN ";
            case RIGHT_JOIN -> "RIGHT JOIN ";
            case FULL_JOIN -> "FULL JOIN ";
            default -> "JOIN ";
        };
        return "SELECT " + select + from + (op.kind() == OpKind.PRODUCT
                ? "CROSS JOIN " + in(c, op, "right") + " AS r"
                : joinWord + in(c, op, "right") + " AS r ON " + keys(c, op));
    }

    /**
     * An outer join as the SQL front end writes it — the inner join of l and r (every column of l,
     * then every column of r) plus the rows of an antijoin of the same sides on the same keys,
     * padded with NULLs — as {@code l LEFT|RIGHT|FULL JOIN r}; null for any other {@code +}. The sum
     * and the outer join are the same bag; Flink's planner handles the outer join but fails on some
     * plans of the sum with the antijoin ("UpdateKindTrait [BEFORE_AND_AFTER] conflicts with
     * ModifyKindSetTrait [I,D]", TPC-H-like views with a LEFT JOIN under GROUP BY).
     */
    private String outerJoin(Circuit c, Operator plus) throws ExportException, ExprException {
        Operator a = source(c, plus, "a");
        Operator b = source(c, plus, "b");
        Operator join = null;
        boolean left = false;
        boolean right = false;
        if (a.kind() == OpKind.JOIN) {
            join = a;
        } else if (a.kind() == OpKind.PLUS && source(c, a, "a").kind() == OpKind.JOIN) {
            join = source(c, a, "a");
            if (!isPad(c, join, source(c, a, "b"), true)) {
                return null;
            }
            left = true;
        }
        if (join == null || !plainJoin(c, join)) {
            return null;
        }
        if (isPad(c, join, b, true) && !left) {
            left = true;
        } else if (isPad(c, join, b, false)) {
            right = true;
        } else {
            return null;
        }
        String word = left && right ? "FULL JOIN " : left ? "LEFT JOIN " : "RIGHT JOIN ";
        return "SELECT " + projection(join.params().namedExprs("projection"),
                expr(Scope.join(inSchema(c, join, "left"), inSchema(c, join, "right")), List.of("l", "r")))
                + "\nFROM " + in(c, join, "left") + " AS l\n" + word + in(c, join, "right") + " AS r ON " + keys(c, join);
    }

    private Operator source(Circuit c, Operator op, String port) throws ExportException {
        return c.op(SqlExport.feeding(c, op, port).from().op());
    }

    /** A join whose projection is every column of the left side, then every column of the right side, in order. */
    private boolean plainJoin(Circuit c, Operator join) throws ExportException, ExprException {
        List<NamedExpr> proj = join.params().namedExprs("projection");
        RowSchema ls = inSchema(c, join, "left");
        RowSchema rs = inSchema(c, join, "right");
        if (proj == null || proj.size() != ls.size() + rs.size()) {
            return false;
        }
        Scope scope = Scope.join(ls, rs);
        for (int i = 0; i < proj.size(); i++) {
            Scope.Entry e = columnRef(scope, proj.get(i).expr());
            boolean l = i < ls.size();
            if (e == null || e.side() != (l ? 0 : 1) || e.index() != (l ? i : i - ls.size())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code pad} is the map that pads the unmatched rows of the join's left ({@code leftSide})
     * or right side with NULLs: an antijoin of that side against the other on the join's keys, its
     * columns in their place and a NULL in every column of the other side, named as the join's.
     */
    private boolean isPad(Circuit c, Operator join, Operator pad, boolean leftSide) throws ExportException, ExprException {
        if (pad.kind() != OpKind.MAP || source(c, pad, "in").kind() != OpKind.ANTIJOIN) {
            return false;
        }
        Operator anti = source(c, pad, "in");
        PortRef side = SqlExport.feeding(c, join, leftSide ? "left" : "right").from();
        PortRef other = SqlExport.feeding(c, join, leftSide ? "right" : "left").from();
        List<String> sideKeys = join.params().strings(leftSide ? "leftKeys" : "rightKeys");
        List<String> otherKeys = join.params().strings(leftSide ? "rightKeys" : "leftKeys");
        if (!SqlExport.feeding(c, anti, "left").from().equals(side) || !SqlExport.feeding(c, anti, "right").from().equals(other)
                || !anti.params().strings("leftKeys").equals(sideKeys) || !anti.params().strings("rightKeys").equals(otherKeys)) {
            return false;
        }
        RowSchema out = x.schema(new PortRef(join.id(), "out"));
        int nl = inSchema(c, join, "left").size();
        int ns = leftSide ? nl : out.size() - nl;
        List<NamedExpr> proj = pad.params().namedExprs("projection");
        if (proj == null || proj.size() != out.size()) {
            return false;
        }
        Scope scope = Scope.of(inSchema(c, anti, "left"));
        for (int i = 0; i < proj.size(); i++) {
            if (!proj.get(i).name().equalsIgnoreCase(out.column(i).name())) {
                return false;
            }
            int k = leftSide ? i : i - nl;
            if (k >= 0 && k < ns) {
                Scope.Entry e = columnRef(scope, proj.get(i).expr());
                if (e == null || e.index() != k) {
                    return false;
                }
            } else if (!(Expressions.parse(proj.get(i).expr()) instanceof Ast.Cast cast
                    && cast.operand() instanceof Ast.Literal lit && lit.value() == null)) {
                return false;
            }
        }
        return true;
    }

    /** The column an expression is, when it is a plain column reference. */
    private static Scope.Entry columnRef(Scope scope, String expr) throws ExprException {
        if (Expressions.parse(expr) instanceof Ast.ColumnRef ref) {
            List<Scope.Entry> found = scope.resolve(ref.qualifier(), ref.name());
            return found.size() == 1 ? found.get(0) : null;
        }
        return null;
    }

    /**
     * The top-N pattern both engines recognize: a rank function over the partition in a subquery,
     * filtered by {@code <= k}. ROW_NUMBER's order is completed by every column (NULLs first), the
     * engine's deterministic tie-break, so the same copies are kept.
     */
    private String topK(Circuit c, Operator op) throws ExportException, ExprException {
        RowSchema row = inSchema(c, op, "in");
        SqlExpr e = expr(Scope.of(row), List.of());
        SortKey.Rank rank = SortKey.Rank.fromJson(op.params().string("rank"));
        List<String> order = new ArrayList<>();
        for (SortKey k : SortKey.parseAll(op.params().strings("orderBy"))) {
            order.add(k.sql(e.sql(k.expr())));
        }
        if (rank == SortKey.Rank.ROW_NUMBER) {
            for (Column col : row.columns()) {
                order.add(dialect.id(col.name()) + " ASC NULLS FIRST");
            }
        }
        List<String> part = new ArrayList<>();
        for (String p : op.params().strings("partitionBy")) {
            part.add(e.sql(p));
        }
        String rankId = dialect.id("dbsp_rank");
        List<String> cols = new ArrayList<>();
        for (Column col : row.columns()) {
            if (col.name().equalsIgnoreCase("dbsp_rank")) {
                throw new ExportException(op.id(), "the input has a column named dbsp_rank, which the export's rank takes");
            }
            cols.add(dialect.id(col.name()));
        }
        String rankCol = op.params().string("rankColumn");
        if (rankCol != null && !rankCol.isBlank()) {
            cols.add(rankId + " AS " + dialect.id(rankCol));
        }
        return "SELECT " + String.join(", ", cols) + "\nFROM (SELECT *, " + rank.name() + "() OVER ("
                + (part.isEmpty() ? "" : "PARTITION BY " + String.join(", ", part) + " ")
                + "ORDER BY " + String.join(", ", order) + ") AS " + rankId + "\nFROM " + in(c, op, "in") + ") AS t"
                + "\nWHERE " + rankId + " <= " + op.params().integer("k");
    }

    /**
     * {@code SELECT *, agg OVER (PARTITION BY … ORDER BY … frame) AS name … FROM in}. A ROWS frame orders
     * peers by the whole row, column by column, as the engine does, so the positions are the same.
     */
    private String over(Circuit c, Operator op) throws ExportException, ExprException {
        RowSchema row = inSchema(c, op, "in");
        SqlExpr e = expr(Scope.of(row), List.of());
        boolean rows = "rows".equals(op.params().string("frame"));
        List<String> order = new ArrayList<>();
        for (SortKey k : SortKey.parseAll(op.params().strings("orderBy"))) {
            order.add(k.sql(e.sql(k.expr())));
        }
        if (rows) {
            for (Column col : row.columns()) {
                order.add(dialect.id(col.name()) + " ASC NULLS FIRST");
            }
        }
        List<String> part = new ArrayList<>();
        for (String p : op.params().strings("partitionBy")) {
            part.add(e.sql(p));
        }
        Object preceding = op.params().get("preceding");
        String window = (part.isEmpty() ? "" : "PARTITION BY " + String.join(", ", part))
                + (order.isEmpty() ? "" : (part.isEmpty() ? "" : " ") + "ORDER BY " + String.join(", ", order)
                + (rows ? " ROWS" : " RANGE") + " BETWEEN " + (preceding == null ? "UNBOUNDED" : preceding)
                + " PRECEDING AND CURRENT ROW");
        List<String> cols = new ArrayList<>();
        for (Column col : row.columns()) {
            cols.add(dialect.id(col.name()));
        }
        for (AggCall a : op.params().aggregates("aggregates")) {
            cols.add(a.function().sqlName() + "(" + (a.expr() == null ? "*" : e.sql(a.expr())) + ") OVER (" + window
                    + ") AS " + dialect.id(a.name()));
        }
        return "SELECT " + String.join(", ", cols) + "\nFROM " + in(c, op, "in");
    }

    /**
     * Tumbling and hopping windows as plain SQL over an integer time t: the last window start is
     * {@code t − MOD(MOD(t, slide) + slide, slide)} (floor division, negative times included), and the
     * copy for the j-th earlier window is kept while it still contains t. (Flink's TUMBLE/HOP table
     * functions need a TIMESTAMP time attribute, so they are not used.)
     */
    private String timeWindow(Circuit c, Operator op) throws ExportException, ExprException {
        SqlExpr e = expr(Scope.of(inSchema(c, op, "in")), List.of());
        String t = "CAST(" + e.sql(op.params().string("timestamp")) + " AS BIGINT)";
        long size = op.params().integer("size");
        long slide = op.params().get("slide") == null ? size : op.params().integer("slide");
        String last = t + " - MOD(MOD(" + t + ", " + slide + ") + " + slide + ", " + slide + ")";
        List<String> parts = new ArrayList<>();
        for (long j = 0; j * slide < size; j++) {
            String start = "(" + last + (j == 0 ? "" : " - " + j * slide) + ")";
            parts.add("SELECT *, " + start + " AS " + dialect.id("window_start") + ", " + start + " + " + size + " AS "
                    + dialect.id("window_end") + "\nFROM " + in(c, op, "in") + "\nWHERE " + start + " > " + t + " - " + size);
        }
        return String.join("\nUNION ALL\n", parts);
    }

    private String aggregate(Circuit c, Operator op, RowSchema schema) throws ExportException, ExprException {
        StreamType inType = x.types.typeOf(SqlExport.feeding(c, op, "in").from());
        RowSchema row = x.rows(op, inType, "the aggregate's input");
        Scope scope = Scope.of(row);
        SqlExpr e = expr(scope, List.of());
        List<NamedExpr> groupBy = op.params().namedExprs("groupBy");
        List<String> select = new ArrayList<>();
        List<String> group = new ArrayList<>();
        if (groupBy != null) {
            for (NamedExpr g : groupBy) {
                select.add(as(e.sql(g.expr()), g.name()));
                group.add(e.sql(g.expr()));
            }
        }
        List<AggCall> aggs = op.params().aggregates("aggregates");
        for (AggCall a : aggs) {
            select.add(aggCall(a, e, scope) + " AS " + dialect.id(a.name()));
        }
        String from = "\nFROM " + in(c, op, "in");
        if (!group.isEmpty()) {
            return "SELECT " + String.join(", ", select) + from + "\nGROUP BY " + String.join(", ", group);
        }
        if (dialect != Dialect.FLINK) {
            return "SELECT " + String.join(", ", select) + from;
        }
        // Flink's streaming aggregate without GROUP BY emits nothing for an empty input; SQL (and the
        // engine) give one row (COUNT 0, other aggregates NULL). A left join from a one-row VALUES keeps it.
        String key = dialect.id("dbsp_one");
        List<String> outer = new ArrayList<>();
        for (AggCall a : aggs) {
            String col = "g." + dialect.id(a.name());
            outer.add((a.function() == AggFunction.COUNT || a.function() == AggFunction.COUNT_DISTINCT ? "COALESCE(" + col + ", 0)" : col) + " AS " + dialect.id(a.name()));
        }
        return "SELECT " + String.join(", ", outer) + "\nFROM (VALUES (1)) AS u(" + key + ")\nLEFT JOIN (SELECT 1 AS " + key + ", "
                + String.join(", ", select) + from + ") AS g ON u." + key + " = g." + key;
    }

    private String aggCall(AggCall a, SqlExpr e, Scope scope) throws ExprException {
        if (a.expr() == null) {
            return a.function().sqlName() + "(*)";
        }
        String arg = e.sql(a.expr());
        SqlType t = Expressions.check(a.expr(), scope).type().type();
        if (a.function() == AggFunction.SUM && t == SqlType.INTEGER) {
            arg = "CAST(" + arg + " AS BIGINT)";
        } else if (a.function() == AggFunction.AVG && t != SqlType.DECIMAL && t != SqlType.DOUBLE) {
            arg = "CAST(" + arg + " AS DOUBLE)";
        }
        return a.function().sqlName() + "(" + (a.function() == AggFunction.COUNT_DISTINCT ? "DISTINCT " : "") + arg + ")";
    }

    private String constant(Operator op, RowSchema schema) throws ExportException {
        List<String> cols = schema.columns().stream().map(col -> dialect.id(col.name())).toList();
        List<String> rows = new ArrayList<>();
        for (Change ch : op.params().changes("rows")) {
            if (ch.weight() < 0) {
                throw new ExportException(op.id(), "a constant with a negative weight has no SQL form");
            }
            List<String> vals = new ArrayList<>();
            for (int i = 0; i < schema.size(); i++) {
                vals.add(value(ch.row().get(i), schema.column(i)));
            }
            for (long w = 0; w < ch.weight(); w++) {
                rows.add("(" + String.join(", ", vals) + ")");
            }
        }
        if (rows.isEmpty()) {
            List<String> nulls = new ArrayList<>();
            for (Column col : schema.columns()) {
                nulls.add("CAST(NULL AS " + dialect.type(col.type(), -1, -1) + ") AS " + dialect.id(col.name()));
            }
            return "SELECT " + String.join(", ", nulls) + "\nFROM (VALUES (1)) AS e(" + dialect.id("dbsp_one") + ")\nWHERE FALSE";
        }
        return "SELECT *\nFROM (VALUES " + String.join(", ", rows) + ") AS v(" + String.join(", ", cols) + ")";
    }

    /** A row value as a typed SQL literal. */
    static String literal(Dialect d, Object v, SqlType t) {
        String type = d.type(t, -1, -1);
        if (v == null) {
            return "CAST(NULL AS " + type + ")";
        }
        String text;
        if (v instanceof String s) {
            text = "'" + s.replace("'", "''") + "'";
        } else if (v instanceof java.math.BigDecimal b) {
            text = b.toPlainString();
        } else if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        } else if (v instanceof Double x) {
            text = x.isNaN() || x.isInfinite() ? "'" + x + "'" : x.toString().contains("E") ? x.toString() : x + "E0";
        } else if (v instanceof java.time.LocalDateTime ts) {
            text = "'" + ts.toString().replace('T', ' ') + "'";
        } else {
            text = v instanceof java.time.LocalDate ? "'" + v + "'" : v.toString();
        }
        return "CAST(" + text + " AS " + type + ")";
    }

    private String value(Object v, Column col) {
        return literal(dialect, v, col.type());
    }
}
