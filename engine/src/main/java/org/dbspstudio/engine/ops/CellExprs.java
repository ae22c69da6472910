package org.dbspstudio.engine.ops;

import java.util.List;
import org.dbspstudio.engine.value.CellBatch;
import org.dbspstudio.model.expr.Ast;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Expressions;
import org.dbspstudio.model.expr.Op;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.types.SqlType;

/**
 * Expressions evaluated on a batch's cells ({@link CellBatch}) instead of on row objects: the
 * BIGINT arithmetic ({@code + - *}, negation) of BIGINT columns and integer literals, their
 * comparisons, and AND / OR / NOT of those — over LONG columns, which hold no NULL, so SQL's
 * three-valued logic is two-valued here. Anything else is not compiled (null), and an operator then
 * evaluates the expression over rows as before; so does it for a batch where a column read is not a
 * LONG column (it holds a NULL or another type), and for a batch where the arithmetic overflows (the
 * row evaluator then reports the error as it always does).
 */
final class CellExprs {
    private CellExprs() {
    }

    /** A BIGINT expression over row {@code i} of a batch; throws {@link ArithmeticException} on overflow. */
    interface Num {
        long at(CellBatch b, int i);
    }

    /** A predicate over row {@code i} of a batch. */
    interface Pred {
        boolean at(CellBatch b, int i);
    }

    /** A compiled expression and the columns it reads (all must be LONG columns of the batch). */
    record Compiled<T>(T f, int[] columns, int injectiveOf) {
        boolean applies(CellBatch b) {
            for (int c : columns) {
                if (c >= b.arity() || !b.isLong(c)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** {@code sql} as a BIGINT expression on cells over one row of {@code scope}, or null. */
    static Compiled<Num> num(String sql, Scope scope) {
        return compile(sql, scope, CellExprs::num, true);
    }

    /** {@code sql} as a predicate on cells over one row of {@code scope}, or null. */
    static Compiled<Pred> pred(String sql, Scope scope) {
        return compile(sql, scope, CellExprs::pred, false);
    }

    /** One of the translations above applied to {@code sql}: its function and the columns it reads. */
    private interface Translation<T> {
        T of(Ast a, Scope scope, java.util.BitSet cols);
    }

    private static <T> Compiled<T> compile(String sql, Scope scope, Translation<T> translation, boolean numeric) {
        try {
            Ast a = Expressions.parse(sql);
            java.util.BitSet cols = new java.util.BitSet();
            T f = translation.of(a, scope, cols);
            return f == null ? null : new Compiled<>(f, cols.stream().toArray(), numeric ? injectiveColumn(a, scope) : -1);
        } catch (ExprException e) {
            return null;
        }
    }

    /** The BIGINT column {@code c} names (one row's scope), or -1. */
    private static int column(Ast.ColumnRef c, Scope scope) {
        List<Scope.Entry> found = scope.resolve(c.qualifier(), c.name());
        if (found.size() != 1) {
            return -1;
        }
        Scope.Entry e = found.get(0);
        return e.side() == 0 && e.column().type() == SqlType.BIGINT ? e.index() : -1;
    }

    private static Long literal(Ast a) {
        return a instanceof Ast.Literal l && l.type() == SqlType.BIGINT && l.value() instanceof Long v ? v : null;
    }

    private static Num num(Ast a, Scope scope, java.util.BitSet cols) {
        if (a instanceof Ast.ColumnRef c) {
            int i = column(c, scope);
            if (i < 0) {
                return null;
            }
            cols.set(i);
            return (b, r) -> b.longs(i)[r];
        }
        Long k = literal(a);
        if (k != null) {
            long v = k;
            return (b, r) -> v;
        }
        if (!(a instanceof Ast.Call call)) {
            return null;
        }
        List<Ast> args = call.args();
        if (call.op() == Op.NEGATE && args.size() == 1) {
            Num x = num(args.get(0), scope, cols);
            return x == null ? null : (b, r) -> Math.negateExact(x.at(b, r));
        }
        if (args.size() != 2 || (call.op() != Op.PLUS && call.op() != Op.MINUS && call.op() != Op.TIMES)) {
            return null;
        }
        // column op constant: one closure reading the column
        if (args.get(0) instanceof Ast.ColumnRef c && literal(args.get(1)) != null) {
            int i = column(c, scope);
            long q = literal(args.get(1));
            if (i < 0) {
                return null;
            }
            cols.set(i);
            return switch (call.op()) {
                case PLUS -> (b, r) -> Math.addExact(b.longs(i)[r], q);
                case MINUS -> (b, r) -> Math.subtractExact(b.longs(i)[r], q);
                default -> (b, r) -> Math.multiplyExact(b.longs(i)[r], q);
            };
        }
        Num x = num(args.get(0), scope, cols);
        Num y = x == null ? null : num(args.get(1), scope, cols);
        if (y == null) {
            return null;
        }
        return switch (call.op()) {
            case PLUS -> (b, r) -> Math.addExact(x.at(b, r), y.at(b, r));
            case MINUS -> (b, r) -> Math.subtractExact(x.at(b, r), y.at(b, r));
            default -> (b, r) -> Math.multiplyExact(x.at(b, r), y.at(b, r));
        };
    }

    private static Pred pred(Ast a, Scope scope, java.util.BitSet cols) {
        if (!(a instanceof Ast.Call call)) {
            return null;
        }
        List<Ast> args = call.args();
        switch (call.op()) {
            case AND, OR -> {
                if (args.size() != 2) {
                    return null;
                }
                Pred x = pred(args.get(0), scope, cols);
                Pred y = x == null ? null : pred(args.get(1), scope, cols);
                if (y == null) {
                    return null;
                }
                return call.op() == Op.AND ? (b, r) -> x.at(b, r) && y.at(b, r) : (b, r) -> x.at(b, r) || y.at(b, r);
            }
            case NOT -> {
                Pred x = args.size() == 1 ? pred(args.get(0), scope, cols) : null;
                return x == null ? null : (b, r) -> !x.at(b, r);
            }
            case EQ, NE, LT, LE, GT, GE -> {
                if (args.size() != 2) {
                    return null;
                }
                if (args.get(0) instanceof Ast.ColumnRef c && literal(args.get(1)) != null && column(c, scope) >= 0) {
                    int i = column(c, scope);
                    long q = literal(args.get(1));
                    cols.set(i);
                    return switch (call.op()) {
                        case EQ -> (b, r) -> b.longs(i)[r] == q;
                        case NE -> (b, r) -> b.longs(i)[r] != q;
                        case LT -> (b, r) -> b.longs(i)[r] < q;
                        case LE -> (b, r) -> b.longs(i)[r] <= q;
                        case GT -> (b, r) -> b.longs(i)[r] > q;
                        default -> (b, r) -> b.longs(i)[r] >= q;
                    };
                }
                Num x = num(args.get(0), scope, cols);
                Num y = x == null ? null : num(args.get(1), scope, cols);
                if (y == null) {
                    return null;
                }
                return switch (call.op()) {
                    case EQ -> (b, r) -> x.at(b, r) == y.at(b, r);
                    case NE -> (b, r) -> x.at(b, r) != y.at(b, r);
                    case LT -> (b, r) -> x.at(b, r) < y.at(b, r);
                    case LE -> (b, r) -> x.at(b, r) <= y.at(b, r);
                    case GT -> (b, r) -> x.at(b, r) > y.at(b, r);
                    default -> (b, r) -> x.at(b, r) >= y.at(b, r);
                };
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * The column of which {@code a} is a one-to-one function (the column itself, or it plus, minus or
     * times a non-zero constant, or negated, any number of times: distinct values of the column give
     * distinct results, since overflow is an error, never a wrap), or -1.
     */
    static int injectiveColumn(Ast a, Scope scope) {
        if (a instanceof Ast.ColumnRef c) {
            return column(c, scope);
        }
        if (!(a instanceof Ast.Call call)) {
            return -1;
        }
        List<Ast> args = call.args();
        if (call.op() == Op.NEGATE && args.size() == 1) {
            return injectiveColumn(args.get(0), scope);
        }
        if (args.size() != 2 || (call.op() != Op.PLUS && call.op() != Op.MINUS && call.op() != Op.TIMES)) {
            return -1;
        }
        Long l0 = literal(args.get(0));
        Long l1 = literal(args.get(1));
        if (l1 != null && (call.op() != Op.TIMES || l1 != 0)) {
            return injectiveColumn(args.get(0), scope);
        }
        if (l0 != null && (call.op() != Op.TIMES || l0 != 0)) {
            return injectiveColumn(args.get(1), scope);
        }
        return -1;
    }
}
