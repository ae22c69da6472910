package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;

/**
 * Proposition J2 (docs/theory.md §7): {@code a ▷ b = a − a ⋉ b}, and {@code −} is linear, so
 * {@code Δ(a ▷ b) = Δa − Δ(a ⋉ b)} with the incremental semijoin of Proposition J1.
 */
public final class AntijoinRule extends KindRule {
    public AntijoinRule() {
        super("Antijoin", "Proposition J2 (a ▷ b = a − a ⋉ b)", Incrementalization.ANTIJOIN);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        PortRef aDelta = b.delta(op, "left");
        PortRef semi = Semijoins.delta(op, b, "left", op.params().strings("leftKeys"), "right",
                op.params().strings("rightKeys"), "_semi");
        b.drop(op);
        String minus = b.add(OpKind.MINUS, op.id() + "_minus", Params.of(OpKind.MINUS), Map.of("a", aDelta, "b", semi));
        return Map.of("out", CircuitEdits.out(minus));
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (antijoin) = a − a ⋉ b: Δ(a ▷ b) = Δa − Δ(a ⋉ b), the semijoin incremental by"
                + " Proposition J1; work follows the change"
                + (clock == Clock.OUTER ? ", with I and z⁻¹ over the outer clock" : "");
    }
}
