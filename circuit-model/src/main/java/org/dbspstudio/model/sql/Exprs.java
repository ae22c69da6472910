package org.dbspstudio.model.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimestampString;
import org.dbspstudio.model.types.SqlType;

/**
 * Calcite row expressions ({@link RexNode}) written as the text of the model's expression language
 * ({@code org.dbspstudio.model.expr}); what that language cannot say is refused with the construct
 * named, never approximated.
 */
final class Exprs {
    private static final Pattern SIMPLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final org.apache.calcite.sql.parser.SqlAbstractParserImpl.Metadata KEYWORDS =
            SqlParser.create("").getMetadata();

    /** A construct the model cannot express; the caller adds where it is. */
    static final class Unsupported extends Exception {
        Unsupported(String message) {
            super(message, null, false, false);
        }
    }

    private final RexBuilder rex;
    private final IntFunction<String> column;

    /** @param column the text that reads input field {@code i} */
    Exprs(RexBuilder rex, IntFunction<String> column) {
        this.rex = rex;
        this.column = column;
    }

    /** A name as the expression language reads it: quoted unless a plain identifier that is no keyword. */
    static String ident(String name) {
        if (SIMPLE.matcher(name).matches() && !KEYWORDS.isKeyword(name.toUpperCase(Locale.ROOT))) {
            return name;
        }
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** The model's column type for a Calcite type, or null when the model has none. */
    static SqlType modelType(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case BOOLEAN -> SqlType.BOOLEAN;
            case TINYINT, SMALLINT, INTEGER -> SqlType.INTEGER;
            case BIGINT -> SqlType.BIGINT;
            case DECIMAL -> SqlType.DECIMAL;
            case FLOAT, REAL, DOUBLE -> SqlType.DOUBLE;
            case CHAR, VARCHAR -> SqlType.VARCHAR;
            case DATE -> SqlType.DATE;
            case TIMESTAMP -> SqlType.TIMESTAMP;
            default -> null;
        };
    }

    /** The type as written in a CAST of the model's language. */
    static String typeText(RelDataType t) throws Unsupported {
        SqlType m = modelType(t);
        if (m == null) {
            if (t.getSqlTypeName() == SqlTypeName.NULL) {
                return "INTEGER";
            }
            throw new Unsupported("the type " + t.getFullTypeString().replace(" NOT NULL", "") + " is not supported");
        }
        if (m == SqlType.DECIMAL && t.getPrecision() > 0) {
            return "DECIMAL(" + t.getPrecision() + ", " + Math.max(0, t.getScale()) + ")";
        }
        return m.name();
    }

    String sql(RexNode n) throws Unsupported {
        if (n instanceof RexInputRef ref) {
            return column.apply(ref.getIndex());
        }
        if (n instanceof RexLiteral lit) {
            return literal(lit);
        }
        if (n instanceof RexCall call) {
            return call(call);
        }
        throw new Unsupported("unsupported expression " + n);
    }

    static String literal(RexLiteral lit) throws Unsupported {
        RelDataType t = lit.getType();
        if (lit.isNull()) {
            return "CAST(NULL AS " + typeText(t) + ")";
        }
        switch (t.getSqlTypeName()) {
            case BOOLEAN:
                return Boolean.TRUE.equals(lit.getValueAs(Boolean.class)) ? "TRUE" : "FALSE";
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case DECIMAL: {
                BigDecimal v = lit.getValueAs(BigDecimal.class);
                String s = v.toPlainString();
                if (t.getSqlTypeName() == SqlTypeName.DECIMAL && v.scale() <= 0 && t.getScale() <= 0
                        && v.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) < 0) {
                    s = "CAST(" + s + " AS DECIMAL)";
                } else if (t.getSqlTypeName() == SqlTypeName.DECIMAL && v.scale() <= 0) {
                    s = s + ".0";
                }
                return v.signum() < 0 ? "(" + s + ")" : s;
            }
            case FLOAT:
            case REAL:
            case DOUBLE: {
                Double d = lit.getValueAs(Double.class);
                if (d == null || d.isNaN() || d.isInfinite()) {
                    throw new Unsupported("the floating-point value " + d + " is not supported");
                }
                String s = Double.toString(d);
                if (!s.contains("E")) {
                    s = s + "E0";
                }
                return d < 0 ? "(" + s + ")" : s;
            }
            case CHAR:
            case VARCHAR:
                return quote(lit.getValueAs(NlsString.class).getValue());
            case DATE:
                return "DATE '" + lit.getValueAs(DateString.class) + "'";
            case TIMESTAMP:
                return "TIMESTAMP '" + lit.getValueAs(TimestampString.class) + "'";
            default:
                throw new Unsupported("the literal " + lit + " of type " + t.getSqlTypeName() + " is not supported");
        }
    }

    static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private List<String> args(RexCall call) throws Unsupported {
        List<String> out = new ArrayList<>();
        for (RexNode o : call.getOperands()) {
            out.add(sql(o));
        }
        return out;
    }

    private String infix(RexCall call, String op) throws Unsupported {
        List<String> a = args(call);
        return "(" + String.join(" " + op + " ", a) + ")";
    }

    private String call(RexCall call) throws Unsupported {
        SqlKind k = call.getKind();
        switch (k) {
            case SEARCH:
                return sql(RexUtil.expandSearch(rex, null, call));
            case AND:
                return infix(call, "AND");
            case OR:
                return infix(call, "OR");
            case NOT:
                return "(NOT " + sql(call.operands.get(0)) + ")";
            case EQUALS:
                return infix(call, "=");
            case NOT_EQUALS:
                return infix(call, "<>");
            case LESS_THAN:
                return infix(call, "<");
            case LESS_THAN_OR_EQUAL:
                return infix(call, "<=");
            case GREATER_THAN:
                return infix(call, ">");
            case GREATER_THAN_OR_EQUAL:
                return infix(call, ">=");
            case IS_DISTINCT_FROM:
                return infix(call, "IS DISTINCT FROM");
            case IS_NOT_DISTINCT_FROM:
                return infix(call, "IS NOT DISTINCT FROM");
            case IS_NULL:
                return "(" + sql(call.operands.get(0)) + " IS NULL)";
            case IS_NOT_NULL:
                return "(" + sql(call.operands.get(0)) + " IS NOT NULL)";
            case IS_TRUE:
                return "(" + sql(call.operands.get(0)) + " IS TRUE)";
            case IS_NOT_TRUE:
                return "(" + sql(call.operands.get(0)) + " IS NOT TRUE)";
            case IS_FALSE:
                return "(" + sql(call.operands.get(0)) + " IS FALSE)";
            case IS_NOT_FALSE:
                return "(" + sql(call.operands.get(0)) + " IS NOT FALSE)";
            case PLUS:
                return arithmetic(call, "+");
            case MINUS:
                return arithmetic(call, "-");
            case TIMES:
                return infix(call, "*");
            case DIVIDE: {
                // as in SQLite (and DuckDB's %): a division by zero is NULL, not an error
                List<String> a = args(call);
                return "(" + a.get(0) + " / NULLIF(" + a.get(1) + ", 0))";
            }
            case MOD: {
                List<String> a = args(call);
                return "MOD(" + a.get(0) + ", NULLIF(" + a.get(1) + ", 0))";
            }
            case MINUS_PREFIX:
                return "(- " + sql(call.operands.get(0)) + ")";
            case PLUS_PREFIX:
                return sql(call.operands.get(0));
            case CASE: {
                List<RexNode> o = call.getOperands();
                StringBuilder sb = new StringBuilder("CASE");
                int i = 0;
                for (; i + 1 < o.size(); i += 2) {
                    sb.append(" WHEN ").append(sql(o.get(i))).append(" THEN ").append(sql(o.get(i + 1)));
                }
                if (i < o.size()) {
                    sb.append(" ELSE ").append(sql(o.get(i)));
                }
                return sb.append(" END").toString();
            }
            case CAST:
                return cast(call);
            case LIKE: {
                if (call.getOperator().getName().toUpperCase(Locale.ROOT).contains("ILIKE")
                        || call.getOperator().getName().toUpperCase(Locale.ROOT).contains("SIMILAR")) {
                    throw new Unsupported(call.getOperator().getName() + " is not supported");
                }
                List<String> a = args(call);
                boolean negated = call.getOperator() instanceof org.apache.calcite.sql.fun.SqlLikeOperator lo && lo.isNegated();
                String s = "(" + a.get(0) + (negated ? " NOT LIKE " : " LIKE ") + a.get(1)
                        + (a.size() > 2 ? " ESCAPE " + a.get(2) : "") + ")";
                return s;
            }
            case COALESCE:
                return "COALESCE(" + String.join(", ", args(call)) + ")";
            case NULLIF:
                return "NULLIF(" + String.join(", ", args(call)) + ")";
            case TRIM: {
                RexNode flag = call.operands.get(0);
                SqlTrimFunction.Flag f = ((RexLiteral) flag).getValueAs(SqlTrimFunction.Flag.class);
                return "TRIM(" + f.name() + " " + sql(call.operands.get(1)) + " FROM " + sql(call.operands.get(2)) + ")";
            }
            case EXTRACT: {
                TimeUnitRange unit = ((RexLiteral) call.operands.get(0)).getValueAs(TimeUnitRange.class);
                return "EXTRACT(" + unit.name() + " FROM " + sql(call.operands.get(1)) + ")";
            }
            case POSITION:
                if (call.operands.size() == 3) {
                    return "POSITION(" + sql(call.operands.get(0)) + " IN " + sql(call.operands.get(1))
                            + " FROM " + sql(call.operands.get(2)) + ")";
                }
                return "POSITION(" + sql(call.operands.get(0)) + " IN " + sql(call.operands.get(1)) + ")";
            case FLOOR:
            case CEIL:
                if (call.operands.size() != 1) {
                    throw new Unsupported(k + " of a date or time is not supported");
                }
                return k.name() + "(" + sql(call.operands.get(0)) + ")";
            default:
                break;
        }
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        switch (name) {
            case "||":
                return infix(call, "||");
            case "ABS":
            case "ROUND":
            case "UPPER":
            case "LOWER":
            case "CHAR_LENGTH":
            case "CHARACTER_LENGTH":
                return name + "(" + String.join(", ", args(call)) + ")";
            case "SUBSTRING": {
                List<String> a = args(call);
                return "SUBSTRING(" + a.get(0) + " FROM " + a.get(1) + (a.size() > 2 ? " FOR " + a.get(2) : "") + ")";
            }
            default:
                throw new Unsupported("the function " + call.getOperator().getName() + " is not supported");
        }
    }

    /** {@code +}/{@code -}, also DATE/TIMESTAMP ± an interval literal. */
    private String arithmetic(RexCall call, String op) throws Unsupported {
        RexNode b = call.operands.get(1);
        if (b instanceof RexLiteral lit && SqlTypeName.INTERVAL_TYPES.contains(lit.getType().getSqlTypeName())) {
            return "(" + sql(call.operands.get(0)) + " " + op + " " + interval(lit) + ")";
        }
        if (call.operands.get(0) instanceof RexLiteral lit && SqlTypeName.INTERVAL_TYPES.contains(lit.getType().getSqlTypeName())
                && op.equals("+")) {
            return "(" + sql(b) + " + " + interval(lit) + ")";
        }
        for (RexNode o : call.operands) {
            if (SqlTypeName.INTERVAL_TYPES.contains(o.getType().getSqlTypeName())) {
                throw new Unsupported("interval arithmetic other than DATE/TIMESTAMP ± INTERVAL 'n' unit is not supported");
            }
        }
        return infix(call, op);
    }

    private static String interval(RexLiteral lit) throws Unsupported {
        SqlTypeName t = lit.getType().getSqlTypeName();
        BigDecimal v = lit.getValueAs(BigDecimal.class);
        String unit;
        BigDecimal per;
        switch (t) {
            case INTERVAL_YEAR -> { unit = "YEAR"; per = BigDecimal.valueOf(12); }
            case INTERVAL_MONTH, INTERVAL_YEAR_MONTH -> { unit = "MONTH"; per = BigDecimal.ONE; }
            case INTERVAL_DAY -> { unit = "DAY"; per = BigDecimal.valueOf(86_400_000L); }
            case INTERVAL_HOUR -> { unit = "HOUR"; per = BigDecimal.valueOf(3_600_000L); }
            case INTERVAL_MINUTE -> { unit = "MINUTE"; per = BigDecimal.valueOf(60_000L); }
            case INTERVAL_SECOND -> { unit = "SECOND"; per = BigDecimal.valueOf(1000L); }
            default -> throw new Unsupported("the interval type " + t + " is not supported");
        }
        BigDecimal[] qr = v.divideAndRemainder(per);
        if (qr[1].signum() != 0) {
            throw new Unsupported("an interval of a fraction of a " + unit.toLowerCase(Locale.ROOT) + " is not supported");
        }
        long n = qr[0].longValueExact();
        return "INTERVAL '" + n + "' " + unit;
    }

    private String cast(RexCall call) throws Unsupported {
        RexNode arg = call.operands.get(0);
        RelDataType to = call.getType();
        RelDataType from = arg.getType();
        SqlType target = modelType(to);
        SqlType source = modelType(from);
        if (target == null) {
            throw new Unsupported("CAST to " + to.getSqlTypeName() + " is not supported");
        }
        String inner = sql(arg);
        if (target == source && target != SqlType.DECIMAL) {
            return inner;
        }
        if (target == SqlType.DECIMAL && source == SqlType.DECIMAL && to.getScale() >= from.getScale()
                && to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale()) {
            return inner;
        }
        return "CAST(" + inner + " AS " + typeText(to) + ")";
    }
}
