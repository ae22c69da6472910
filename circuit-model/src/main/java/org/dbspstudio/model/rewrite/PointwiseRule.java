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
 * Proposition 4.7 generalized to pointwise operators (docs/theory.md §4): when the output weight
 * of {@code f(a, b)} at a row depends only on the weights of {@code a} and {@code b} at that row
 * and {@code f(0, 0) = 0} there, {@code (↑f)^Δ(Δa, Δb) = ↑H₂(z⁻¹(I(Δa)), z⁻¹(I(Δb)), Δa, Δb)}
 * with {@code H₂(a, b, da, db)[x] = f(a + da, b + db)[x] − f(a, b)[x]}, which is zero wherever
 * {@code da[x] = db[x] = 0}: H₂ looks only at the rows of the changes. INTERSECT [ALL] and
 * EXCEPT [ALL] are such operators.
 */
public final class PointwiseRule extends KindRule {
    public PointwiseRule() {
        super("Pointwise", "Proposition 4.7 generalized (pointwise operators)", Incrementalization.POINTWISE);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        Map<String, PortRef> feeds = new LinkedHashMap<>();
        feeds.put("a", b.delayedSnapshot(op, "a"));
        feeds.put("b", b.delayedSnapshot(op, "b"));
        feeds.put("da", b.delta(op, "a"));
        feeds.put("db", b.delta(op, "b"));
        b.drop(op);
        Params p = op.params().bool("all") ? Params.of(OpKind.H_SET, "of", op.kind().json(), "all", true)
                : Params.of(OpKind.H_SET, "of", op.kind().json());
        String h = b.add(OpKind.H_SET, op.id() + "_H", p, feeds);
        return Map.of("out", CircuitEdits.out(h));
    }

    @Override
    public String describe(Operator op, Clock clock) {
        String what = op.kind().json().toUpperCase() + (op.params().bool("all") ? " ALL" : "");
        return op.id() + " (" + what + ") is pointwise: it becomes H₂(z⁻¹(I(Δa)), z⁻¹(I(Δb)), Δa, Δb), which looks up"
                + " only the rows of the changes" + (clock == Clock.OUTER ? ", with I and z⁻¹ over the outer clock" : "");
    }
}
