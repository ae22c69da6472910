package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;

/** Proposition 4.7: {@code (↑distinct)^Δ(d) = ↑H(z⁻¹(I(d)), d)}. */
public final class DistinctToHRule extends KindRule {
    public DistinctToHRule() {
        super("Distinct to H", "Proposition 4.7", Incrementalization.DISTINCT_TO_H);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        PortRef old = b.delayedSnapshot(op, "in");
        PortRef d = b.delta(op, "in");
        b.drop(op);
        String h = b.add(OpKind.H, op.id() + "_H", Params.of(OpKind.H), Map.of("integrated", old, "delta", d));
        return Map.of("out", CircuitEdits.out(h));
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (distinct) becomes H(z⁻¹(I(d)), d): work proportional to the change"
                + (clock == Clock.OUTER ? ", with I and z⁻¹ over the outer clock" : "");
    }
}
