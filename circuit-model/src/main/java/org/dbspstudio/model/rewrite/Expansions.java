package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/**
 * Expands an operator into its definition, in place (docs/theory.md §2):
 * <ul>
 * <li>integrate {@code I = fix α. s + z⁻¹(α)}: {@code I1} becomes {@code I1_plus} (its input on
 * {@code a}, its output to {@code I1}'s consumers) and {@code I1_z}, a {@code z⁻¹} feeding
 * {@code I1_plus.out} back into {@code I1_plus.b};</li>
 * <li>differentiate {@code D = s − z⁻¹(s)}: {@code D1} becomes {@code D1_minus} ({@code s} on
 * {@code a}) and {@code D1_z} ({@code z⁻¹(s)} on {@code b}).</li>
 * </ul>
 * The new operators take the expanded one's place in the operator order, the rewired streams
 * take the places of the old ones, and the new ids are fresh in the whole document. The returned
 * {@link Expansion} can undo and redo the change.
 */
public final class Expansions {
    private Expansions() {
    }

    /** The operators and streams of one circuit level, in order. */
    public record Snapshot(List<Operator> operators, List<Stream> streams) {
        public Snapshot {
            operators = List.copyOf(operators);
            streams = List.copyOf(streams);
        }

        static Snapshot of(Circuit c) {
            return new Snapshot(new ArrayList<>(c.operators()), c.streams());
        }

        /** Makes {@code c} hold exactly these operators and streams, in this order. */
        void applyTo(Circuit c) {
            for (String id : c.operatorIds()) {
                c.remove(id);
            }
            for (Stream s : List.copyOf(c.streams())) {
                c.disconnect(s);
            }
            operators.forEach(c::add);
            streams.forEach(c::connect);
        }
    }

    /**
     * What an expansion did.
     *
     * @param expanded the id of the expanded operator
     * @param created  the ids of the operators that replace it
     * @param level    the circuit (top level or nested) that was changed
     * @param before   that circuit's operators and streams before
     * @param after    and after
     */
    public record Expansion(String expanded, List<String> created, Circuit level, Snapshot before, Snapshot after) {
        public Expansion {
            created = List.copyOf(created);
        }

        /** Restores the circuit as it was before the expansion. */
        public void undo() {
            before.applyTo(level);
        }

        /** Applies the expansion again after {@link #undo()}. */
        public void redo() {
            after.applyTo(level);
        }
    }

    /** Whether {@link #expand} accepts this operator. */
    public static boolean canExpand(Operator op) {
        return op.kind() == OpKind.DIFFERENTIATE || (op.kind() == OpKind.INTEGRATE && op.clock() != Clock.OUTER);
    }

    /**
     * Expands the integrate or differentiate operator {@code id} (top level or nested) of
     * {@code root} into its definition.
     *
     * @throws IllegalArgumentException when there is no such operator, or it cannot be expanded
     *                                  (another kind; an outer-clock integrate, whose feedback
     *                                  loop would not pass through a delay on its circuit's clock;
     *                                  or a stream that reaches it through a port it does not
     *                                  have, which the expansion would otherwise rewire into a
     *                                  valid-looking stream)
     */
    public static Expansion expand(Circuit root, String id) {
        Circuit level = root.owner(id).orElseThrow(() -> new IllegalArgumentException("no operator " + id));
        Operator op = level.op(id);
        if (!canExpand(op)) {
            throw new IllegalArgumentException(op.kind() == OpKind.INTEGRATE
                    ? "cannot expand " + id + ": an outer-clock I expands into a loop through an outer-clock z⁻¹,"
                    + " which is not strict on the nested circuit's clock"
                    : "cannot expand " + id + ": only I and D have an expansion, it is " + op.kind().title());
        }
        for (Stream s : level.streams()) {
            if ((s.to().op().equals(id) && !s.to().port().equals("in"))
                    || (s.from().op().equals(id) && !s.from().port().equals("out"))) {
                throw new IllegalArgumentException("cannot expand " + id + ": the stream " + s + " uses a port " + id
                        + " does not have (it has only 'in' and 'out'); fix that stream first");
            }
        }
        boolean integrate = op.kind() == OpKind.INTEGRATE;
        String mainId = root.freshId(id + (integrate ? "_plus" : "_minus"));
        String zId = freshId(root, id + "_z", mainId);
        Operator main = Operator.of(mainId, integrate ? OpKind.PLUS : OpKind.MINUS);
        Operator z = op.clock() == Clock.OUTER ? Operator.of(zId, OpKind.DELAY, "clock", Clock.OUTER.json()) : Operator.of(zId, OpKind.DELAY);

        Snapshot before = Snapshot.of(level);
        List<Operator> ops = new ArrayList<>();
        for (Operator o : before.operators()) {
            if (o.id().equals(id)) {
                ops.add(main);
                ops.add(z);
            } else {
                ops.add(o);
            }
        }
        List<Stream> streams = new ArrayList<>();
        PortRef mainOut = new PortRef(mainId, "out");
        PortRef zOut = new PortRef(zId, "out");
        for (Stream s : before.streams()) {
            PortRef from = s.from().op().equals(id) ? mainOut : s.from();
            if (s.to().op().equals(id)) {
                streams.add(new Stream(from, new PortRef(mainId, "a")));
                if (!integrate) {
                    streams.add(new Stream(from, new PortRef(zId, "in")));
                }
            } else {
                streams.add(new Stream(from, s.to()));
            }
        }
        if (integrate) {
            streams.add(new Stream(mainOut, new PortRef(zId, "in")));
        }
        streams.add(new Stream(zOut, new PortRef(mainId, "b")));
        Snapshot after = new Snapshot(ops, streams);
        after.applyTo(level);
        return new Expansion(id, List.of(mainId, zId), level, before, after);
    }

    private static String freshId(Circuit root, String base, String taken) {
        String id = root.freshId(base);
        for (int i = 2; id.equals(taken); i++) {
            id = root.freshId(base + "_" + i);
        }
        return id;
    }
}
