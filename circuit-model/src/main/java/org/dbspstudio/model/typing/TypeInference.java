package org.dbspstudio.model.typing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.dbspstudio.model.Accepts;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.types.StreamType;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.dbspstudio.model.validate.Validator;
import org.dbspstudio.model.graph.CircuitGraph;
import org.dbspstudio.model.ParamCheck;

/**
 * Infers the type of every output port of a circuit, nested circuits included, with
 * {@link Typing#outputTypes}.
 *
 * <p>Each level is typed in the order of its dependency graph ({@link CircuitGraph#dependencyOrder()}).
 * A feedback loop passes through a strict operator ({@code z⁻¹}) whose output is needed before its
 * input is known: when typing gets stuck, such an operator is seeded with the type of another input
 * of the operator it feeds, then every operator is re-typed until the types settle (a {@code z⁻¹}
 * always carries the type of its input). A nested operator is typed from its child: each
 * {@code δ₀} receives the type of the outer stream on its port (key {@link Typing#OUTER_STREAM}), and the
 * nested operator's outputs are the types reaching its {@code ∫} operators.
 *
 * <p>Errors are reported once, on the operator or stream where they arise; operators downstream
 * of an untyped port, and operators whose parameters are invalid (see {@link Validator}), are
 * left untyped without further messages.
 */
public final class TypeInference {
    private static final int MAX_ROUNDS = 64;

    private final Map<PortRef, StreamType> types = new HashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    /** Each level's dependency order, by the id of its nested operator ({@link InferredTypes#TOP} for the top level). */
    private final Map<String, List<String>> orders = new HashMap<>();

    private TypeInference() {
    }

    /** Infers the types of {@code circuit} and collects the type errors. */
    public static InferredTypes infer(Circuit circuit) {
        TypeInference ti = new TypeInference();
        if (!ParamCheck.portsBroken(circuit)) {
            ti.level(circuit, null, true, InferredTypes.TOP);
        }
        return new InferredTypes(new LinkedHashMap<>(ti.types), ti.diagnostics, ti.orders);
    }

    /** One level being typed: its operators in dependency order and its streams by input port. */
    private static final class Level {
        final Circuit circuit;
        final Map<String, StreamType> outer;
        final List<Operator> order;
        final Map<PortRef, List<Stream>> into = new HashMap<>();
        final Map<String, List<Stream>> from = new HashMap<>();
        private Map<String, Set<String>> components;

        Level(Circuit circuit, Map<String, StreamType> outer) {
            this.circuit = circuit;
            this.outer = outer;
            this.order = CircuitGraph.of(circuit).dependencyOrder().stream().map(circuit::op).toList();
            for (Stream s : circuit.streams()) {
                into.computeIfAbsent(s.to(), k -> new ArrayList<>()).add(s);
                from.computeIfAbsent(s.from().op(), k -> new ArrayList<>()).add(s);
            }
        }

        /** The single stream of this level feeding {@code input}, or null (unfed, fed twice, or from elsewhere). */
        Stream feeding(PortRef input) {
            List<Stream> in = into.getOrDefault(input, List.of());
            return in.size() == 1 && circuit.contains(in.get(0).from().op()) ? in.get(0) : null;
        }

        boolean connected(PortRef input) {
            return into.containsKey(input);
        }

        /** The strongly connected component (over all streams of this level) holding {@code id}. */
        Set<String> component(String id) {
            if (components == null) {
                components = new HashMap<>();
                for (Set<String> scc : new KosarajuStrongConnectivityInspector<>(CircuitGraph.of(circuit).graph())
                        .stronglyConnectedSets()) {
                    scc.forEach(v -> components.put(v, scc));
                }
            }
            return components.getOrDefault(id, Set.of(id));
        }
    }

    /**
     * Types one level. {@code outer} maps this nested circuit's input ports to the types fed from
     * outside (null at top level). Returns the types reaching the {@code ∫} ports.
     */
    private Map<String, StreamType> level(Circuit c, Map<String, StreamType> outer, boolean report, String owner) {
        Level lv = new Level(c, outer);
        orders.put(owner, lv.order.stream().map(Operator::id).toList());
        Set<String> done = new HashSet<>();
        List<Operator> seeded = new ArrayList<>();
        ArrayDeque<Operator> work = new ArrayDeque<>(lv.order);
        Set<String> queued = new HashSet<>(c.operatorIds());
        while (true) {
            while (!work.isEmpty()) {
                Operator op = work.poll();
                queued.remove(op.id());
                if (!done.contains(op.id()) && ready(lv, op)) {
                    compute(lv, op, false);
                    done.add(op.id());
                    enqueueConsumers(lv, op, done, work, queued);
                }
            }
            Operator s = seed(lv, done);
            if (s == null) {
                break;
            }
            seeded.add(s);
            done.add(s.id());
            enqueueConsumers(lv, s, done, work, queued);
        }
        if (!seeded.isEmpty()) {
            boolean changed = true;
            for (int round = 0; round < MAX_ROUNDS && changed; round++) {
                changed = false;
                for (Operator op : lv.order) {
                    if (ready(lv, op)) {
                        changed |= compute(lv, op, false);
                    }
                }
            }
            if (changed && report) {
                Operator s = seeded.get(0);
                diagnostics.add(new Diagnostic(Diagnostic.Severity.ERROR, "TYPE_MISMATCH", s.id(),
                        "the type of the feedback through " + s.id() + " does not settle after " + MAX_ROUNDS
                                + " rounds (now " + types.get(new PortRef(s.id(), "out"))
                                + "): a feedback loop must carry the same type all around",
                        List.of(s.id()), List.of()));
            }
        }
        if (report) {
            for (Operator op : lv.order) {
                if (ready(lv, op)) {
                    compute(lv, op, true);
                } else if (op.isStrict() && !types.containsKey(new PortRef(op.id(), "out")) && closedLoop(lv, op)) {
                    diagnostics.add(Diagnostic.error("TYPE_UNKNOWN", op.id(), "cannot infer the type of the feedback"
                            + " through " + op.id() + ": no typed stream enters its loop", List.of(op.id())));
                }
            }
        }
        Map<String, StreamType> result = new LinkedHashMap<>();
        for (Operator op : c.operatorsOfKind(OpKind.INTEGRAL)) {
            Stream in = lv.feeding(new PortRef(op.id(), "in"));
            String port = op.params().string("port");
            if (in != null && port != null && types.containsKey(in.from())) {
                result.putIfAbsent(port, types.get(in.from()));
            }
        }
        return result;
    }

    private static void enqueueConsumers(Level lv, Operator op, Set<String> done, ArrayDeque<Operator> work, Set<String> queued) {
        for (Stream s : lv.from.getOrDefault(op.id(), List.of())) {
            Operator consumer = lv.circuit.op(s.to().op());
            if (consumer != null && !done.contains(consumer.id()) && queued.add(consumer.id())) {
                work.add(consumer);
            }
        }
    }

    /**
     * Whether {@code op} lies on a cycle that nothing outside it feeds (so no type can ever reach
     * it), as opposed to one left untyped by an error upstream.
     */
    private static boolean closedLoop(Level lv, Operator op) {
        Set<String> scc = lv.component(op.id());
        Circuit c = lv.circuit;
        if (scc.size() < 2 && c.streams().stream().noneMatch(s -> s.from().op().equals(op.id()) && s.to().op().equals(op.id()))) {
            return false;
        }
        for (String id : scc) {
            for (Stream s : c.streamsInto(id)) {
                if (!scc.contains(s.from().op())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether every input of {@code op} is known (nested: every connected input). */
    private boolean ready(Level lv, Operator op) {
        if (op.kind() == OpKind.DELTA0) {
            return lv.outer != null && lv.outer.get(op.params().string("port")) != null;
        }
        for (String port : op.inputPorts()) {
            PortRef ref = new PortRef(op.id(), port);
            Stream s = lv.feeding(ref);
            if (s == null) {
                if (op.kind() == OpKind.NESTED && !lv.connected(ref)) {
                    continue;
                }
                return false;
            }
            if (!types.containsKey(s.from())) {
                return false;
            }
        }
        return true;
    }

    /**
     * A stuck strict operator to seed: with the type of a sibling input of an operator it feeds
     * that needs all its inputs of one type (plus, minus, ...), else with a known type entering its
     * loop from outside, preferring streams that enter such an operator.
     */
    private Operator seed(Level lv, Set<String> done) {
        Operator op = seedFromSibling(lv, done);
        if (op != null) {
            return op;
        }
        for (Operator s : lv.order) {
            if (done.contains(s.id()) || !s.isStrict() || lv.feeding(new PortRef(s.id(), "in")) == null) {
                continue;
            }
            Set<String> scc = lv.component(s.id());
            Operator seeded = seedFromLoopEntry(lv, s, scc, true);
            if (seeded == null) {
                seeded = seedFromLoopEntry(lv, s, scc, false);
            }
            if (seeded != null) {
                return seeded;
            }
        }
        return null;
    }

    /**
     * Guesses the type of the strict operator {@code s} on loop {@code scc} from a typed stream
     * entering the loop; with {@code sameTypeOnly}, only streams entering an operator whose inputs
     * must all have the loop's type (plus, minus, union, difference, H) count.
     */
    private Operator seedFromLoopEntry(Level lv, Operator s, Set<String> scc, boolean sameTypeOnly) {
        for (Operator member : lv.order) {
            if (!scc.contains(member.id()) || (sameTypeOnly && !member.kind().spec().sharedGroup())) {
                continue;
            }
            for (String port : member.inputPorts()) {
                for (Stream e : lv.into.getOrDefault(new PortRef(member.id(), port), List.of())) {
                    if (!scc.contains(e.from().op()) && types.containsKey(e.from())) {
                        types.put(new PortRef(s.id(), "out"), types.get(e.from()));
                        return s;
                    }
                }
            }
        }
        return null;
    }

    private Operator seedFromSibling(Level lv, Set<String> done) {
        for (Operator op : lv.order) {
            if (done.contains(op.id()) || !op.isStrict() || lv.feeding(new PortRef(op.id(), "in")) == null) {
                continue;
            }
            for (Stream out : lv.from.getOrDefault(op.id(), List.of())) {
                Operator consumer = lv.circuit.op(out.to().op());
                if (consumer == null || !consumer.kind().spec().sharedGroup()) {
                    continue;
                }
                for (String port : consumer.inputPorts()) {
                    Stream s = lv.feeding(new PortRef(consumer.id(), port));
                    if (s != null && !port.equals(out.to().port()) && types.containsKey(s.from())) {
                        types.put(new PortRef(op.id(), "out"), types.get(s.from()));
                        return op;
                    }
                }
            }
        }
        return null;
    }

    /** Types {@code op} from its inputs; returns whether any of its output types changed. */
    private boolean compute(Level lv, Operator op, boolean report) {
        Map<String, StreamType> in = new LinkedHashMap<>();
        Map<String, Stream> via = new LinkedHashMap<>();
        if (op.kind() == OpKind.DELTA0) {
            in.put(Typing.OUTER_STREAM, lv.outer.get(op.params().string("port")));
        }
        for (String port : op.inputPorts()) {
            Stream s = lv.feeding(new PortRef(op.id(), port));
            if (s != null) {
                in.put(port, types.get(s.from()));
                via.put(port, s);
            }
        }
        Map<String, StreamType> out;
        if (op.kind() == OpKind.NESTED) {
            out = level(op.child(), in, report, op.id());
        } else if (!ParamCheck.ok(op)) {
            out = Map.of();
        } else {
            out = typed(op, in, via, report);
        }
        boolean changed = false;
        for (String port : op.outputPorts()) {
            PortRef ref = new PortRef(op.id(), port);
            StreamType t = out.get(port);
            StreamType old = t == null ? types.remove(ref) : types.put(ref, t);
            changed |= !Objects.equals(old, t);
        }
        return changed;
    }

    /** Applies the kind's typing rule; on an error reports it (when asked) and returns no types. */
    private Map<String, StreamType> typed(Operator op, Map<String, StreamType> in, Map<String, Stream> via, boolean report) {
        if (op.kind().spec().sharedGroup()) {
            List<String> same = op.inputPorts();
            StreamType a = in.get(same.get(0));
            for (String other : same.subList(1, same.size())) {
                StreamType b = in.get(other);
                if (!Typing.sameGroup(a, b)) {
                    if (report) {
                        Stream sa = via.get(same.get(0));
                        Stream sb = via.get(other);
                        diagnostics.add(new Diagnostic(Diagnostic.Severity.ERROR, "TYPE_MISMATCH", sb.id(),
                                "stream " + sb.id() + " carries " + b + " but " + sa.id() + " carries " + a + ": "
                                        + op.kind().glyph() + " " + op.id() + " needs inputs '" + same.get(0) + "' and '"
                                        + other + "' of the same type",
                                List.of(op.id(), sa.from().op(), sb.from().op()), List.of(sa.id(), sb.id())));
                    }
                    return Map.of();
                }
            }
        }
        for (var e : via.entrySet()) {
            Accepts accepts = op.kind().spec().accepts(e.getKey());
            String need = accepts.accepts(in.get(e.getKey())) ? null : accepts.needs();
            if (need != null) {
                if (report) {
                    Stream s = e.getValue();
                    diagnostics.add(new Diagnostic(Diagnostic.Severity.ERROR, "TYPE_MISMATCH", s.id(),
                            "stream " + s.id() + " carries " + in.get(e.getKey()) + " but " + op.kind().glyph() + " "
                                    + op.id() + "." + e.getKey() + " needs " + need,
                            List.of(op.id(), s.from().op()), List.of(s.id())));
                }
                return Map.of();
            }
        }
        TypingCache.Result r = TypingCache.type(op, in);
        if (r.error() != null && report) {
            diagnostics.add(describe(op, r.error()));
        }
        return r.out();
    }

    private static Diagnostic describe(Operator op, Typing.TypeError e) {
        ExprException x = e.exprError();
        String what = op.kind().title().toLowerCase(java.util.Locale.ROOT) + " " + op.id();
        if (x != null) {
            String fragment = x.fragment() == null ? x.expression() : x.fragment();
            return Diagnostic.error("EXPR_ERROR", op.id(), what + ", parameter '" + e.param() + "': " + x.describe()
                    + (fragment == null || x.describe().contains("'" + fragment + "'") ? "" : " [at '" + fragment + "']"),
                    List.of(op.id()));
        }
        return Diagnostic.error("TYPE_ERROR", op.id(), what + ": " + e.getMessage(), List.of(op.id()));
    }
}
