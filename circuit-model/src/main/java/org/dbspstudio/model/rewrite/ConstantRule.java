package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * A constant stream's changes are its value at step 0 and zero afterwards: {@code D(c) = c} once.
 * Applies on the circuit's own clock; a constant inside a nested circuit (outer clock) and an
 * already-once constant use the fallback {@code D ∘ c}.
 */
public final class ConstantRule extends KindRule {
    public ConstantRule() {
        super("Constant", "D(constant) = δ₀(constant)", Incrementalization.CONSTANT, Clock.INNER);
    }

    @Override
    public boolean appliesTo(Operator op, Clock clock) {
        return super.appliesTo(op, clock) && !op.params().bool("once");
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        Operator once = op.withParam("once", true);
        b.keep(once, Map.of());
        return Map.of("out", CircuitEdits.out(op.id()));
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (constant) now emits its value at step 0 only (once = true)";
    }
}
