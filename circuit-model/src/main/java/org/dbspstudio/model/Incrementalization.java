package org.dbspstudio.model;

/** How Algorithm 4.6 turns an operator {@code Q} into {@code Q^Δ} (primer §3–§6). */
public enum Incrementalization {
    /** LTI operator: {@code Q^Δ = Q} (Theorem 3.3; {@code +}, {@code −}, {@code z⁻¹}, {@code I}, {@code D}, filter, map...). */
    UNCHANGED,
    /** Bilinear: {@code I(Δa) ⋈ Δb + Δa ⋈ z⁻¹(I(Δb))} (Theorem 3.4). */
    BILINEAR_EXPANSION,
    /** {@code distinct} becomes {@code ↑H(z⁻¹(I(d)), d)} (Proposition 4.7). */
    DISTINCT_TO_H,
    /** Sugar expanded first (union = distinct(a+b), difference = distinct(a−b)). */
    DESUGAR,
    /** Aggregates: COUNT/SUM are linear inside; everything is rewritten as {@code D ∘ ↑agg ∘ I}, which the engine evaluates per changed group. */
    AGGREGATE,
    /** Any other non-linear lifted function: {@code D ∘ ↑f ∘ I}. */
    FALLBACK,
    /** Inputs receive changes; outputs emit changes. */
    BOUNDARY,
    /** A constant stream becomes its derivative (the value at step 0, then zero). */
    CONSTANT,
    /** A nested circuit: its body is incrementalized with the cycle rule (primer §6). */
    NESTED,
    /** Already an incremental primitive (H): kept, incrementalized by fallback if met in a snapshot circuit. */
    PRIMITIVE
}
