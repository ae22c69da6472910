package org.dbspstudio.model.expr;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.util.NlsString;
import org.dbspstudio.model.types.SqlType;

/** Parses SQL expression text with Calcite's parser and converts the parse tree into an {@link Ast}. */
public final class AstBuilder {
    private final String sql;
    private final int[] lineStarts;

    private AstBuilder(String sql) {
        this.sql = sql;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < sql.length(); i++) {
            if (sql.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Parses {@code sql} into the project's expression tree (no type checking). */
    public static Ast parse(String sql) throws ExprException {
        if (sql == null || sql.isBlank()) {
            throw new ExprException("empty expression", sql, sql);
        }
        AstBuilder b = new AstBuilder(sql);
        SqlParser parser = SqlParser.create(sql, SqlParser.config()
                .withCaseSensitive(false)
                .withUnquotedCasing(Casing.UNCHANGED)
                .withQuotedCasing(Casing.UNCHANGED)
                .withConformance(SqlConformanceEnum.LENIENT));
        SqlNode node;
        try {
            node = parser.parseExpression();
        } catch (SqlParseException e) {
            String msg = e.getMessage() == null ? "syntax error" : e.getMessage().split("\n", 2)[0].trim();
            SqlParserPos p = e.getPos();
            String fragment = p == null ? sql : b.from(p);
            throw new ExprException("syntax error: " + msg, sql, fragment);
        } catch (RuntimeException e) {
            throw new ExprException("syntax error: " + e.getMessage(), sql, sql);
        }
        return b.build(node);
    }

    /** The text from the start of {@code p} to the end of the expression (for parse errors). */
    private String from(SqlParserPos p) {
        int start = offset(p.getLineNum(), p.getColumnNum());
        return start < 0 || start >= sql.length() ? sql : sql.substring(start).trim();
    }

    private int offset(int line, int column) {
        if (line < 1 || line > lineStarts.length || column < 1) {
            return -1;
        }
        return Math.min(lineStarts[line - 1] + column - 1, sql.length());
    }

    private String text(SqlNode n) {
        SqlParserPos p = n.getParserPosition();
        int start = offset(p.getLineNum(), p.getColumnNum());
        int end = offset(p.getEndLineNum(), p.getEndColumnNum());
        if (start < 0 || end < start) {
            return n.toString();
        }
        return sql.substring(start, Math.min(end + 1, sql.length()));
    }

    private ExprException unsupported(SqlNode n) {
        return new ExprException("unsupported: " + text(n), sql, text(n));
    }

    private Ast build(SqlNode n) throws ExprException {
        if (n instanceof SqlIdentifier id) {
            if (id.isStar() || id.names.size() > 2) {
                throw unsupported(n);
            }
            return id.names.size() == 1
                    ? new Ast.ColumnRef(null, id.names.get(0), text(n))
                    : new Ast.ColumnRef(id.names.get(0), id.names.get(1), text(n));
        }
        if (n instanceof SqlLiteral lit) {
            return literal(lit);
        }
        if (n instanceof SqlCase c) {
            return caseExpr(c);
        }
        if (n instanceof SqlBasicCall call) {
            return call(call);
        }
        throw unsupported(n);
    }

    private Ast literal(SqlLiteral lit) throws ExprException {
        String t = text(lit);
        if (lit instanceof SqlNumericLiteral num) {
            BigDecimal v = num.getValueAs(BigDecimal.class);
            if (!num.isExact()) {
                return new Ast.Literal(v.doubleValue(), SqlType.DOUBLE, t);
            }
            String problem = Limits.decimalProblem(v);
            if (problem != null) {
                throw new ExprException(problem, sql, t);
            }
            v = Limits.rounded(v);
            if (v.scale() <= 0) {
                try {
                    return new Ast.Literal(v.longValueExact(), SqlType.BIGINT, t);
                } catch (ArithmeticException e) {
                    return new Ast.Literal(v, SqlType.DECIMAL, t);
                }
            }
            return new Ast.Literal(v, SqlType.DECIMAL, t);
        }
        if (lit instanceof SqlCharStringLiteral s) {
            return new Ast.Literal(s.getValueAs(NlsString.class).getValue(), SqlType.VARCHAR, t);
        }
        if (lit instanceof SqlIntervalLiteral iv) {
            return interval(iv);
        }
        if (lit instanceof SqlUnknownLiteral u) {
            String v = u.getValue() == null ? "" : u.getValue().toString().trim();
            try {
                switch (u.tag.toUpperCase(Locale.ROOT)) {
                    case "DATE":
                        return new Ast.Literal(LocalDate.parse(v), SqlType.DATE, t);
                    case "TIMESTAMP":
                        return new Ast.Literal(Casts.parseTimestamp(v), SqlType.TIMESTAMP, t);
                    default:
                        throw unsupported(lit);
                }
            } catch (DateTimeParseException e) {
                throw new ExprException("invalid " + u.tag + " literal '" + v + "'", sql, t);
            }
        }
        SqlTypeName tn = lit.getTypeName();
        if (tn == SqlTypeName.NULL) {
            return new Ast.Literal(null, null, t);
        }
        if (tn == SqlTypeName.BOOLEAN) {
            Boolean b = lit.getValueAs(Boolean.class);
            return new Ast.Literal(b, b == null ? null : SqlType.BOOLEAN, t);
        }
        throw unsupported(lit);
    }

    private Ast interval(SqlIntervalLiteral lit) throws ExprException {
        SqlIntervalLiteral.IntervalValue v = lit.getValueAs(SqlIntervalLiteral.IntervalValue.class);
        ChronoUnit unit = switch (v.getIntervalQualifier().timeUnitRange) {
            case YEAR -> ChronoUnit.YEARS;
            case MONTH -> ChronoUnit.MONTHS;
            case WEEK -> ChronoUnit.WEEKS;
            case DAY -> ChronoUnit.DAYS;
            case HOUR -> ChronoUnit.HOURS;
            case MINUTE -> ChronoUnit.MINUTES;
            case SECOND -> ChronoUnit.SECONDS;
            default -> null;
        };
        if (unit == null) {
            throw unsupported(lit);
        }
        try {
            String s = v.getIntervalLiteral().trim();
            long n = Long.parseLong(s.startsWith("+") ? s.substring(1) : s);
            return new Ast.Interval(v.getSign() < 0 ? -n : n, unit, text(lit));
        } catch (NumberFormatException e) {
            throw new ExprException("invalid interval '" + v.getIntervalLiteral() + "': a whole number is needed",
                    sql, text(lit));
        }
    }

    private Ast caseExpr(SqlCase c) throws ExprException {
        List<Ast> whens = new ArrayList<>();
        List<Ast> thens = new ArrayList<>();
        SqlNode value = c.getValueOperand();
        Ast v = value == null ? null : build(value);
        for (SqlNode w : c.getWhenOperands()) {
            Ast when = build(w);
            if (w instanceof SqlBasicCall eq && eq.getKind() == SqlKind.EQUALS
                    && eq.getParserPosition().equals(c.getParserPosition()) && when instanceof Ast.Call call) {
                // simple CASE: Calcite rewrote "CASE v WHEN w" to "v = w" positioned at the whole CASE
                when = new Ast.Call(Op.EQ, call.args(), text(eq.operand(1)));
            }
            whens.add(v == null ? when : new Ast.Call(Op.EQ, List.of(v, when), text(w)));
        }
        for (SqlNode th : c.getThenOperands()) {
            thens.add(build(th));
        }
        SqlNode e = c.getElseOperand();
        Ast otherwise = e == null ? null : build(e);
        return new Ast.Case(whens, thens, otherwise, text(c));
    }

    private List<Ast> args(SqlCall call) throws ExprException {
        List<Ast> out = new ArrayList<>();
        for (SqlNode o : call.getOperandList()) {
            out.add(build(o));
        }
        return out;
    }

    private Ast call(SqlBasicCall call) throws ExprException {
        String t = text(call);
        if (call.getFunctionQuantifier() != null) {
            throw unsupported(call);
        }
        Op op = switch (call.getKind()) {
            case PLUS -> Op.PLUS;
            case MINUS -> Op.MINUS;
            case TIMES -> Op.TIMES;
            case DIVIDE -> Op.DIVIDE;
            case MOD -> Op.MOD;
            case MINUS_PREFIX -> Op.NEGATE;
            case EQUALS -> Op.EQ;
            case IS_DISTINCT_FROM -> Op.IS_DISTINCT_FROM;
            case IS_NOT_DISTINCT_FROM -> Op.IS_NOT_DISTINCT_FROM;
            case NOT_EQUALS -> Op.NE;
            case LESS_THAN -> Op.LT;
            case LESS_THAN_OR_EQUAL -> Op.LE;
            case GREATER_THAN -> Op.GT;
            case GREATER_THAN_OR_EQUAL -> Op.GE;
            case AND -> Op.AND;
            case OR -> Op.OR;
            case NOT -> Op.NOT;
            case IS_NULL -> Op.IS_NULL;
            case IS_NOT_NULL -> Op.IS_NOT_NULL;
            case IS_TRUE -> Op.IS_TRUE;
            case IS_NOT_TRUE -> Op.IS_NOT_TRUE;
            case IS_FALSE -> Op.IS_FALSE;
            case IS_NOT_FALSE -> Op.IS_NOT_FALSE;
            default -> null;
        };
        switch (call.getKind()) {
            case PLUS_PREFIX:
                return build(call.operand(0));
            case CAST:
                return cast(call);
            case BETWEEN:
                return between(call);
            case IN:
            case NOT_IN:
                return in(call);
            case LIKE:
                return like(call);
            case TRIM:
                return trim(call);
            case EXTRACT:
                return extract(call);
            case POSITION:
                return new Ast.Call(Op.POSITION, args(call), t);
            case FLOOR:
            case CEIL:
                if (call.operandCount() != 1) {
                    throw unsupported(call);
                }
                return new Ast.Call(call.getKind() == SqlKind.FLOOR ? Op.FLOOR : Op.CEIL,
                        args(call), t);
            case LITERAL_CHAIN:
                StringBuilder sb = new StringBuilder();
                for (SqlNode o : call.getOperandList()) {
                    if (!(o instanceof SqlCharStringLiteral s)) {
                        throw unsupported(call);
                    }
                    sb.append(s.getValueAs(NlsString.class).getValue());
                }
                return new Ast.Literal(sb.toString(), SqlType.VARCHAR, t);
            default:
                break;
        }
        if (op != null) {
            return new Ast.Call(op, args(call), t);
        }
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        Op fn = switch (name) {
            case "||" -> Op.CONCAT;
            case "COALESCE" -> Op.COALESCE;
            case "NULLIF" -> Op.NULLIF;
            case "ABS" -> Op.ABS;
            case "MOD" -> Op.MOD;
            case "ROUND" -> Op.ROUND;
            case "FLOOR" -> Op.FLOOR;
            case "CEIL", "CEILING" -> Op.CEIL;
            case "UPPER" -> Op.UPPER;
            case "LOWER" -> Op.LOWER;
            case "CHAR_LENGTH", "CHARACTER_LENGTH" -> Op.CHAR_LENGTH;
            case "SUBSTRING" -> Op.SUBSTRING;
            default -> null;
        };
        if (fn == null) {
            throw unsupported(call);
        }
        return new Ast.Call(fn, args(call), t);
    }

    private Ast cast(SqlBasicCall call) throws ExprException {
        SqlNode spec = call.operand(1);
        if (!(spec instanceof SqlDataTypeSpec ds) || !(ds.getTypeNameSpec() instanceof SqlBasicTypeNameSpec bs)) {
            throw unsupported(spec);
        }
        String tn = ds.getTypeName().getSimple().toUpperCase(Locale.ROOT);
        SqlType target = switch (tn) {
            case "BOOLEAN" -> SqlType.BOOLEAN;
            case "INTEGER", "INT", "SMALLINT", "TINYINT" -> SqlType.INTEGER;
            case "BIGINT" -> SqlType.BIGINT;
            case "DOUBLE", "FLOAT", "REAL" -> SqlType.DOUBLE;
            case "DECIMAL", "NUMERIC", "DEC" -> SqlType.DECIMAL;
            case "VARCHAR", "CHAR", "CHARACTER" -> SqlType.VARCHAR;
            case "DATE" -> SqlType.DATE;
            case "TIMESTAMP" -> SqlType.TIMESTAMP;
            default -> null;
        };
        if (target == null) {
            throw unsupported(spec);
        }
        int precision = bs.getPrecision() < 0 ? -1 : bs.getPrecision();
        int scale = bs.getScale() == Integer.MIN_VALUE ? -1 : bs.getScale();
        return new Ast.Cast(build(call.operand(0)), target, precision, scale, text(call));
    }

    private Ast between(SqlBasicCall call) throws ExprException {
        SqlBetweenOperator op = (SqlBetweenOperator) call.getOperator();
        if (op.flag == SqlBetweenOperator.Flag.SYMMETRIC) {
            throw unsupported(call);
        }
        return new Ast.Call(op.isNegated() ? Op.NOT_BETWEEN : Op.BETWEEN, args(call), text(call));
    }

    private Ast in(SqlBasicCall call) throws ExprException {
        if (!(call.operand(1) instanceof SqlNodeList list)) {
            throw unsupported(call);
        }
        List<Ast> a = new ArrayList<>();
        a.add(build(call.operand(0)));
        for (SqlNode n : list) {
            a.add(build(n));
        }
        return new Ast.Call(call.getKind() == SqlKind.IN ? Op.IN : Op.NOT_IN, a, text(call));
    }

    private Ast like(SqlBasicCall call) throws ExprException {
        if (!(call.getOperator() instanceof SqlLikeOperator op)) {
            throw unsupported(call);
        }
        return new Ast.Call(op.isNegated() ? Op.NOT_LIKE : Op.LIKE, args(call), text(call));
    }

    private Ast trim(SqlBasicCall call) throws ExprException {
        if (call.operandCount() != 3 || !(call.operand(0) instanceof SqlLiteral flag)) {
            throw unsupported(call);
        }
        SqlTrimFunction.Flag f = flag.getValueAs(SqlTrimFunction.Flag.class);
        Op op = switch (f) {
            case BOTH -> Op.TRIM_BOTH;
            case LEADING -> Op.TRIM_LEADING;
            case TRAILING -> Op.TRIM_TRAILING;
        };
        return new Ast.Call(op, List.of(build(call.operand(1)), build(call.operand(2))), text(call));
    }

    private Ast extract(SqlBasicCall call) throws ExprException {
        if (!(call.operand(0) instanceof SqlIntervalQualifier q)) {
            throw unsupported(call);
        }
        Op op = switch (q.timeUnitRange) {
            case YEAR -> Op.EXTRACT_YEAR;
            case QUARTER -> Op.EXTRACT_QUARTER;
            case MONTH -> Op.EXTRACT_MONTH;
            case DAY -> Op.EXTRACT_DAY;
            case DOW -> Op.EXTRACT_DOW;
            case DOY -> Op.EXTRACT_DOY;
            case HOUR -> Op.EXTRACT_HOUR;
            case MINUTE -> Op.EXTRACT_MINUTE;
            case SECOND -> Op.EXTRACT_SECOND;
            default -> null;
        };
        if (op == null) {
            throw unsupported(call);
        }
        return new Ast.Call(op, List.of(build(call.operand(1))), text(call));
    }
}
