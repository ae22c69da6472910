package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
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
        return new HNode(b.op());
    }

    /**
     * H (Proposition 4.7). Inside a nested circuit lifted over the outer clock both inputs are
     * usually outer-clock integrals with a known {@link OuterChange}; H then keeps its output per
     * inner iteration and reports its own outer change, computed only at the rows whose weight
     * changed on either input (H is pointwise), so the outer differentiator after it costs the change
     * rather than the output.
     */
    static final class HNode extends OpNode {
        private List<ZSet[]> previous = new ArrayList<>();
        private List<ZSet[]> current = new ArrayList<>();

        HNode(Operator op) {
            super(op);
        }

        @Override
        public void eval(Ctx ctx) {
            ZSet i = (ZSet) ctx.in(0);
            ZSet d = (ZSet) ctx.in(1);
            OuterChange ci = ctx.inOuter(0);
            OuterChange cd = ctx.inOuter(1);
            if (!ctx.deltaTracking() || ci == null || cd == null) {
                ctx.work(d.size());
                ctx.out(0, h(i, d), null);
                return;
            }
            ZSet[] prev = previous.isEmpty() ? null : previous.get(Math.min(ctx.tick(), previous.size() - 1));
            ZSet out;
            if (prev != null && prev[1] == ci.basis() && prev[2] == cd.basis()) {
                ZSet bi = prev[1];
                ZSet bd = prev[2];
                ZSet di = (ZSet) ci.change();
                ZSet dd = (ZSet) cd.change();
                ZSet.Builder change = ZSet.builder();
                // i = bi + di and d = bd + dd: two lookups in the large earlier values per changed row,
                // each row once (the rows of dd that are also in di were handled with di)
                ctx.work(di.size() + dd.size());
                di.forEach((x, w) -> {
                    long wbi = bi.weight(x);
                    long wbd = bd.weight(x);
                    int now = h(Math.addExact(wbi, w), Math.addExact(wbd, dd.weight(x)));
                    int then = h(wbi, wbd);
                    if (now != then) {
                        change.add(x, now - then);
                    }
                });
                dd.forEach((x, w) -> {
                    if (di.weight(x) == 0) {
                        long wbi = bi.weight(x);
                        long wbd = bd.weight(x);
                        int now = h(wbi, Math.addExact(wbd, w));
                        int then = h(wbi, wbd);
                        if (now != then) {
                            change.add(x, now - then);
                        }
                    }
                });
                ZSet c = change.build();
                out = prev[0].plus(c);
                ctx.outOuter(0, out, new OuterChange(prev[0], c));
            } else if (previous.isEmpty() && ((ZSet) ci.basis()).isEmpty() && ((ZSet) cd.basis()).isEmpty()) {
                ctx.work(d.size());
                out = h(i, d);
                ctx.outOuter(0, out, new OuterChange(ZSet.EMPTY, out));
            } else {
                ctx.work(d.size());
                out = h(i, d);
                ctx.out(0, out, null);
            }
            current.add(new ZSet[] {out, i, d});
        }

        @Override
        public void endOuterStep(int iterations) {
            if (!current.isEmpty()) {
                previous = current;
                current = new ArrayList<>();
            }
        }

        @Override
        public void resetAll() {
            previous = new ArrayList<>();
            current = new ArrayList<>();
        }

        @Override
        public long stateSize() {
            long n = 0;
            for (ZSet[] p : previous) {
                n += p[0].size();
            }
            return n;
        }
    }

    /** H's output weight at one row whose integrated weight is {@code i} and change {@code d}. */
    static int h(long i, long d) {
        long now = Math.addExact(i, d);
        return i > 0 && now <= 0 ? -1 : i <= 0 && now > 0 ? 1 : 0;
    }

    /**
     * H(i, d)[x] = −1 if i[x] > 0 and (i+d)[x] ≤ 0; +1 if i[x] ≤ 0 and (i+d)[x] > 0; else 0.
     * Work proportional to |d|.
     */
    static ZSet h(ZSet i, ZSet d) {
        ZSet.Builder out = ZSet.builder();
        d.forEach((x, w) -> {
            int v = h(i.weight(x), w);
            if (v != 0) {
                out.add(x, v);
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
