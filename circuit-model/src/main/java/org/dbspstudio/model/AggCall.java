package org.dbspstudio.model;

/**
 * One aggregate column: {@code function(expr) AS name}. {@code expr} is null for {@code COUNT(*)}.
 */
public record AggCall(AggFunction function, String expr, String name) {
    @Override
    public String toString() {
        return function + "(" + (expr == null ? "*" : expr) + ") AS " + name;
    }
}
