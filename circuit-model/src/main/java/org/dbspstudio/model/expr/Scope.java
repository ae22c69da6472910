package org.dbspstudio.model.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;

/**
 * The columns an expression may reference. An entry reads column {@code index} of the first
 * row ({@code side = 0}) or of the second row ({@code side = 1}, joins) passed to
 * {@link TypedExpr#eval(org.dbspstudio.model.types.Row, org.dbspstudio.model.types.Row)}.
 * Join scopes qualify the left row's columns with {@code l} and the right's with {@code r};
 * unqualified names resolve when unambiguous.
 */
public final class Scope {
    public record Entry(String qualifier, Column column, int side, int index) {
    }

    private final List<Entry> entries;

    private Scope(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** The columns of one row, unqualified. */
    public static Scope of(RowSchema row) {
        var l = new ArrayList<Entry>();
        for (int i = 0; i < row.size(); i++) {
            l.add(new Entry(null, row.column(i), 0, i));
        }
        return new Scope(l);
    }

    /** Left columns qualified {@code l}, right columns qualified {@code r}. */
    public static Scope join(RowSchema left, RowSchema right) {
        var l = new ArrayList<Entry>();
        for (int i = 0; i < left.size(); i++) {
            l.add(new Entry("l", left.column(i), 0, i));
        }
        for (int i = 0; i < right.size(); i++) {
            l.add(new Entry("r", right.column(i), 1, i));
        }
        return new Scope(l);
    }

    /** Integer stream inputs of a scalar function, as BIGINT NOT NULL columns of one row. */
    public static Scope scalars(List<String> names) {
        var l = new ArrayList<Entry>();
        for (int i = 0; i < names.size(); i++) {
            l.add(new Entry(null, Column.of(names.get(i), SqlType.BIGINT), 0, i));
        }
        return new Scope(l);
    }

    /**
     * The entries matching {@code qualifier.name} (qualifier may be null): empty when unknown,
     * more than one when ambiguous. Names compare case-insensitively.
     */
    public List<Entry> resolve(String qualifier, String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return entries.stream()
                .filter(e -> e.column().name().toLowerCase(Locale.ROOT).equals(n))
                .filter(e -> qualifier == null || qualifier.equalsIgnoreCase(e.qualifier()))
                .toList();
    }
}
