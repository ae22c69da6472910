package org.dbspstudio.model.export;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.graph.CircuitGraph;

/**
 * Re-derives the snapshot circuit Q of an incremental circuit Q^Δ (one with
 * {@code "inputMode": "changes"}, such as Incrementalize produces), so that it can be written as
 * SQL: SQL engines take the query on tables and incrementalize it themselves.
 *
 * <p>Every stream of Q^Δ is given a meaning in terms of a relation R of the snapshot circuit
 * being built: the changes ΔR, the contents R, or the previous contents z⁻¹(R); or, for the terms
 * of an expanded join, a part of Δ(A ⋈ B). The rules are those of the rewrite read backwards:
 * an input is ΔT; I(ΔR) = R, D(R) = ΔR, z⁻¹(R) is the previous R; a linear operator keeps the
 * meaning (f(ΔR) = Δf(R)); a non-linear one must read contents; H(z⁻¹(R), ΔR) = Δdistinct(R),
 * H₂(z⁻¹(A), z⁻¹(B), ΔA, ΔB) = Δ(A ∩ B) or Δ(A ∸ B), overΔ(ΔR) = Δover(R);
 * A ⋈ ΔB + ΔA ⋈ z⁻¹(B) (and the other expansions of the bilinear rule) sum to Δ(A ⋈ B), and ΔA ⋈ B
 * alone is the change of the stream–table join of A and B (docs/theory.md §7, Proposition J4); an
 * output must receive changes ΔR, and R is the snapshot output; finally a weighted semijoin with a
 * key set is folded back into a semijoin, and a minus of it into an antijoin. Any other shape is refused,
 * naming the operator. Nested circuits in incremental form (semi-naive recursion) are refused:
 * export the snapshot circuit instead.
 */
public final class SnapshotForm {
    private enum Form { DELTA, SNAP, PREV }

    /** What a stream of Q^Δ is, in terms of a relation of the snapshot circuit. */
    private sealed interface Meaning permits Rel, Part {
    }

    /** {@code form} of the relation on output port {@code port} of the snapshot circuit. */
    private record Rel(Form form, PortRef port) implements Meaning {
    }

    /**
     * A sum of terms of the expansion of bilinear operator {@code op} applied to relations
     * {@code left} and {@code right}; {@code terms} are two letters each (S, D or P for the
     * contents, changes or previous contents of each side).
     */
    private record Part(Operator op, PortRef left, PortRef right, List<String> terms) implements Meaning {
    }

    private static final List<Set<String>> COMPLETE = List.of(Set.of("SD", "DP"), Set.of("DS", "PD"), Set.of("DD", "PD", "DP"));

    private final Circuit source;
    private final Circuit result = new Circuit();
    private final Map<PortRef, Meaning> meaning = new HashMap<>();

    private SnapshotForm(Circuit source) {
        this.source = source;
    }

    /**
     * The snapshot circuit whose output changes, run on the same scenario, equal {@code incremental}'s
     * outputs. Operators keep their ids (a re-assembled join takes the id of the {@code +} that
     * completes it, a distinct the id of its H).
     */
    public static Circuit derive(Circuit incremental) throws ExportException {
        SnapshotForm f = new SnapshotForm(incremental);
        f.run();
        return f.result;
    }

    private void run() throws ExportException {
        CircuitGraph g = CircuitGraph.of(source);
        if (!g.isLoopFree()) {
            throw new ExportException(null, "the circuit has an algebraic loop");
        }
        for (String id : g.dependencyOrder()) {
            Operator op = source.op(id);
            if (op.isStrict() && !source.streamsInto(id).isEmpty()
                    && !meaning.containsKey(source.feeding(new PortRef(id, "in")).map(Stream::from).orElse(null))) {
                throw new ExportException(id, "z⁻¹ on a feedback loop over the steps has no snapshot form");
            }
            visit(op);
        }
        prune();
        foldSemijoins();
        prune();
    }

    /**
     * Reads Propositions J1 and J2 backwards on the snapshot circuit: {@code a ⋉ʷ distinct(π_k(b))}
     * (the weighted semijoin with the key set of {@code b}, as the semijoin rule builds it) is
     * {@code a ⋉ b}, and {@code a − a ⋉ b} is {@code a ▷ b}; so an incremental semijoin or antijoin
     * exports as {@code EXISTS} / {@code NOT EXISTS} rather than as a difference SQL cannot hold.
     */
    private void foldSemijoins() {
        for (Operator w : List.copyOf(result.operatorsOfKind(OpKind.WEIGHTED_SEMIJOIN))) {
            Operator keySet = producer(w.id(), "right");
            Operator keys = keySet == null || keySet.kind() != OpKind.DISTINCT ? null : producer(keySet.id(), "in");
            if (keys == null || keys.kind() != OpKind.MAP) {
                continue;
            }
            List<NamedExpr> projection = keys.params().namedExprs("projection");
            List<String> rightKeys = w.params().strings("rightKeys");
            if (projection == null || !projection.stream().map(NamedExpr::name).toList().equals(rightKeys)) {
                continue;
            }
            PortRef a = result.feeding(new PortRef(w.id(), "left")).map(Stream::from).orElse(null);
            PortRef b = result.feeding(new PortRef(keys.id(), "in")).map(Stream::from).orElse(null);
            if (a == null || b == null) {
                continue;
            }
            Params semi = Params.of(OpKind.SEMIJOIN, "leftKeys", w.params().strings("leftKeys"),
                    "rightKeys", projection.stream().map(NamedExpr::expr).toList());
            rewire(new Operator(w.id(), OpKind.SEMIJOIN, semi, null), Map.of("left", a, "right", b));
        }
        for (Operator m : List.copyOf(result.operatorsOfKind(OpKind.MINUS))) {
            Operator semi = producer(m.id(), "b");
            PortRef a = result.feeding(new PortRef(m.id(), "a")).map(Stream::from).orElse(null);
            if (semi == null || semi.kind() != OpKind.SEMIJOIN || a == null
                    || !a.equals(result.feeding(new PortRef(semi.id(), "left")).map(Stream::from).orElse(null))) {
                continue;
            }
            PortRef b = result.feeding(new PortRef(semi.id(), "right")).map(Stream::from).orElseThrow();
            rewire(new Operator(m.id(), OpKind.ANTIJOIN, Params.of(OpKind.ANTIJOIN, semi.params().values()), null),
                    Map.of("left", a, "right", b));
        }
    }

    /** The operator producing what input {@code port} of {@code id} reads in the result, or null. */
    private Operator producer(String id, String port) {
        return result.feeding(new PortRef(id, port)).map(s -> result.op(s.from().op())).orElse(null);
    }

    /** Replaces an operator of the result (same id, so its readers stay) and feeds it anew. */
    private void rewire(Operator op, Map<String, PortRef> inputs) {
        for (Stream s : List.copyOf(result.streamsInto(op.id()))) {
            result.disconnect(s);
        }
        result.replace(op);
        inputs.forEach((port, from) -> result.connect(new Stream(from, new PortRef(op.id(), port))));
    }

    private Meaning in(Operator op, String port) throws ExportException {
        PortRef p = source.feeding(new PortRef(op.id(), port)).map(Stream::from)
                .orElseThrow(() -> new ExportException(op.id(), "input port " + port + " is not connected"));
        Meaning m = meaning.get(p);
        if (m == null) {
            throw new ExportException(op.id(), "reads " + p + ", which has no snapshot form");
        }
        return m;
    }

    private Rel rel(Operator op, String port) throws ExportException {
        Meaning m = in(op, port);
        if (m instanceof Rel r) {
            return r;
        }
        Part p = (Part) m;
        if (p.op().kind() == OpKind.JOIN && p.terms().equals(List.of("DS"))) {
            // Δl ⋈ r alone is the change of the stream–table join I(D(l) ⋈ r) (Proposition J4)
            Operator sj = new Operator(p.op().id(), OpKind.STREAM_JOIN, Params.of(OpKind.STREAM_JOIN, p.op().params().values()), null);
            Rel r = new Rel(Form.DELTA, add(sj, Map.of("left", p.left(), "right", p.right())));
            meaning.put(source.feeding(new PortRef(op.id(), port)).map(Stream::from).orElseThrow(), r);
            return r;
        }
        throw new ExportException(op.id(), "reads part of the incremental expansion of " + p.op().id()
                + " (terms " + String.join(" + ", p.terms()) + "), which is not a relation");
    }

    private PortRef add(Operator op, Map<String, PortRef> inputs) {
        Operator copy = new Operator(op.id(), op.kind(), op.params(), null);
        result.add(copy);
        for (var e : inputs.entrySet()) {
            result.connect(new Stream(e.getValue(), new PortRef(op.id(), e.getKey())));
        }
        return new PortRef(op.id(), "out");
    }

    private void set(Operator op, Meaning m) {
        meaning.put(new PortRef(op.id(), "out"), m);
    }

    private static String name(OpKind k) {
        return k.glyph() + " (" + k.json() + ")";
    }

    private void visit(Operator op) throws ExportException {
        String id = op.id();
        if (op.clock() == Clock.OUTER) {
            throw new ExportException(id, "an outer-clock operator outside a nested circuit");
        }
        switch (op.kind()) {
            case INPUT -> {
                if (!(op.params().type("type") instanceof StreamType.ZSet)) {
                    throw new ExportException(id, "input " + op.params().string("name") + " is "
                            + (op.params().type("type") instanceof StreamType.Integers ? "a stream of integers (type Z)"
                            : "an indexed Z-set") + "; SQL tables and views hold rows");
                }
                set(op, new Rel(Form.DELTA, add(op, Map.of())));
            }
            case CONSTANT -> {
                boolean once = op.params().bool("once");
                Operator c = op.withParams(op.params().with("once", null));
                set(op, new Rel(once ? Form.DELTA : Form.SNAP, add(c, Map.of())));
            }
            case OUTPUT -> {
                Rel r = rel(op, "in");
                if (r.form() != Form.DELTA) {
                    throw new ExportException(id, "output " + op.params().string("name") + " receives "
                            + (r.form() == Form.SNAP ? "contents" : "previous contents")
                            + " of a relation, not its changes; its snapshot form would need I over the steps");
                }
                add(op, Map.of("in", r.port()));
            }
            case INTEGRATE -> {
                Rel r = rel(op, "in");
                if (r.form() != Form.DELTA) {
                    throw new ExportException(id, "I of a stream that is not a change stream has no snapshot form");
                }
                set(op, new Rel(Form.SNAP, r.port()));
            }
            case DIFFERENTIATE -> {
                Rel r = rel(op, "in");
                if (r.form() != Form.SNAP) {
                    throw new ExportException(id, "D of a stream that is not a relation's contents has no snapshot form");
                }
                set(op, new Rel(Form.DELTA, r.port()));
            }
            case DELAY -> {
                Rel r = rel(op, "in");
                if (r.form() != Form.SNAP) {
                    throw new ExportException(id, "z⁻¹ of a stream that is not a relation's contents has no snapshot form");
                }
                set(op, new Rel(Form.PREV, r.port()));
            }
            case FILTER, MAP, FLATMAP, NEGATE, INDEX, TIME_WINDOW -> {
                Rel r = rel(op, "in");
                set(op, new Rel(r.form(), add(op, Map.of("in", r.port()))));
            }
            case PLUS, MINUS -> plus(op);
            case JOIN, PRODUCT, WEIGHTED_SEMIJOIN -> {
                Rel l = rel(op, "left");
                Rel r = rel(op, "right");
                if (l.form() == r.form() && l.form() != Form.DELTA) {
                    set(op, new Rel(l.form(), add(op, Map.of("left", l.port(), "right", r.port()))));
                } else {
                    set(op, new Part(op, l.port(), r.port(), List.of(letter(l.form()) + letter(r.form()))));
                }
            }
            case DISTINCT, AGGREGATE, SEMIJOIN, ANTIJOIN, LEFT_JOIN, RIGHT_JOIN, FULL_JOIN, STREAM_JOIN, UNION,
                    DIFFERENCE, INTERSECT, EXCEPT, TOP_K, OVER -> {
                Map<String, PortRef> ins = new HashMap<>();
                Form form = null;
                for (String port : op.inputPorts()) {
                    Rel r = rel(op, port);
                    if (r.form() == Form.DELTA || (form != null && r.form() != form)) {
                        throw new ExportException(id, name(op.kind()) + " is not linear: applied to changes"
                                + " it has no snapshot form (it must read I of them)");
                    }
                    form = r.form();
                    ins.put(port, r.port());
                }
                set(op, new Rel(form, add(op, ins)));
            }
            case H -> {
                Rel integrated = rel(op, "integrated");
                Rel delta = rel(op, "delta");
                if (integrated.form() != Form.PREV || delta.form() != Form.DELTA || !integrated.port().equals(delta.port())) {
                    throw new ExportException(id, "H is the incremental distinct only as H(z⁻¹(I(Δx)), Δx)");
                }
                Operator d = Operator.of(id, OpKind.DISTINCT);
                set(op, new Rel(Form.DELTA, add(d, Map.of("in", delta.port()))));
            }
            case H_SET -> {
                Rel a = rel(op, "a");
                Rel b = rel(op, "b");
                Rel da = rel(op, "da");
                Rel db = rel(op, "db");
                if (a.form() != Form.PREV || b.form() != Form.PREV || da.form() != Form.DELTA || db.form() != Form.DELTA
                        || !a.port().equals(da.port()) || !b.port().equals(db.port())) {
                    throw new ExportException(id, "H₂ is the incremental set operation only as"
                            + " H₂(z⁻¹(I(Δa)), z⁻¹(I(Δb)), Δa, Δb)");
                }
                OpKind kind = "except".equals(op.params().string("of")) ? OpKind.EXCEPT : OpKind.INTERSECT;
                Operator s = op.params().bool("all") ? Operator.of(id, kind).withParams(
                        org.dbspstudio.model.Params.of(kind, "all", true)) : Operator.of(id, kind);
                set(op, new Rel(Form.DELTA, add(s, Map.of("a", da.port(), "b", db.port()))));
            }
            case OVER_DELTA -> {
                Rel delta = rel(op, "delta");
                if (delta.form() != Form.DELTA) {
                    throw new ExportException(id, "overΔ is the incremental window aggregate only over changes Δx");
                }
                Operator o = new Operator(id, OpKind.OVER, Params.of(OpKind.OVER, op.params().values()), null);
                set(op, new Rel(Form.DELTA, add(o, Map.of("in", delta.port()))));
            }
            case NESTED -> throw new ExportException(id, "a nested circuit in incremental form (semi-naive recursion)"
                    + " cannot be mapped back to SQL; export the snapshot circuit instead");
            default -> throw new ExportException(id, name(op.kind()) + " has no SQL form");
        }
    }

    private static String letter(Form f) {
        return switch (f) {
            case DELTA -> "D";
            case SNAP -> "S";
            case PREV -> "P";
        };
    }

    private void plus(Operator op) throws ExportException {
        Meaning a = in(op, "a");
        Meaning b = in(op, "b");
        if (a instanceof Rel ra && b instanceof Rel rb) {
            if (ra.form() != rb.form()) {
                throw new ExportException(op.id(), name(op.kind()) + " adds " + ra.form().name().toLowerCase()
                        + " and " + rb.form().name().toLowerCase() + " streams; that sum has no snapshot form");
            }
            set(op, new Rel(ra.form(), add(op, Map.of("a", ra.port(), "b", rb.port()))));
            return;
        }
        if (op.kind() == OpKind.PLUS && a instanceof Part pa && b instanceof Part pb
                && pa.op().kind() == pb.op().kind() && pa.op().params().equals(pb.op().params())
                && pa.left().equals(pb.left()) && pa.right().equals(pb.right())) {
            List<String> terms = new ArrayList<>(pa.terms());
            terms.addAll(pb.terms());
            Set<String> set = new HashSet<>(terms);
            if (set.size() != terms.size()) {
                throw new ExportException(op.id(), "adds the term " + terms + " of " + pa.op().id() + " twice");
            }
            if (COMPLETE.contains(set)) {
                Operator j = new Operator(op.id(), pa.op().kind(), pa.op().params(), null);
                set(op, new Rel(Form.DELTA, add(j, Map.of("left", pa.left(), "right", pa.right()))));
            } else {
                set(op, new Part(pa.op(), pa.left(), pa.right(), terms));
            }
            return;
        }
        throw new ExportException(op.id(), name(op.kind()) + " combines streams that do not form the incremental"
                + " expansion of one join; it has no snapshot form");
    }

    /** Removes the operators no output depends on. */
    private void prune() {
        Set<String> live = new HashSet<>();
        ArrayDeque<String> work = new ArrayDeque<>();
        for (Operator op : result.operatorsOfKind(OpKind.OUTPUT)) {
            work.add(op.id());
        }
        while (!work.isEmpty()) {
            String id = work.poll();
            if (live.add(id)) {
                for (Stream s : result.streamsInto(id)) {
                    work.add(s.from().op());
                }
            }
        }
        for (String id : new ArrayList<>(result.operatorIds())) {
            if (!live.contains(id) && result.op(id).kind() != OpKind.INPUT) {
                result.remove(id);
            }
        }
    }
}
