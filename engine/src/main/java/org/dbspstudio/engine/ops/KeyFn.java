package org.dbspstudio.engine.ops;

import java.util.List;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Row;

/**
 * A compiled list of expressions over one row, producing a row: join keys, index keys, group
 * keys, projections. {@link #key} returns null when a value is SQL NULL (NULL never matches).
 */
public final class KeyFn {
    private final TypedExpr[] exprs;
    private final String signature;
    private final boolean exactNumbers;
    /** Per expression: {@link TypedExpr#plainColumn()} (a column copied without evaluating), else -1. */
    private final int[] columns;

    public KeyFn(List<TypedExpr> exprs) {
        this(exprs, false);
    }

    /**
     * @param exactNumbers convert numeric key values to {@code BigDecimal} so that keys of
     *                     different numeric types (INTEGER vs DOUBLE) compare by value
     */
    public KeyFn(List<TypedExpr> exprs, boolean exactNumbers) {
        this.exprs = exprs.toArray(new TypedExpr[0]);
        this.columns = new int[this.exprs.length];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = this.exprs[i].plainColumn();
        }
        this.exactNumbers = exactNumbers;
        this.signature = (exactNumbers ? "#" : "") + String.join("\u0001", exprs.stream().map(TypedExpr::sql).toList());
    }

    public int size() {
        return exprs.length;
    }

    /**
     * Expression {@code i}'s plain column ({@link TypedExpr#plainColumn()}: a column copied without
     * evaluating; of the right side of a join when at least {@code 1 << 16}), or -1.
     */
    public int plainColumn(int i) {
        return columns[i];
    }

    /**
     * The columns this key copies when every expression is a plain column of one row and values
     * are compared as they are (not as exact decimals): then {@link #key} is those columns' values,
     * or null when one is NULL. Null otherwise.
     */
    public int[] plainColumns() {
        if (exactNumbers || columns.length == 0) {
            return null;
        }
        for (int c : columns) {
            if (c < 0 || c >= 1 << 16) {
                return null;
            }
        }
        return columns.clone();
    }

    /** Whether numeric key values are converted to exact decimals (keys of mixed numeric types). */
    public boolean exactNumbers() {
        return exactNumbers;
    }

    /** Identifies the key for sharing arrangements: the expressions' text. */
    public String signature() {
        return signature;
    }

    public Row apply(Row row) throws ExprException {
        Object[] v = new Object[exprs.length];
        for (int i = 0; i < v.length; i++) {
            int c = columns[i];
            v[i] = c >= 0 && c < 1 << 16 ? row.get(c) : exprs[i].eval(row);
        }
        return Row.wrap(v);
    }

    public Row apply(Row left, Row right) throws ExprException {
        Object[] v = new Object[exprs.length];
        for (int i = 0; i < v.length; i++) {
            int c = columns[i];
            Row side = c < 1 << 16 ? left : right;
            v[i] = c < 0 || side == null ? exprs[i].eval(left, right) : side.get(c & 0xffff);
        }
        return Row.wrap(v);
    }

    /** The key of a row, or null when any key value is NULL. */
    public Row key(Row row) throws ExprException {
        Object[] v = new Object[exprs.length];
        for (int i = 0; i < v.length; i++) {
            Object x = exprs[i].eval(row);
            if (x == null) {
                return null;
            }
            if (exactNumbers && x instanceof Number n) {
                x = n instanceof java.math.BigDecimal d ? d
                        : n instanceof Double dd ? java.math.BigDecimal.valueOf(dd) : java.math.BigDecimal.valueOf(n.longValue());
            }
            v[i] = x;
        }
        return Row.wrap(v);
    }
}
