package org.dbspstudio.model.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import org.dbspstudio.model.types.SqlType;

/**
 * Arithmetic: {@code + - * / %}, unary minus, ABS, MOD, FLOOR, CEIL and ROUND with
 * INTEGER → BIGINT → DECIMAL → DOUBLE promotion. Integer overflow and division by zero are
 * evaluation errors; DECIMAL division keeps 34 significant digits.
 */
final class Numbers {
    private Numbers() {
    }

    private interface LongOp {
        long apply(long a, long b) throws ExprException;
    }

    private interface DoubleOp {
        double apply(double a, double b) throws ExprException;
    }

    private interface DecimalOp {
        BigDecimal apply(BigDecimal a, BigDecimal b) throws ExprException;
    }

    /** Result type of arithmetic on two numeric types (null when both are the NULL literal's). */
    static SqlType promote(SqlType a, SqlType b) {
        return Casts.unify(a, b);
    }

    static Typed arith(Binder b, Op op, Typed x, Typed y, Ast at) throws ExprException {
        if ((op == Op.PLUS || op == Op.MINUS) && (x.type() == SqlType.DATE || y.type() == SqlType.DATE)) {
            return Temporal.dateArith(b, op, x, y, at);
        }
        if (!x.isNumeric() || !y.isNumeric()) {
            throw b.err("cannot apply " + op.symbol() + " to " + x.typeName() + " and " + y.typeName(), at);
        }
        SqlType t = promote(x.type(), y.type());
        boolean nullable = x.nullable() || y.nullable();
        if (t == null) {
            return new Typed(null, true, new Const(null), at);
        }
        Ev a = Casts.widen(x.ev(), x.type(), t);
        Ev c = Casts.widen(y.ev(), y.type(), t);
        String sql = b.sql();
        String frag = at.text();
        Ev ev = switch (t) {
            case INTEGER, BIGINT -> a instanceof LeftColumn col && c instanceof Const k && k.value() instanceof Long q
                    ? columnLong(col.index(), q, op, t == SqlType.INTEGER, sql, frag)
                    : longs(a, c, longOp(op, t == SqlType.INTEGER, sql, frag));
            case DOUBLE -> doubles(a, c, doubleOp(op, sql, frag));
            case DECIMAL -> decimals(a, c, decimalOp(op, sql, frag));
            default -> throw new IllegalStateException(t.name());
        };
        return new Typed(t, nullable, ev, at);
    }

    private static LongOp longOp(Op op, boolean int32, String sql, String frag) {
        LongOp f = switch (op) {
            case PLUS -> (p, q) -> {
                try {
                    return Math.addExact(p, q);
                } catch (ArithmeticException e) {
                    throw overflow(sql, frag);
                }
            };
            case MINUS -> (p, q) -> {
                try {
                    return Math.subtractExact(p, q);
                } catch (ArithmeticException e) {
                    throw overflow(sql, frag);
                }
            };
            case TIMES -> (p, q) -> {
                try {
                    return Math.multiplyExact(p, q);
                } catch (ArithmeticException e) {
                    throw overflow(sql, frag);
                }
            };
            case DIVIDE -> (p, q) -> {
                if (q == 0) {
                    throw divisionByZero(sql, frag);
                }
                if (p == Long.MIN_VALUE && q == -1) {
                    throw overflow(sql, frag);
                }
                return p / q;
            };
            case MOD -> (p, q) -> {
                if (q == 0) {
                    throw divisionByZero(sql, frag);
                }
                return p % q;
            };
            default -> throw new IllegalArgumentException(op.name());
        };
        if (!int32) {
            return f;
        }
        return (p, q) -> {
            long v = f.apply(p, q);
            if ((int) v != v) {
                throw new ExprException("INTEGER overflow", sql, frag);
            }
            return v;
        };
    }

    private static DoubleOp doubleOp(Op op, String sql, String frag) {
        return switch (op) {
            case PLUS -> Double::sum;
            case MINUS -> (p, q) -> p - q;
            case TIMES -> (p, q) -> p * q;
            case DIVIDE -> (p, q) -> {
                if (q == 0) {
                    throw divisionByZero(sql, frag);
                }
                return p / q;
            };
            case MOD -> (p, q) -> {
                if (q == 0) {
                    throw divisionByZero(sql, frag);
                }
                return p % q;
            };
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    /** DECIMAL arithmetic; every result is kept within {@link Limits} (an error beyond them). */
    private static DecimalOp decimalOp(Op op, String sql, String frag) {
        DecimalOp f = exactDecimalOp(op, sql, frag);
        return (p, q) -> {
            try {
                return Limits.decimal(f.apply(p, q), sql, frag);
            } catch (ArithmeticException e) {
                throw new ExprException("DECIMAL value out of range (" + e.getMessage() + ")", sql, frag);
            }
        };
    }

    private static DecimalOp exactDecimalOp(Op op, String sql, String frag) {
        return switch (op) {
            case PLUS -> BigDecimal::add;
            case MINUS -> BigDecimal::subtract;
            case TIMES -> BigDecimal::multiply;
            case DIVIDE -> (p, q) -> {
                if (q.signum() == 0) {
                    throw divisionByZero(sql, frag);
                }
                return p.divide(q, MathContext.DECIMAL128);
            };
            case MOD -> (p, q) -> {
                if (q.signum() == 0) {
                    throw divisionByZero(sql, frag);
                }
                return p.remainder(q);
            };
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    static ExprException overflow(String sql, String frag) {
        return new ExprException("integer overflow", sql, frag);
    }

    static ExprException divisionByZero(String sql, String frag) {
        return new ExprException("division by zero", sql, frag);
    }

    /**
     * {@code column op constant} over integers, the common case of a projection ({@code amount * 2}):
     * reads the column and applies the operation in one closure, without calling a closure for each
     * operand; the same results and errors as {@link #longs} with {@link #longOp}.
     */
    private static Ev columnLong(int i, long q, Op op, boolean int32, String sql, String frag) {
        if (!int32 && (op == Op.PLUS || op == Op.MINUS || op == Op.TIMES)) {
            return (l, r) -> {
                Object p = l.get(i);
                if (p == null) {
                    return null;
                }
                long x = (Long) p;
                try {
                    return op == Op.TIMES ? Math.multiplyExact(x, q) : op == Op.PLUS ? Math.addExact(x, q)
                            : Math.subtractExact(x, q);
                } catch (ArithmeticException e) {
                    throw overflow(sql, frag);
                }
            };
        }
        LongOp f = longOp(op, int32, sql, frag);
        return (l, r) -> {
            Object p = l.get(i);
            return p == null ? null : (Object) f.apply((Long) p, q);
        };
    }

    private static Ev longs(Ev a, Ev b, LongOp f) {
        return (l, r) -> {
            Object p = a.eval(l, r);
            if (p == null) {
                return null;
            }
            Object q = b.eval(l, r);
            if (q == null) {
                return null;
            }
            return f.apply((Long) p, (Long) q);
        };
    }

    private static Ev doubles(Ev a, Ev b, DoubleOp f) {
        return (l, r) -> {
            Object p = a.eval(l, r);
            if (p == null) {
                return null;
            }
            Object q = b.eval(l, r);
            if (q == null) {
                return null;
            }
            return f.apply((Double) p, (Double) q);
        };
    }

    private static Ev decimals(Ev a, Ev b, DecimalOp f) {
        return (l, r) -> {
            Object p = a.eval(l, r);
            if (p == null) {
                return null;
            }
            Object q = b.eval(l, r);
            if (q == null) {
                return null;
            }
            return f.apply((BigDecimal) p, (BigDecimal) q);
        };
    }

    static Typed negate(Binder b, Typed x, Ast at) throws ExprException {
        if (!x.isNumeric()) {
            throw b.err("cannot apply - to " + x.typeName(), at);
        }
        String sql = b.sql();
        String frag = at.text();
        boolean int32 = x.type() == SqlType.INTEGER;
        Ev e = x.ev();
        Ev ev = x.type() == null ? new Const(null) : switch (x.type()) {
            case INTEGER, BIGINT -> (l, r) -> {
                Object v = e.eval(l, r);
                if (v == null) {
                    return null;
                }
                long n = (Long) v;
                if (n == Long.MIN_VALUE || (int32 && n == Integer.MIN_VALUE)) {
                    throw overflow(sql, frag);
                }
                return -n;
            };
            case DOUBLE -> (l, r) -> {
                Object v = e.eval(l, r);
                return v == null ? null : (Object) (-(Double) v);
            };
            default -> (l, r) -> {
                Object v = e.eval(l, r);
                return v == null ? null : ((BigDecimal) v).negate();
            };
        };
        return new Typed(x.type(), x.nullable(), ev, at);
    }

    /** ABS, FLOOR, CEIL, ROUND (one or two arguments) and MOD. */
    static Typed function(Binder b, Op op, List<Typed> args, Ast at) throws ExprException {
        if (op == Op.MOD) {
            b.arity(at, args, 2, 2);
            return arith(b, Op.MOD, args.get(0), args.get(1), at);
        }
        b.arity(at, args, 1, op == Op.ROUND ? 2 : 1);
        Typed x = args.get(0);
        if (!x.isNumeric()) {
            throw b.err(op.symbol() + " needs a number, got " + x.typeName(), at);
        }
        String sql = b.sql();
        String frag = at.text();
        SqlType t = x.type();
        Ev e = x.ev();
        if (t == null) {
            return new Typed(null, true, new Const(null), at);
        }
        if (op == Op.ROUND) {
            Typed digits = args.size() > 1 ? args.get(1) : null;
            if (digits != null && !digits.isInteger()) {
                throw b.err("ROUND needs an integer number of digits, got " + digits.typeName(), at);
            }
            Ev d = digits == null ? new Const(0L) : digits.ev();
            boolean nullable = x.nullable() || (digits != null && digits.nullable());
            return new Typed(t, nullable, (l, r) -> {
                Object v = e.eval(l, r);
                if (v == null) {
                    return null;
                }
                Object n = d.eval(l, r);
                return n == null ? null : round(v, t, (Long) n, sql, frag);
            }, at);
        }
        Conv1 f = switch (op) {
            case ABS -> switch (t) {
                case INTEGER, BIGINT -> v -> {
                    long n = (Long) v;
                    if (n == Long.MIN_VALUE) {
                        throw overflow(sql, frag);
                    }
                    return Math.abs(n);
                };
                case DOUBLE -> v -> Math.abs((Double) v);
                default -> v -> ((BigDecimal) v).abs();
            };
            case FLOOR, CEIL -> switch (t) {
                case INTEGER, BIGINT -> v -> v;
                case DOUBLE -> op == Op.FLOOR ? v -> Math.floor((Double) v) : v -> Math.ceil((Double) v);
                default -> v -> Limits.decimal((BigDecimal) v, sql, frag)
                        .setScale(0, op == Op.FLOOR ? RoundingMode.FLOOR : RoundingMode.CEILING);
            };
            default -> throw new IllegalArgumentException(op.name());
        };
        return new Typed(t, x.nullable(), (l, r) -> {
            Object v = e.eval(l, r);
            return v == null ? null : f.apply(v);
        }, at);
    }

    private interface Conv1 {
        Object apply(Object v) throws ExprException;
    }

    private static Object round(Object v, SqlType t, long digits, String sql, String frag) throws ExprException {
        int n = (int) Math.max(-400, Math.min(400, digits));
        switch (t) {
            case DOUBLE: {
                double d = (Double) v;
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    return d;
                }
                return BigDecimal.valueOf(d).setScale(n, RoundingMode.HALF_UP).doubleValue();
            }
            case DECIMAL:
                return Limits.decimal((BigDecimal) v, sql, frag).setScale(n, RoundingMode.HALF_UP);
            default: {
                if (n >= 0) {
                    return v;
                }
                BigDecimal r = BigDecimal.valueOf((Long) v).setScale(n, RoundingMode.HALF_UP);
                try {
                    long out = r.longValueExact();
                    if (t == SqlType.INTEGER && (int) out != out) {
                        throw new ExprException("INTEGER overflow", sql, frag);
                    }
                    return out;
                } catch (ArithmeticException e) {
                    throw overflow(sql, frag);
                }
            }
        }
    }
}
