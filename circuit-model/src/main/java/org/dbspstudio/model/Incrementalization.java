package org.dbspstudio.model;

/**
 * How Algorithm 4.6 turns an operator {@code Q} into {@code Q^Δ} (docs/theory.md). Each way
 * belongs to one {@link Algebra}: a kind declares its incrementalization and its algebra follows.
 */
public enum Incrementalization {
    /** LTI operator: {@code Q^Δ = Q} (Theorem 3.3; {@code +}, {@code −}, {@code z⁻¹}, {@code I}, {@code D}, filter, map...). */
    UNCHANGED(Algebra.LINEAR),
    /** Bilinear: {@code I(Δa) ⋈ Δb + Δa ⋈ z⁻¹(I(Δb))} (Theorem 3.4). */
    BILINEAR_EXPANSION(Algebra.BILINEAR),
    /** {@code distinct} becomes {@code ↑H(z⁻¹(I(d)), d)} (Proposition 4.7). */
    DISTINCT_TO_H(Algebra.NON_LINEAR),
    /** Sugar expanded first (union = distinct(a+b), difference = distinct(a−b)). */
    DESUGAR(Algebra.NON_LINEAR),
    /** Semijoin: {@code a ⋉ b = a ⋉ʷ distinct(π_k(b))}, bilinear in {@code a} and the key set, which {@code H} maintains (docs/theory.md §7, Proposition J1). */
    SEMIJOIN(Algebra.NON_LINEAR),
    /** Antijoin: {@code a ▷ b = a − a ⋉ b}, so {@code Δ(a ▷ b) = Δa − Δ(a ⋉ b)} (docs/theory.md §7, Proposition J2). */
    ANTIJOIN(Algebra.NON_LINEAR),
    /** Outer joins: {@code a ⟕ b = a ⋈ b + pad(a ▷ b)}, so {@code Δ(a ⟕ b) = Δ(a ⋈ b) + pad(Δ(a ▷ b))} (docs/theory.md §7, Proposition J3). */
    OUTER_JOIN(Algebra.NON_LINEAR),
    /** Stream–table join {@code I(D(s) ⋈ t)}: {@code Q^Δ(Δs, Δt) = Δs ⋈ I(Δt)} (docs/theory.md §7, Proposition J4). */
    STREAM_TABLE_JOIN(Algebra.NON_LINEAR),
    /**
     * Pointwise operators, whose output weight at a row depends only on the input weights at that row
     * (INTERSECT [ALL], EXCEPT [ALL]): {@code ↑H₂(z⁻¹(I(Δa)), z⁻¹(I(Δb)), Δa, Δb)}, evaluated at the rows of the
     * changes only (Proposition 4.7 generalized, docs/theory.md §4).
     */
    POINTWISE(Algebra.NON_LINEAR),
    /** Aggregates: COUNT/SUM are linear inside; everything is rewritten as {@code D ∘ ↑agg ∘ I}, which the engine evaluates per changed group. */
    AGGREGATE(Algebra.NON_LINEAR),
    /**
     * Top-k per partition: {@code D ∘ ↑topk ∘ I}, whose change at a step is the difference of the old and
     * new top k of only the partitions the change touches; the engine keeps each partition ordered
     * (docs/theory.md §4).
     */
    TOP_K(Algebra.NON_LINEAR),
    /**
     * Window aggregates ({@code agg OVER (… ORDER BY … ROWS|RANGE BETWEEN … PRECEDING AND CURRENT ROW)}):
     * {@code D ∘ ↑over ∘ I} becomes the stateful primitive {@code overΔ}, which keeps each partition ordered
     * and, for a change at order position k, re-aggregates only the rows whose frame contains k
     * (docs/theory.md §4, Proposition O1).
     */
    WINDOW_AGGREGATE(Algebra.NON_LINEAR),
    /**
     * A window above a monotone waterline: {@code D ∘ W ∘ I} becomes {@code D ∘ I_W}, the integral that drops
     * the rows below the waterline as it goes, so its state is bounded by the window (docs/theory.md §8).
     */
    WATERLINE(Algebra.NON_LINEAR),
    /** Any other non-linear lifted function: {@code D ∘ ↑f ∘ I}. */
    FALLBACK(Algebra.NON_LINEAR),
    /** Inputs receive changes; outputs emit changes. */
    BOUNDARY(Algebra.BOUNDARY),
    /** A constant stream becomes its derivative (the value at step 0, then zero). */
    CONSTANT(Algebra.BOUNDARY),
    /** A nested circuit: its body is incrementalized with the cycle rule (docs/theory.md §6). */
    NESTED(Algebra.NESTED),
    /** Already an incremental primitive (H, H₂, I_W): kept, incrementalized by fallback if met in a snapshot circuit. */
    PRIMITIVE(Algebra.NON_LINEAR);

    private final Algebra algebra;

    Incrementalization(Algebra algebra) {
        this.algebra = algebra;
    }

    /** The algebra of the operators incrementalized this way. */
    public Algebra algebra() {
        return algebra;
    }
}
