package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;

/**
 * Window aggregates (docs/theory.md §4, Proposition O1): with {@code A = I(Δa)} and each partition kept
 * in ORDER BY order, {@code (↑over)^Δ(Δa)[t] = Σ_{r ∈ R(Δa[t])} over(A[t])|r − over(A[t−1])|r}, summed over only
 * the rows {@code R} whose frame (in the old or the new order) contains a changed row, because a row's
 * output is a function of its own frame. So {@code D ∘ ↑over ∘ I} becomes one stateful primitive,
 * {@code overΔ}, fed by the change stream itself: it keeps the integrated partitions (the only {@code I}
 * needed) and emits the change of its output directly (no {@code D}). With a monotone ORDER BY (time),
 * changes arrive at the end of their partition and only the new rows (and, for RANGE, their peers) are
 * re-aggregated.
 */
public final class WindowAggregateRule implements OperatorRule {
    @Override
    public String name() {
        return "Window aggregate";
    }

    @Override
    public String theorem() {
        return "Proposition O1 (docs/theory.md §4): only rows whose frame holds a change are re-aggregated";
    }

    @Override
    public boolean appliesTo(Operator op, Clock clock) {
        return op.kind().incrementalization() == Incrementalization.WINDOW_AGGREGATE && clock == Clock.INNER;
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        PortRef delta = b.delta(op, "in");
        b.drop(op);
        Params p = Params.of(OpKind.OVER_DELTA, op.params().values());
        String id = b.add(OpKind.OVER_DELTA, op.id() + "_delta", p, Map.of("delta", delta));
        return Map.of("out", CircuitEdits.out(id));
    }

    @Override
    public String describe(Operator op, Clock clock) {
        Object preceding = op.params().get("preceding");
        String frame = op.params().string("frame").toUpperCase(java.util.Locale.ROOT) + " BETWEEN "
                + (preceding == null ? "UNBOUNDED" : preceding) + " PRECEDING AND CURRENT ROW";
        return op.id() + " (window aggregate, " + frame + ") becomes overΔ on its input's changes: each partition is"
                + " kept ordered, and a change re-aggregates only the rows whose frame contains the changed row"
                + (preceding == null ? " (the rows after it in its partition; with a monotone ORDER BY, only the new rows)"
                : "rows".equals(op.params().string("frame")) ? " (it and the next " + preceding + " rows)"
                : " (it, its peers and the rows within " + preceding + " after it in ORDER BY value)");
    }
}
