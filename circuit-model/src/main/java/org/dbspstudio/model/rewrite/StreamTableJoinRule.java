package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * Proposition J4 (docs/theory.md §7): the stream–table join over snapshots is
 * {@code Q(s, t) = I(D(s) ⋈ t)} — each stream row joined with the table as it is at the row's
 * step, the results accumulated — so {@code Q^Δ(Δs, Δt) = D(I(D(I(Δs)) ⋈ I(Δt))) = Δs ⋈ I(Δt)}:
 * one join of the stream's change against the integrated table. The stream side keeps no state
 * (each row is matched once and forgotten), unlike {@code Δ(s ⋈ t)}, which keeps {@code I(Δs)}.
 * On the outer clock of a nested circuit (where the node's own state runs on the inner clock) the
 * fallback applies.
 */
public final class StreamTableJoinRule extends KindRule {
    public StreamTableJoinRule() {
        super("Stream–table join", "Proposition J4 ((I ∘ ↑⋈ ∘ (D × id))^Δ = Δs ⋈ I(Δt))", Incrementalization.STREAM_TABLE_JOIN, Clock.INNER);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        PortRef events = b.delta(op, "left");
        PortRef table = b.snapshot(op, "right");
        b.drop(op);
        String j = b.add(OpKind.JOIN, op.id() + "_join", org.dbspstudio.model.Params.of(OpKind.JOIN, op.params().values()),
                Map.of("left", events, "right", table));
        return Map.of("out", CircuitEdits.out(j));
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (stream–table join) = I(D(s) ⋈ t): its change is Δs ⋈ I(Δt), each new stream row matched"
                + " once against the table as it is now, the stream side not kept";
    }
}
