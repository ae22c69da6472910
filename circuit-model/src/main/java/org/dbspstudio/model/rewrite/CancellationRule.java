package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * {@code D ∘ I = I ∘ D = id} (docs/theory.md §2): an operator directly after its declared inverse
 * ({@link OpKind#inverse()}: an integrator and a differentiator) on the same clock, is bypassed — its readers read the inner operator's input. The inner
 * operator is removed too when nothing else reads it. At every nesting level, to a fixed point.
 */
public final class CancellationRule implements RewriteRule {
    @Override
    public String name() {
        return "I∘D cancellation";
    }

    @Override
    public String theorem() {
        return "D(I(s)) = I(D(s)) = s";
    }

    @Override
    public void apply(RewriteContext ctx) {
        for (Circuit c : Levels.all(ctx.root())) {
            while (cancelOnce(ctx, c)) {
                // to a fixed point
            }
        }
    }

    private boolean cancelOnce(RewriteContext ctx, Circuit c) {
        for (Operator outer : new ArrayList<>(c.operators())) {
            OpKind inverse = outer.kind().inverse().orElse(null);
            if (inverse == null) {
                continue;
            }
            PortRef src = CircuitEdits.source(c, CircuitEdits.in(outer.id()));
            if (src == null) {
                continue;
            }
            Operator inner = c.op(src.op());
            if (inner.kind() != inverse || inner.clock() != outer.clock()) {
                continue;
            }
            PortRef x = CircuitEdits.source(c, CircuitEdits.in(inner.id()));
            if (x == null) {
                continue;
            }
            CircuitEdits.moveConsumers(c, CircuitEdits.out(outer.id()), x);
            c.remove(outer.id());
            List<String> replaced = new ArrayList<>(List.of(inner.id(), outer.id()));
            boolean innerGone = !CircuitEdits.hasConsumers(c, inner.id());
            if (innerGone) {
                c.remove(inner.id());
            }
            ctx.record(name(), theorem(), glyph(outer) + "(" + glyph(inner) + "(x)) = x: readers of " + outer.id()
                    + " now read " + x.op() + (innerGone ? "; " + inner.id() + " and " : "; ") + outer.id()
                    + " removed" + (outer.clock() == Clock.OUTER ? " (outer clock)" : ""),
                    replaced, List.of());
            return true;
        }
        return false;
    }

    private static String glyph(Operator op) {
        return op.kind().glyph();
    }
}
