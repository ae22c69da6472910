package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.NestedTrace;
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
        return b.op().clock() == Clock.OUTER ? new OuterIntegrate(b.op(), zero) : new Integrate(b.op(), zero, b.nested());
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

    /** I: the running sum; its change is its input. */
    static final class Integrate extends OpNode {
        private final StreamValue zero;
        private final boolean nested;
        private StreamValue sum;

        Integrate(Operator op, StreamValue zero, boolean nested) {
            super(op);
            this.zero = zero;
            this.nested = nested;
            this.sum = zero;
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue in = ctx.in(0);
            ctx.work(in.rows());
            // inside a nested circuit a large running sum grows as a persistent trie, so the sums of
            // successive ticks share everything but their changes (an outer-clock integral keeps one
            // of them per iteration); at top level, where one sum is kept, as sorted runs of packed rows
            if (sum instanceof ZSet z) {
                sum = nested ? z.plusPersistent((ZSet) in) : z.plusIntegrated((ZSet) in);
            } else {
                sum = sum.plus(in);
            }
            ctx.out(0, sum, in);
        }

        @Override
        public void resetClock() {
            sum = zero;
        }

        @Override
        public long stateSize() {
            return sum.rows();
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
            return current.get(j).equals(current.get(j - 1));
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
     * I over the outer clock, one running sum per inner iteration; its outer change is its input
     * (the basis being iteration j's sum at the previous outer step).
     *
     * <p>When the input is an inner running sum — its change since the previous tick is known at
     * every tick — the sums are not stored: this node keeps the nested-time state itself, a
     * {@link NestedTrace} holding per iteration the input's inner change summed over the outer
     * clock, {@code X_j = Σ_t Δ_inner in(t,j)} (packed sorted runs, compacted over outer steps as
     * they merge), and emits {@code S(t,j) = Σ_{i ≤ j} X_i} as a value read by accumulation from
     * the trace's version of that tick (lookups: a binary search per run). Its size is kept per
     * iteration: at the first tick of an iteration that held nothing before it is the input's size,
     * otherwise the previous step's size corrected at the input's rows ({@code S(t,j) = S(t−1,j) +
     * in(t,j)}), one lookup per row — the work the old per-iteration path copies took, without
     * their memory. Otherwise (the input's inner change unknown) each iteration's sum is
     * {@code S(t−1,j) + in(t,j)}, path-copied.
     */
    static final class OuterIntegrate extends PerIteration {
        private StreamValue lastInput;
        /** The nested-time state, while the input's inner change has been known at every tick (else null). */
        private NestedTrace trace;

        OuterIntegrate(Operator op, StreamValue zero) {
            super(op, zero);
            trace = zero instanceof ZSet ? NestedTrace.empty() : null;
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue in = ctx.in(0);
            int j = ctx.tick();
            StreamValue basis = previousAt(j);
            StreamValue out = trace == null ? null : accumulate(ctx, (ZSet) basis, in, j);
            if (out == null) {
                ctx.work(in.rows());
                out = basis instanceof ZSet z ? z.plusPersistent((ZSet) in) : basis.plus(in);
            }
            keep(out, null);
            lastInput = in;
            ctx.outOuter(0, out, new OuterChange(basis, in));
        }

        /** S(t,j) read from the trace after adding the input's inner change at j; null when the trace cannot be used. */
        private ZSet accumulate(Ctx ctx, ZSet basis, StreamValue in, int j) {
            StreamValue d = ctx.inDelta(0);
            // at tick 0 the change must be the value itself (the previous tick's value is zero);
            // ticks come in order 0, 1, 2, … within a step
            if (d == null || (j == 0 && d != in) || current.size() != j) {
                disableTrace();
                return null;
            }
            NestedTrace next = trace.plus((ZSet) d, j);
            if (next == null) {
                disableTrace();
                return null;
            }
            trace = next;
            ZSet z = (ZSet) in;
            ctx.work(((ZSet) d).size());
            return trace.upTo(j, sizeAt(ctx, basis, z, j));
        }

        /** The number of rows of S(t,j) = basis + change, where S(t,j) is read from the trace. */
        private int sizeAt(Ctx ctx, ZSet basis, ZSet change, int j) {
            if (basis.isEmpty()) {
                return change.size();
            }
            int[] n = {basis.size()};
            if (ctx != null) {
                ctx.work(change.size());
            }
            change.forEach((r, w) -> {
                long now = trace.weight(r, j);
                long before = now - w;
                n[0] += (now != 0 ? 1 : 0) - (before != 0 ? 1 : 0);
            });
            return n[0];
        }

        private void disableTrace() {
            trace = null;
        }

        @Override
        public void endOuterStep(int iterations) {
            // iterations beyond this step's run repeat its last input (the loop was at a fixpoint);
            // the loop runs at least as many iterations as the previous step kept, so this is rare
            for (int j = current.size(); j < previous.size(); j++) {
                StreamValue basis = previous.get(j);
                StreamValue out;
                if (trace != null) {
                    // no change at these iterations: the trace already holds S(t, j)
                    out = trace.upTo(j, sizeAt(null, (ZSet) basis, (ZSet) lastInput, j));
                } else {
                    out = basis.plus(lastInput);
                }
                keep(out, null);
            }
            super.endOuterStep(iterations);
        }

        /** With the trace, S(t,j) repeats S(t,j−1) exactly when X_j is zero (no equality test over the rows). */
        @Override
        boolean repeatsPrevious(int j) {
            return trace != null ? trace.zeroAt(j) : super.repeatsPrevious(j);
        }

        @Override
        public void resetAll() {
            super.resetAll();
            trace = zero instanceof ZSet ? NestedTrace.empty() : null;
        }

        @Override
        public long stateSize() {
            return trace != null ? trace.stored() : super.stateSize();
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
