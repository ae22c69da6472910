package org.dbspstudio.model.expr;

import org.dbspstudio.model.types.SqlType;

/**
 * A type-checked node with its evaluator. {@code type} is null only for the NULL literal (and
 * expressions built only from it), whose type is taken from the context.
 */
record Typed(SqlType type, boolean nullable, Ev ev, Ast ast) {
    /** The type's name for messages ("NULL" for the untyped NULL literal). */
    String typeName() {
        return type == null ? "NULL" : type.name();
    }

    boolean isNumeric() {
        return type == null || type.isNumeric();
    }

    boolean isInteger() {
        return type == null || type == SqlType.INTEGER || type == SqlType.BIGINT;
    }

    boolean is(SqlType t) {
        return type == null || type == t;
    }

    /** Whether the value is known at compile time (see {@link Const}). */
    boolean isConstant() {
        return ev instanceof Const;
    }

    /** The compile-time value of a constant node. */
    Object constant() {
        return ((Const) ev).value();
    }
}
