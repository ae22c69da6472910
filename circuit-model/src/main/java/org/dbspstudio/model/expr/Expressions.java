package org.dbspstudio.model.expr;

/** Entry point of the expression language: parse (Calcite's parser), type-check and compile. */
public final class Expressions {
    private Expressions() {
    }

    /**
     * Parses {@code sql}, type-checks it against {@code scope} and compiles it.
     *
     * @throws ExprException naming the offending fragment when it does not parse or type-check
     */
    public static TypedExpr check(String sql, Scope scope) throws ExprException {
        throw new ExprException("the expression language is not built yet", sql, sql);
    }
}
