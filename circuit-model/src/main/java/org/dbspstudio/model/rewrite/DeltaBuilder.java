package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/**
 * What an {@link OperatorRule} sees while the chain rule rewrites one unit (an operator, or the
 * operators of one feedback loop together — the cycle rule): for each input port of an operator
 * of the unit, its change stream ({@link #delta}), its integrated value ({@link #snapshot}), and
 * the integrated value delayed by one step ({@link #delayedSnapshot}). Integrators are shared:
 * the snapshot of a stream is the frontier integrator that already carries it, and its delay is
 * created once per integrator.
 */
public final class DeltaBuilder {
    /** Prefix of placeholder operator ids used for streams inside a loop that is being rewritten. */
    static final String PLACEHOLDER = "\u0000";

    private final DeltaLevel level;
    private final Set<String> unit;
    private final Map<String, Map<String, PortRef>> inputs;
    private final Map<PortRef, String> internalSnapshots = new HashMap<>();
    private final List<String> created = new ArrayList<>();

    DeltaBuilder(DeltaLevel level, Set<String> unit, Map<String, Map<String, PortRef>> inputs) {
        this.level = level;
        this.unit = unit;
        this.inputs = inputs;
    }

    public Circuit circuit() {
        return level.circuit();
    }

    /** {@link Clock#INNER} for a top-level circuit; {@link Clock#OUTER} inside a nested circuit being lifted over outer time. */
    public Clock clock() {
        return level.clock();
    }

    public RewriteContext context() {
        return level.context();
    }

    /** Ids created so far in this unit. */
    public List<String> created() {
        return created;
    }

    private PortRef source(Operator op, String port) {
        PortRef src = inputs.getOrDefault(op.id(), Map.of()).get(port);
        if (src == null) {
            throw new IllegalArgumentException("operator " + op.id() + ": input port '" + port + "' is not connected");
        }
        return src;
    }

    /** The change stream of {@code op}'s input {@code port}. */
    public PortRef delta(Operator op, String port) {
        PortRef src = source(op, port);
        if (unit.contains(src.op())) {
            return new PortRef(PLACEHOLDER + src.op(), src.port());
        }
        if (level.frontier().contains(src.op())) {
            PortRef before = CircuitEdits.source(circuit(), CircuitEdits.in(src.op()));
            if (before != null) {
                return before;
            }
        }
        throw new IllegalStateException("operator " + op.id() + ": input '" + port + "' is read from "
                + src.op() + ", which is neither rewritten nor an integrator of the frontier");
    }

    /** The integrated (snapshot) value of {@code op}'s input {@code port}. */
    public PortRef snapshot(Operator op, String port) {
        PortRef src = source(op, port);
        if (!unit.contains(src.op())) {
            if (!level.frontier().contains(src.op())) {
                throw new IllegalStateException("operator " + op.id() + ": input '" + port
                        + "' is not an integrated stream");
            }
            return src;
        }
        String id = internalSnapshots.get(src);
        if (id == null) {
            id = add(OpKind.INTEGRATE, src.op() + suffix(src.port()) + "_I",
                    CircuitEdits.clockParams(OpKind.INTEGRATE, clock()),
                    Map.of("in", new PortRef(PLACEHOLDER + src.op(), src.port())));
            internalSnapshots.put(src, id);
        }
        return CircuitEdits.out(id);
    }

    /** {@code z⁻¹} of {@link #snapshot}: one delay per integrator, shared by all its readers. */
    public PortRef delayedSnapshot(Operator op, String port) {
        PortRef snap = snapshot(op, port);
        String existing = level.delayOf(snap);
        if (existing != null) {
            return CircuitEdits.out(existing);
        }
        String id = add(OpKind.DELAY, snap.op() + "_z", CircuitEdits.clockParams(OpKind.DELAY, clock()),
                Map.of("in", snap));
        level.rememberDelay(snap, id);
        return CircuitEdits.out(id);
    }

    /** Keeps {@code op} (same id, possibly new parameters) and feeds each of its inputs from {@code feeds}. */
    public void keep(Operator op, Map<String, PortRef> feeds) {
        circuit().replace(op);
        connectAll(op, feeds);
    }

    /**
     * Keeps {@code op} as it is, each input now fed its change stream ({@code Q^Δ = Q}); returns its
     * outputs, each carrying its change stream.
     */
    public Map<String, PortRef> keepOnChanges(Operator op) {
        Map<String, PortRef> feeds = new LinkedHashMap<>();
        for (String port : op.inputPorts()) {
            feeds.put(port, delta(op, port));
        }
        keep(op, feeds);
        Map<String, PortRef> outs = new LinkedHashMap<>();
        for (String port : op.outputPorts()) {
            outs.put(port, new PortRef(op.id(), port));
        }
        return outs;
    }

    /** Removes the original operator (its replacement is made of new operators). */
    public void drop(Operator op) {
        circuit().remove(op.id());
    }

    /** Adds a new operator with a fresh id derived from {@code base}, fed from {@code feeds}. */
    public String add(OpKind kind, String base, Params params, Map<String, PortRef> feeds) {
        String id = context().freshId(base);
        Operator op = new Operator(id, kind, params, null);
        circuit().add(op);
        connectAll(op, feeds);
        created.add(id);
        return id;
    }

    /** Adds a copy of {@code template} under a fresh id derived from {@code base}. */
    public String addCopy(Operator template, String base, Map<String, PortRef> feeds) {
        return add(template.kind(), base, template.params(), feeds);
    }

    /** Records an operator created by a rule by other means (e.g. inside a nested circuit). */
    public void noteCreated(String id) {
        created.add(id);
    }

    private void connectAll(Operator op, Map<String, PortRef> feeds) {
        for (String port : op.inputPorts()) {
            PortRef from = feeds.get(port);
            if (from != null) {
                circuit().connect(new Stream(from, new PortRef(op.id(), port)));
            }
        }
    }

    /** The integrator created inside this unit for a loop-internal stream, if any. */
    String internalSnapshot(PortRef producerPort) {
        return internalSnapshots.get(producerPort);
    }

    static String suffix(String port) {
        return "out".equals(port) ? "" : "_" + port;
    }
}
