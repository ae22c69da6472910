package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.StreamType;

/** Boundary operators: input, output, constant, and the nested boundaries δ₀ and ∫. */
final class Sources {
    private Sources() {
    }

    static OpNode input(Build b) {
        return new InputNode(b.op(), b.outType("out"));
    }

    static OpNode output(Build b) {
        return new OpNode(b.op()) {
            @Override
            public void eval(Ctx ctx) {
                // an output only names the stream feeding it; the trace records that stream
            }
        };
    }

    static OpNode constant(Build b) {
        StreamType t = b.outType("out");
        StreamValue v = t instanceof StreamType.Integers ? ZInt.of(b.op().params().integer("value"))
                : ZSet.ofChanges(b.op().params().changes("rows"));
        boolean once = b.op().params().bool("once");
        return new ConstantNode(b.op(), v, StreamValue.zero(t), once);
    }

    static OpNode delta0(Build b) {
        return new Delta0Node(b.op(), StreamValue.zero(b.outType("out")));
    }

    static OpNode integral(Build b) {
        return new IntegralNode(b.op(), StreamValue.zero(b.inType("in")));
    }

    /** A circuit input: the driver feeds its value (and, for snapshot inputs, its change). */
    static final class InputNode extends OpNode implements Fed {
        private StreamValue value;
        private StreamValue delta;

        InputNode(Operator op, StreamType type) {
            super(op);
            value = StreamValue.zero(type);
        }

        @Override
        public void feed(StreamValue v, StreamValue d) {
            value = v;
            delta = d;
        }

        @Override
        public void eval(Ctx ctx) {
            ctx.out(0, value, delta);
        }
    }

    /**
     * A constant. With {@code once} it is the derivative of a constant: its value at the first
     * top-level step only (inside a nested circuit: at every inner tick of the first outer step).
     */
    static final class ConstantNode extends OpNode {
        private final StreamValue value;
        private final StreamValue zero;
        private final boolean once;
        private StreamValue last;

        ConstantNode(Operator op, StreamValue value, StreamValue zero, boolean once) {
            super(op);
            this.value = value;
            this.zero = zero;
            this.once = once;
            this.last = zero;
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue now = once && ctx.step() > 0 ? zero : value;
            StreamValue prev = ctx.tick() == 0 ? zero : last;
            ctx.out(0, now, now == prev ? zero : now.minus(prev));
            last = now;
        }
    }

    /** δ₀: the outer value at inner tick 0, zero afterwards. */
    static final class Delta0Node extends OpNode implements Build.Delta0Input {
        private final StreamValue zero;
        private StreamValue outer;

        Delta0Node(Operator op, StreamValue zero) {
            super(op);
            this.zero = zero;
            this.outer = zero;
        }

        String port() {
            return op.params().string("port");
        }

        @Override
        public void setOuter(StreamValue v) {
            outer = v;
        }

        @Override
        public void eval(Ctx ctx) {
            int t = ctx.tick();
            ctx.out(0, t == 0 ? outer : zero, t == 0 ? outer : t == 1 ? outer.negate() : zero);
        }
    }

    /**
     * ∫: sums its input over the inner ticks of one outer step. The sum is read once the loop has
     * ended ({@link #sum}), so a Z-set's changes are kept as they come and added up then, all at
     * once ({@link ZSet#plusIntegratedAll}: packed together and sorted once, instead of a sorted run
     * per tick merged into the runs before).
     */
    static final class IntegralNode extends OpNode implements Build.IntegralOutput {
        private final StreamValue zero;
        private StreamValue sum;
        /** Z-set changes not added to {@link #sum} yet. */
        private final List<ZSet> changes = new ArrayList<>();
        private boolean sawZero;

        IntegralNode(Operator op, StreamValue zero) {
            super(op);
            this.zero = zero;
            this.sum = zero;
        }

        String port() {
            return op.params().string("port");
        }

        @Override
        public StreamValue sum() {
            if (!changes.isEmpty()) {
                sum = ZSet.plusIntegratedAll((ZSet) sum, changes);
                changes.clear();
            }
            return sum;
        }

        @Override
        public boolean sawZero() {
            return sawZero;
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue in = ctx.in(0);
            sawZero = in.isZero();
            if (sum instanceof ZSet && in instanceof ZSet z) {
                if (!z.isEmpty()) {
                    changes.add(z); // (Z-sets are immutable)
                }
            } else {
                sum = sum.plus(in);
            }
            ctx.work(in.rows());
        }

        @Override
        public void resetClock() {
            sum = zero;
            changes.clear();
            sawZero = false;
        }

        @Override
        public long stateSize() {
            return sum().rows();
        }
    }
}
