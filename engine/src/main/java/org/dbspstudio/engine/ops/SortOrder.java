package org.dbspstudio.engine.ops;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.model.SortKey;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Row;

/**
 * The ORDER BY of top-k and window aggregates: the operator's {@code orderBy} keys compiled against its
 * input row, and the order they give. Sort keys compare key by key: a NULL where NULLS FIRST/LAST puts it,
 * non-NULL values of one class by their natural order, numbers of different classes by value (9 before
 * 10.5), other values of different classes by their text, reversed for DESC. {@link #entries} then breaks ties by the whole row, column by column, so that the order of a
 * partition's rows is total and deterministic.
 */
public final class SortOrder {
    /** A row with its evaluated sort keys. */
    record Entry(Object[] sort, Row row) {
    }

    private final TypedExpr[] exprs;
    private final SortKey[] keys;
    /** Entries by their sort keys, then by the whole row. */
    final Comparator<Entry> entries;

    private SortOrder(TypedExpr[] exprs, SortKey[] keys) {
        this.exprs = exprs;
        this.keys = keys;
        Comparator<Entry> bySort = this::compareSort;
        this.entries = bySort.thenComparing(Entry::row);
    }

    /** Compiles the operator's {@code orderBy} parameter against {@code scope}. */
    static SortOrder of(Build b, Scope scope) throws EngineException {
        List<SortKey> keys = SortKey.parseAll(b.op().params().strings("orderBy"));
        TypedExpr[] exprs = new TypedExpr[keys.size()];
        for (int i = 0; i < exprs.length; i++) {
            exprs[i] = b.expr("orderBy", keys.get(i).expr(), scope);
        }
        return new SortOrder(exprs, keys.toArray(new SortKey[0]));
    }

    /** The row with its sort keys evaluated. */
    Entry entry(Row x) throws ExprException {
        Object[] s = new Object[exprs.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = exprs[i].eval(x);
        }
        return new Entry(s, x);
    }

    /**
     * Compares two non-NULL key values: values of one class by their natural order, numbers of
     * different classes (BIGINT, DOUBLE, DECIMAL) by value, anything else by its text.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareValues(Object x, Object y) {
        if (x instanceof Double dx && y instanceof Double dy) {
            // -0.0 = 0.0 as in SQL (Double.compareTo puts -0.0 first, which would break transitivity with 0 and 0.0)
            return dx.doubleValue() == dy.doubleValue() ? 0 : Double.compare(dx, dy);
        }
        if (x.getClass() == y.getClass() && x instanceof Comparable cx) {
            return cx.compareTo(y);
        }
        if (x instanceof Number nx && y instanceof Number ny) {
            if (x instanceof Double || x instanceof Float || y instanceof Double || y instanceof Float) {
                double dx = nx.doubleValue();
                double dy = ny.doubleValue();
                if (Double.isNaN(dx) || Double.isNaN(dy) || Double.isInfinite(dx) || Double.isInfinite(dy)) {
                    return Double.compare(dx, dy);
                }
            }
            return decimal(nx).compareTo(decimal(ny));
        }
        return x.toString().compareTo(y.toString());
    }

    private static BigDecimal decimal(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof Double || n instanceof Float) {
            return new BigDecimal(n.doubleValue());
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        return BigDecimal.valueOf(n.longValue());
    }

    /** Compares by the sort keys only: 0 for peers. */
    int compareSort(Entry a, Entry b) {
        for (int i = 0; i < keys.length; i++) {
            int c = compareKey(a.sort[i], b.sort[i], keys[i].descending(), keys[i].nullsFirst());
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Compares two values of one sort key: a NULL first or last as {@code nullsFirst} says (whatever
     * the direction), non-NULL values by {@link #compareValues}, reversed when {@code descending}.
     * The ORDER BY of every part of the engine that sorts rows (top-k, window aggregates, the SQL
     * Logic Test runner's {@code nosort} results).
     */
    public static int compareKey(Object x, Object y, boolean descending, boolean nullsFirst) {
        if (x == null || y == null) {
            return x == y ? 0 : (x == null) == nullsFirst ? -1 : 1;
        }
        int c = compareValues(x, y);
        return descending ? -c : c;
    }
}
