package org.dbspstudio.model;

import org.dbspstudio.model.types.Row;

/** One element of a Z-set literal or change: a row with a non-zero weight (+1 insert, −1 delete). */
public record Change(Row row, long weight) {
    @Override
    public String toString() {
        return (weight >= 0 ? "+" + weight : Long.toString(weight)) + " " + row;
    }
}
