package org.dbspstudio.model.rewrite;

import java.util.HashSet;
import java.util.Set;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * A conservative analysis of which operators' outputs are known to be positive Z-sets (every
 * weight ≥ 0) at every step, from each kind's declared {@link org.dbspstudio.model.PositiveOutput}:
 * outputs of distinct and aggregates, constants with positive rows, and filter / map / flat-map /
 * index / delay of a positive stream, plus / join / product of positive streams. Table inputs are not assumed positive (a scenario may delete rows that are
 * absent). Cycles get the least fixpoint, so nothing is assumed about a loop.
 */
final class Positivity {
    private final Set<String> positive = new HashSet<>();

    Positivity(Circuit c) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Operator op : c.operators()) {
                if (!positive.contains(op.id()) && derive(c, op)) {
                    positive.add(op.id());
                    changed = true;
                }
            }
        }
    }

    boolean isPositive(String opId) {
        return positive.contains(opId);
    }

    private boolean derive(Circuit c, Operator op) {
        return switch (op.kind().spec().positiveOutput()) {
            case ALWAYS -> true;
            case WHEN_ROWS_POSITIVE -> !op.params().changes("rows").isEmpty()
                    && op.params().changes("rows").stream().allMatch((Change ch) -> ch.weight() > 0);
            case WHEN_INPUTS_POSITIVE -> allInputsPositive(c, op);
            case NEVER -> false;
        };
    }

    private boolean allInputsPositive(Circuit c, Operator op) {
        for (String port : op.inputPorts()) {
            PortRef src = CircuitEdits.source(c, new PortRef(op.id(), port));
            if (src == null || !positive.contains(src.op())) {
                return false;
            }
        }
        return true;
    }
}
