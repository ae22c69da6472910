package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * Proposition J1 (docs/theory.md §7): {@code a ⋉ b = a ⋉ʷ distinct(π_k(b))}, bilinear in {@code a}
 * and the key set of {@code b}, so {@code Δ(a ⋉ b) = I(Δa) ⋉ʷ ΔK + Δa ⋉ʷ z⁻¹(I(ΔK))} with
 * {@code ΔK = H(z⁻¹(I(π_k(Δb))), π_k(Δb))}.
 */
public final class SemijoinRule extends KindRule {
    public SemijoinRule() {
        super("Semijoin", "Proposition J1 (a ⋉ b = a ⋉ʷ distinct(π_k b); Theorem 3.4, Proposition 4.7)", Incrementalization.SEMIJOIN);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        PortRef d = Semijoins.delta(op, b, "left", op.params().strings("leftKeys"), "right",
                op.params().strings("rightKeys"), "");
        b.drop(op);
        return Map.of("out", d);
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (semijoin) = a ⋉ʷ K with K = distinct(π_key b): Δ = I(Δa) ⋉ʷ ΔK + Δa ⋉ʷ z⁻¹(I(ΔK)),"
                + " ΔK = H(z⁻¹(I(π_key Δb)), π_key Δb); work follows the change"
                + (clock == Clock.OUTER ? ", with I and z⁻¹ over the outer clock" : "");
    }
}
