package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;

/**
 * Theorem 3.4 with two joins: {@code Δ(a ⋈ b) = I(Δa) ⋈ Δb + Δa ⋈ z⁻¹(I(Δb))}. The integrals are
 * the ones already on the frontier (shared with any other reader of the same stream).
 */
public final class BilinearRule extends KindRule {
    public BilinearRule() {
        super("Bilinear", "Theorem 3.4", Incrementalization.BILINEAR_EXPANSION);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        PortRef leftSnap = b.snapshot(op, "left");
        PortRef rightDelta = b.delta(op, "right");
        PortRef leftDelta = b.delta(op, "left");
        PortRef rightOld = b.delayedSnapshot(op, "right");
        b.drop(op);
        String a = b.addCopy(op, op.id() + "_a", Map.of("left", leftSnap, "right", rightDelta));
        String c = b.addCopy(op, op.id() + "_b", Map.of("left", leftDelta, "right", rightOld));
        String sum = b.add(OpKind.PLUS, op.id() + "_sum", Params.of(OpKind.PLUS),
                Map.of("a", CircuitEdits.out(a), "b", CircuitEdits.out(c)));
        return Map.of("out", CircuitEdits.out(sum));
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (" + op.kind().json() + ") is bilinear: Δ(a " + op.kind().glyph() + " b) = I(Δa) "
                + op.kind().glyph() + " Δb + Δa " + op.kind().glyph() + " z⁻¹(I(Δb))"
                + (clock == Clock.OUTER ? ", with I and z⁻¹ over the outer clock, kept per inner iteration" : "");
    }
}
