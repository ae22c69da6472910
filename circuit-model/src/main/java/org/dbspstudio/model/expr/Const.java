package org.dbspstudio.model.expr;

import org.dbspstudio.model.types.Row;

/** A node whose value is known at compile time: a literal, or a folded subtree without column references. */
record Const(Object value) implements Ev {
    @Override
    public Object eval(Row l, Row r) {
        return value;
    }
}
