package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Operator;

/**
 * Algorithm 4.6, step 5: the chain rule {@code (Q₁ ∘ Q₂)^Δ = Q₁^Δ ∘ Q₂^Δ} pushes the integrators
 * placed by {@link WrapRule} through the circuit, one operator at a time in dataflow order; each
 * operator is rewritten by the {@link OperatorRule} its kind declares. The operators of a feedback
 * loop are rewritten together by the {@link CycleRule}. One log step per operator or loop.
 */
public final class ChainRule implements RewriteRule {
    private static final CycleRule CYCLE = new CycleRule();

    @Override
    public String name() {
        return "Chain rule";
    }

    @Override
    public String theorem() {
        return "Proposition 3.2";
    }

    @Override
    public void apply(RewriteContext ctx) {
        DeltaLevel level = ctx.topLevel();
        if (level == null) {
            throw new IllegalStateException("the chain rule runs after the wrap rule");
        }
        List<Operator> before = new ArrayList<>(ctx.root().operators());
        level.pushThrough((unit, rules, created) -> {
            if (unit.size() == 1) {
                OperatorRule r = rules.get(0);
                Operator op = find(before, unit.get(0));
                ctx.record(r.name(), r.theorem(), r.describe(op, Clock.INNER), unit, created);
            } else {
                List<String> parts = new ArrayList<>();
                for (int i = 0; i < unit.size(); i++) {
                    parts.add(rules.get(i).describe(find(before, unit.get(i)), Clock.INNER));
                }
                ctx.record(CYCLE.name(), CYCLE.theorem(), CYCLE.describe(unit, parts), unit, created);
            }
        });
    }

    private static Operator find(List<Operator> ops, String id) {
        return ops.stream().filter(o -> o.id().equals(id)).findFirst().orElseThrow();
    }
}
