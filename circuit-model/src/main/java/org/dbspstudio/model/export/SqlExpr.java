package org.dbspstudio.model.export;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.dbspstudio.model.expr.Ast;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Expressions;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.types.SqlType;

/**
 * Writes an expression of the circuit's expression language back as SQL text of a dialect:
 * column references resolved against a {@link Scope} (qualified with the row's alias), every
 * operator application parenthesized so precedence never depends on the target's parser.
 */
final class SqlExpr {
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSSSSS]");

    private final Dialect dialect;
    private final Scope scope;
    private final List<String> aliases;

    /**
     * @param scope   the columns the expression sees
     * @param aliases the SQL alias of each side of the scope (index = {@link Scope.Entry#side()});
     *                null entries leave columns unqualified
     */
    SqlExpr(Dialect dialect, Scope scope, List<String> aliases) {
        this.dialect = dialect;
        this.scope = scope;
        this.aliases = aliases;
    }

    /** The SQL text of {@code expr}. */
    String sql(String expr) throws ExprException {
        return write(Expressions.parse(expr));
    }

    private String write(Ast a) throws ExprException {
        if (a instanceof Ast.ColumnRef c) {
            return column(c);
        }
        if (a instanceof Ast.Literal l) {
            return literal(l);
        }
        if (a instanceof Ast.Interval i) {
            return "INTERVAL '" + i.amount() + "' " + i.unit().name().replaceAll("S$", "");
        }
        if (a instanceof Ast.Cast c) {
            return "CAST(" + write(c.operand()) + " AS " + dialect.type(c.target(), c.precision(), c.scale()) + ")";
        }
        if (a instanceof Ast.Case c) {
            StringBuilder sb = new StringBuilder("CASE");
            for (int i = 0; i < c.whens().size(); i++) {
                sb.append(" WHEN ").append(write(c.whens().get(i))).append(" THEN ").append(write(c.thens().get(i)));
            }
            if (c.otherwise() != null) {
                sb.append(" ELSE ").append(write(c.otherwise()));
            }
            return sb.append(" END").toString();
        }
        return call((Ast.Call) a);
    }

    private String column(Ast.ColumnRef c) throws ExprException {
        List<Scope.Entry> found = scope.resolve(c.qualifier(), c.name());
        if (found.size() != 1) {
            throw new ExprException((found.isEmpty() ? "unknown column" : "ambiguous column"), c.text(), c.text());
        }
        Scope.Entry e = found.get(0);
        String alias = e.side() < aliases.size() ? aliases.get(e.side()) : null;
        return (alias == null ? "" : alias + ".") + dialect.id(e.column().name());
    }

    private String literal(Ast.Literal l) {
        Object v = l.value();
        if (v == null) {
            return "NULL";
        }
        if (v instanceof String str) {
            return "'" + str.replace("'", "''") + "'";
        }
        if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (v instanceof LocalDate d) {
            return "DATE '" + d + "'";
        }
        if (v instanceof LocalDateTime t) {
            String text = TS.format(t);
            return "TIMESTAMP '" + (t.getNano() == 0 ? text.substring(0, 19) : text.replaceAll("0+$", "")) + "'";
        }
        if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return "CAST('" + d + "' AS DOUBLE)";
            }
            String text = d.toString();
            return text.contains("E") ? text : text + "E0";
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return v.toString();
    }

    private String args(List<Ast> args, int from) throws ExprException {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < args.size(); i++) {
            if (i > from) {
                sb.append(", ");
            }
            sb.append(write(args.get(i)));
        }
        return sb.toString();
    }

    private String call(Ast.Call c) throws ExprException {
        List<Ast> a = c.args();
        return switch (c.op()) {
            case PLUS, MINUS, TIMES, DIVIDE, EQ, NE, LT, LE, GT, GE, AND, OR, CONCAT,
                    IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM ->
                    "(" + write(a.get(0)) + " " + c.op().symbol() + " " + write(a.get(1)) + ")";
            case MOD -> "MOD(" + args(a, 0) + ")";
            case NEGATE -> "(- " + write(a.get(0)) + ")";
            case NOT -> "(NOT " + write(a.get(0)) + ")";
            case IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE ->
                    "(" + write(a.get(0)) + " " + c.op().symbol() + ")";
            case BETWEEN, NOT_BETWEEN ->
                    "(" + write(a.get(0)) + " " + c.op().symbol() + " " + write(a.get(1)) + " AND " + write(a.get(2)) + ")";
            case IN, NOT_IN -> "(" + write(a.get(0)) + " " + c.op().symbol() + " (" + args(a, 1) + "))";
            case LIKE, NOT_LIKE -> "(" + write(a.get(0)) + " " + c.op().symbol() + " " + write(a.get(1))
                    + (a.size() > 2 ? " ESCAPE " + write(a.get(2)) : "") + ")";
            case COALESCE, NULLIF, ABS, FLOOR, CEIL, ROUND, UPPER, LOWER, CHAR_LENGTH ->
                    c.op().symbol() + "(" + args(a, 0) + ")";
            case SUBSTRING -> "SUBSTRING(" + write(a.get(0)) + " FROM " + write(a.get(1))
                    + (a.size() > 2 ? " FOR " + write(a.get(2)) : "") + ")";
            case TRIM_BOTH, TRIM_LEADING, TRIM_TRAILING -> "TRIM("
                    + c.op().name().substring(5) + " " + write(a.get(0)) + " FROM " + write(a.get(1)) + ")";
            case POSITION -> "POSITION(" + write(a.get(0)) + " IN " + write(a.get(1))
                    + (a.size() > 2 ? " FROM " + write(a.get(2)) : "") + ")";
            case EXTRACT_YEAR, EXTRACT_QUARTER, EXTRACT_MONTH, EXTRACT_DAY, EXTRACT_DOW, EXTRACT_DOY,
                    EXTRACT_HOUR, EXTRACT_MINUTE, EXTRACT_SECOND ->
                    "EXTRACT(" + c.op().name().substring(8) + " FROM " + write(a.get(0)) + ")";
        };
    }

    /** The SQL type of a column type, for casts. */
    static String typeName(Dialect d, SqlType t) {
        return d.type(t, -1, -1).toUpperCase(Locale.ROOT);
    }

    /** Joins SQL fragments with commas. */
    static String commas(List<String> parts) {
        return parts.stream().collect(Collectors.joining(", "));
    }
}
