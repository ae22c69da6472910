package org.dbspstudio.engine.ops;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.StreamType;

/**
 * Windows over an integer time (docs/theory.md §8): tumbling and hopping windows (a linear
 * flat-map adding {@code window_start} and {@code window_end}), the window {@code W(v, θ)} that
 * keeps the rows whose timestamp is at least {@code θ − bound}, and its incremental form above a
 * monotone waterline, {@code I_W}, an integral that drops the rows below the waterline.
 * A row whose timestamp is NULL is in no window.
 */
final class Windows {
    private Windows() {
    }

    private static TypedExpr timestamp(Build b, String port) throws EngineException {
        Scope scope = Scope.of(((StreamType.ZSet) b.inType(port)).row());
        return b.expr("timestamp", b.op().params().string("timestamp"), scope);
    }

    private static Long time(TypedExpr ts, Row x) throws ExprException {
        Object v = ts.eval(x);
        return v == null ? null : ((Number) v).longValue();
    }

    /**
     * Each row once per window containing its time t: the windows {@code [s, s + size)} with
     * {@code s} a multiple of {@code slide} and {@code s ≤ t < s + size} (one window when slide =
     * size). Linear: a change maps to the change of the output.
     */
    static OpNode timeWindow(Build b) throws EngineException {
        TypedExpr ts = timestamp(b, "in");
        Params p = b.op().params();
        long size = p.integer("size");
        long slide = p.get("slide") == null ? size : p.integer("slide");
        return new Linear.Unary(b.op()) {
            @Override
            StreamValue apply(StreamValue v, Ctx ctx) throws ExprException {
                ZSet z = (ZSet) v;
                ZSet.Builder out = ZSet.builder(z.size());
                long[] n = {0};
                z.forEachX((x, w) -> {
                    Long t = time(ts, x);
                    if (t == null) {
                        return;
                    }
                    for (long s = Math.floorDiv(t, slide) * slide; s > t - size; s -= slide) {
                        out.add(x.concat(Row.of(s, Math.addExact(s, size))), w);
                        n[0]++;
                    }
                });
                ctx.work(z.size() + n[0]);
                return out.build();
            }
        };
    }

    static OpNode window(Build b) throws EngineException {
        return new WindowNode(b.op(), timestamp(b, "in"), b.op().params().integer("bound"));
    }

    static OpNode windowIntegrate(Build b) throws EngineException {
        return new WindowIntegrateNode(b.op(), timestamp(b, "delta"), b.op().params().integer("bound"));
    }

    /** Rows by timestamp, with their weights: an ordered index for moving the lower edge of a window. */
    private static final class ByTime {
        final TreeMap<Long, Map<Row, Long>> rows = new TreeMap<>();
        long size;

        void add(long t, Row x, long w) {
            Map<Row, Long> at = rows.computeIfAbsent(t, k -> new HashMap<>());
            Long now = at.merge(x, w, (a, c) -> Math.addExact(a, c) == 0 ? null : a + c);
            if (now == null) {
                size--;
                if (at.isEmpty()) {
                    rows.remove(t);
                }
            } else if (now == w) {
                size++;
            }
        }
    }

    /**
     * W(v, θ) on snapshots. With the change of {@code v} known, the output changes by the change's
     * rows at or above the new edge {@code θ − bound}, plus the rows of the old {@code v} between the
     * old and the new edge (leaving when it rose, entering when it fell), found in an index of
     * {@code v} by time: work proportional to the change and to the rows the edge passes. The index
     * holds all of {@code v}, so its memory grows with {@code v} — unlike {@code I_W}'s.
     */
    static final class WindowNode extends SnapshotNode {
        private final TypedExpr ts;
        private final long bound;
        private ByTime index;
        private long prevEdge;

        WindowNode(Operator op, TypedExpr ts, long bound) {
            super(op);
            this.ts = ts;
            this.bound = bound;
        }

        @Override
        public void eval(Ctx ctx) throws ExprException {
            ZSet v = (ZSet) ctx.in(0);
            long edge = Math.subtractExact(((ZInt) ctx.in(1)).value(), bound);
            StreamValue d = ctx.inDelta(0);
            boolean tracked = d != null && ctx.deltaTracking();
            evalSnapshot(ctx, tracked, () -> {
                ZSet dz = (ZSet) d;
                ZSet.Builder change = ZSet.builder();
                long lo = Math.min(edge, prevEdge);
                long hi = Math.max(edge, prevEdge);
                long sign = edge > prevEdge ? -1 : 1;
                long moved = 0;
                for (Map<Row, Long> at : index.rows.subMap(lo, true, hi, false).values()) {
                    for (var e : at.entrySet()) {
                        change.add(e.getKey(), sign * e.getValue());
                        moved++;
                    }
                }
                dz.forEachX((x, w) -> {
                    Long t = time(ts, x);
                    if (t != null) {
                        index.add(t, x, w);
                        if (t >= edge) {
                            change.add(x, w);
                        }
                    }
                });
                ctx.work(dz.size() + moved);
                return change.build();
            }, () -> {
                index = new ByTime();
                ZSet.Builder o = ZSet.builder();
                v.forEachX((x, w) -> {
                    Long t = time(ts, x);
                    if (t != null) {
                        index.add(t, x, w);
                        if (t >= edge) {
                            o.add(x, w);
                        }
                    }
                });
                ctx.work(v.size());
                return o.build();
            });
            if (tracked) {
                prevEdge = edge;
            }
        }

        @Override
        void forget() {
            index = null;
        }

        @Override
        public long stateSize() {
            return index == null ? 0 : index.size + previousOutputSize();
        }
    }

    /**
     * I_W(Δv, θ): the integral of the changes that keeps only the rows at or above the edge
     * {@code θ − bound}. Each tick it adds the change's rows at or above the edge and drops the rows
     * the rising edge passes (an ordered index by time), so its state is the rows above the waterline.
     * Its output's change (admitted rows minus dropped ones) is passed on, so the operators reading it
     * work per change. The waterline must not decrease: the rows below it are gone.
     */
    static final class WindowIntegrateNode extends OpNode {
        private final TypedExpr ts;
        private final long bound;
        private ByTime index = new ByTime();
        private ZSet contents = ZSet.EMPTY;
        private Long prevWaterline;

        WindowIntegrateNode(Operator op, TypedExpr ts, long bound) {
            super(op);
            this.ts = ts;
            this.bound = bound;
        }

        @Override
        public void eval(Ctx ctx) throws ExprException, EngineException {
            long waterline = ((ZInt) ctx.in(1)).value();
            if (prevWaterline != null && waterline < prevWaterline) {
                throw new EngineException(id(), ctx.step(), List.of(), "the waterline decreased from " + prevWaterline
                        + " to " + waterline + "; a window moved inside the integral (I_W) needs a monotone waterline,"
                        + " since the rows below the old waterline were dropped (run the circuit over snapshots instead)", null);
            }
            long edge = Math.subtractExact(waterline, bound);
            ZSet d = (ZSet) ctx.in(0);
            ZSet.Builder change = ZSet.builder();
            d.forEachX((x, w) -> {
                Long t = time(ts, x);
                if (t != null && t >= edge) {
                    index.add(t, x, w);
                    change.add(x, w);
                }
            });
            long dropped = 0;
            NavigableMap<Long, Map<Row, Long>> below = index.rows.headMap(edge, false);
            for (Map<Row, Long> at : below.values()) {
                for (var e : at.entrySet()) {
                    change.add(e.getKey(), -e.getValue());
                    dropped++;
                }
            }
            index.size -= dropped;
            below.clear();
            ctx.work(d.size() + dropped);
            ZSet delta = change.build();
            contents = contents.plus(delta);
            ctx.out(0, contents, delta);
            prevWaterline = waterline;
        }

        @Override
        public void resetClock() {
            index = new ByTime();
            contents = ZSet.EMPTY;
            prevWaterline = null;
        }

        @Override
        public long stateSize() {
            return index.size + contents.size();
        }
    }
}
