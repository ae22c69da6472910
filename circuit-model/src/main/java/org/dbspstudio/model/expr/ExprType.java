package org.dbspstudio.model.expr;

import org.dbspstudio.model.types.SqlType;

/** The SQL type of an expression's value; {@code nullable} when it may be NULL. */
public record ExprType(SqlType type, boolean nullable) {
    @Override
    public String toString() {
        return type + (nullable ? "" : " NOT NULL");
    }
}
