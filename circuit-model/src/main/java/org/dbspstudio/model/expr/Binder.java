package org.dbspstudio.model.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.dbspstudio.model.types.SqlType;

/**
 * Type-checks an {@link Ast} against a {@link Scope} and compiles it, node by node, into
 * closures ({@link Ev}). Column references are resolved to (side, index) here, once.
 */
final class Binder {
    private static final Set<String> NOT_DETERMINISTIC = Set.of("CURRENT_DATE", "CURRENT_TIME",
            "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "CURRENT_USER", "SESSION_USER", "USER",
            "SYSTEM_USER", "CURRENT_ROLE", "CURRENT_SCHEMA", "CURRENT_CATALOG", "CURRENT_PATH");

    private final String sql;
    private final Scope scope;
    private boolean readsRight;

    Binder(String sql, Scope scope) {
        this.sql = sql;
        this.scope = scope;
    }

    String sql() {
        return sql;
    }

    /** Whether a bound expression reads a column of the right row (side 1). */
    boolean readsRight() {
        return readsRight;
    }

    ExprException err(String message, Ast at) {
        return new ExprException(message, sql, at.text());
    }

    void arity(Ast at, List<Typed> args, int min, int max) throws ExprException {
        if (args.size() < min || args.size() > max) {
            var named = java.util.regex.Pattern.compile("^\\s*([A-Za-z_]+)\\s*\\(").matcher(at.text());
            String op = named.find() ? named.group(1).toUpperCase(Locale.ROOT)
                    : at instanceof Ast.Call c ? c.op().symbol() : at.text();
            String want = min == max ? String.valueOf(min) : max == Integer.MAX_VALUE ? "at least " + min : min + " to " + max;
            throw err(op + " takes " + want + " argument" + (min == 1 && max == 1 ? "" : "s") + ", got " + args.size(), at);
        }
    }

    Typed bind(Ast a) throws ExprException {
        if (a instanceof Ast.ColumnRef c) {
            return column(c);
        }
        if (a instanceof Ast.Literal lit) {
            return new Typed(lit.type(), lit.value() == null, new Const(lit.value()), a);
        }
        Typed t = bindOperation(a);
        if (t.isConstant() || readsColumns(a)) {
            return t;
        }
        // all functions are deterministic: a subtree without column references is a constant,
        // unless evaluating it fails, which then happens at evaluation time as written
        try {
            return new Typed(t.type(), t.nullable(), new Const(t.ev().eval(null, null)), a);
        } catch (ExprException | ArithmeticException e) {
            return t;
        }
    }

    private static boolean readsColumns(Ast a) {
        if (a instanceof Ast.ColumnRef) {
            return true;
        }
        if (a instanceof Ast.Call c) {
            return c.args().stream().anyMatch(Binder::readsColumns);
        }
        if (a instanceof Ast.Case c) {
            return c.whens().stream().anyMatch(Binder::readsColumns) || c.thens().stream().anyMatch(Binder::readsColumns)
                    || (c.otherwise() != null && readsColumns(c.otherwise()));
        }
        if (a instanceof Ast.Cast c) {
            return readsColumns(c.operand());
        }
        return false;
    }

    private Typed bindOperation(Ast a) throws ExprException {
        if (a instanceof Ast.Case c) {
            return caseExpr(c);
        }
        if (a instanceof Ast.Cast c) {
            return cast(c);
        }
        if (a instanceof Ast.Interval) {
            throw err("an INTERVAL can only be added to or subtracted from a DATE or TIMESTAMP", a);
        }
        Ast.Call call = (Ast.Call) a;
        if ((call.op() == Op.PLUS || call.op() == Op.MINUS) && call.args().size() == 2) {
            Ast x = call.args().get(0);
            Ast y = call.args().get(1);
            if (y instanceof Ast.Interval iv && !(x instanceof Ast.Interval)) {
                return Temporal.plusInterval(this, call.op() == Op.MINUS, bind(x), iv, a);
            }
            if (x instanceof Ast.Interval iv && call.op() == Op.PLUS && !(y instanceof Ast.Interval)) {
                return Temporal.plusInterval(this, false, bind(y), iv, a);
            }
        }
        List<Typed> args = new ArrayList<>(call.args().size());
        for (Ast arg : call.args()) {
            args.add(bind(arg));
        }
        Op op = call.op();
        return switch (op) {
            case PLUS, MINUS, TIMES, DIVIDE -> {
                arity(a, args, 2, 2);
                yield Numbers.arith(this, op, args.get(0), args.get(1), a);
            }
            case NEGATE -> {
                arity(a, args, 1, 1);
                yield Numbers.negate(this, args.get(0), a);
            }
            case MOD, ABS, FLOOR, CEIL, ROUND -> Numbers.function(this, op, args, a);
            case EQ, NE, LT, LE, GT, GE, IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM -> {
                arity(a, args, 2, 2);
                yield Logic.compare(this, op, args.get(0), args.get(1), a);
            }
            case AND, OR, NOT, IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE, BETWEEN,
                    NOT_BETWEEN, IN, NOT_IN, COALESCE, NULLIF -> Logic.function(this, op, args, a);
            case CONCAT, UPPER, LOWER, CHAR_LENGTH, SUBSTRING, TRIM_BOTH, TRIM_LEADING, TRIM_TRAILING, POSITION,
                    LIKE, NOT_LIKE -> Texts.function(this, op, args, a);
            case EXTRACT_YEAR, EXTRACT_QUARTER, EXTRACT_MONTH, EXTRACT_DAY, EXTRACT_DOW, EXTRACT_DOY, EXTRACT_HOUR,
                    EXTRACT_MINUTE, EXTRACT_SECOND -> {
                arity(a, args, 1, 1);
                yield Temporal.extract(this, op, args.get(0), a);
            }
        };
    }

    private Typed column(Ast.ColumnRef c) throws ExprException {
        List<Scope.Entry> found = scope.resolve(c.qualifier(), c.name());
        if (found.isEmpty()) {
            if (c.qualifier() == null && NOT_DETERMINISTIC.contains(c.name().toUpperCase(Locale.ROOT))) {
                throw err("unsupported: " + c.text() + " (not deterministic)", c);
            }
            String known = scope.entries().stream()
                    .map(e -> e.qualifier() == null ? e.column().name() : e.qualifier() + "." + e.column().name())
                    .collect(Collectors.joining(", "));
            throw err("unknown column '" + c.text() + "'" + (known.isEmpty() ? " (no columns in scope)"
                    : " (columns: " + known + ")"), c);
        }
        if (found.size() > 1) {
            String options = found.stream().map(e -> e.qualifier() + "." + e.column().name())
                    .collect(Collectors.joining(" or "));
            throw err("ambiguous column '" + c.text() + "': write " + options, c);
        }
        Scope.Entry e = found.get(0);
        int i = e.index();
        Ev ev;
        if (e.side() == 0) {
            ev = new LeftColumn(i);
        } else {
            readsRight = true;
            ev = new RightColumn(i);
        }
        return new Typed(e.column().type(), e.column().nullable(), ev, c);
    }

    private Typed caseExpr(Ast.Case c) throws ExprException {
        int n = c.whens().size();
        Ev[] whens = new Ev[n];
        List<Typed> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Typed w = bind(c.whens().get(i));
            if (!w.is(SqlType.BOOLEAN)) {
                throw err("CASE condition '" + w.ast().text() + "' is " + w.typeName() + ", not BOOLEAN", w.ast());
            }
            whens[i] = w.ev();
            results.add(bind(c.thens().get(i)));
        }
        Typed otherwise = c.otherwise() == null ? null : bind(c.otherwise());
        if (otherwise != null) {
            results.add(otherwise);
        }
        SqlType t = Logic.commonType(this, results, c);
        boolean nullable = otherwise == null || results.stream().anyMatch(x -> x.nullable() || x.type() == null);
        Ev[] thens = new Ev[n];
        for (int i = 0; i < n; i++) {
            thens[i] = Casts.widen(results.get(i).ev(), results.get(i).type(), t);
        }
        Ev other = otherwise == null ? new Const(null) : Casts.widen(otherwise.ev(), otherwise.type(), t);
        return new Typed(t, nullable, (l, r) -> {
            for (int i = 0; i < whens.length; i++) {
                if (Boolean.TRUE.equals(whens[i].eval(l, r))) {
                    return thens[i].eval(l, r);
                }
            }
            return other.eval(l, r);
        }, c);
    }

    private Typed cast(Ast.Cast c) throws ExprException {
        Typed x = bind(c.operand());
        SqlType to = c.target();
        if (!Casts.castable(x.type(), to)) {
            throw err("cannot cast " + x.typeName() + " to " + to, c);
        }
        int scale = c.scale() < 0 && c.precision() > 0 && to == SqlType.DECIMAL ? 0 : c.scale();
        if (to == SqlType.DECIMAL && (c.precision() > Limits.DECIMAL_DIGITS + Limits.DECIMAL_SCALE
                || scale > Limits.DECIMAL_SCALE)) {
            throw err("DECIMAL(" + c.precision() + (c.scale() >= 0 ? ", " + c.scale() : "") + ") is too large: at most "
                    + (Limits.DECIMAL_DIGITS + Limits.DECIMAL_SCALE) + " digits, " + Limits.DECIMAL_SCALE
                    + " of them after the point", c);
        }
        if (to == SqlType.VARCHAR && c.precision() > Limits.VARCHAR_CHARS) {
            throw err("VARCHAR(" + c.precision() + ") is too long: at most " + Limits.VARCHAR_CHARS + " characters", c);
        }
        Casts.Conv f = Casts.conversion(x.type(), to, c.precision(), scale, sql, c.text());
        Ev e = x.ev();
        return new Typed(to, x.nullable() || x.type() == null, (l, r) -> {
            Object v = e.eval(l, r);
            return v == null ? null : f.apply(v);
        }, c);
    }
}
