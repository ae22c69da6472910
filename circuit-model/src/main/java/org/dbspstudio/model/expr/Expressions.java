package org.dbspstudio.model.expr;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;

/**
 * Entry point of the expression language: parse (Calcite's parser, into the project's {@link Ast}),
 * type-check against a {@link Scope} and compile to closures.
 *
 * <p>Semantics: integer literals are BIGINT, {@code 1.5} DECIMAL, {@code 1e3} DOUBLE; arithmetic
 * promotes INTEGER → BIGINT → DECIMAL → DOUBLE; integer overflow and division by zero are
 * evaluation errors; integer division truncates; NULL propagates; AND/OR/NOT use three-valued
 * logic (AND/OR evaluate their right operand only when the left one does not decide); CAST from
 * DOUBLE or DECIMAL to an integer type truncates toward zero. Only deterministic functions exist.
 */
public final class Expressions {
    /**
     * Parse results by expression text (an {@link Ast}, or the {@link ExprException} to rethrow):
     * Calcite's parser costs about 0.1 ms per expression and several ms per syntax error, and the
     * validator, the engine and the editor check the same texts again and again.
     */
    private static final Cache<String, Object> PARSED = CacheBuilder.newBuilder()
            .maximumWeight(8_000_000)
            .<String, Object>weigher((text, result) -> 2 * text.length() + 256)
            .build();

    private Expressions() {
    }

    /**
     * Parses {@code sql}, type-checks it against {@code scope} and compiles it.
     *
     * @throws ExprException naming the offending fragment when it does not parse or type-check
     */
    public static TypedExpr check(String sql, Scope scope) throws ExprException {
        Binder binder = new Binder(sql, scope);
        Typed t;
        try {
            t = binder.bind(parse(sql));
        } catch (StackOverflowError e) {
            throw new ExprException("the expression is nested too deeply", sql, sql);
        }
        if (t.type() == null) {
            throw new ExprException("the type of NULL is unknown here; write CAST(NULL AS <type>)", sql, sql);
        }
        return new CompiledExpr(sql, new ExprType(t.type(), t.nullable()), t.ev(), binder.readsRight());
    }

    /** Parses {@code sql} into the project's expression tree, without type checking. */
    public static Ast parse(String sql) throws ExprException {
        if (sql == null) {
            throw new ExprException("empty expression", null, null);
        }
        Object cached = PARSED.getIfPresent(sql);
        if (cached == null) {
            try {
                cached = AstBuilder.parse(sql);
            } catch (ExprException e) {
                cached = e;
            } catch (StackOverflowError e) {
                cached = new ExprException("the expression is nested too deeply", sql, sql);
            }
            PARSED.put(sql, cached);
        }
        if (cached instanceof ExprException e) {
            throw new ExprException(e.getMessage(), e.expression(), e.fragment());
        }
        return (Ast) cached;
    }
}
