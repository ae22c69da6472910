package org.dbspstudio.engine.run;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
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
 * Which inner ticks a stream of a nested circuit can be non-zero at, found from the circuit's
 * wiring alone, and what follows: joins that are zero at every tick, and operators whose outputs
 * only such joins read.
 *
 * <p>A δ₀ is non-zero at inner tick 0 only ({@link Support#ONLY_FIRST}); an inner {@code z⁻¹} is
 * zero at tick 0 ({@link Support#NOT_FIRST}: it emits the zero it was reset to at each outer step),
 * and so is an inner {@code I} or {@code D} of a stream zero at tick 0, a zero-preserving linear
 * operator of such streams, and an outer-clock {@code I}, {@code z⁻¹} or {@code D} of one (its value
 * at (t, 0) comes from the input at (t', 0), and every outer step runs tick 0). A join, product or
 * weighted semijoin is zero wherever either input is, so one of a stream non-zero only at tick 0 and
 * a stream zero at tick 0 is zero at every tick. The semi-naive form of a recursive join against
 * a δ₀ input has such terms: in the transitive closure, {@code I_outer(I(z⁻¹ Δo)) ⋈ δ₀(ΔE)}
 * ({@code step_a_a} in B3) — the closure so far, at every iteration, joined with edges that enter
 * at iteration 0 only, when that closure is still empty.
 *
 * <p>A stream non-zero at tick 0 only stays so through an outer-clock operator because every nested
 * circuit runs at least two iterations per outer step ({@code CircuitRun.minIterations}): beyond
 * the iterations an outer step ran, its outer-clock state repeats its last value, and a step that
 * ran one iteration would repeat the value of tick 0 at every later tick.
 */
final class InnerSupport {
    private InnerSupport() {
    }

    /** Which inner ticks a stream may be non-zero at. */
    enum Support {
        /** Zero at every tick. */
        ZERO,
        /** Zero at every tick but the first (tick 0). */
        ONLY_FIRST,
        /** Zero at tick 0. */
        NOT_FIRST,
        /** Anything. */
        ANY;

        /** The least support covering both. */
        Support join(Support o) {
            if (this == o || o == ZERO) {
                return this;
            }
            if (this == ZERO) {
                return o;
            }
            return ANY;
        }

        /** The support of a product of two streams: zero wherever either is. */
        Support meet(Support o) {
            if (this == ZERO || o == ZERO) {
                return ZERO;
            }
            if (this == ANY) {
                return o;
            }
            if (o == ANY || o == this) {
                return this;
            }
            return ZERO; // ONLY_FIRST and NOT_FIRST
        }
    }

    private static final Set<OpKind> LINEAR = EnumSet.of(OpKind.PLUS, OpKind.MINUS, OpKind.NEGATE, OpKind.FILTER, OpKind.MAP);
    private static final Set<OpKind> PRODUCTS = EnumSet.of(OpKind.JOIN, OpKind.PRODUCT, OpKind.WEIGHTED_SEMIJOIN);

    /** The support of every operator's output in a nested circuit's level (its single output port). */
    static Map<String, Support> supports(Circuit c, List<Operator> order, Map<PortRef, PortRef> feeder) {
        return supports(c, order, feeder, false);
    }

    /**
     * The same, assuming ({@code twoIterations}, as the engine ensures) that every outer step so far
     * ran at least two iterations: then outer-clock state repeats, beyond a step's iterations, a
     * value of an iteration after the first, and an outer-clock operator of a stream non-zero only
     * at tick 0 is non-zero only at tick 0 too.
     */
    static Map<String, Support> supports(Circuit c, List<Operator> order, Map<PortRef, PortRef> feeder,
                                         boolean twoIterations) {
        Map<String, Support> sup = new HashMap<>();
        for (Operator op : order) {
            sup.put(op.id(), Support.ZERO);
        }
        // least fixpoint from ZERO (the transfer functions are monotone; feedback goes through z⁻¹)
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Operator op : order) {
                Support now = transfer(op, feeder, sup, twoIterations).join(sup.get(op.id()));
                if (now != sup.get(op.id())) {
                    sup.put(op.id(), now);
                    changed = true;
                }
            }
        }
        return sup;
    }

    private static Support transfer(Operator op, Map<PortRef, PortRef> feeder, Map<String, Support> sup,
                                    boolean twoIterations) {
        List<Support> in = new ArrayList<>();
        for (String p : op.inputPorts()) {
            PortRef from = feeder.get(new PortRef(op.id(), p));
            Support s = from == null ? null : sup.get(from.op());
            in.add(s == null ? Support.ANY : s);
        }
        if (op.outputPorts().size() != 1) {
            return Support.ANY;
        }
        OpKind k = op.kind();
        if (k == OpKind.DELTA0) {
            return Support.ONLY_FIRST;
        }
        if (PRODUCTS.contains(k) && in.size() == 2) {
            return in.get(0).meet(in.get(1));
        }
        if (LINEAR.contains(k)) {
            Support s = Support.ZERO;
            for (Support x : in) {
                s = s.join(x);
            }
            return s;
        }
        if (in.size() != 1) {
            return Support.ANY;
        }
        Support x = in.get(0);
        boolean outer = op.clock() == Clock.OUTER;
        switch (k) {
            case DELAY:
                if (!outer) {
                    return x == Support.ZERO ? Support.ZERO : Support.NOT_FIRST;
                }
                return outerOf(x, twoIterations);
            case INTEGRATE:
            case DIFFERENTIATE:
                return outer ? outerOf(x, twoIterations) : x == Support.ZERO || x == Support.NOT_FIRST ? x : Support.ANY;
            default:
                return Support.ANY;
        }
    }

    /** An outer-clock operator keeps a stream zero at every tick or at tick 0 (see the class comment for the rest). */
    private static Support outerOf(Support x, boolean twoIterations) {
        return x == Support.ZERO || x == Support.NOT_FIRST || twoIterations && x == Support.ONLY_FIRST ? x : Support.ANY;
    }

    /**
     * The joins (products, weighted semijoins) of a nested circuit's level that are zero at every
     * tick, given that every outer step runs at least two iterations (as every nested circuit does).
     */
    static Set<String> zeroJoins(Circuit c, List<Operator> order, Map<PortRef, PortRef> feeder) {
        return zeroJoins(c, order, feeder, true);
    }

    private static Set<String> zeroJoins(Circuit c, List<Operator> order, Map<PortRef, PortRef> feeder, boolean two) {
        Map<String, Support> sup = supports(c, order, feeder, two);
        Set<String> zero = new HashSet<>();
        for (Operator op : order) {
            if (PRODUCTS.contains(op.kind()) && sup.get(op.id()) == Support.ZERO) {
                zero.add(op.id());
            }
        }
        return zero;
    }

    /**
     * The operators whose every output is read, and only read, by the given joins or by other such
     * operators (so nothing the run shows or emits depends on them). δ₀, ∫ and nested operators are
     * never among them.
     */
    static Set<String> unread(Circuit c, List<Operator> order, Set<String> zeroJoins) {
        Map<String, List<String>> readers = new HashMap<>();
        for (Stream s : c.streams()) {
            readers.computeIfAbsent(s.from().op(), x -> new ArrayList<>()).add(s.to().op());
        }
        Set<String> gone = new HashSet<>(zeroJoins);
        Set<String> unread = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Operator op : order) {
                OpKind k = op.kind();
                if (gone.contains(op.id()) || k == OpKind.DELTA0 || k == OpKind.INTEGRAL || k == OpKind.NESTED
                        || k == OpKind.OUTPUT || k == OpKind.DELAY && op.clock() != Clock.OUTER) {
                    continue;
                }
                List<String> rs = readers.get(op.id());
                if (rs != null && !rs.isEmpty() && gone.containsAll(rs)) {
                    gone.add(op.id());
                    unread.add(op.id());
                    changed = true;
                }
            }
        }
        return unread;
    }
}
