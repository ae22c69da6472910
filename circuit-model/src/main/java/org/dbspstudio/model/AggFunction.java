package org.dbspstudio.model;

/**
 * Aggregate functions. COUNT and SUM are linear (docs/theory.md §4); MIN, MAX, AVG and
 * COUNT(DISTINCT …) are not. In JSON each is written by its enum name ({@code COUNT_DISTINCT}).
 */
public enum AggFunction {
    COUNT(true), SUM(true), MIN(false), MAX(false), AVG(false),
    /** {@code COUNT(DISTINCT e)}: the number of distinct non-NULL values of {@code e} among the rows of positive weight. */
    COUNT_DISTINCT(false);

    private final boolean linear;

    AggFunction(boolean linear) {
        this.linear = linear;
    }

    public boolean isLinear() {
        return linear;
    }

    /** The SQL function name ({@code COUNT} for COUNT_DISTINCT, whose argument is prefixed by DISTINCT). */
    public String sqlName() {
        return this == COUNT_DISTINCT ? "COUNT" : name();
    }
}
