package org.dbspstudio.model.expr;

import org.dbspstudio.model.types.Row;

/**
 * A compiled expression node: evaluates over the left row ({@code l}, the scope's side 0) and
 * the right row ({@code r}, side 1; null outside joins). Returns null for SQL NULL.
 */
@FunctionalInterface
interface Ev {
    Object eval(Row l, Row r) throws ExprException;
}
