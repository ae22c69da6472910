package org.dbspstudio.model.validate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Diagnostics;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/**
 * The wiring of a circuit: ids, streams and their ports, how often each input is fed, and the
 * nesting rules (streams enter a nested circuit only through {@code δ₀} and leave only through
 * {@code ∫}; inputs, outputs and constants live at top level, {@code δ₀} and {@code ∫} inside).
 */
final class StructureCheck {
    static final Pattern ID = org.dbspstudio.model.ParamCheck.IDENTIFIER;

    private final Circuit root;
    private final Map<Circuit, String> levelNames = new IdentityHashMap<>();
    /** The circuit holding each operator id (the first one, like {@link Circuit#owner}). */
    private final Map<String, Circuit> owners = new HashMap<>();
    private final List<Diagnostic> out = new ArrayList<>();

    private StructureCheck(Circuit root) {
        this.root = root;
        name(root, "the top-level circuit");
    }

    private void name(Circuit c, String name) {
        levelNames.put(c, name);
        for (Operator op : c.operators()) {
            owners.putIfAbsent(op.id(), c);
        }
        for (Operator op : c.operators()) {
            if (op.child() != null) {
                name(op.child(), "nested circuit " + op.id());
            }
        }
    }

    static List<Diagnostic> check(Circuit root) {
        StructureCheck sc = new StructureCheck(root);
        sc.ids();
        sc.level(root, null);
        return sc.out;
    }

    private void ids() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        root.forEachDeep(op -> counts.merge(op.id(), 1, Integer::sum));
        counts.forEach((id, n) -> {
            if (n > 1) {
                out.add(Diagnostic.error("DUPLICATE_ID", id, "operator id '" + id + "' is used " + n
                        + " times; ids must be unique in a document, nested circuits included", List.of(id)));
            }
            if (!ID.matcher(id).matches()) {
                out.add(Diagnostic.error("BAD_ID", id, "operator id '" + id
                        + "' must start with a letter or '_' and contain only letters, digits and '_'", List.of(id)));
            }
        });
    }

    private static String describe(Operator op) {
        return op.kind().glyph() + " " + op.id();
    }

    private void level(Circuit c, Operator owner) {
        Map<PortRef, List<Stream>> into = new HashMap<>();
        Set<PortRef> used = new HashSet<>();
        for (Stream s : c.streams()) {
            if (!owners.containsKey(s.from().op()) && !owners.containsKey(s.to().op())) {
                out.add(new Diagnostic(Diagnostic.Severity.ERROR, "UNKNOWN_OPERATOR", s.id(), "stream " + s.id()
                        + " references operators '" + s.from().op() + "' and '" + s.to().op() + "', which do not exist",
                        List.of(), List.of(s.id())));
                continue;
            }
            boolean ok = endpoint(c, s, s.from(), true);
            ok &= endpoint(c, s, s.to(), false);
            if (ok) {
                into.computeIfAbsent(s.to(), k -> new ArrayList<>()).add(s);
                used.add(s.from());
            }
        }
        for (Operator op : c.operators()) {
            placement(op, owner);
            for (String port : op.inputPorts()) {
                PortRef ref = new PortRef(op.id(), port);
                List<Stream> in = into.getOrDefault(ref, List.of());
                if (in.isEmpty()) {
                    List<String> ops = new ArrayList<>(List.of(op.id()));
                    String reader = "";
                    if (op.kind() == OpKind.NESTED) {
                        List<String> readers = op.child().operatorsOfKind(OpKind.DELTA0).stream()
                                .filter(d -> port.equals(d.params().string("port"))).map(Operator::id).toList();
                        ops.addAll(readers);
                        reader = " (δ₀ " + Diagnostics.list(readers, ", ") + " inside reads it)";
                    }
                    out.add(Diagnostic.error("UNCONNECTED_INPUT", op.id(), "input port '" + port + "' of "
                            + describe(op) + " is not connected" + reader, ops));
                } else if (in.size() > 1) {
                    List<String> ops = new ArrayList<>(List.of(op.id()));
                    in.forEach(s -> ops.add(s.from().op()));
                    out.add(new Diagnostic(Diagnostic.Severity.ERROR, "MULTIPLY_FED", op.id(), "input port '" + port
                            + "' of " + describe(op) + " is fed by " + in.size() + " streams ("
                            + Diagnostics.list(in.stream().map(Stream::id).toList(), ", ")
                            + "); an input takes exactly one stream (add them with + first)",
                            ops.stream().distinct().toList(), in.stream().map(Stream::id).toList()));
                }
            }
            for (String port : op.outputPorts()) {
                PortRef ref = new PortRef(op.id(), port);
                if (!used.contains(ref)) {
                    out.add(Diagnostic.warning("UNUSED_OUTPUT", op.id(), "output port '" + port + "' of "
                            + describe(op) + " feeds nothing", List.of(op.id())));
                }
            }
        }
        integralPorts(c);
        for (Operator op : c.operators()) {
            if (op.child() != null) {
                level(op.child(), op);
            }
        }
    }

    /** Checks one end of a stream; returns whether it names an existing port of the right direction. */
    private boolean endpoint(Circuit c, Stream s, PortRef ref, boolean source) {
        Operator op = c.op(ref.op());
        if (op == null) {
            Circuit elsewhere = owners.get(ref.op());
            if (elsewhere != null) {
                out.add(new Diagnostic(Diagnostic.Severity.ERROR, "BOUNDARY_CROSSING", s.id(), "stream " + s.id()
                        + " in " + levelNames.get(c) + " reaches operator " + ref.op() + " of "
                        + levelNames.get(elsewhere)
                        + ": streams enter a nested circuit only through δ₀ and leave only through ∫",
                        List.of(ref.op()), List.of(s.id())));
            } else {
                out.add(new Diagnostic(Diagnostic.Severity.ERROR, "UNKNOWN_OPERATOR", s.id(), "stream " + s.id()
                        + " references operator '" + ref.op() + "', which does not exist", List.of(), List.of(s.id())));
            }
            return false;
        }
        List<String> right = source ? op.outputPorts() : op.inputPorts();
        List<String> wrong = source ? op.inputPorts() : op.outputPorts();
        if (right.contains(ref.port())) {
            return true;
        }
        String dir = source ? "output" : "input";
        String message = wrong.contains(ref.port())
                ? "stream " + s.id() + (source ? " starts at " : " ends at ") + ref + ", which is an "
                + (source ? "input" : "output") + " port; streams go from an output port to an input port"
                : describe(op) + " has no " + dir + " port '" + ref.port() + "' (its " + dir + " ports: "
                + (right.isEmpty() ? "none" : Diagnostics.list(right, ", ")) + ")";
        out.add(new Diagnostic(Diagnostic.Severity.ERROR, wrong.contains(ref.port()) ? "WRONG_DIRECTION" : "UNKNOWN_PORT",
                s.id(), message, List.of(op.id()), List.of(s.id())));
        return false;
    }

    private void placement(Operator op, Operator owner) {
        OpKind k = op.kind();
        if (owner == null && (k == OpKind.DELTA0 || k == OpKind.INTEGRAL)) {
            out.add(Diagnostic.error("MISPLACED_OPERATOR", op.id(), describe(op) + " belongs inside a nested circuit:"
                    + " δ₀ enters a nested circuit and ∫ leaves it", List.of(op.id())));
        }
        if (owner != null && (k == OpKind.INPUT || k == OpKind.OUTPUT || k == OpKind.CONSTANT)) {
            out.add(Diagnostic.error("MISPLACED_OPERATOR", op.id(), describe(op) + " cannot be inside nested circuit "
                    + owner.id() + ": inputs, outputs and constants belong to the top level; streams enter a nested"
                    + " circuit through δ₀ and leave through ∫", List.of(op.id())));
        }
        if (owner == null && op.clock() == Clock.OUTER) {
            out.add(Diagnostic.error("BAD_PARAM", op.id(), describe(op) + " has clock 'outer', which only exists"
                    + " inside a nested circuit", List.of(op.id())));
        }
    }

    /** Two {@code ∫} writing the same output port of a nested circuit. */
    private void integralPorts(Circuit c) {
        Map<String, List<String>> byPort = new LinkedHashMap<>();
        for (Operator op : c.operatorsOfKind(OpKind.INTEGRAL)) {
            String port = op.params().string("port");
            if (port != null) {
                byPort.computeIfAbsent(port, p -> new ArrayList<>()).add(op.id());
            }
        }
        byPort.forEach((port, ids) -> {
            if (ids.size() > 1) {
                out.add(Diagnostic.error("DUPLICATE_PORT", ids.get(1), "∫ " + Diagnostics.list(ids, ", ")
                        + " all write output port '" + port + "' of " + levelNames.get(c)
                        + "; each output port is written by one ∫", ids));
            }
        });
    }
}
