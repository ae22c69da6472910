package org.dbspstudio.model.validate;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Diagnostics;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.graph.CircuitGraph;

/**
 * Algebraic loops: every cycle must pass through a strict operator. Each level (top level and
 * every nested circuit, on its own clock) is checked separately; one diagnostic per loop.
 */
final class LoopCheck {
    private LoopCheck() {
    }

    static List<Diagnostic> check(Circuit circuit) {
        List<Diagnostic> out = new ArrayList<>();
        level(circuit, out);
        return out;
    }

    private static void level(Circuit c, List<Diagnostic> out) {
        for (CircuitGraph.Loop loop : CircuitGraph.of(c).algebraicLoops()) {
            String path = Diagnostics.list(loop.cycle(), " → ");
            String more = loop.operators().size() + 1 > loop.cycle().size()
                    ? " (operators on the loop: " + Diagnostics.list(loop.operators(), ", ") + ")" : "";
            out.add(new Diagnostic(Diagnostic.Severity.ERROR, "ALGEBRAIC_LOOP", Diagnostics.list(loop.operators(), ", "),
                    "algebraic loop through " + path + more
                            + ": every cycle must pass through a strict operator; add a z⁻¹ on the feedback path",
                    loop.operators(), loop.streams().stream().map(Stream::id).toList()));
        }
        for (Operator op : c.operators()) {
            if (op.child() != null) {
                level(op.child(), out);
            }
        }
    }
}
