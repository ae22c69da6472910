package org.dbspstudio.engine.run;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.ops.Build;
import org.dbspstudio.engine.ops.OpNode;
import org.dbspstudio.engine.ops.Ops;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.typing.Typing;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Expressions;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.StreamType;

/**
 * Compiles a circuit into a {@link CircuitRun}: checks the wiring, infers the type of every
 * stream with {@link Typing}, orders the operators topologically (a strict {@code z⁻¹} is
 * evaluated before its input, which breaks cycles; a cycle without one is an algebraic loop),
 * and builds each operator's runtime with the factory of its kind.
 */
final class Compiler {
    private final EngineOptions options;
    private final Map<PortRef, StreamType> hints;

    /**
     * @param hints types inferred for the whole document (validate.TypeInference), used to type
     *              loops whose types the catalog's rules cannot derive operator by operator
     */
    Compiler(EngineOptions options, Map<PortRef, StreamType> hints) {
        this.options = options;
        this.hints = hints == null ? Map.of() : hints;
    }

    /**
     * @param portTypes for a nested child: the type of each input port (read by its δ₀); null at top level
     */
    CircuitRun compile(Circuit c, Map<String, StreamType> portTypes) throws EngineException {
        boolean nested = portTypes != null;
        List<Operator> ops = new ArrayList<>(c.operators());
        Map<PortRef, PortRef> feeder = wiring(c, ops, nested);
        Map<PortRef, StreamType> types = new HashMap<>();
        Map<String, CircuitRun> children = new HashMap<>();
        inferTypes(ops, feeder, types, children, portTypes);
        List<Operator> order = topoOrder(ops, feeder);

        List<String> ids = order.stream().map(Operator::id).toList();
        Map<PortRef, Integer> slotOf = new LinkedHashMap<>();
        for (Operator op : order) {
            for (String p : op.outputPorts()) {
                slotOf.put(new PortRef(op.id(), p), slotOf.size());
            }
        }
        StreamType[] slotTypes = new StreamType[slotOf.size()];
        StreamValue[] zeros = new StreamValue[slotOf.size()];
        slotOf.forEach((p, s) -> {
            slotTypes[s] = types.get(p);
            zeros[s] = StreamValue.zero(types.get(p));
        });
        SlotMap slotMap = new SlotMap(ids, slotTypes);
        slotOf.forEach((p, s) -> {
            slotMap.slots.put(p.toString(), s);
            slotMap.outputs.add(new String[] {p.op(), p.port()});
        });
        OpNode[] nodes = new OpNode[order.size()];
        int[][] ins = new int[order.size()][];
        int[][] outs = new int[order.size()][];
        for (int k = 0; k < order.size(); k++) {
            Operator op = order.get(k);
            List<String> inPorts = op.inputPorts();
            ins[k] = new int[inPorts.size()];
            for (int i = 0; i < inPorts.size(); i++) {
                PortRef in = new PortRef(op.id(), inPorts.get(i));
                ins[k][i] = slotOf.get(feeder.get(in));
                slotMap.slots.put(in.toString(), ins[k][i]);
            }
            List<String> outPorts = op.outputPorts();
            outs[k] = new int[outPorts.size()];
            for (int i = 0; i < outPorts.size(); i++) {
                outs[k][i] = slotOf.get(new PortRef(op.id(), outPorts.get(i)));
            }
            nodes[k] = Ops.factory(op.kind()).create(new BuildImpl(op, feeder, types, children, nested));
            if (op.kind() == OpKind.NESTED) {
                slotMap.children.put(k, children.get(op.id()).slotMap);
            }
        }
        return new CircuitRun(slotMap, nodes, ins, outs, zeros, options);
    }

    /** Every input port fed by exactly one stream from an existing output port. */
    private static Map<PortRef, PortRef> wiring(Circuit c, List<Operator> ops, boolean nested) throws EngineException {
        Map<PortRef, PortRef> feeder = new HashMap<>();
        for (Stream s : c.streams()) {
            Operator from = c.op(s.from().op());
            Operator to = c.op(s.to().op());
            if (from == null || !from.outputPorts().contains(s.from().port())) {
                throw EngineException.compile(s.from().op(), "stream " + s.id() + " starts at an unknown port " + s.from());
            }
            if (to == null || !to.inputPorts().contains(s.to().port())) {
                throw EngineException.compile(s.to().op(), "stream " + s.id() + " ends at an unknown port " + s.to());
            }
            if (feeder.put(s.to(), s.from()) != null) {
                throw EngineException.compile(s.to().op(), "input port " + s.to() + " is fed by more than one stream");
            }
        }
        for (Operator op : ops) {
            if (!nested && (op.kind() == OpKind.DELTA0 || op.kind() == OpKind.INTEGRAL)) {
                throw EngineException.compile(op.id(), op.kind().json() + " may only appear inside a nested circuit");
            }
            if (nested && op.kind() == OpKind.INPUT) {
                throw EngineException.compile(op.id(), "an input may not appear inside a nested circuit; use δ₀");
            }
            if (!nested && op.clock() == Clock.OUTER) {
                throw EngineException.compile(op.id(), "clock=outer is only meaningful inside a nested circuit");
            }
            for (String p : op.inputPorts()) {
                if (!feeder.containsKey(new PortRef(op.id(), p))) {
                    throw EngineException.compile(op.id(), "input port '" + p + "' is not connected");
                }
            }
        }
        return feeder;
    }

    private void inferTypes(List<Operator> ops, Map<PortRef, PortRef> feeder, Map<PortRef, StreamType> types,
                            Map<String, CircuitRun> children, Map<String, StreamType> portTypes) throws EngineException {
        List<Operator> pending = new ArrayList<>(ops);
        Map<String, Boolean> guessed = new HashMap<>();
        while (!pending.isEmpty()) {
            boolean progress = false;
            for (var it = pending.iterator(); it.hasNext(); ) {
                Operator op = it.next();
                Map<String, StreamType> in = inputTypes(op, feeder, types);
                if (in.size() < op.inputPorts().size()) {
                    continue;
                }
                type(op, in, types, children, portTypes);
                it.remove();
                progress = true;
            }
            if (!progress) {
                // a cycle: an operator whose inputs must all have one type takes it from a typed input
                Operator pick = null;
                Map<String, StreamType> in = null;
                for (Operator op : pending) {
                    Map<String, StreamType> known = inputTypes(op, feeder, types);
                    if (!known.isEmpty() && op.kind().spec().sharedGroup()) {
                        StreamType t = known.values().iterator().next();
                        in = new HashMap<>();
                        for (String p : op.inputPorts()) {
                            in.put(p, known.getOrDefault(p, t));
                        }
                        pick = op;
                        break;
                    }
                }
                if (pick == null) {
                    for (Operator op : pending) {
                        Map<String, StreamType> known = inputTypes(op, feeder, types);
                        for (String p : op.inputPorts()) {
                            StreamType h = hints.get(feeder.get(new PortRef(op.id(), p)));
                            if (!known.containsKey(p) && h != null) {
                                known.put(p, h);
                            }
                        }
                        if (known.size() == op.inputPorts().size()) {
                            pick = op;
                            in = known;
                            break;
                        }
                    }
                }
                if (pick == null) {
                    throw EngineException.compile(pending.get(0).id(), "cannot infer the types of the streams into "
                            + pending.stream().map(Operator::id).toList());
                }
                type(pick, in, types, children, portTypes);
                guessed.put(pick.id(), true);
                pending.remove(pick);
            }
        }
        for (Operator op : ops) {
            if (guessed.containsKey(op.id())) {
                type(op, inputTypes(op, feeder, types), new HashMap<>(), new HashMap<>(), portTypes);
            }
        }
    }

    private static Map<String, StreamType> inputTypes(Operator op, Map<PortRef, PortRef> feeder, Map<PortRef, StreamType> types) {
        Map<String, StreamType> in = new HashMap<>();
        for (String p : op.inputPorts()) {
            StreamType t = types.get(feeder.get(new PortRef(op.id(), p)));
            if (t != null) {
                in.put(p, t);
            }
        }
        return in;
    }

    private void type(Operator op, Map<String, StreamType> in, Map<PortRef, StreamType> types,
                      Map<String, CircuitRun> children, Map<String, StreamType> portTypes) throws EngineException {
        if (op.kind() == OpKind.NESTED) {
            CircuitRun child = new Compiler(options, hints).compile(op.child(), in);
            children.put(op.id(), child);
            for (String p : op.outputPorts()) {
                StreamType t = null;
                for (Operator o : op.child().operatorsOfKind(OpKind.INTEGRAL)) {
                    if (p.equals(o.params().string("port"))) {
                        t = child.slotMap.types[child.slotMap.slot(o.id(), "in")];
                    }
                }
                types.put(new PortRef(op.id(), p), t);
            }
            return;
        }
        Map<String, StreamType> args = new HashMap<>(in);
        if (op.kind() == OpKind.DELTA0) {
            StreamType outer = portTypes == null ? null : portTypes.get(op.params().string("port"));
            if (outer != null) {
                args.put(Typing.OUTER_STREAM, outer);
            }
        }
        try {
            Typing.outputTypes(op, args).forEach((p, t) -> types.put(new PortRef(op.id(), p), t));
        } catch (Typing.TypeError e) {
            throw EngineException.compile(op.id(), e.getMessage());
        }
    }

    /** Kahn's algorithm; edges into a strict delay do not constrain the order. */
    private static List<Operator> topoOrder(List<Operator> ops, Map<PortRef, PortRef> feeder) throws EngineException {
        Map<String, Integer> indeg = new LinkedHashMap<>();
        Map<String, List<String>> succ = new HashMap<>();
        ops.forEach(o -> indeg.put(o.id(), 0));
        for (Operator op : ops) {
            if (op.isStrict()) {
                continue;
            }
            for (String p : op.inputPorts()) {
                String from = feeder.get(new PortRef(op.id(), p)).op();
                succ.computeIfAbsent(from, k -> new ArrayList<>()).add(op.id());
                indeg.merge(op.id(), 1, Integer::sum);
            }
        }
        Map<String, Operator> byId = new HashMap<>();
        ops.forEach(o -> byId.put(o.id(), o));
        ArrayDeque<String> ready = new ArrayDeque<>();
        indeg.forEach((id, d) -> {
            if (d == 0) {
                ready.add(id);
            }
        });
        List<Operator> order = new ArrayList<>();
        while (!ready.isEmpty()) {
            String id = ready.poll();
            order.add(byId.get(id));
            for (String s : succ.getOrDefault(id, List.of())) {
                if (indeg.merge(s, -1, Integer::sum) == 0) {
                    ready.add(s);
                }
            }
        }
        if (order.size() < ops.size()) {
            List<String> loop = indeg.entrySet().stream().filter(e -> e.getValue() > 0).map(Map.Entry::getKey).toList();
            throw EngineException.compile(loop.get(0), "algebraic loop: the cycle through " + loop
                    + " has no strict delay (z⁻¹)");
        }
        return order;
    }

    private final class BuildImpl implements Build {
        private final Operator op;
        private final Map<PortRef, PortRef> feeder;
        private final Map<PortRef, StreamType> types;
        private final Map<String, CircuitRun> children;
        private final boolean nested;

        BuildImpl(Operator op, Map<PortRef, PortRef> feeder, Map<PortRef, StreamType> types, Map<String, CircuitRun> children,
                  boolean nested) {
            this.nested = nested;
            this.op = op;
            this.feeder = feeder;
            this.types = types;
            this.children = children;
        }

        @Override
        public Operator op() {
            return op;
        }

        @Override
        public StreamType inType(String port) {
            return types.get(feeder.get(new PortRef(op.id(), port)));
        }

        @Override
        public StreamType outType(String port) {
            return types.get(new PortRef(op.id(), port));
        }

        @Override
        public TypedExpr expr(String param, String sql, Scope scope) throws EngineException {
            try {
                return Expressions.check(sql, scope);
            } catch (ExprException e) {
                throw EngineException.compile(op.id(), param + ": " + e.describe());
            }
        }

        @Override
        public boolean nested() {
            return nested;
        }

        @Override
        public ChildCircuit child(Circuit child, Map<String, StreamType> inputPorts) {
            return children.get(op.id());
        }
    }
}
