package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
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
            while (current.size() >= 2 && current.get(current.size() - 1).equals(current.get(current.size() - 2))) {
                current.remove(current.size() - 1);
                currentKnown.remove(currentKnown.size() - 1);
            }
            previous = current;
            previousKnown = currentKnown;
            current = new ArrayList<>();
            currentKnown = new ArrayList<>();
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
     * <p>Computed as {@code S(t,j) = S(t−1,j) + in(t,j)}, each iteration's sum is a path copy of its
     * sum at the previous step: the sums of neighbouring iterations, which shared all but one
     * iteration's facts when built (at the first step, from an inner running sum), drift apart
     * with every step, until each iteration holds a trie of its own (in B3 the heap grew from
     * 0.7 GB to 2.2 GB over ten steps). When the input is an inner running sum — its change since the
     * previous tick is known at every tick — this node also keeps, per iteration, the input's
     * change at that iteration summed over the outer clock, {@code X_j = Σ_t Δ_inner in(t,j)} (the
     * nested-time state: changes indexed by iteration, compacted over outer steps), and when the
     * rows copied since the last rebuild exceed a quarter of the rows kept, it builds the sums of
     * the remaining iterations of the step as one chain, {@code S(t,j) = S(t,j−1) + X_j}, in which neighbouring iterations share everything
     * again. Each rebuild costs the rows kept once, paid for by at least a quarter of that in
     * copied rows, so memory stays within a constant factor of the changes and the work per step
     * within a constant factor of the path copies.
     */
    static final class OuterIntegrate extends PerIteration {
        /** Below this many rows copied since the last rebuild, no rebuild (tests set it lower). */
        static int minRebuildRows = 1 << 16;

        private StreamValue lastInput;
        /** X_j at the previous outer step and at this one (null: the input's inner change is not known). */
        private List<ZSet> incPrevious = new ArrayList<>();
        private List<ZSet> incCurrent = new ArrayList<>();
        private boolean incremental = true;
        /** From the current iteration on, this outer step builds the sums as one chain. */
        private boolean rebuilding;
        private long copied;
        private long kept;

        OuterIntegrate(Operator op, StreamValue zero) {
            super(op, zero);
            incremental = zero instanceof ZSet;
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue in = ctx.in(0);
            int j = ctx.tick();
            StreamValue basis = previousAt(j);
            trackIncrement(ctx, in, j);
            StreamValue out;
            if (rebuilding && incremental) {
                ZSet x = incCurrent.get(j);
                ZSet before = j == 0 ? ZSet.EMPTY : (ZSet) current.get(j - 1);
                ctx.work(x.size());
                out = before.plusPersistent(x);
            } else {
                ctx.work(in.rows());
                if (!basis.isZero()) {
                    copied += in.rows(); // path copies into this iteration's earlier sum
                }
                out = basis instanceof ZSet z ? z.plusPersistent((ZSet) in) : basis.plus(in);
            }
            OuterChange known = new OuterChange(basis, in);
            keep(out, known);
            lastInput = in;
            ctx.outOuter(0, out, known);
        }

        /** X_j(t) = X_j(t−1) + the input's inner change at tick j, while that change is known at every tick. */
        private void trackIncrement(Ctx ctx, StreamValue in, int j) {
            if (!incremental) {
                return;
            }
            StreamValue d = ctx.inDelta(0);
            // at tick 0 the change must be the value itself (the previous tick's value is zero)
            if (d == null || (j == 0 && d != in) || incCurrent.size() != j) {
                disableIncrements();
                return;
            }
            if (!rebuilding && copied > Math.max(minRebuildRows, kept / 4)) {
                // from this iteration on, this step's sums continue the chain of the previous iteration
                copied = 0;
                rebuilding = true;
            }
            incCurrent.add(incPreviousAt(j).plusPersistent((ZSet) d));
        }

        private ZSet incPreviousAt(int j) {
            return j < incPrevious.size() ? incPrevious.get(j) : ZSet.EMPTY;
        }

        private void disableIncrements() {
            incremental = false;
            rebuilding = false;
            incPrevious = null;
            incCurrent = null;
        }

        @Override
        public void endOuterStep(int iterations) {
            // iterations beyond this step's run repeat its last input (the loop was at a fixpoint)
            for (int j = current.size(); j < previous.size(); j++) {
                StreamValue out;
                if (rebuilding && incremental) {
                    ZSet x = incPreviousAt(j);
                    incCurrent.add(x);
                    out = ((ZSet) current.get(j - 1)).plusPersistent(x);
                } else {
                    if (incremental) {
                        incCurrent.add(incPreviousAt(j));
                    }
                    copied += lastInput.rows();
                    out = previous.get(j).plus(lastInput);
                }
                keep(out, new OuterChange(previous.get(j), lastInput));
            }
            super.endOuterStep(iterations);
            if (incremental) {
                // the sums were cut after their last change; so are the increments (zero beyond)
                while (incCurrent.size() > previous.size()) {
                    incCurrent.remove(incCurrent.size() - 1);
                }
                incPrevious = incCurrent;
                incCurrent = new ArrayList<>();
                kept = 0;
                for (ZSet x : incPrevious) {
                    kept += x.size();
                }
            }
            rebuilding = false;
        }

        @Override
        public void resetAll() {
            super.resetAll();
            incremental = zero instanceof ZSet;
            incPrevious = new ArrayList<>();
            incCurrent = new ArrayList<>();
            rebuilding = false;
            copied = 0;
            kept = 0;
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
