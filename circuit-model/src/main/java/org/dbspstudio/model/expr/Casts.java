package org.dbspstudio.model.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.Locale;
import org.dbspstudio.model.types.SqlType;

/** Implicit type promotion and explicit CAST between the SQL types, with their runtime conversions. */
final class Casts {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart().appendLiteral(' ').append(DateTimeFormatter.ISO_LOCAL_TIME).optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
            .toFormatter(Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private Casts() {
    }

    /** Parses {@code yyyy-MM-dd[ HH:mm[:ss[.fffffffff]]]} (a {@code T} may separate date and time). */
    static LocalDateTime parseTimestamp(String s) {
        String t = s.trim();
        if (t.length() > 10 && t.charAt(10) == 'T') {
            t = t.substring(0, 10) + ' ' + t.substring(11);
        }
        return LocalDateTime.parse(t, TIMESTAMP);
    }

    /**
     * SQL text of a value, as CAST(v AS VARCHAR) gives it. DECIMALs print without trailing zeros
     * (rows normalize them, so {@code 1.50} and {@code 1.5} are the same value).
     */
    static String format(Object v) {
        if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (v instanceof BigDecimal d) {
            if (d.signum() == 0) {
                return "0";
            }
            BigDecimal n = d.stripTrailingZeros();
            // within the limits the plain form has at most a few thousand characters
            return Limits.decimalProblem(n) == null && n.scale() <= Limits.DECIMAL_SCALE ? n.toPlainString() : n.toString();
        }
        if (v instanceof LocalDateTime ts) {
            String s = ts.toLocalDate() + " " + String.format(Locale.ROOT, "%02d:%02d:%02d",
                    ts.getHour(), ts.getMinute(), ts.getSecond());
            if (ts.getNano() != 0) {
                String f = String.format(Locale.ROOT, "%09d", ts.getNano()).replaceAll("0+$", "");
                s += "." + f;
            }
            return s;
        }
        return String.valueOf(v);
    }

    static int rank(SqlType t) {
        return switch (t) {
            case INTEGER -> 1;
            case BIGINT -> 2;
            case DECIMAL -> 3;
            case DOUBLE -> 4;
            default -> 0;
        };
    }

    /** Whether values of the two types can meet in a comparison, CASE, COALESCE or IN. */
    static boolean compatible(SqlType a, SqlType b) {
        if (a == null || b == null || a == b) {
            return true;
        }
        if (a.isNumeric() && b.isNumeric()) {
            return true;
        }
        return temporal(a) && temporal(b);
    }

    private static boolean temporal(SqlType t) {
        return t == SqlType.DATE || t == SqlType.TIMESTAMP;
    }

    /** The common type of two compatible types (null when both are the NULL literal's). */
    static SqlType unify(SqlType a, SqlType b) {
        if (a == null) {
            return b;
        }
        if (b == null || a == b) {
            return a;
        }
        if (a.isNumeric() && b.isNumeric()) {
            return rank(a) >= rank(b) ? a : b;
        }
        return SqlType.TIMESTAMP;
    }

    /** Converts the values of {@code e} from {@code from} to the wider compatible type {@code to}. */
    static Ev widen(Ev e, SqlType from, SqlType to) {
        if (from == null || from == to || to == null) {
            return e;
        }
        boolean intFrom = from == SqlType.INTEGER || from == SqlType.BIGINT;
        if (intFrom && (to == SqlType.INTEGER || to == SqlType.BIGINT)) {
            return e;
        }
        if (intFrom && to == SqlType.DOUBLE) {
            return (l, r) -> {
                Object v = e.eval(l, r);
                return v == null ? null : (Object) ((Long) v).doubleValue();
            };
        }
        if (intFrom && to == SqlType.DECIMAL) {
            return (l, r) -> {
                Object v = e.eval(l, r);
                return v == null ? null : BigDecimal.valueOf((Long) v);
            };
        }
        if (from == SqlType.DECIMAL && to == SqlType.DOUBLE) {
            return (l, r) -> {
                Object v = e.eval(l, r);
                return v == null ? null : (Object) ((BigDecimal) v).doubleValue();
            };
        }
        if (from == SqlType.DATE && to == SqlType.TIMESTAMP) {
            return (l, r) -> {
                Object v = e.eval(l, r);
                return v == null ? null : ((LocalDate) v).atStartOfDay();
            };
        }
        throw new IllegalArgumentException("cannot widen " + from + " to " + to);
    }

    /** Whether CAST(x AS to) is allowed for x of type {@code from}. */
    static boolean castable(SqlType from, SqlType to) {
        if (from == null || from == to || to == SqlType.VARCHAR || from == SqlType.VARCHAR) {
            return true;
        }
        return switch (to) {
            case INTEGER, BIGINT, DOUBLE, DECIMAL -> from.isNumeric();
            case DATE, TIMESTAMP -> temporal(from);
            default -> false;
        };
    }

    /** A function converting non-null values of type {@code from} to {@code to}. */
    interface Conv {
        Object apply(Object v) throws ExprException;
    }

    /** The conversion of CAST(x AS to(precision, scale)), x of type {@code from}. */
    static Conv conversion(SqlType from, SqlType to, int precision, int scale, String sql, String fragment) {
        Conv base = switch (to) {
            case VARCHAR -> precision > 0
                    ? v -> {
                        String s = format(v);
                        return s.codePointCount(0, s.length()) <= precision ? s : s.substring(0, s.offsetByCodePoints(0, precision));
                    }
                    : Casts::format;
            case BOOLEAN -> v -> {
                if (v instanceof Boolean) {
                    return v;
                }
                String s = ((String) v).trim();
                if (s.equalsIgnoreCase("true")) {
                    return Boolean.TRUE;
                }
                if (s.equalsIgnoreCase("false")) {
                    return Boolean.FALSE;
                }
                throw new ExprException("cannot cast '" + v + "' to BOOLEAN", sql, fragment);
            };
            case INTEGER, BIGINT -> v -> {
                long n = toLong(v, sql, fragment);
                if (to == SqlType.INTEGER && (int) n != n) {
                    throw new ExprException("value " + n + " is out of range for INTEGER", sql, fragment);
                }
                return n;
            };
            case DOUBLE -> v -> toDouble(v, sql, fragment);
            case DECIMAL -> v -> decimal(toDecimal(v, sql, fragment), precision, scale, sql, fragment);
            case DATE -> v -> {
                if (v instanceof LocalDate) {
                    return v;
                }
                if (v instanceof LocalDateTime ts) {
                    return ts.toLocalDate();
                }
                try {
                    return LocalDate.parse(((String) v).trim());
                } catch (DateTimeParseException e) {
                    throw new ExprException("cannot cast '" + v + "' to DATE", sql, fragment);
                }
            };
            case TIMESTAMP -> v -> {
                if (v instanceof LocalDateTime) {
                    return v;
                }
                if (v instanceof LocalDate d) {
                    return d.atStartOfDay();
                }
                try {
                    return parseTimestamp((String) v);
                } catch (DateTimeParseException e) {
                    throw new ExprException("cannot cast '" + v + "' to TIMESTAMP", sql, fragment);
                }
            };
        };
        return base;
    }

    private static long toLong(Object v, String sql, String fragment) throws ExprException {
        if (v instanceof Long n) {
            return n;
        }
        if (v instanceof Double d) {
            if (Double.isNaN(d) || d < -9.223372036854775808E18 || d >= 9.223372036854775808E18) {
                throw new ExprException("value " + d + " is out of range for BIGINT", sql, fragment);
            }
            return (long) (double) d;
        }
        if (v instanceof BigDecimal d) {
            if (Limits.decimalProblem(d) != null) {
                throw new ExprException("value " + Limits.describe(d) + " is out of range for BIGINT", sql, fragment);
            }
            BigDecimal t = d.setScale(0, RoundingMode.DOWN);
            if (t.compareTo(LONG_MIN) < 0 || t.compareTo(LONG_MAX) > 0) {
                throw new ExprException("value " + d.toPlainString() + " is out of range for BIGINT", sql, fragment);
            }
            return t.longValue();
        }
        String s = ((String) v).trim();
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new ExprException("cannot cast '" + v + "' to an integer", sql, fragment);
        }
    }

    private static double toDouble(Object v, String sql, String fragment) throws ExprException {
        if (v instanceof Double d) {
            return d;
        }
        if (v instanceof Long n) {
            return n.doubleValue();
        }
        if (v instanceof BigDecimal d) {
            return d.doubleValue();
        }
        String s = ((String) v).trim();
        try {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "nan" -> Double.NaN;
                case "infinity", "+infinity" -> Double.POSITIVE_INFINITY;
                case "-infinity" -> Double.NEGATIVE_INFINITY;
                default -> {
                    if (!NUMBER.matcher(s).matches()) {
                        throw new NumberFormatException(s);
                    }
                    yield Double.parseDouble(s);
                }
            };
        } catch (NumberFormatException e) {
            throw new ExprException("cannot cast '" + v + "' to DOUBLE", sql, fragment);
        }
    }

    private static BigDecimal toDecimal(Object v, String sql, String fragment) throws ExprException {
        if (v instanceof BigDecimal d) {
            return Limits.decimal(d, sql, fragment);
        }
        if (v instanceof Long n) {
            return BigDecimal.valueOf(n);
        }
        if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                throw new ExprException("cannot cast " + d + " to DECIMAL", sql, fragment);
            }
            return BigDecimal.valueOf(d);
        }
        String s = ((String) v).trim();
        if (s.length() > 2 * (Limits.DECIMAL_DIGITS + Limits.DECIMAL_SCALE)) {
            throw new ExprException("cannot cast a string of " + s.length() + " characters to DECIMAL (at most "
                    + 2 * (Limits.DECIMAL_DIGITS + Limits.DECIMAL_SCALE) + ")", sql, fragment);
        }
        BigDecimal d;
        try {
            d = new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw new ExprException("cannot cast '" + Limits.clip(s) + "' to DECIMAL", sql, fragment);
        }
        return Limits.decimal(d, sql, fragment);
    }

    private static BigDecimal decimal(BigDecimal d, int precision, int scale, String sql, String fragment)
            throws ExprException {
        BigDecimal v = scale >= 0 ? d.setScale(scale, RoundingMode.HALF_UP) : d;
        if (precision > 0) {
            int intDigits = v.precision() - v.scale();
            if (intDigits > precision - Math.max(scale, 0)) {
                throw new ExprException("value " + d.toPlainString() + " is out of range for DECIMAL(" + precision
                        + (scale >= 0 ? ", " + scale : "") + ")", sql, fragment);
            }
        }
        return v;
    }
}
