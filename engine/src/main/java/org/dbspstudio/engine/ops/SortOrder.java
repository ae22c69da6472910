package org.dbspstudio.engine.ops;

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
 * non-NULL values of one class by their natural order and of different classes by their text, reversed
 * for DESC. {@link #entries} then breaks ties by the whole row, column by column, so that the order of a
 * partition's rows is total and deterministic.
 */
final class SortOrder {
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

    /** Compares by the sort keys only: 0 for peers. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    int compareSort(Entry a, Entry b) {
        for (int i = 0; i < keys.length; i++) {
            Object x = a.sort[i];
            Object y = b.sort[i];
            int c;
            if (x == null || y == null) {
                c = x == y ? 0 : (x == null) == keys[i].nullsFirst() ? -1 : 1;
            } else {
                c = x.getClass() == y.getClass() && x instanceof Comparable cx ? cx.compareTo(y)
                        : x.toString().compareTo(y.toString());
                if (keys[i].descending()) {
                    c = -c;
                }
            }
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
