package org.dbspstudio.model.rewrite;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * Removes operators whose results reach no output (top level) or no {@code ∫} (inside a nested
 * circuit). Inputs and {@code δ₀} stay, as they are the circuit's interface; a circuit without any
 * output is left alone.
 */
public final class DeadOperatorRule implements RewriteRule {
    @Override
    public String name() {
        return "Dead operator removal";
    }

    @Override
    public String theorem() {
        return "";
    }

    @Override
    public void apply(RewriteContext ctx) {
        for (Circuit c : Levels.all(ctx.root())) {
            OpKind sink = c == ctx.root() ? OpKind.OUTPUT : OpKind.INTEGRAL;
            List<String> removed = sweep(c, sink);
            if (!removed.isEmpty()) {
                ctx.record(name(), theorem(), "removed " + String.join(", ", removed) + ": they reach no "
                        + (sink == OpKind.OUTPUT ? "output" : "∫"), removed, List.of());
            }
        }
    }

    private static List<String> sweep(Circuit c, OpKind sink) {
        Set<String> live = new HashSet<>();
        Deque<String> work = new ArrayDeque<>();
        for (Operator op : c.operators()) {
            if (op.kind() == sink) {
                live.add(op.id());
                work.add(op.id());
            }
        }
        if (live.isEmpty()) {
            return List.of();
        }
        while (!work.isEmpty()) {
            String id = work.poll();
            for (Stream s : c.streamsInto(id)) {
                if (live.add(s.from().op())) {
                    work.add(s.from().op());
                }
            }
        }
        List<String> removed = new ArrayList<>();
        for (Operator op : new ArrayList<>(c.operators())) {
            boolean keep = live.contains(op.id()) || op.kind() == OpKind.INPUT || op.kind() == OpKind.DELTA0;
            if (!keep) {
                c.remove(op.id());
                removed.add(op.id());
            }
        }
        return removed;
    }
}
