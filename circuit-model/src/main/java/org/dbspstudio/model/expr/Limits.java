package org.dbspstudio.model.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The sizes values may reach, so that no expression — folded while the circuit is checked, or
 * evaluated on every row — can take unbounded time or memory:
 * <ul>
 * <li>a DECIMAL has at most {@value #DECIMAL_DIGITS} digits before the decimal point (more is an
 *     out-of-range error) and at most {@value #DECIMAL_SCALE} after it (more are rounded half up);
 * <li>a VARCHAR has at most {@value #VARCHAR_CHARS} characters (a longer result is an error);
 * <li>{@code CAST(.. AS DECIMAL(p, s))} and {@code VARCHAR(n)} take at most those sizes.
 * </ul>
 */
public final class Limits {
    /** Digits before the decimal point of a DECIMAL value. */
    public static final int DECIMAL_DIGITS = 1000;
    /** Digits after the decimal point of a DECIMAL value. */
    public static final int DECIMAL_SCALE = 1000;
    /** Characters (UTF-16 code units) of a VARCHAR value. */
    public static final int VARCHAR_CHARS = 10_000_000;

    private Limits() {
    }

    /**
     * Why {@code d} is out of range (too many digits before the point), or null when it is in range.
     * Cheap whatever the exponent: only precision and scale are looked at.
     */
    public static String decimalProblem(BigDecimal d) {
        if (d.signum() == 0) {
            return null;
        }
        long intDigits = (long) d.precision() - d.scale();
        if (intDigits > DECIMAL_DIGITS) {
            return "DECIMAL value out of range: " + (d.precision() <= 20 ? d.toString() : "a number of " + intDigits
                    + " digits") + " has more than " + DECIMAL_DIGITS + " digits before the decimal point";
        }
        return null;
    }

    /**
     * {@code d} within the limits: an error when it has too many digits before the point, rounded
     * (half up) to {@value #DECIMAL_SCALE} places when it has too many after it.
     */
    static BigDecimal decimal(BigDecimal d, String sql, String frag) throws ExprException {
        String p = decimalProblem(d);
        if (p != null) {
            throw new ExprException(p, sql, frag);
        }
        return rounded(d);
    }

    /** {@code d} (in range) with at most {@value #DECIMAL_SCALE} digits after the point. */
    public static BigDecimal rounded(BigDecimal d) {
        if (d.scale() <= DECIMAL_SCALE) {
            return d;
        }
        if (d.signum() == 0 || (long) d.precision() - d.scale() < -DECIMAL_SCALE - 1) {
            return BigDecimal.ZERO; // below half a unit of the last place kept: rounds to zero
        }
        return d.setScale(DECIMAL_SCALE, RoundingMode.HALF_UP);
    }

    /** {@code s} when it is not longer than {@value #VARCHAR_CHARS} characters, else an error. */
    static String varchar(String s, String sql, String frag) throws ExprException {
        if (s.length() > VARCHAR_CHARS) {
            throw tooLong(sql, frag);
        }
        return s;
    }

    static ExprException tooLong(String sql, String frag) {
        return new ExprException("VARCHAR value too long: more than " + VARCHAR_CHARS + " characters", sql, frag);
    }

    /** A short rendering of a decimal for messages (scientific notation, never its billion digits). */
    static String describe(BigDecimal d) {
        String s = d.precision() > 20 ? d.round(new java.math.MathContext(20)).toString() : d.toString();
        return s;
    }

    /** A string cut to 60 characters for messages. */
    static String clip(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
