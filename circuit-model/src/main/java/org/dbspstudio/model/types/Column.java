package org.dbspstudio.model.types;

import java.util.Objects;

/** A named, typed column of a row schema. */
public record Column(String name, SqlType type, boolean nullable) {
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    public static Column of(String name, SqlType type) {
        return new Column(name, type, false);
    }

    public static Column nullable(String name, SqlType type) {
        return new Column(name, type, true);
    }

    @Override
    public String toString() {
        return name + " " + type + (nullable ? "" : " NOT NULL");
    }
}
