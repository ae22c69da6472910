package org.dbspstudio.model.expr;

import java.time.LocalDate;
import java.time.DateTimeException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.function.ToLongFunction;
import org.dbspstudio.model.types.SqlType;

/** Date functions: EXTRACT(unit FROM d) and DATE ± integer days. */
final class Temporal {
    private Temporal() {
    }

    /** {@code DATE + n}, {@code n + DATE} and {@code DATE - n}: n whole days. */
    static Typed dateArith(Binder b, Op op, Typed x, Typed y, Ast at) throws ExprException {
        Typed date;
        Typed days;
        if (x.type() == SqlType.DATE && y.isInteger()) {
            date = x;
            days = y;
        } else if (op == Op.PLUS && y.type() == SqlType.DATE && x.isInteger()) {
            date = y;
            days = x;
        } else {
            throw b.err("cannot apply " + op.symbol() + " to " + x.typeName() + " and " + y.typeName(), at);
        }
        Ev d = date.ev();
        Ev n = days.ev();
        boolean minus = op == Op.MINUS;
        String sql = b.sql();
        String frag = at.text();
        return new Typed(SqlType.DATE, date.nullable() || days.nullable(), (l, r) -> {
            Object dv = d.eval(l, r);
            if (dv == null) {
                return null;
            }
            Object nv = n.eval(l, r);
            if (nv == null) {
                return null;
            }
            long k = (Long) nv;
            try {
                return minus ? ((LocalDate) dv).minusDays(k) : ((LocalDate) dv).plusDays(k);
            } catch (java.time.DateTimeException | ArithmeticException e) {
                throw new ExprException("date out of range", sql, frag);
            }
        }, at);
    }

    /** {@code t ± INTERVAL 'n' unit} for a DATE (a DATE for YEAR/MONTH/WEEK/DAY) or a TIMESTAMP. */
    static Typed plusInterval(Binder b, boolean minus, Typed t, Ast.Interval iv, Ast at) throws ExprException {
        if (t.type() != SqlType.DATE && t.type() != SqlType.TIMESTAMP) {
            throw b.err("cannot apply " + (minus ? "-" : "+") + " to " + t.typeName() + " and INTERVAL", at);
        }
        ChronoUnit unit = iv.unit();
        boolean dateUnit = unit == ChronoUnit.YEARS || unit == ChronoUnit.MONTHS || unit == ChronoUnit.WEEKS
                || unit == ChronoUnit.DAYS;
        SqlType result = t.type() == SqlType.DATE && dateUnit ? SqlType.DATE : SqlType.TIMESTAMP;
        long n = minus ? -iv.amount() : iv.amount();
        Ev e = Casts.widen(t.ev(), t.type(), result);
        String sql = b.sql();
        String frag = at.text();
        return new Typed(result, t.nullable(), (l, r) -> {
            Object v = e.eval(l, r);
            if (v == null) {
                return null;
            }
            try {
                return ((java.time.temporal.Temporal) v).plus(n, unit);
            } catch (DateTimeException | ArithmeticException ex) {
                throw new ExprException("date out of range", sql, frag);
            }
        }, at);
    }

    /** EXTRACT(unit FROM x) for a DATE or TIMESTAMP x; BIGINT. DOW is 1 (Sunday) to 7 (Saturday). */
    static Typed extract(Binder b, Op op, Typed x, Ast at) throws ExprException {
        boolean timeUnit = op == Op.EXTRACT_HOUR || op == Op.EXTRACT_MINUTE || op == Op.EXTRACT_SECOND;
        boolean ok = x.type() == null || x.type() == SqlType.TIMESTAMP || (x.type() == SqlType.DATE && !timeUnit);
        if (!ok) {
            throw b.err("cannot apply " + op.symbol() + " to " + x.typeName(), at);
        }
        ToLongFunction<TemporalAccessor> f = switch (op) {
            case EXTRACT_YEAR -> t -> t.get(ChronoField.YEAR);
            case EXTRACT_QUARTER -> t -> (t.get(ChronoField.MONTH_OF_YEAR) + 2) / 3;
            case EXTRACT_MONTH -> t -> t.get(ChronoField.MONTH_OF_YEAR);
            case EXTRACT_DAY -> t -> t.get(ChronoField.DAY_OF_MONTH);
            case EXTRACT_DOW -> t -> t.get(ChronoField.DAY_OF_WEEK) % 7 + 1;
            case EXTRACT_DOY -> t -> t.get(ChronoField.DAY_OF_YEAR);
            case EXTRACT_HOUR -> t -> t.get(ChronoField.HOUR_OF_DAY);
            case EXTRACT_MINUTE -> t -> t.get(ChronoField.MINUTE_OF_HOUR);
            case EXTRACT_SECOND -> t -> t.get(ChronoField.SECOND_OF_MINUTE);
            default -> throw new IllegalArgumentException(op.name());
        };
        Ev e = x.ev();
        return new Typed(SqlType.BIGINT, x.nullable() || x.type() == null, (l, r) -> {
            Object v = e.eval(l, r);
            return v == null ? null : (Object) f.applyAsLong((TemporalAccessor) v);
        }, at);
    }
}
