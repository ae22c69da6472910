package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/** Theorem 3.3: a linear time-invariant operator is its own incremental version, {@code Q^Δ = Q}. */
public final class LinearRule extends KindRule {
    public LinearRule() {
        super("Linear", "Theorem 3.3", Incrementalization.UNCHANGED);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        return b.keepOnChanges(op);
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (" + op.kind().json() + ") is linear: it stays as it is and now reads changes";
    }
}
