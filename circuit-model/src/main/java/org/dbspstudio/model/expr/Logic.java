package org.dbspstudio.model.expr;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.dbspstudio.model.types.SqlType;

/**
 * Comparisons and SQL three-valued logic: = <> < <= > >=, IS [NOT] DISTINCT FROM, AND, OR, NOT, IS [NOT] NULL/TRUE/FALSE,
 * BETWEEN, IN, COALESCE and NULLIF.
 */
final class Logic {
    private Logic() {
    }

    /** Compares two non-null values of the same runtime class. */
    interface Cmp {
        int compare(Object a, Object b);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Cmp comparator(SqlType t) {
        if (t == SqlType.INTEGER || t == SqlType.BIGINT) {
            return (a, b) -> Long.compare((Long) a, (Long) b);
        }
        if (t == SqlType.DOUBLE) {
            return (a, b) -> {
                double x = (Double) a;
                double y = (Double) b;
                return x < y ? -1 : x > y ? 1 : x == y ? 0 : Double.compare(x, y);
            };
        }
        return (a, b) -> ((Comparable) a).compareTo(b);
    }

    /** The common type of CASE branches, COALESCE or IN arguments. */
    static SqlType commonType(Binder b, List<Typed> xs, Ast at) throws ExprException {
        SqlType t = null;
        Typed first = null;
        for (Typed x : xs) {
            if (!Casts.compatible(t, x.type())) {
                throw b.err("incompatible types " + first.typeName() + " and " + x.typeName() + " in '"
                        + at.text() + "'", x.ast());
            }
            if (first == null || (t == null && x.type() != null)) {
                first = x;
            }
            t = Casts.unify(t, x.type());
        }
        return t;
    }

    /**
     * A VARCHAR literal compared with a DATE or TIMESTAMP is read as a literal of that type, as in
     * {@code d >= '2024-01-01'}.
     */
    private static Typed temporalLiteral(Binder b, Typed s, SqlType to) throws ExprException {
        Object v = s.constant();
        if (v == null) {
            return new Typed(to, true, new Const(null), s.ast());
        }
        try {
            Object t = to == SqlType.DATE ? LocalDate.parse(((String) v).trim()) : Casts.parseTimestamp((String) v);
            return new Typed(to, false, new Const(t), s.ast());
        } catch (DateTimeParseException e) {
            throw b.err("'" + v + "' is not a " + to, s.ast());
        }
    }

    private static boolean temporal(SqlType t) {
        return t == SqlType.DATE || t == SqlType.TIMESTAMP;
    }

    static Typed compare(Binder b, Op op, Typed x, Typed y, Ast at) throws ExprException {
        if (temporal(x.type()) && y.type() == SqlType.VARCHAR && y.isConstant()) {
            y = temporalLiteral(b, y, x.type());
        } else if (temporal(y.type()) && x.type() == SqlType.VARCHAR && x.isConstant()) {
            x = temporalLiteral(b, x, y.type());
        }
        if (!Casts.compatible(x.type(), y.type())) {
            throw b.err("cannot apply " + op.symbol() + " to " + x.typeName() + " and " + y.typeName(), at);
        }
        SqlType t = Casts.unify(x.type(), y.type());
        Ev p = Casts.widen(x.ev(), x.type(), t);
        Ev q = Casts.widen(y.ev(), y.type(), t);
        Cmp c = comparator(t);
        boolean nullable = x.nullable() || y.nullable();
        if ((t == SqlType.INTEGER || t == SqlType.BIGINT) && y.isConstant() && y.constant() != null
                && op != Op.IS_DISTINCT_FROM && op != Op.IS_NOT_DISTINCT_FROM) {
            return new Typed(SqlType.BOOLEAN, nullable, compareToLong(op, p, (Long) y.constant()), at);
        }
        Ev ev = switch (op) {
            case EQ -> (l, r) -> {
                Object u = p.eval(l, r);
                if (u == null) {
                    return null;
                }
                Object v = q.eval(l, r);
                return v == null ? null : (Object) (c.compare(u, v) == 0);
            };
            case NE -> (l, r) -> {
                Object u = p.eval(l, r);
                if (u == null) {
                    return null;
                }
                Object v = q.eval(l, r);
                return v == null ? null : (Object) (c.compare(u, v) != 0);
            };
            case LT -> (l, r) -> {
                Object u = p.eval(l, r);
                if (u == null) {
                    return null;
                }
                Object v = q.eval(l, r);
                return v == null ? null : (Object) (c.compare(u, v) < 0);
            };
            case LE -> (l, r) -> {
                Object u = p.eval(l, r);
                if (u == null) {
                    return null;
                }
                Object v = q.eval(l, r);
                return v == null ? null : (Object) (c.compare(u, v) <= 0);
            };
            case GT -> (l, r) -> {
                Object u = p.eval(l, r);
                if (u == null) {
                    return null;
                }
                Object v = q.eval(l, r);
                return v == null ? null : (Object) (c.compare(u, v) > 0);
            };
            case GE -> (l, r) -> {
                Object u = p.eval(l, r);
                if (u == null) {
                    return null;
                }
                Object v = q.eval(l, r);
                return v == null ? null : (Object) (c.compare(u, v) >= 0);
            };
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM -> {
                boolean distinct = op == Op.IS_DISTINCT_FROM;
                nullable = false;
                yield (l, r) -> {
                    Object u = p.eval(l, r);
                    Object v = q.eval(l, r);
                    boolean same = u == null || v == null ? u == v : c.compare(u, v) == 0;
                    return same != distinct;
                };
            }
            default -> throw new IllegalArgumentException(op.name());
        };
        return new Typed(SqlType.BOOLEAN, nullable, ev, at);
    }

    /** The common case {@code integer-expression op integer-constant}, without boxing the constant. */
    private static Ev compareToLong(Op op, Ev p, long k) {
        if (p instanceof LeftColumn c) {
            int i = c.index();
            return switch (op) {
                case EQ -> (l, r) -> {
                    Object u = l.get(i);
                    return u == null ? null : (Object) ((Long) u == k);
                };
                case NE -> (l, r) -> {
                    Object u = l.get(i);
                    return u == null ? null : (Object) ((Long) u != k);
                };
                case LT -> (l, r) -> {
                    Object u = l.get(i);
                    return u == null ? null : (Object) ((Long) u < k);
                };
                case LE -> (l, r) -> {
                    Object u = l.get(i);
                    return u == null ? null : (Object) ((Long) u <= k);
                };
                case GT -> (l, r) -> {
                    Object u = l.get(i);
                    return u == null ? null : (Object) ((Long) u > k);
                };
                case GE -> (l, r) -> {
                    Object u = l.get(i);
                    return u == null ? null : (Object) ((Long) u >= k);
                };
                default -> throw new IllegalArgumentException(op.name());
            };
        }
        return switch (op) {
            case EQ -> (l, r) -> {
                Object u = p.eval(l, r);
                return u == null ? null : (Object) ((Long) u == k);
            };
            case NE -> (l, r) -> {
                Object u = p.eval(l, r);
                return u == null ? null : (Object) ((Long) u != k);
            };
            case LT -> (l, r) -> {
                Object u = p.eval(l, r);
                return u == null ? null : (Object) ((Long) u < k);
            };
            case LE -> (l, r) -> {
                Object u = p.eval(l, r);
                return u == null ? null : (Object) ((Long) u <= k);
            };
            case GT -> (l, r) -> {
                Object u = p.eval(l, r);
                return u == null ? null : (Object) ((Long) u > k);
            };
            case GE -> (l, r) -> {
                Object u = p.eval(l, r);
                return u == null ? null : (Object) ((Long) u >= k);
            };
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    private static void requireBoolean(Binder b, Op op, Typed x, Ast at) throws ExprException {
        if (!x.is(SqlType.BOOLEAN)) {
            throw b.err("cannot apply " + op.symbol() + " to " + x.typeName(), at);
        }
    }

    static Typed function(Binder b, Op op, List<Typed> args, Ast at) throws ExprException {
        switch (op) {
            case AND, OR -> {
                b.arity(at, args, 2, Integer.MAX_VALUE);
                Typed acc = args.get(0);
                for (int i = 1; i < args.size(); i++) {
                    acc = andOr(b, op, acc, args.get(i), at);
                }
                return acc;
            }
            case NOT -> {
                b.arity(at, args, 1, 1);
                Typed x = args.get(0);
                requireBoolean(b, op, x, at);
                Ev e = x.ev();
                return new Typed(SqlType.BOOLEAN, x.nullable(), (l, r) -> {
                    Object v = e.eval(l, r);
                    return v == null ? null : (Object) !(Boolean) v;
                }, at);
            }
            case IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE -> {
                b.arity(at, args, 1, 1);
                return is(b, op, args.get(0), at);
            }
            case BETWEEN, NOT_BETWEEN -> {
                b.arity(at, args, 3, 3);
                Typed ge = compare(b, Op.GE, args.get(0), args.get(1), at);
                Typed le = compare(b, Op.LE, args.get(0), args.get(2), at);
                Typed both = andOr(b, Op.AND, ge, le, at);
                return op == Op.BETWEEN ? both : function(b, Op.NOT, List.of(both), at);
            }
            case IN, NOT_IN -> {
                b.arity(at, args, 2, Integer.MAX_VALUE);
                return in(b, op == Op.NOT_IN, args, at);
            }
            case COALESCE -> {
                b.arity(at, args, 1, Integer.MAX_VALUE);
                SqlType t = commonType(b, args, at);
                Ev[] es = new Ev[args.size()];
                for (int i = 0; i < es.length; i++) {
                    es[i] = Casts.widen(args.get(i).ev(), args.get(i).type(), t);
                }
                boolean nullable = args.stream().allMatch(x -> x.nullable() || x.type() == null);
                return new Typed(t, nullable, (l, r) -> {
                    for (Ev e : es) {
                        Object v = e.eval(l, r);
                        if (v != null) {
                            return v;
                        }
                    }
                    return null;
                }, at);
            }
            case NULLIF -> {
                b.arity(at, args, 2, 2);
                Typed x = args.get(0);
                Typed eq = compare(b, Op.EQ, x, args.get(1), at);
                Ev e = x.ev();
                Ev c = eq.ev();
                return new Typed(x.type(), true, (l, r) -> Boolean.TRUE.equals(c.eval(l, r)) ? null : e.eval(l, r), at);
            }
            default -> throw new IllegalArgumentException(op.name());
        }
    }

    private static Typed andOr(Binder b, Op op, Typed x, Typed y, Ast at) throws ExprException {
        if (!x.is(SqlType.BOOLEAN) || !y.is(SqlType.BOOLEAN)) {
            throw b.err("cannot apply " + op.symbol() + " to " + x.typeName() + " and " + y.typeName(), at);
        }
        Ev p = x.ev();
        Ev q = y.ev();
        boolean nullable = x.nullable() || y.nullable();
        if (op == Op.AND) {
            return new Typed(SqlType.BOOLEAN, nullable, (l, r) -> {
                Object u = p.eval(l, r);
                if (Boolean.FALSE.equals(u)) {
                    return Boolean.FALSE;
                }
                Object v = q.eval(l, r);
                if (Boolean.FALSE.equals(v)) {
                    return Boolean.FALSE;
                }
                return u == null || v == null ? null : Boolean.TRUE;
            }, at);
        }
        return new Typed(SqlType.BOOLEAN, nullable, (l, r) -> {
            Object u = p.eval(l, r);
            if (Boolean.TRUE.equals(u)) {
                return Boolean.TRUE;
            }
            Object v = q.eval(l, r);
            if (Boolean.TRUE.equals(v)) {
                return Boolean.TRUE;
            }
            return u == null || v == null ? null : Boolean.FALSE;
        }, at);
    }

    private static Typed is(Binder b, Op op, Typed x, Ast at) throws ExprException {
        if (op != Op.IS_NULL && op != Op.IS_NOT_NULL) {
            requireBoolean(b, op, x, at);
        }
        Ev e = x.ev();
        Ev ev = switch (op) {
            case IS_NULL -> (l, r) -> e.eval(l, r) == null;
            case IS_NOT_NULL -> (l, r) -> e.eval(l, r) != null;
            case IS_TRUE -> (l, r) -> Boolean.TRUE.equals(e.eval(l, r));
            case IS_NOT_TRUE -> (l, r) -> !Boolean.TRUE.equals(e.eval(l, r));
            case IS_FALSE -> (l, r) -> Boolean.FALSE.equals(e.eval(l, r));
            default -> (l, r) -> !Boolean.FALSE.equals(e.eval(l, r));
        };
        return new Typed(SqlType.BOOLEAN, false, ev, at);
    }

    /** {@code x IN (v1, ..)}: TRUE if some vi = x, else NULL if x or some vi is NULL, else FALSE. */
    private static Typed in(Binder b, boolean negate, List<Typed> args, Ast at) throws ExprException {
        Typed x = args.get(0);
        int n = args.size() - 1;
        Typed[] vs = new Typed[n];
        SqlType t = x.type();
        boolean nullable = x.nullable();
        for (int i = 0; i < n; i++) {
            Typed v = args.get(i + 1);
            if (temporal(x.type()) && v.type() == SqlType.VARCHAR && v.isConstant()) {
                v = temporalLiteral(b, v, x.type());
            }
            if (!Casts.compatible(x.type(), v.type())) {
                throw b.err("cannot apply " + (negate ? "NOT IN" : "IN") + " to " + x.typeName() + " and "
                        + v.typeName(), v.ast());
            }
            vs[i] = v;
            t = Casts.unify(t, v.type());
            nullable |= v.nullable();
        }
        Ev[] ws = new Ev[n];
        for (int i = 0; i < n; i++) {
            ws[i] = Casts.widen(vs[i].ev(), vs[i].type(), t);
        }
        Ev xw = Casts.widen(x.ev(), x.type(), t);
        Cmp c = comparator(t);
        return new Typed(SqlType.BOOLEAN, nullable, (l, r) -> {
            Object v = xw.eval(l, r);
            if (v == null) {
                return null;
            }
            boolean sawNull = false;
            for (Ev w : ws) {
                Object u = w.eval(l, r);
                if (u == null) {
                    sawNull = true;
                } else if (c.compare(v, u) == 0) {
                    return !negate;
                }
            }
            return sawNull ? null : (Object) negate;
        }, at);
    }
}
