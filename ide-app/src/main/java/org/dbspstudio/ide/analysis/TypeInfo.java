package org.dbspstudio.ide.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.Typing;
import org.dbspstudio.model.types.StreamType;

/**
 * The types flowing on a circuit's streams, inferred with the model's {@link Typing} rules, for
 * hover tips, port compatibility and live checking of parameters. Operators are visited in
 * dependency order (feedback through strict operators cut); operands of {@code +}-like operators
 * whose other input is still unknown (a feedback loop) take the known operand's type.
 */
public final class TypeInfo {
    private static final Set<OpKind> SAME_GROUP = Set.of(OpKind.PLUS, OpKind.MINUS, OpKind.UNION,
            OpKind.DIFFERENCE, OpKind.H);

    private final Map<PortRef, StreamType> outputs = new HashMap<>();
    private final Map<String, String> errors = new LinkedHashMap<>();
    private final Map<String, TypeInfo> nested = new HashMap<>();

    private TypeInfo() {
    }

    /** Infers a top-level circuit. */
    public static TypeInfo infer(Circuit c) {
        return infer(c, Map.of());
    }

    /** Infers a circuit whose {@code δ₀} ports receive {@code outer} types. */
    public static TypeInfo infer(Circuit c, Map<String, StreamType> outer) {
        TypeInfo t = new TypeInfo();
        t.run(c, outer);
        return t;
    }

    /** The type on an output port, or null when unknown. */
    public StreamType typeOf(PortRef output) {
        return outputs.get(output);
    }

    /** The type carried by a stream (its source port's type), or null. */
    public StreamType typeOf(Stream s) {
        return outputs.get(s.from());
    }

    /** Typing errors by operator id (only operators whose inputs are all known). */
    public Map<String, String> errors() {
        return Collections.unmodifiableMap(errors);
    }

    /** The inference of a nested operator's child circuit, or null. */
    public TypeInfo nested(String nestedOpId) {
        return nested.get(nestedOpId);
    }

    /** The types on an operator's connected input ports. */
    public Map<String, StreamType> inputTypes(Circuit c, Operator op) {
        Map<String, StreamType> in = new LinkedHashMap<>();
        for (Stream s : c.streamsInto(op.id())) {
            StreamType t = outputs.get(s.from());
            if (t != null) {
                in.put(s.to().port(), t);
            }
        }
        return in;
    }

    private void run(Circuit c, Map<String, StreamType> outer) {
        List<Operator> order = dependencyOrder(c);
        for (int pass = 0; pass < 4; pass++) {
            boolean changed = false;
            errors.clear();
            for (Operator op : order) {
                changed |= visit(c, op, outer);
            }
            if (!changed) {
                break;
            }
        }
    }

    private boolean visit(Circuit c, Operator op, Map<String, StreamType> outer) {
        Map<String, StreamType> in = inputTypes(c, op);
        boolean allKnown = in.keySet().containsAll(op.inputPorts());
        Map<String, StreamType> result;
        if (op.kind() == OpKind.NESTED) {
            TypeInfo child = infer(op.child(), in);
            nested.put(op.id(), child);
            Map<String, StreamType> outs = new LinkedHashMap<>();
            for (Operator o : op.child().operatorsOfKind(OpKind.INTEGRAL)) {
                op.child().streamsInto(o.id()).stream().map(s -> child.typeOf(s)).filter(t -> t != null)
                        .findFirst().ifPresent(t -> outs.put(o.params().string("port"), t));
            }
            result = outs;
            child.errors.forEach(errors::putIfAbsent);
        } else {
            Map<String, StreamType> args = new HashMap<>(in);
            if (op.kind() == OpKind.DELTA0) {
                StreamType o = outer.get(op.params().string("port"));
                if (o != null) {
                    args.put("outer", o);
                }
                allKnown = o != null;
            }
            if (!allKnown && SAME_GROUP.contains(op.kind()) && !in.isEmpty()) {
                StreamType any = in.values().iterator().next();
                op.inputPorts().forEach(p -> args.putIfAbsent(p, any));
            }
            try {
                result = Typing.outputTypes(op, args);
            } catch (Typing.TypeError e) {
                if (allKnown) {
                    errors.put(op.id(), e.getMessage());
                }
                result = Map.of();
            }
        }
        boolean changed = false;
        for (var e : result.entrySet()) {
            StreamType old = outputs.put(new PortRef(op.id(), e.getKey()), e.getValue());
            changed |= !e.getValue().equals(old);
        }
        return changed;
    }

    /** Operators in topological order of the streams not leaving a strict operator; cyclic rest last. */
    static List<Operator> dependencyOrder(Circuit c) {
        Map<String, Integer> indegree = new HashMap<>();
        Map<String, List<String>> succ = new HashMap<>();
        c.operators().forEach(o -> indegree.put(o.id(), 0));
        for (Stream s : c.streams()) {
            Operator from = c.op(s.from().op());
            if (from == null || !c.contains(s.to().op()) || from.isStrict()) {
                continue;
            }
            succ.computeIfAbsent(from.id(), k -> new ArrayList<>()).add(s.to().op());
            indegree.merge(s.to().op(), 1, Integer::sum);
        }
        ArrayDeque<String> ready = new ArrayDeque<>();
        c.operators().forEach(o -> {
            if (indegree.get(o.id()) == 0) {
                ready.add(o.id());
            }
        });
        Set<String> out = new LinkedHashSet<>();
        while (!ready.isEmpty()) {
            String id = ready.poll();
            out.add(id);
            for (String n : succ.getOrDefault(id, List.of())) {
                if (indegree.merge(n, -1, Integer::sum) == 0) {
                    ready.add(n);
                }
            }
        }
        c.operators().forEach(o -> out.add(o.id()));
        return out.stream().map(c::op).toList();
    }
}
