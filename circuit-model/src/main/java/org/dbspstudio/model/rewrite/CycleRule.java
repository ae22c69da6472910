package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/**
 * The cycle rule (Proposition 3.2 applied to a feedback loop, docs/theory.md):
 * {@code (fix α. T(s, z⁻¹α))^Δ = fix α. T^Δ(s, z⁻¹α)}. The chain rule meets the operators of a
 * feedback loop as one unit: each is rewritten by its own {@link OperatorRule} (so {@code T}
 * becomes {@code T^Δ}; {@code z⁻¹} is linear and stays as it is), and the loop is closed again
 * on the change streams: every stream that fed back into the loop from a member now carries that
 * member's change output.
 */
public final class CycleRule {
    public String name() {
        return "Cycle rule";
    }

    public String theorem() {
        return "Proposition 3.2 (cycle rule)";
    }

    /**
     * Rewrites the operators of one loop (already disconnected from their streams, their inputs
     * known to {@code b}) and closes the loop; fills {@code deltaOut} (output of a member → port
     * carrying its change stream) and returns the operator rule applied to each member, in order.
     */
    List<OperatorRule> convert(List<Operator> loop, DeltaBuilder b, OperatorRules rules, Clock clock,
                               Map<PortRef, PortRef> deltaOut) {
        List<OperatorRule> applied = new ArrayList<>();
        for (Operator op : loop) {
            OperatorRule rule = rules.select(op, clock);
            applied.add(rule);
            rule.convert(op, b).forEach((port, p) -> deltaOut.put(new PortRef(op.id(), port), p));
        }
        closeFeedback(b.circuit(), deltaOut);
        return applied;
    }

    /**
     * Reconnects the streams that read a loop member's output before it was rewritten (left as
     * placeholders by {@link DeltaBuilder}) to the member's change output.
     */
    static void closeFeedback(Circuit circuit, Map<PortRef, PortRef> deltaOut) {
        for (Stream s : new ArrayList<>(circuit.streams())) {
            if (s.from().op().startsWith(DeltaBuilder.PLACEHOLDER)) {
                PortRef member = new PortRef(s.from().op().substring(DeltaBuilder.PLACEHOLDER.length()), s.from().port());
                PortRef real = deltaOut.get(member);
                if (real == null) {
                    throw new IllegalStateException("no change stream for " + member);
                }
                circuit.disconnect(s);
                circuit.connect(new Stream(real, s.to()));
            }
        }
    }

    /** One sentence for the log: the loop and what each member became. */
    String describe(List<String> loop, List<String> members) {
        return "the feedback loop through " + String.join(", ", loop) + " becomes T^Δ with z⁻¹ unchanged: "
                + String.join("; ", members);
    }
}
