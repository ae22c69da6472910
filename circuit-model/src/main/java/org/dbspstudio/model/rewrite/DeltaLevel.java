package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/**
 * Algorithm 4.6 on one circuit level: wraps the level's sources with {@code I} and its sinks with
 * {@code D} (top level: inputs/outputs on the circuit's clock; inside a nested circuit: its
 * {@code δ₀}/{@code ∫} on the outer clock), then pushes the integrators through the level unit by
 * unit with the chain rule — a unit is one operator, rewritten by its {@link OperatorRule}, or all
 * operators of one feedback loop, rewritten by the {@link CycleRule} — until every operator works
 * on changes.
 */
final class DeltaLevel {
    /** Called after each rewritten unit (to record a log step). */
    interface UnitListener {
        void converted(List<String> unit, List<OperatorRule> rules, List<String> created);
    }

    private final RewriteContext ctx;
    private final Circuit circuit;
    private final Clock clock;
    private final Set<String> frontier;
    private final Map<PortRef, String> delays = new HashMap<>();
    private final Set<String> pending = new LinkedHashSet<>();
    private final OperatorRules rules;
    private static final CycleRule CYCLE = new CycleRule();

    DeltaLevel(RewriteContext ctx, Circuit circuit, Clock clock, Set<String> frontier, OperatorRules rules) {
        this.ctx = ctx;
        this.circuit = circuit;
        this.clock = clock;
        this.frontier = frontier;
        this.rules = rules;
    }

    Circuit circuit() {
        return circuit;
    }

    Clock clock() {
        return clock;
    }

    RewriteContext context() {
        return ctx;
    }

    Set<String> frontier() {
        return frontier;
    }

    String delayOf(PortRef snapshot) {
        String id = delays.get(snapshot);
        return id != null && circuit.contains(id) ? id : null;
    }

    void rememberDelay(PortRef snapshot, String delayId) {
        delays.put(snapshot, delayId);
    }

    private boolean isSource(Operator op) {
        return op.kind() == OpKind.INPUT || op.kind() == OpKind.DELTA0;
    }

    private boolean isSink(Operator op) {
        return op.kind() == OpKind.OUTPUT || op.kind() == OpKind.INTEGRAL;
    }

    /** Places {@code I} after every source and {@code D} before every sink; returns the created ids. */
    List<String> wrap() {
        List<String> created = new ArrayList<>();
        for (Operator op : new ArrayList<>(circuit.operators())) {
            if (isSource(op) && CircuitEdits.hasConsumers(circuit, op.id())) {
                String id = ctx.freshId(op.id() + "_I");
                circuit.add(new Operator(id, OpKind.INTEGRATE, CircuitEdits.clockParams(OpKind.INTEGRATE, clock), null));
                CircuitEdits.moveConsumers(circuit, CircuitEdits.out(op.id()), CircuitEdits.out(id));
                circuit.connect(new Stream(CircuitEdits.out(op.id()), CircuitEdits.in(id)));
                frontier.add(id);
                created.add(id);
            }
        }
        for (Operator op : new ArrayList<>(circuit.operators())) {
            PortRef src = isSink(op) ? CircuitEdits.source(circuit, CircuitEdits.in(op.id())) : null;
            if (src != null) {
                String id = ctx.freshId(op.id() + "_D");
                circuit.add(new Operator(id, OpKind.DIFFERENTIATE, CircuitEdits.clockParams(OpKind.DIFFERENTIATE, clock), null));
                CircuitEdits.refeed(circuit, CircuitEdits.in(op.id()), CircuitEdits.out(id));
                circuit.connect(new Stream(src, CircuitEdits.in(id)));
                created.add(id);
            }
        }
        Set<String> createdSet = new HashSet<>(created);
        for (Operator op : circuit.operators()) {
            if (!isSource(op) && !isSink(op) && !createdSet.contains(op.id())) {
                pending.add(op.id());
            }
        }
        return created;
    }

    /**
     * Adopts an existing boundary instead of {@link #wrap}: inside a nested circuit whose every
     * {@code δ₀} feeds only integrators on this level's clock and whose every {@code ∫} is fed by a
     * differentiator on this clock, those integrators become the frontier (for semi-naive
     * evaluation). Returns false, changing nothing, when the circuit does not have that shape.
     */
    boolean adoptBoundary() {
        Set<String> integrators = new LinkedHashSet<>();
        Set<String> differentiators = new LinkedHashSet<>();
        for (Operator op : circuit.operators()) {
            if (op.kind() == OpKind.DELTA0) {
                for (PortRef dest : CircuitEdits.consumers(circuit, CircuitEdits.out(op.id()))) {
                    Operator i = circuit.op(dest.op());
                    if (i.kind() != OpKind.INTEGRATE || i.clock() != clock) {
                        return false;
                    }
                    integrators.add(i.id());
                }
            } else if (op.kind() == OpKind.INTEGRAL) {
                PortRef src = CircuitEdits.source(circuit, CircuitEdits.in(op.id()));
                Operator d = src == null ? null : circuit.op(src.op());
                if (d == null || d.kind() != OpKind.DIFFERENTIATE || d.clock() != clock) {
                    return false;
                }
                differentiators.add(d.id());
            }
        }
        for (String d : differentiators) {
            if (CircuitEdits.consumers(circuit, CircuitEdits.out(d)).stream()
                    .anyMatch(p -> circuit.op(p.op()).kind() != OpKind.INTEGRAL)) {
                return false;
            }
        }
        for (String i : integrators) {
            PortRef src = CircuitEdits.source(circuit, CircuitEdits.in(i));
            if (src == null || circuit.op(src.op()).kind() != OpKind.DELTA0) {
                return false;
            }
        }
        if (integrators.isEmpty() || differentiators.isEmpty()) {
            return false;
        }
        frontier.addAll(integrators);
        for (Operator op : circuit.operators()) {
            boolean boundary = isSource(op) || isSink(op) || integrators.contains(op.id()) || differentiators.contains(op.id());
            if (!boundary) {
                pending.add(op.id());
            }
        }
        return true;
    }

    /** Rewrites every pending operator, a unit at a time, in a deterministic order. */
    void pushThrough(UnitListener listener) {
        while (!pending.isEmpty()) {
            List<String> unit = nextReadyUnit();
            var result = convertUnit(unit);
            listener.converted(unit, result.rules(), result.created());
        }
        for (String id : new ArrayList<>(frontier)) {
            if (circuit.contains(id) && !CircuitEdits.hasConsumers(circuit, id)) {
                circuit.remove(id);
                frontier.remove(id);
            }
        }
    }

    private List<String> nextReadyUnit() {
        for (List<String> comp : CircuitEdits.components(circuit, pending)) {
            Set<String> members = new HashSet<>(comp);
            boolean ready = true;
            for (String id : comp) {
                for (Stream s : circuit.streamsInto(id)) {
                    String from = s.from().op();
                    if (!members.contains(from) && pending.contains(from)) {
                        ready = false;
                    }
                }
            }
            if (ready) {
                return comp;
            }
        }
        throw new IllegalStateException("no operator is ready for the chain rule among " + pending);
    }

    private record UnitResult(List<OperatorRule> rules, List<String> created) {
    }

    private UnitResult convertUnit(List<String> unit) {
        Set<String> members = new LinkedHashSet<>(unit);
        Map<String, Map<String, PortRef>> inputs = new HashMap<>();
        Map<PortRef, List<PortRef>> outsideConsumers = new LinkedHashMap<>();
        List<Operator> ops = new ArrayList<>();
        for (String id : unit) {
            Operator op = circuit.op(id);
            ops.add(op);
            for (Stream s : circuit.streamsInto(id)) {
                inputs.computeIfAbsent(id, k -> new HashMap<>()).put(s.to().port(), s.from());
                circuit.disconnect(s);
            }
        }
        for (String id : unit) {
            for (Stream s : circuit.streamsFrom(id)) {
                if (!members.contains(s.to().op())) {
                    outsideConsumers.computeIfAbsent(s.from(), k -> new ArrayList<>()).add(s.to());
                }
                circuit.disconnect(s);
            }
        }
        DeltaBuilder b = new DeltaBuilder(this, members, inputs);
        Map<PortRef, PortRef> deltaOut = new HashMap<>();
        List<OperatorRule> applied;
        if (ops.size() > 1) {
            applied = CYCLE.convert(ops, b, rules, clock, deltaOut);
        } else {
            Operator op = ops.get(0);
            OperatorRule rule = rules.select(op, clock);
            applied = List.of(rule);
            rule.convert(op, b).forEach((port, p) -> deltaOut.put(new PortRef(op.id(), port), p));
            CycleRule.closeFeedback(circuit, deltaOut); // an operator feeding itself
        }
        for (var e : outsideConsumers.entrySet()) {
            PortRef producer = e.getKey();
            String integ = b.internalSnapshot(producer);
            if (integ == null) {
                PortRef d = deltaOut.get(producer);
                integ = b.add(OpKind.INTEGRATE, producer.op() + DeltaBuilder.suffix(producer.port()) + "_I",
                        CircuitEdits.clockParams(OpKind.INTEGRATE, clock), Map.of("in", d));
            }
            frontier.add(integ);
            for (PortRef dest : e.getValue()) {
                circuit.connect(new Stream(CircuitEdits.out(integ), dest));
            }
        }
        for (String id : new ArrayList<>(frontier)) {
            if (circuit.contains(id) && !CircuitEdits.hasConsumers(circuit, id)) {
                circuit.remove(id);
                frontier.remove(id);
            }
        }
        pending.removeAll(members);
        return new UnitResult(applied, b.created());
    }
}
