package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;

/**
 * Semi-naive evaluation of a recursive loop (docs/theory.md §6): in a nested circuit of the shape
 * {@code δ₀ → I → R-loop → D → ∫}, the part between {@code I} and {@code D} is
 * {@code D ∘ R-loop ∘ I}, the incremental version of the loop over the inner clock, so the chain
 * and cycle rules rewrite it into {@code R^Δ}: each iteration joins only the previous iteration's
 * new facts, and distinct becomes {@code H}. The standard pipeline applies it to every nested
 * circuit before the chain rule lifts the top-level ones over the outer clock, so their
 * outer-clock state holds each iteration's new facts rather than a snapshot per iteration (the
 * engine's fixpoint test waits for the loop's delayed changes to settle, which a loop over changes
 * needs); {@link Incrementalizer#semiNaive()} applies it alone, leaving the circuit over snapshots.
 */
public final class SemiNaiveRule implements RewriteRule {
    private final boolean onlyDeep;

    /** @param onlyDeep true: only nested circuits inside nested circuits; false: every nested circuit */
    public SemiNaiveRule(boolean onlyDeep) {
        this.onlyDeep = onlyDeep;
    }

    @Override
    public String name() {
        return "Semi-naive recursion";
    }

    @Override
    public String theorem() {
        return "§6: cycle rule on the inner clock";
    }

    @Override
    public void apply(RewriteContext ctx) {
        visit(ctx, ctx.root(), 0);
    }

    private void visit(RewriteContext ctx, Circuit c, int depth) {
        for (Operator op : new ArrayList<>(c.operators())) {
            if (op.kind() != OpKind.NESTED || op.child() == null) {
                continue;
            }
            visit(ctx, op.child(), depth + 1);
            if (onlyDeep && depth == 0) {
                continue;
            }
            DeltaLevel level = new DeltaLevel(ctx, op.child(), Clock.INNER, new LinkedHashSet<>(), OperatorRules.standard());
            if (!level.adoptBoundary()) {
                continue;
            }
            List<String> created = new ArrayList<>();
            List<String> parts = new ArrayList<>();
            List<String> replaced = new ArrayList<>();
            level.pushThrough((unit, rules, made) -> {
                created.addAll(made);
                replaced.addAll(unit);
                for (int i = 0; i < unit.size(); i++) {
                    parts.add(unit.get(i) + " → " + rules.get(i).name());
                }
            });
            ctx.record(name(), theorem(), op.id() + ": the loop between I after δ₀ and D before ∫ becomes its"
                    + " inner-clock incremental version (" + String.join(", ", parts) + ")", replaced, created);
        }
    }
}
