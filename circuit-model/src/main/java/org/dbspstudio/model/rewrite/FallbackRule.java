package org.dbspstudio.model.rewrite;

import java.util.LinkedHashMap;
import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * Definition 3.1 itself, for any other operator: {@code Q^Δ = D ∘ ↑Q ∘ I}. Always correct, not
 * always cheap: Q keeps reading integrated inputs and a {@code D} turns its output into changes.
 */
public final class FallbackRule implements OperatorRule {
    @Override
    public String name() {
        return "Fallback";
    }

    @Override
    public String theorem() {
        return "Definition 3.1";
    }

    @Override
    public boolean appliesTo(Operator op, Clock clock) {
        return true;
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        return wrap(op, b);
    }

    /** Keeps {@code op} on integrated inputs and differentiates each of its outputs. */
    static Map<String, PortRef> wrap(Operator op, DeltaBuilder b) {
        Map<String, PortRef> feeds = new LinkedHashMap<>();
        for (String port : op.inputPorts()) {
            feeds.put(port, b.snapshot(op, port));
        }
        b.keep(op, feeds);
        Map<String, PortRef> outs = new LinkedHashMap<>();
        for (String port : op.outputPorts()) {
            String d = b.add(OpKind.DIFFERENTIATE, op.id() + DeltaBuilder.suffix(port) + "_D",
                    CircuitEdits.clockParams(OpKind.DIFFERENTIATE, b.clock()), Map.of("in", new PortRef(op.id(), port)));
            outs.put(port, CircuitEdits.out(d));
        }
        return outs;
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (" + op.kind().json() + ") is not linear: D ∘ " + op.kind().glyph() + " ∘ I"
                + (clock == Clock.OUTER ? " over the outer clock" : "");
    }
}
