package org.dbspstudio.model.rewrite;

import java.util.LinkedHashMap;
import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/** Theorem 3.3: a linear time-invariant operator is its own incremental version, {@code Q^Δ = Q}. */
public final class LinearRule implements OperatorRule {
    @Override
    public String name() {
        return "Linear";
    }

    @Override
    public String theorem() {
        return "Theorem 3.3";
    }

    @Override
    public boolean appliesTo(Operator op, Clock clock) {
        return op.kind().incrementalization() == Incrementalization.UNCHANGED;
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        Map<String, PortRef> feeds = new LinkedHashMap<>();
        for (String port : op.inputPorts()) {
            feeds.put(port, b.delta(op, port));
        }
        b.keep(op, feeds);
        Map<String, PortRef> outs = new LinkedHashMap<>();
        for (String port : op.outputPorts()) {
            outs.put(port, new PortRef(op.id(), port));
        }
        return outs;
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (" + op.kind().json() + ") is linear: it stays as it is and now reads changes";
    }
}
