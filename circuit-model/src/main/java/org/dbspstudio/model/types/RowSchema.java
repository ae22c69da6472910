package org.dbspstudio.model.types;

import java.util.List;
import java.util.stream.Collectors;

/** An ordered list of named, typed, nullable columns. */
public record RowSchema(List<Column> columns) {
    public static final RowSchema EMPTY = new RowSchema(List.of());

    public RowSchema {
        columns = List.copyOf(columns);
    }

    public static RowSchema of(Column... columns) {
        return new RowSchema(List.of(columns));
    }

    public int size() {
        return columns.size();
    }

    public Column column(int i) {
        return columns.get(i);
    }

    /** Index of the column with this name (case-insensitive, as in SQL), or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    public List<String> names() {
        return columns.stream().map(Column::name).toList();
    }

    /** Columns of this schema followed by those of {@code other}. */
    public RowSchema concat(RowSchema other) {
        var all = new java.util.ArrayList<>(columns);
        all.addAll(other.columns);
        return new RowSchema(all);
    }

    @Override
    public String toString() {
        return columns.stream().map(Column::toString).collect(Collectors.joining(", ", "(", ")"));
    }
}
