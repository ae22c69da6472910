package org.dbspstudio.model.rewrite;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;

/**
 * Algorithm 4.6, step 4: {@code Q^Δ = D ∘ Q ∘ I} — an integrator after every input and a
 * differentiator before every output; the circuit's inputs now receive changes
 * ({@link Circuit.InputMode#CHANGES}).
 */
public final class WrapRule implements RewriteRule {
    @Override
    public String name() {
        return "Wrap with I and D";
    }

    @Override
    public String theorem() {
        return "Definition 3.1";
    }

    @Override
    public void apply(RewriteContext ctx) {
        DeltaLevel level = new DeltaLevel(ctx, ctx.root(), Clock.INNER, ctx.frontier(), ctx.operatorRules());
        ctx.setTopLevel(level);
        List<String> created = level.wrap();
        ctx.root().setInputMode(Circuit.InputMode.CHANGES);
        String what = created.isEmpty() ? "the circuit has no connected inputs or outputs to wrap"
                : "I after every input and D before every output: " + String.join(", ", created);
        ctx.record(name(), theorem(), what + "; inputs now receive changes", List.of(), created);
    }
}
