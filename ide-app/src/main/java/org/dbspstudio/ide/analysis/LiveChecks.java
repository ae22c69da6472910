package org.dbspstudio.ide.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/**
 * The editor's own structural checks, run on every edit: ports fed zero or several times,
 * dangling streams, unused outputs, algebraic loops (cycles without a strict operator) and typing
 * errors, for a circuit and its nested circuits.
 */
public final class LiveChecks {
    private LiveChecks() {
    }

    public static List<Diagnostic> check(Circuit top) {
        List<Diagnostic> out = new ArrayList<>();
        check(top, TypeInfo.infer(top), out);
        return out;
    }

    private static void check(Circuit c, TypeInfo types, List<Diagnostic> out) {
        Map<PortRef, List<Stream>> feeds = new HashMap<>();
        Map<PortRef, Integer> uses = new HashMap<>();
        for (Stream s : c.streams()) {
            Operator from = c.op(s.from().op());
            Operator to = c.op(s.to().op());
            if (from == null || to == null || !from.outputPorts().contains(s.from().port())
                    || !to.inputPorts().contains(s.to().port())) {
                out.add(new Diagnostic(Diagnostic.Severity.ERROR, "DANGLING_STREAM", s.id(),
                        "stream " + s.id() + " does not connect an existing output port to an existing input port",
                        List.of(), List.of(s.id())));
                continue;
            }
            feeds.computeIfAbsent(s.to(), k -> new ArrayList<>()).add(s);
            uses.merge(s.from(), 1, Integer::sum);
        }
        for (Operator op : c.operators()) {
            for (String p : op.inputPorts()) {
                List<Stream> f = feeds.getOrDefault(new PortRef(op.id(), p), List.of());
                if (f.isEmpty()) {
                    out.add(Diagnostic.error("UNCONNECTED_INPUT", op.id(),
                            "input port '" + p + "' of " + op.id() + " is not connected", List.of(op.id())));
                } else if (f.size() > 1) {
                    out.add(new Diagnostic(Diagnostic.Severity.ERROR, "MULTIPLE_FEEDS", op.id(),
                            "input port '" + p + "' of " + op.id() + " is fed by " + f.size() + " streams",
                            List.of(op.id()), f.stream().map(Stream::id).toList()));
                }
            }
            for (String p : op.outputPorts()) {
                if (!uses.containsKey(new PortRef(op.id(), p))) {
                    out.add(Diagnostic.warning("UNUSED_OUTPUT", op.id(),
                            "output port '" + p + "' of " + op.id() + " is not used", List.of(op.id())));
                }
            }
            String err = types.errors().get(op.id());
            if (err != null && c.contains(op.id())) {
                out.add(Diagnostic.error("TYPE", op.id(), op.id() + ": " + err, List.of(op.id())));
            }
        }
        for (List<String> loop : Loops.algebraicLoops(c)) {
            List<String> streams = c.streams().stream()
                    .filter(s -> loop.contains(s.from().op()) && loop.contains(s.to().op())).map(Stream::id).toList();
            out.add(new Diagnostic(Diagnostic.Severity.ERROR, "ALGEBRAIC_LOOP", String.join(", ", loop),
                    "algebraic loop through " + String.join(" → ", loop) + ": every cycle needs a z⁻¹",
                    loop, streams));
        }
        for (Operator op : c.operators()) {
            if (op.kind() == OpKind.NESTED) {
                TypeInfo child = types.nested(op.id());
                check(op.child(), child == null ? TypeInfo.infer(op.child()) : child, out);
            }
        }
    }
}
