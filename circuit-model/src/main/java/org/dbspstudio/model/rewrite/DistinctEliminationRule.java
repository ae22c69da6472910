package org.dbspstudio.model.rewrite;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.DistinctAbsorption;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * Removes redundant {@code distinct} operators before incrementalizing (Propositions 4.4/4.5),
 * to a fixed point, at every nesting level. Conservative: it applies only
 * <ul>
 *   <li>{@code distinct(distinct(x)) = distinct(x)} (always true);</li>
 *   <li>{@code distinct(Q(distinct(x))) = distinct(Q(x))} for Q whose kind declares
 *       {@link DistinctAbsorption#ALWAYS} (filter: true for any Z-set);</li>
 *   <li>{@code distinct(Q(distinct(i), ...)) = distinct(Q(i, ...))} for Q whose kind declares
 *       {@link DistinctAbsorption#WHEN_INPUTS_POSITIVE} (map, flat-map, +, join, product) when every
 *       input of Q other than the distinct, and {@code i}, is known positive ({@link Positivity});</li>
 * </ul>
 * and only when Q feeds nothing but the outer distinct.
 */
public final class DistinctEliminationRule implements RewriteRule {
    @Override
    public String name() {
        return "Distinct elimination";
    }

    @Override
    public String theorem() {
        return "Propositions 4.4/4.5";
    }

    @Override
    public void apply(RewriteContext ctx) {
        for (Circuit c : Levels.all(ctx.root())) {
            while (applyOnce(ctx, c)) {
                // to a fixed point
            }
        }
    }

    private boolean applyOnce(RewriteContext ctx, Circuit c) {
        for (Operator outer : c.operators()) {
            if (outer.kind() != OpKind.DISTINCT) {
                continue;
            }
            PortRef src = CircuitEdits.source(c, CircuitEdits.in(outer.id()));
            if (src == null) {
                continue;
            }
            Operator q = c.op(src.op());
            if (q.kind() == OpKind.DISTINCT) {
                CircuitEdits.moveConsumers(c, CircuitEdits.out(outer.id()), CircuitEdits.out(q.id()));
                c.remove(outer.id());
                ctx.record(name(), theorem(), "distinct(distinct(x)) = distinct(x): removed " + outer.id()
                        + ", its readers now read " + q.id(), List.of(outer.id()), List.of());
                return true;
            }
            if (q.kind().spec().distinctAbsorption() == DistinctAbsorption.NONE) {
                continue;
            }
            if (CircuitEdits.consumers(c, CircuitEdits.out(q.id())).size() != 1) {
                continue;
            }
            if (eliminateUnder(ctx, c, outer, q)) {
                return true;
            }
        }
        return false;
    }

    private boolean eliminateUnder(RewriteContext ctx, Circuit c, Operator outer, Operator q) {
        Positivity pos = new Positivity(c);
        boolean needPositive = q.kind().spec().distinctAbsorption() == DistinctAbsorption.WHEN_INPUTS_POSITIVE;
        if (needPositive) {
            for (String port : q.inputPorts()) {
                PortRef s = CircuitEdits.source(c, new PortRef(q.id(), port));
                if (s == null) {
                    return false;
                }
                Operator producer = c.op(s.op());
                boolean ok = producer.kind() == OpKind.DISTINCT
                        ? innerPositive(c, pos, producer) : pos.isPositive(producer.id());
                if (!ok) {
                    return false;
                }
            }
        }
        for (String port : q.inputPorts()) {
            PortRef qin = new PortRef(q.id(), port);
            PortRef s = CircuitEdits.source(c, qin);
            if (s == null || c.op(s.op()).kind() != OpKind.DISTINCT) {
                continue;
            }
            Operator inner = c.op(s.op());
            PortRef innerSrc = CircuitEdits.source(c, CircuitEdits.in(inner.id()));
            if (innerSrc == null) {
                continue;
            }
            CircuitEdits.refeed(c, qin, innerSrc);
            List<String> removed = List.of();
            if (!CircuitEdits.hasConsumers(c, inner.id())) {
                c.remove(inner.id());
                removed = List.of(inner.id());
            }
            ctx.record(name(), theorem(), "distinct(" + q.kind().json() + "(distinct(i))) = distinct("
                    + q.kind().json() + "(i))" + (needPositive ? " for positive i" : "") + ": " + q.id()
                    + " now reads " + innerSrc.op() + " instead of " + inner.id() + " (under " + outer.id() + ")",
                    removed.isEmpty() ? List.of(q.id()) : List.of(q.id(), inner.id()), List.of());
            return true;
        }
        return false;
    }

    private static boolean innerPositive(Circuit c, Positivity pos, Operator distinct) {
        PortRef s = CircuitEdits.source(c, CircuitEdits.in(distinct.id()));
        return s != null && pos.isPositive(s.op());
    }
}
