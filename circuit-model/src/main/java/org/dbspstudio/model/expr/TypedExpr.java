package org.dbspstudio.model.expr;

import org.dbspstudio.model.types.Row;

/**
 * A parsed, type-checked SQL expression, compiled to an evaluator the project owns (no code
 * generation, no script engines). Evaluation follows SQL: NULL propagates, AND/OR/NOT use
 * three-valued logic, and a predicate passes only when it is TRUE.
 */
public interface TypedExpr {
    /** The expression text as written. */
    String sql();

    ExprType type();

    /** Evaluates over one row (the scope's side 0). Returns null for SQL NULL. */
    Object eval(Row row) throws ExprException;

    /** Evaluates over two rows (a join scope: side 0 = left, side 1 = right). */
    Object eval(Row left, Row right) throws ExprException;

    /**
     * When the expression is a plain column reference, which row it reads (0 = left or only, 1 =
     * right) and the column's index, as {@code side << 16 | index}; -1 otherwise. Evaluators that
     * build rows copy such a column without calling the expression.
     */
    default int plainColumn() {
        return -1;
    }
}
