package org.dbspstudio.model.expr;

import org.dbspstudio.model.types.Row;

/** A checked expression compiled to a tree of closures. */
final class CompiledExpr implements TypedExpr {
    private final String sql;
    private final ExprType type;
    private final Ev ev;
    private final boolean readsRight;

    CompiledExpr(String sql, ExprType type, Ev ev, boolean readsRight) {
        this.sql = sql;
        this.type = type;
        this.ev = ev;
        this.readsRight = readsRight;
    }

    @Override
    public String sql() {
        return sql;
    }

    @Override
    public ExprType type() {
        return type;
    }

    @Override
    public Object eval(Row row) throws ExprException {
        if (readsRight) {
            throw new ExprException("the expression reads the right row of a join; evaluate it over two rows",
                    sql, sql);
        }
        return run(row, null);
    }

    @Override
    public Object eval(Row left, Row right) throws ExprException {
        return run(left, right);
    }

    private Object run(Row l, Row r) throws ExprException {
        try {
            return ev.eval(l, r);
        } catch (ClassCastException | IndexOutOfBoundsException | NullPointerException e) {
            throw new ExprException("cannot evaluate over row " + l + (r == null ? "" : " and " + r)
                    + ": a value does not match the schema (" + e.getMessage() + ")", sql, sql);
        } catch (ArithmeticException e) {
            throw new ExprException("arithmetic error: " + e.getMessage(), sql, sql);
        } catch (StackOverflowError e) {
            throw new ExprException("the expression is nested too deeply to evaluate", sql, sql);
        }
    }

    @Override
    public int plainColumn() {
        if (ev instanceof LeftColumn c) {
            return c.index();
        }
        return ev instanceof RightColumn c ? 1 << 16 | c.index() : -1;
    }

    @Override
    public String toString() {
        return sql + " : " + type;
    }
}
