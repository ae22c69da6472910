package org.dbspstudio.model;

/**
 * One aggregate column: {@code function(expr) AS name}. {@code expr} is null for {@code COUNT(*)}.
 */
public record AggCall(AggFunction function, String expr, String name) {
    /** The call as SQL writes it: {@code COUNT(*)}, {@code SUM(x)}, {@code COUNT(DISTINCT x)}. */
    public String call() {
        return function.sqlName() + "(" + (function == AggFunction.COUNT_DISTINCT ? "DISTINCT " : "")
                + (expr == null ? "*" : expr) + ")";
    }

    @Override
    public String toString() {
        return call() + " AS " + name;
    }
}
