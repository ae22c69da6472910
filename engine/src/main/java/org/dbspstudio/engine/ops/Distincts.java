package org.dbspstudio.engine.ops;

import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;

/**
 * {@code distinct}, the set operators built on it (union = distinct(a+b), difference =
 * distinct(a−b)), and the incremental distinct {@code H} of Proposition 4.7, which looks up only
 * the rows present in the change.
 */
final class Distincts {
    private Distincts() {
    }

    static OpNode distinct(Build b) {
        return new DistinctNode(b.op(), 0);
    }

    static OpNode union(Build b) {
        return new DistinctNode(b.op(), 1);
    }

    static OpNode difference(Build b) {
        return new DistinctNode(b.op(), -1);
    }

    static OpNode h(Build b) {
        return new OpNode(b.op()) {
            @Override
            public void eval(Ctx ctx) {
                ZSet i = (ZSet) ctx.in(0);
                ZSet d = (ZSet) ctx.in(1);
                ctx.work(d.size());
                ctx.out(0, h(i, d), null);
            }
        };
    }

    /**
     * H(i, d)[x] = −1 if i[x] > 0 and (i+d)[x] ≤ 0; +1 if i[x] ≤ 0 and (i+d)[x] > 0; else 0.
     * Work proportional to |d|.
     */
    static ZSet h(ZSet i, ZSet d) {
        ZSet.Builder out = ZSet.builder();
        d.forEach((x, w) -> {
            long old = i.weight(x);
            long now = Math.addExact(old, w);
            if (old > 0 && now <= 0) {
                out.add(x, -1);
            } else if (old <= 0 && now > 0) {
                out.add(x, 1);
            }
        });
        return out.build();
    }

    /**
     * distinct(in), distinct(a + b) or distinct(a − b). When the combined input's change since
     * the previous tick is known it updates its previous output by H(previous input, change).
     */
    static final class DistinctNode extends OpNode {
        private final int sign;
        private ZSet prevIn;
        private ZSet prevOut;
        private int prevTick = -2;

        DistinctNode(Operator op, int sign) {
            super(op);
            this.sign = sign;
        }

        @Override
        public void eval(Ctx ctx) {
            ZSet in = (ZSet) (sign == 0 ? ctx.in(0) : sign > 0 ? ctx.in(0).plus(ctx.in(1)) : ctx.in(0).minus(ctx.in(1)));
            StreamValue d = sign == 0 ? ctx.inDelta(0) : combinedDelta(ctx);
            ZSet out;
            ZSet outDelta = null;
            if (d != null && ctx.deltaTracking() && prevOut != null && prevTick == ctx.tick() - 1) {
                ZSet dz = (ZSet) d;
                ctx.work(dz.size());
                outDelta = h(prevIn, dz);
                out = prevOut.plus(outDelta);
            } else {
                ctx.work(in.size());
                out = in.distinct();
            }
            ctx.out(0, out, outDelta);
            if (d != null && ctx.deltaTracking()) {
                prevIn = in;
                prevOut = out;
                prevTick = ctx.tick();
            } else {
                prevOut = null;
                prevIn = null;
            }
        }

        private StreamValue combinedDelta(Ctx ctx) {
            StreamValue a = ctx.inDelta(0);
            StreamValue b = ctx.inDelta(1);
            if (a == null || b == null) {
                return null;
            }
            return sign > 0 ? a.plus(b) : a.minus(b);
        }

        @Override
        public void resetClock() {
            prevIn = null;
            prevOut = null;
            prevTick = -2;
        }

        @Override
        public long stateSize() {
            return prevOut == null ? 0 : prevIn.size() + prevOut.size();
        }
    }

}
