package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * Incremental recursion (docs/theory.md §6): a nested circuit over snapshots is lifted over the outer
 * clock and Algorithm 4.6 is applied inside it. Its {@code δ₀} inputs now receive changes; inside,
 * the outer-time {@code I} after each {@code δ₀} and {@code D} before each {@code ∫} are pushed
 * through the body with the chain and cycle rules, so each non-linear or bilinear inner operator
 * gets outer-clock integrators and delays ({@code clock = outer}, kept per inner iteration) and
 * each outer step reruns the fixpoint on the changes to the previous run's iterations. Inner
 * {@code z⁻¹}, {@code I}, {@code D} on the inner clock are linear and stay.
 */
public final class NestedRule extends KindRule {
    private final List<String> lastInner = new ArrayList<>();

    public NestedRule() {
        super("Nested (incremental recursion)", "§6, Proposition 6.2 + cycle rule", Incrementalization.NESTED, Clock.INNER);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        Map<String, PortRef> outs = b.keepOnChanges(op);
        DeltaLevel inner = new DeltaLevel(b.context(), op.child(), Clock.OUTER, new LinkedHashSet<>(),
                OperatorRules.standard());
        inner.wrap().forEach(b::noteCreated);
        lastInner.clear();
        inner.pushThrough((unit, rules, created) -> {
            created.forEach(b::noteCreated);
            for (int i = 0; i < unit.size(); i++) {
                lastInner.add(unit.get(i) + " → " + rules.get(i).name());
            }
        });
        return outs;
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (nested circuit) is lifted over the outer clock: I/D pushed inside the loop"
                + (lastInner.isEmpty() ? "" : " (" + String.join(", ", lastInner) + ")")
                + "; each outer step reruns the fixpoint on changes";
    }
}
