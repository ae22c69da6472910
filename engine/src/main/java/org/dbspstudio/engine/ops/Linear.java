package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.StreamType;

/**
 * Linear operators: plus, minus, negate, filter, map, flat-map, index. Each does work
 * proportional to its input; when the input's change since the previous tick is known (a
 * snapshot fed from an integral), a unary one updates its previous output by the image of the
 * change instead (linearity: {@code f(x + Δ) = f(x) + f(Δ)}).
 */
final class Linear {
    private Linear() {
    }

    static OpNode plus(Build b) {
        return new Binary(b.op(), false);
    }

    static OpNode minus(Build b) {
        return new Binary(b.op(), true);
    }

    static OpNode negate(Build b) {
        return new Unary(b.op()) {
            @Override
            StreamValue apply(StreamValue v, Ctx ctx) {
                ctx.work(v.rows());
                return v.negate();
            }
        };
    }

    static OpNode filter(Build b) throws org.dbspstudio.engine.run.EngineException {
        RowSchemaScope s = RowSchemaScope.of(b.inType("in"));
        TypedExpr p = b.expr("predicate", b.op().params().string("predicate"), s.scope());
        return new Unary(b.op()) {
            @Override
            StreamValue apply(StreamValue v, Ctx ctx) throws ExprException {
                ZSet z = (ZSet) v;
                ctx.work(z.size());
                return z.filter(r -> Boolean.TRUE.equals(p.eval(r)));
            }
        };
    }

    static OpNode map(Build b) throws org.dbspstudio.engine.run.EngineException {
        KeyFn f = projection(b, "projection", b.op().params().namedExprs("projection"));
        return new Unary(b.op()) {
            @Override
            StreamValue apply(StreamValue v, Ctx ctx) throws ExprException {
                ZSet z = (ZSet) v;
                ctx.work(z.size());
                ZSet.Builder out = ZSet.builder(z.size());
                z.forEachX((r, w) -> out.add(f.apply(r), w));
                return out.build();
            }
        };
    }

    static OpNode flatmap(Build b) throws org.dbspstudio.engine.run.EngineException {
        List<KeyFn> fs = new ArrayList<>();
        for (List<NamedExpr> l : b.op().params().namedExprLists("projections")) {
            fs.add(projection(b, "projections", l));
        }
        return new Unary(b.op()) {
            @Override
            StreamValue apply(StreamValue v, Ctx ctx) throws ExprException {
                ZSet z = (ZSet) v;
                ctx.work(z.size() * (long) fs.size());
                ZSet.Builder out = ZSet.builder();
                z.forEachX((r, w) -> {
                    for (KeyFn f : fs) {
                        out.add(f.apply(r), w);
                    }
                });
                return out.build();
            }
        };
    }

    static OpNode index(Build b) throws org.dbspstudio.engine.run.EngineException {
        KeyFn f = projection(b, "keys", b.op().params().namedExprs("keys"));
        return new Unary(b.op()) {
            @Override
            StreamValue apply(StreamValue v, Ctx ctx) throws ExprException {
                ZSet z = (ZSet) v;
                ctx.work(z.size());
                java.util.Map<Row, ZSet.Builder> groups = new java.util.HashMap<>();
                z.forEachX((r, w) -> groups.computeIfAbsent(f.apply(r), k -> ZSet.builder()).add(r, w));
                IndexedZSet.Builder out = IndexedZSet.builder();
                groups.forEach((k, g) -> out.add(k, g.build()));
                return out.build();
            }
        };
    }

    static KeyFn projection(Build b, String param, List<NamedExpr> exprs) throws org.dbspstudio.engine.run.EngineException {
        Scope s = RowSchemaScope.of(b.inType("in")).scope();
        List<String> sqls = exprs == null ? List.of() : exprs.stream().map(NamedExpr::expr).toList();
        return b.keys(param, sqls, s, false);
    }

    /** A unary linear operator; uses the known input change when it can. */
    abstract static class Unary extends OpNode {
        private StreamValue prevOut;
        private int prevTick = -2;

        Unary(Operator op) {
            super(op);
        }

        abstract StreamValue apply(StreamValue v, Ctx ctx) throws ExprException;

        @Override
        public void eval(Ctx ctx) throws ExprException {
            StreamValue d = ctx.inDelta(0);
            StreamValue out;
            StreamValue outDelta = null;
            if (d != null && ctx.deltaTracking() && prevOut != null && prevTick == ctx.tick() - 1) {
                outDelta = apply(d, ctx);
                out = prevOut.plus(outDelta);
            } else {
                out = apply(ctx.in(0), ctx);
                if (d != null && ctx.deltaTracking()) {
                    outDelta = ctx.tick() == 0 ? out : apply(d, ctx);
                }
            }
            ctx.out(0, out, outDelta);
            if (ctx.deltaTracking() && d != null) {
                prevOut = out;
                prevTick = ctx.tick();
            } else {
                prevOut = null;
            }
        }

        @Override
        public void resetClock() {
            prevOut = null;
            prevTick = -2;
        }
    }

    /** Plus or minus of two values of the same group. */
    static final class Binary extends OpNode {
        private final boolean minus;

        Binary(Operator op, boolean minus) {
            super(op);
            this.minus = minus;
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue a = ctx.in(0);
            StreamValue b = ctx.in(1);
            ctx.work(Math.min(a.rows(), b.rows()));
            StreamValue out = minus ? a.minus(b) : a.plus(b);
            StreamValue da = ctx.inDelta(0);
            StreamValue db = ctx.inDelta(1);
            StreamValue d = da != null && db != null && ctx.deltaTracking() ? (minus ? da.minus(db) : da.plus(db)) : null;
            ctx.out(0, out, d);
        }
    }

    /** The scope of a Z-set input's rows. */
    record RowSchemaScope(Scope scope) {
        static RowSchemaScope of(StreamType t) {
            if (t instanceof StreamType.ZSet z) {
                return new RowSchemaScope(Scope.of(z.row()));
            }
            if (t instanceof StreamType.Indexed ix) {
                return new RowSchemaScope(Scope.of(ix.value()));
            }
            return new RowSchemaScope(Scope.of(org.dbspstudio.model.types.RowSchema.EMPTY));
        }
    }
}
