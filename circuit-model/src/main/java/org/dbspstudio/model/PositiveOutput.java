package org.dbspstudio.model;

/**
 * When an operator's output is known to be a positive Z-set (every weight ≥ 0) at every step;
 * read by the distinct-elimination rule (Propositions 4.4/4.5).
 */
public enum PositiveOutput {
    /** Nothing is known (inputs, minus, negate, integrators, ...). */
    NEVER,
    /** Always positive (distinct, union, difference, aggregates). */
    ALWAYS,
    /** Positive when every input is (filter, map, join, {@code +}, {@code z⁻¹}, ...). */
    WHEN_INPUTS_POSITIVE,
    /** Positive when its declared rows all have positive weights (constants). */
    WHEN_ROWS_POSITIVE
}
