package org.dbspstudio.model;

/** Aggregate functions. COUNT and SUM are linear (docs/theory.md §4); MIN, MAX and AVG are not. */
public enum AggFunction {
    COUNT(true), SUM(true), MIN(false), MAX(false), AVG(false);

    private final boolean linear;

    AggFunction(boolean linear) {
        this.linear = linear;
    }

    public boolean isLinear() {
        return linear;
    }
}
