package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/**
 * Expands the relational sugar of Table 1: {@code union(a, b) = distinct(a + b)} and
 * {@code difference(a, b) = distinct(a − b)}, at every nesting level.
 */
public final class DesugarRule implements RewriteRule {
    @Override
    public String name() {
        return "Desugar";
    }

    @Override
    public String theorem() {
        return "Table 1";
    }

    @Override
    public void apply(RewriteContext ctx) {
        for (Circuit c : Levels.all(ctx.root())) {
            for (Operator op : new ArrayList<>(c.operators())) {
                if (op.kind().incrementalization() == org.dbspstudio.model.Incrementalization.DESUGAR) {
                    expand(ctx, c, op);
                }
            }
        }
    }

    private void expand(RewriteContext ctx, Circuit c, Operator op) {
        boolean union = op.kind() == OpKind.UNION;
        OpKind linear = union ? OpKind.PLUS : OpKind.MINUS;
        String sumId = ctx.freshId(op.id() + (union ? "_plus" : "_minus"));
        String distinctId = ctx.freshId(op.id() + "_distinct");
        PortRef a = CircuitEdits.source(c, new PortRef(op.id(), "a"));
        PortRef b = CircuitEdits.source(c, new PortRef(op.id(), "b"));
        List<PortRef> consumers = CircuitEdits.consumers(c, CircuitEdits.out(op.id()));
        c.remove(op.id());
        c.add(Operator.of(sumId, linear));
        c.add(Operator.of(distinctId, OpKind.DISTINCT));
        if (a != null) {
            c.connect(new Stream(a, new PortRef(sumId, "a")));
        }
        if (b != null) {
            c.connect(new Stream(b, new PortRef(sumId, "b")));
        }
        c.connect(new Stream(CircuitEdits.out(sumId), CircuitEdits.in(distinctId)));
        for (PortRef dest : consumers) {
            c.connect(new Stream(CircuitEdits.out(distinctId), dest));
        }
        ctx.record(name(), theorem(), op.id() + ": " + op.kind().json() + "(a, b) = distinct(a "
                + (union ? "+" : "−") + " b)", List.of(op.id()), List.of(sumId, distinctId));
    }
}
