package org.dbspstudio.model;

/**
 * Whether a {@code distinct} on an input of this kind may be dropped when a {@code distinct}
 * follows it: {@code distinct(Q(distinct(i))) = distinct(Q(i))} (Propositions 4.4/4.5).
 */
public enum DistinctAbsorption {
    /** Never (the rule leaves the inner distinct alone). */
    NONE,
    /** For any Z-set {@code i} (filter). */
    ALWAYS,
    /** When every other input of Q, and {@code i}, is known positive (map, flat-map, +, join, product). */
    WHEN_INPUTS_POSITIVE
}
