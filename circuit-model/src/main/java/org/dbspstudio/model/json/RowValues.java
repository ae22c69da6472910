package org.dbspstudio.model.json;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import org.dbspstudio.model.expr.Limits;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;

/**
 * Converts row values as JSON gives them (Long, BigDecimal, String, Boolean, null) into the Java
 * values of a column type (see {@link SqlType}). The reader types scenario rows by the input's
 * schema with it; consumers use it to type {@code expected} rows once they know an output's schema.
 */
public final class RowValues {
    private RowValues() {
    }

    /** The row with each value converted to its column's type. */
    public static Row coerce(Row raw, RowSchema schema) {
        if (raw.size() != schema.size()) {
            throw new IllegalArgumentException("row " + raw + " has " + raw.size() + " values but the schema "
                    + schema + " has " + schema.size() + " columns");
        }
        Object[] out = new Object[raw.size()];
        for (int i = 0; i < out.length; i++) {
            try {
                out[i] = coerce(raw.get(i), schema.column(i).type());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("column " + schema.column(i).name() + ": " + e.getMessage(), e);
            }
        }
        return Row.wrap(out);
    }

    /**
     * One value converted to {@code type}'s Java class; null stays null. Integers convert to
     * DOUBLE and DECIMAL, integral decimals to INTEGER/BIGINT, ISO strings to DATE/TIMESTAMP
     * ({@code 2024-01-31}, {@code 2024-01-31T10:15:30} or with a space), and the strings
     * {@code NaN}, {@code Infinity}, {@code -Infinity} to DOUBLE.
     */
    public static Object coerce(Object v, SqlType type) {
        if (v == null) {
            return null;
        }
        switch (type) {
            case BOOLEAN:
                if (v instanceof Boolean) {
                    return v;
                }
                break;
            case INTEGER:
            case BIGINT:
                if (v instanceof Long || v instanceof Integer) {
                    return ((Number) v).longValue();
                }
                if (v instanceof BigDecimal d) {
                    try {
                        return d.longValueExact();
                    } catch (ArithmeticException e) {
                        throw new IllegalArgumentException("expected " + type + ", got " + show(v)
                                + " (not an integer in range)");
                    }
                }
                break;
            case DOUBLE:
                if (v instanceof Number n) {
                    return n.doubleValue();
                }
                if (v instanceof String s && (s.equals("NaN") || s.equals("Infinity") || s.equals("-Infinity"))) {
                    return Double.parseDouble(s);
                }
                break;
            case DECIMAL:
                if (v instanceof BigDecimal d) {
                    String problem = Limits.decimalProblem(d);
                    if (problem != null) {
                        throw new IllegalArgumentException(problem);
                    }
                    return Limits.rounded(d);
                }
                if (v instanceof Long || v instanceof Integer) {
                    return BigDecimal.valueOf(((Number) v).longValue());
                }
                if (v instanceof Double d && Double.isFinite(d)) {
                    return BigDecimal.valueOf(d);
                }
                break;
            case VARCHAR:
                if (v instanceof String) {
                    return v;
                }
                break;
            case DATE:
                if (v instanceof LocalDate) {
                    return v;
                }
                if (v instanceof String s) {
                    try {
                        return LocalDate.parse(s);
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException("expected a DATE like 2024-01-31, got " + show(v));
                    }
                }
                break;
            case TIMESTAMP:
                if (v instanceof LocalDateTime) {
                    return v;
                }
                if (v instanceof String s) {
                    try {
                        return LocalDateTime.parse(s.length() > 10 && s.charAt(10) == ' '
                                ? s.substring(0, 10) + 'T' + s.substring(11) : s);
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException("expected a TIMESTAMP like 2024-01-31T10:15:30, got " + show(v));
                    }
                }
                break;
            default:
                break;
        }
        throw new IllegalArgumentException("expected " + type + ", got " + show(v));
    }

    private static String show(Object v) {
        String s = v instanceof String str ? "'" + str + "'" : String.valueOf(v);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
