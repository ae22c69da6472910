package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.NotKept;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Operator;

/**
 * The stream-calculus operators with state: {@code z⁻¹}, {@code I}, {@code D}. On the inner
 * clock (the default) they work over the ticks of their own circuit. With {@code clock=outer}
 * (inside a nested circuit) they work over the outer clock and keep one state per inner
 * iteration: at outer step t, iteration j reads what iteration j stored at step t−1 (docs/theory.md §6).
 * When a step ran fewer iterations than an earlier one, the missing iterations repeat the last
 * one, which is exact because the loop stopped at a fixpoint.
 */
final class Clocked {
    private Clocked() {
    }

    static OpNode delay(Build b) {
        StreamValue zero = StreamValue.zero(b.inType("in"));
        return b.op().clock() == Clock.OUTER ? new OuterDelay(b.op(), zero) : new Delay(b.op(), zero);
    }

    static OpNode integrate(Build b) {
        StreamValue zero = StreamValue.zero(b.inType("in"));
        return b.op().clock() == Clock.OUTER ? new OuterIntegrate(b.op(), zero) : new Integrate(b.op(), zero, !b.nested());
    }

    /** Defers the additions of an inner-clock integral inside a nested circuit ({@link Integrate#deferInner}); false for any other node. */
    static boolean deferInnerSum(OpNode n) {
        if (n instanceof Integrate i) {
            i.deferInner();
            return true;
        }
        return false;
    }

    static OpNode differentiate(Build b) {
        StreamValue zero = StreamValue.zero(b.inType("in"));
        return b.op().clock() == Clock.OUTER ? new OuterDifferentiate(b.op(), zero) : new Differentiate(b.op(), zero);
    }

    /** z⁻¹: emits the value stored at the previous tick (zero at tick 0); strict. */
    static final class Delay extends OpNode {
        private final StreamValue zero;
        private StreamValue stored;
        private StreamValue storedDelta;
        private boolean settled = true;

        Delay(Operator op, StreamValue zero) {
            super(op);
            this.zero = zero;
            resetClock();
        }

        @Override
        public boolean strictSource() {
            return true;
        }

        @Override
        public void eval(Ctx ctx) {
            ctx.out(0, stored, storedDelta);
        }

        @Override
        public void commit(Ctx ctx) {
            StreamValue in = ctx.in(0);
            StreamValue d = ctx.inDelta(0);
            // settled: the value stored now is the one emitted at this tick (so the next tick emits it again)
            settled = in == stored || (d != null && ctx.tick() > 0 ? d.isZero() : in.equals(stored));
            stored = in;
            storedDelta = d;
        }

        @Override
        public boolean settled() {
            return settled;
        }

        @Override
        public void resetClock() {
            stored = zero;
            storedDelta = zero;
            settled = true;
        }

        @Override
        public long stateSize() {
            return stored.rows();
        }
    }

    /**
     * I: the running sum; its change is its input. A top-level integral that nothing reads but for
     * its change ({@link ChangeReaders#keepNoSum}) does not add its changes up: at the first tick
     * after a reset its value is its input (0 + Δ), later a {@link NotKept} value that throws when read.
     */
    static final class Integrate extends OpNode {
        private final StreamValue zero;
        /** Whether additions are deferred ({@link ZSet#plusDeferred}): at the top level, and see {@link #deferInner}. */
        private boolean defer;
        /** Inside a nested circuit: the first tick after a reset adds as before, later ticks defer (see {@link #deferInner}). */
        private boolean inner;
        private StreamValue sum;
        /** Null while the sum is kept; else the value emitted from the second tick on. */
        private ZSet notKept;
        /** Whether a tick ran since the last reset (when the sum is not kept). */
        private boolean started;

        Integrate(Operator op, StreamValue zero, boolean defer) {
            super(op);
            this.zero = zero;
            this.defer = defer;
            this.sum = zero;
        }

        /**
         * Inside a nested circuit recording no trace: from the second tick after each reset on, the sum's
         * additions are deferred like a top-level integral's, so a sum whose value nobody reads (the
         * closure's {@code all_I}: read by an inner {@code z⁻¹} that tests its settling by the change,
         * then by the paired outer sum, which reads only its leader's trace from the second outer step
         * on) costs a link per tick instead of a run packed and merged. The first tick adds as before, so
         * the value there is what it was (an outer sum tells an inner running sum by that value).
         */
        void deferInner() {
            defer = true;
            inner = true;
        }

        /** From now on the sum is not kept (see {@link ChangeReaders}); only before the first tick. */
        void keepNoSum() {
            notKept = NotKept.value(op.id());
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue in = ctx.in(0);
            ctx.work(in.rows());
            if (notKept != null) {
                ctx.out(0, started ? notKept : in, in);
                started = true;
                return;
            }
            if (sum instanceof ZSet z) {
                // as sorted runs of packed rows once large (inside a nested circuit too: the outer-clock
                // integrals after it keep a nested-time trace of its changes, not its sums)
                // at the top level the addition is deferred until something reads the sum (an integral
                // read only through an arrangement maintained from its changes is never added up)
                sum = !defer || inner && sum == zero ? z.plusIntegrated((ZSet) in)
                        : inner ? z.plusDeferredInner((ZSet) in) : z.plusDeferred((ZSet) in);
            } else {
                sum = sum.plus(in);
            }
            ctx.out(0, sum, in);
        }

        @Override
        public void resetClock() {
            sum = zero;
            started = false;
        }

        @Override
        public long stateSize() {
            return notKept != null ? 0 : sum.rows();
        }
    }

    /** D: the input minus its previous value; uses the input's known change when there is one. */
    static final class Differentiate extends OpNode {
        private final StreamValue zero;
        private StreamValue prev;

        Differentiate(Operator op, StreamValue zero) {
            super(op);
            this.zero = zero;
            this.prev = zero;
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue in = ctx.in(0);
            StreamValue d = ctx.inDelta(0);
            StreamValue out;
            if (d != null) {
                out = d;
                ctx.work(d.rows());
            } else {
                out = in.minus(prev);
                ctx.work(in.rows() + prev.rows());
            }
            prev = in;
            ctx.out(0, out, null);
        }

        @Override
        public void resetClock() {
            prev = zero;
        }

        @Override
        public long stateSize() {
            return prev.rows();
        }
    }

    /**
     * Per-inner-iteration state over the outer clock; beyond its length it repeats its last
     * element. Each element may carry its known {@link OuterChange} (kept in step with the values).
     */
    abstract static class PerIteration extends OpNode implements Build.OuterClocked {
        final StreamValue zero;
        List<StreamValue> previous = new ArrayList<>();
        List<StreamValue> current = new ArrayList<>();
        private List<OuterChange> previousKnown = new ArrayList<>();
        private List<OuterChange> currentKnown = new ArrayList<>();

        PerIteration(Operator op, StreamValue zero) {
            super(op);
            this.zero = zero;
        }

        @Override
        public void resetAll() {
            previous = new ArrayList<>();
            current = new ArrayList<>();
            previousKnown = new ArrayList<>();
            currentKnown = new ArrayList<>();
        }

        /** Keeps this iteration's value (and its outer change when known, else null) for the next outer step. */
        void keep(StreamValue value, OuterChange known) {
            current.add(value);
            currentKnown.add(known);
        }

        StreamValue previousAt(int j) {
            if (previous.isEmpty()) {
                return zero;
            }
            return previous.get(Math.min(j, previous.size() - 1));
        }

        /** The outer change kept with {@link #previousAt}, or null. */
        OuterChange previousKnownAt(int j) {
            if (previousKnown.isEmpty()) {
                return null;
            }
            return previousKnown.get(Math.min(j, previousKnown.size() - 1));
        }

        @Override
        public int previousLength() {
            return previous.size();
        }

        /**
         * Keeps this step's per-iteration values; trailing repeats are dropped since the value
         * beyond the list repeats its last element anyway (so the next step's loop need not run
         * through iterations where nothing changed).
         */
        @Override
        public void endOuterStep(int iterations) {
            while (current.size() >= 2 && repeatsPrevious(current.size() - 1)) {
                current.remove(current.size() - 1);
                currentKnown.remove(currentKnown.size() - 1);
            }
            previous = current;
            previousKnown = currentKnown;
            current = new ArrayList<>();
            currentKnown = new ArrayList<>();
        }

        /** Whether this step's value at iteration j equals its value at j − 1 (trailing repeats are dropped). */
        boolean repeatsPrevious(int j) {
            StreamValue a = current.get(j);
            StreamValue b = current.get(j - 1);
            if (a == b) {
                return true;
            }
            if (a instanceof ZSet x && b instanceof ZSet y) {
                if (x.size() != y.size()) {
                    return false;
                }
                if (x.isEmpty()) {
                    return true; // both empty (an empty value read from a trace would iterate the trace to say so)
                }
                if (sameTraceSum(x, y)) {
                    return true;
                }
                if (x.accumulated() && y.accumulated() && x.trace() == y.trace() && x.traceFrom() == x.traceUpTo()
                        && y.traceFrom() == y.traceUpTo() && !x.trace().mayEqual(x.traceFrom(), y.traceFrom())) {
                    return false; // X_i and X_k of one trace whose fingerprints differ
                }
            }
            return a.equals(b);
        }

        /**
         * Whether two values read from one nested-time trace as S(i) and S(k) are equal because every
         * X between them is zero (an outer sum whose change stopped at an earlier iteration).
         */
        static boolean sameTraceSum(ZSet x, ZSet y) {
            if (!x.accumulated() || !y.accumulated() || x.trace() != y.trace() || x.traceFrom() != y.traceFrom()) {
                return false;
            }
            int lo = Math.min(x.traceUpTo(), y.traceUpTo());
            int hi = Math.max(x.traceUpTo(), y.traceUpTo());
            return x.trace().zeroBetween(lo + 1, hi);
        }

        @Override
        public long stateSize() {
            long n = 0;
            for (StreamValue v : previous) {
                n += v.rows();
            }
            return n;
        }
    }

    /**
     * z⁻¹ over the outer clock: iteration j emits the input of iteration j at the previous outer
     * step, with that input's outer change when it was known.
     */
    static final class OuterDelay extends PerIteration {
        OuterDelay(Operator op, StreamValue zero) {
            super(op, zero);
        }

        @Override
        public void eval(Ctx ctx) {
            OuterChange known = previousKnownAt(ctx.tick());
            if (known != null) {
                ctx.outOuter(0, previousAt(ctx.tick()), known);
            } else {
                ctx.out(0, previousAt(ctx.tick()), null);
            }
            keep(ctx.in(0), ctx.inOuter(0));
        }
    }

    /**
     * D over the outer clock: iteration j's input minus iteration j's input at the previous outer
     * step — the input's outer change itself when it is known against exactly that value.
     */
    static final class OuterDifferentiate extends PerIteration {
        OuterDifferentiate(Operator op, StreamValue zero) {
            super(op, zero);
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue in = ctx.in(0);
            StreamValue prev = previousAt(ctx.tick());
            OuterChange known = ctx.inOuter(0);
            StreamValue out;
            if (ctx.deltaTracking() && known != null && known.basis() == prev) {
                out = known.change();
                ctx.work(out.rows());
            } else {
                out = in.minus(prev);
                ctx.work(in.rows() + prev.rows());
            }
            keep(in, null);
            ctx.out(0, out, null);
        }
    }
}
