package org.dbspstudio.engine.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.engine.ops.Build;
import org.dbspstudio.engine.ops.ChangeReaders;
import org.dbspstudio.engine.ops.NestedNode;
import org.dbspstudio.engine.ops.OpNode;
import org.dbspstudio.engine.ops.Ops;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Expressions;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.StreamType;

/**
 * Compiles a circuit that {@link org.dbspstudio.model.validate.Validator} found valid into a
 * {@link CircuitRun}, from what validation inferred ({@link InferredTypes}): the type of every
 * port and each level's dependency order. Nothing is checked or inferred again: wiring, loops and
 * types are the validator's (its diagnostics are the errors users see); the compiler lays out one
 * slot per output port, evaluates each level in its dependency order with every strict
 * {@code z⁻¹} moved before the first operator reading it (its output is the previous tick's
 * input, so it needs nothing of this tick), and builds each operator's runtime with the factory
 * of its kind.
 */
final class Compiler {
    private final EngineOptions options;
    private final InferredTypes inferred;

    /** @param inferred the types and orders of a circuit that validated without errors */
    Compiler(EngineOptions options, InferredTypes inferred) {
        this.options = options;
        this.inferred = inferred;
    }

    /**
     * @param owner the id of the nested operator whose child {@code c} is; {@link InferredTypes#TOP} at top level
     */
    CircuitRun compile(Circuit c, String owner) throws EngineException {
        boolean nested = !InferredTypes.TOP.equals(owner);
        Map<PortRef, PortRef> feeder = new HashMap<>();
        for (Stream s : c.streams()) {
            feeder.put(s.to(), s.from());
        }
        List<Operator> order = evaluationOrder(c, owner, feeder);
        Map<PortRef, StreamType> types = new HashMap<>();
        Map<String, CircuitRun> children = new HashMap<>();
        for (Operator op : order) {
            for (String p : op.inputPorts()) {
                if (!feeder.containsKey(new PortRef(op.id(), p))) {
                    throw EngineException.compile(op.id(), "input port '" + p + "' is not connected");
                }
            }
            for (String p : op.outputPorts()) {
                PortRef ref = new PortRef(op.id(), p);
                StreamType t = inferred.typeOf(ref);
                if (t == null) {
                    throw EngineException.compile(op.id(), "the type of " + ref + " was not inferred");
                }
                types.put(ref, t);
            }
            if (op.kind() == OpKind.NESTED) {
                children.put(op.id(), compile(op.child(), op.id()));
            }
        }

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
                Integer slot = slotOf.get(feeder.get(in));
                if (slot == null) {
                    throw EngineException.compile(op.id(), "stream into " + in + " starts at an unknown port " + feeder.get(in));
                }
                ins[k][i] = slot;
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
        boolean[] skip = new boolean[order.size()];
        Set<String> zeroJoins = nested ? InnerSupport.zeroJoins(c, order, feeder) : Set.of();
        if (!zeroJoins.isEmpty()) {
            for (int k = 0; k < order.size(); k++) {
                if (zeroJoins.contains(order.get(k).id())) {
                    nodes[k] = new ZeroNode(order.get(k), zeros[outs[k][0]]);
                }
            }
            if (!options.recordTrace()) {
                Set<String> unread = InnerSupport.unread(c, order, zeroJoins);
                for (int k = 0; k < order.size(); k++) {
                    skip[k] = unread.contains(order.get(k).id());
                }
            }
        }
        if (nested) {
            shareOuterSums(order, feeder, nodes, skip);
            if (options.deltaTracking()) {
                shiftOuterSums(order, feeder, slotOf, nodes, ins, skip);
                if (!options.recordTrace()) {
                    indexJoinsOverIterations(order, feeder, types, nodes, skip);
                }
            }
            if (!options.recordTrace()) {
                for (int k = 0; k < order.size(); k++) {
                    Operator op = order.get(k);
                    if (op.kind() == OpKind.INTEGRATE && op.clock() != Clock.OUTER && !skip[k]) {
                        NestedNode.deferInnerSum(nodes[k]);
                    }
                }
            }
        } else if (!options.recordTrace() && options.deltaTracking()) {
            keepNoUnreadSums(c, order, types, nodes);
        }
        return new CircuitRun(slotMap, nodes, ins, outs, zeros, skip, options);
    }

    /**
     * Pairs the outer sums of a nested circuit that can share one nested-time trace: the outer sum
     * of {@code z⁻¹(I(s))} (inner delay of an inner integral) reads the trace of the outer sum of
     * {@code s} (in the closure's semi-naive form, {@code I_outer(all_I_z)} and {@code I_outer(all)}).
     */
    private static void shareOuterSums(List<Operator> order, Map<PortRef, PortRef> feeder, OpNode[] nodes, boolean[] skip) {
        Map<String, Integer> at = new HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            at.put(order.get(k).id(), k);
        }
        Map<PortRef, Integer> sumOf = new HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            Operator op = order.get(k);
            if (outerSum(op) && !skip[k]) {
                sumOf.putIfAbsent(feeder.get(new PortRef(op.id(), "in")), k);
            }
        }
        for (int k = 0; k < order.size(); k++) {
            Operator f = order.get(k);
            if (!outerSum(f) || skip[k]) {
                continue;
            }
            PortRef dz = feeder.get(new PortRef(f.id(), "in"));
            Operator z = dz == null || !at.containsKey(dz.op()) ? null : order.get(at.get(dz.op()));
            if (z == null || z.kind() != OpKind.DELAY || z.clock() == Clock.OUTER) {
                continue;
            }
            PortRef di = feeder.get(new PortRef(z.id(), "in"));
            Operator i = di == null || !at.containsKey(di.op()) ? null : order.get(at.get(di.op()));
            if (i == null || i.kind() != OpKind.INTEGRATE || i.clock() == Clock.OUTER) {
                continue;
            }
            Integer l = sumOf.get(feeder.get(new PortRef(i.id(), "in")));
            if (l != null && l != k) {
                NestedNode.shareOuterSums(nodes[l], nodes[k]);
            }
        }
    }

    /**
     * Replaces the outer sum of {@code z⁻¹(D_outer(x))} (an inner delay of an outer differentiator)
     * by a node emitting x's value of the previous tick ({@code ops.ShiftedOuterSum}: the outer
     * operators commute with the inner delay, and {@code I_outer ∘ D_outer} is the identity), wired
     * to read x's slot as a second input. Only when x's operator comes after the sum in the evaluation
     * order (so its slot still holds the previous tick's value) and neither is left out. The closure's
     * {@code zo_I_2}: x is {@code H}'s output.
     */
    private static void shiftOuterSums(List<Operator> order, Map<PortRef, PortRef> feeder, Map<PortRef, Integer> slotOf,
                                       OpNode[] nodes, int[][] ins, boolean[] skip) {
        Map<String, Integer> at = new HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            at.put(order.get(k).id(), k);
        }
        for (int k = 0; k < order.size(); k++) {
            Operator sum = order.get(k);
            if (!outerSum(sum) || skip[k] || ins[k].length != 1) {
                continue;
            }
            Operator z = producer(order, at, feeder.get(new PortRef(sum.id(), "in")));
            if (z == null || z.kind() != OpKind.DELAY || z.clock() == Clock.OUTER || skip[at.get(z.id())]) {
                continue;
            }
            Operator d = producer(order, at, feeder.get(new PortRef(z.id(), "in")));
            if (d == null || d.kind() != OpKind.DIFFERENTIATE || d.clock() != Clock.OUTER || skip[at.get(d.id())]) {
                continue;
            }
            PortRef x = feeder.get(new PortRef(d.id(), "in"));
            Integer kx = x == null ? null : at.get(x.op());
            if (kx == null || kx <= k || skip[kx] || slotOf.get(x) == null) {
                continue;
            }
            OpNode shifted = NestedNode.shiftedOuterSum(nodes[k], nodes[at.get(d.id())]);
            if (shifted != null) {
                nodes[k] = shifted;
                ins[k] = new int[] {ins[k][0], slotOf.get(x)};
            }
        }
    }

    /**
     * A join one of whose inputs is a shifted outer sum ({@code ops.ShiftedOuterSum}: the closure's
     * {@code zo_I_2}, probed by the edges' change at every iteration) keeps that input's values of
     * every iteration in one index of its own ({@code ops.IterationIndexedJoin}) instead of an
     * arrangement of row objects per iteration maintained by the run. Only without a trace (the
     * index holds the latest outer step alone).
     */
    private static void indexJoinsOverIterations(List<Operator> order, Map<PortRef, PortRef> feeder,
                                                 Map<PortRef, StreamType> types, OpNode[] nodes, boolean[] skip) {
        Map<String, Integer> at = new HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            at.put(order.get(k).id(), k);
        }
        for (int k = 0; k < order.size(); k++) {
            Operator op = order.get(k);
            if (op.kind() != OpKind.JOIN || skip[k] || op.inputPorts().size() != 2) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                PortRef from = feeder.get(new PortRef(op.id(), op.inputPorts().get(side)));
                Integer p = from == null ? null : at.get(from.op());
                if (p == null || skip[p] || !(types.get(from) instanceof StreamType.ZSet z)) {
                    continue;
                }
                OpNode indexed = NestedNode.iterationIndexedJoin(nodes[k], nodes[p], side, z.row().size());
                if (indexed != null) {
                    nodes[k] = indexed;
                    break;
                }
            }
        }
    }

    private static Operator producer(List<Operator> order, Map<String, Integer> at, PortRef from) {
        Integer k = from == null ? null : at.get(from.op());
        return k == null ? null : order.get(k);
    }

    /**
     * Top level, no trace, delta tracking on: an integral of a Z-set whose every reader uses only its
     * change ({@link ChangeReaders#readsOnlyChange}) keeps no running sum. Nobody would read it: not
     * the trace, not an operator (B2's {@code j_I}, read by the aggregate alone, which keeps its
     * input's weights itself, was consolidated every few hundred steps).
     */
    private static void keepNoUnreadSums(Circuit c, List<Operator> order, Map<PortRef, StreamType> types, OpNode[] nodes) {
        Map<PortRef, List<PortRef>> readers = new HashMap<>();
        for (Stream s : c.streams()) {
            readers.computeIfAbsent(s.from(), f -> new ArrayList<>()).add(s.to());
        }
        for (int k = 0; k < order.size(); k++) {
            Operator op = order.get(k);
            if (op.kind() != OpKind.INTEGRATE || op.clock() == Clock.OUTER || op.outputPorts().size() != 1) {
                continue;
            }
            PortRef out = new PortRef(op.id(), op.outputPorts().get(0));
            List<PortRef> rs = readers.getOrDefault(out, List.of());
            boolean onlyChange = !rs.isEmpty() && types.get(out) instanceof StreamType.ZSet;
            for (PortRef r : rs) {
                onlyChange &= ChangeReaders.readsOnlyChange(c.op(r.op()), r.port());
            }
            if (onlyChange) {
                ChangeReaders.keepNoSum(nodes[k]);
            }
        }
    }

    private static boolean outerSum(Operator op) {
        return op.kind() == OpKind.INTEGRATE && op.clock() == Clock.OUTER;
    }

    /** A join found zero at every tick by {@link InnerSupport}: emits zero without reading its inputs. */
    static final class ZeroNode extends OpNode {
        private final StreamValue zero;

        ZeroNode(Operator op, StreamValue zero) {
            super(op);
            this.zero = zero;
        }

        @Override
        public void eval(org.dbspstudio.engine.ops.Ctx ctx) {
            ctx.out(0, zero, null);
        }
    }

    /**
     * The validator's dependency order of one level, with each strict operator placed before the
     * first operator that reads it. The dependency graph leaves out the streams leaving strict
     * operators, so a {@code z⁻¹} may come after its readers there; the engine evaluates it from
     * its state (the input it stored at the previous tick), so it can always go earlier.
     */
    private List<Operator> evaluationOrder(Circuit c, String owner, Map<PortRef, PortRef> feeder) throws EngineException {
        List<String> ids = inferred.order(owner);
        if (ids == null || ids.size() != c.operators().size()) {
            throw EngineException.compile(InferredTypes.TOP.equals(owner) ? null : owner,
                    "the circuit was not typed by validation (" + (ids == null ? "no order" : ids.size() + " of "
                            + c.operators().size() + " operators ordered") + ")");
        }
        List<Operator> order = new ArrayList<>(ids.size());
        Set<String> placed = new HashSet<>();
        for (String id : ids) {
            Operator op = c.op(id);
            if (!op.isStrict()) {
                for (String p : op.inputPorts()) {
                    PortRef from = feeder.get(new PortRef(id, p));
                    Operator src = from == null ? null : c.op(from.op());
                    if (src != null && src.isStrict() && placed.add(src.id())) {
                        order.add(src);
                    }
                }
            }
            if (placed.add(id)) {
                order.add(op);
            }
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
