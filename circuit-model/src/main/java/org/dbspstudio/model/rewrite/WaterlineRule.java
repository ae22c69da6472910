package org.dbspstudio.model.rewrite;

import java.util.LinkedHashMap;
import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;

/**
 * The waterline (paper §7, docs/theory.md §8): for a window {@code W(v, θ)} that keeps the rows
 * of {@code v} whose timestamp is at least {@code θ − bound}, and a monotone waterline θ,
 * {@code W(I(Δv), θ) = I_W(Δv, θ)} where {@code I_W(s, θ)[t] = W(s[t] + I_W(s, θ)[t−1], θ[t])}:
 * the window moves inside the integral, which then drops the rows below the waterline as it goes.
 * So {@code (W)^Δ = D ∘ I_W}, whose state is bounded by the rows above the waterline instead of
 * growing with the stream. The engine's {@code I_W} refuses a waterline that decreases.
 */
public final class WaterlineRule extends KindRule {
    public WaterlineRule() {
        super("Waterline", "paper §7, windows: W ∘ I = I_W for a monotone waterline", Incrementalization.WATERLINE, Clock.INNER);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        Map<String, PortRef> feeds = new LinkedHashMap<>();
        feeds.put("delta", b.delta(op, "in"));
        feeds.put("waterline", b.snapshot(op, "waterline"));
        b.drop(op);
        Params p = Params.of(OpKind.WINDOW_INTEGRATE, "timestamp", op.params().string("timestamp"),
                "bound", op.params().integer("bound"));
        String iw = b.add(OpKind.WINDOW_INTEGRATE, op.id() + "_IW", p, feeds);
        String d = b.add(OpKind.DIFFERENTIATE, op.id() + "_D", CircuitEdits.clockParams(OpKind.DIFFERENTIATE, b.clock()),
                Map.of("in", CircuitEdits.out(iw)));
        return Map.of("out", CircuitEdits.out(d));
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (window " + op.params().string("timestamp") + " ≥ θ − " + op.params().integer("bound")
                + ") moves inside the integral: D ∘ W ∘ I becomes D ∘ I_W, which drops the rows below the waterline,"
                + " so its state stays bounded (the waterline must not decrease)";
    }
}
