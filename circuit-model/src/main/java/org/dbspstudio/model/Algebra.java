package org.dbspstudio.model;

/** How an operator behaves with respect to the group operations (docs/theory.md). */
public enum Algebra {
    /** A group homomorphism in its (single) input: {@code S(a+b) = S(a)+S(b)}; with several inputs, linear jointly (plus, minus). */
    LINEAR,
    /** Linear in each input separately (join, Cartesian product). */
    BILINEAR,
    /** Neither (distinct, MIN/MAX, H, ...). */
    NON_LINEAR,
    /** Sources and sinks of the circuit (input, output, constant): not a function of streams. */
    BOUNDARY,
    /** A nested circuit: incrementalized through its body (cycle rule). */
    NESTED
}
