package org.dbspstudio.engine.ops;

import java.util.List;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Equi-join, Cartesian product and antijoin. A join iterates its smaller input and probes an
 * arrangement (an index on the key) of the other: when that input's change is known (an
 * integral, a delayed integral) the arrangement is maintained incrementally and shared, so a
 * step costs the change times the matching rows. Weights multiply; a NULL key never matches.
 */
final class Joins {
    private Joins() {
    }

    static OpNode join(Build b) throws EngineException {
        RowSchema l = row(b.inType("left"));
        RowSchema r = row(b.inType("right"));
        boolean exact = mixedNumericKeys(b, l, r);
        KeyFn lk = b.keys("leftKeys", b.op().params().strings("leftKeys"), Scope.of(l), exact);
        KeyFn rk = b.keys("rightKeys", b.op().params().strings("rightKeys"), Scope.of(r), exact);
        return new JoinNode(b.op(), lk, rk, projection(b, l, r));
    }

    static OpNode product(Build b) throws EngineException {
        KeyFn proj = projection(b, row(b.inType("left")), row(b.inType("right")));
        return new OpNode(b.op()) {
            @Override
            public void eval(Ctx ctx) throws ExprException {
                ZSet a = (ZSet) ctx.in(0);
                ZSet c = (ZSet) ctx.in(1);
                ZSet.Builder out = ZSet.builder();
                ctx.work(a.size() + (long) a.size() * c.size());
                a.forEachX((x, w) -> c.forEachX((y, v) -> out.add(proj == null ? x.concat(y) : proj.apply(x, y),
                        Math.multiplyExact(w, v))));
                ctx.out(0, out.build(), null);
            }
        };
    }

    static OpNode antijoin(Build b) throws EngineException {
        RowSchema l = row(b.inType("left"));
        RowSchema r = row(b.inType("right"));
        boolean exact = mixedNumericKeys(b, l, r);
        KeyFn lk = b.keys("leftKeys", b.op().params().strings("leftKeys"), Scope.of(l), exact);
        KeyFn rk = b.keys("rightKeys", b.op().params().strings("rightKeys"), Scope.of(r), exact);
        return new OpNode(b.op()) {
            /** Left rows whose key matches no right row of positive weight (a NULL key matches nothing). */
            @Override
            public void eval(Ctx ctx) throws ExprException {
                ZSet a = (ZSet) ctx.in(0);
                IndexedZSet right = ctx.arrangement(1, rk);
                ZSet.Builder out = ZSet.builder();
                ctx.work(a.size());
                a.forEachX((x, w) -> {
                    Row k = lk.key(x);
                    if (k == null || !anyPositive(right.get(k))) {
                        out.add(x, w);
                    }
                });
                ctx.out(0, out.build(), null);
            }
        };
    }

    static boolean anyPositive(ZSet z) {
        boolean[] p = {false};
        z.forEach((r, w) -> p[0] |= w > 0);
        return p[0];
    }

    private static KeyFn projection(Build b, RowSchema l, RowSchema r) throws EngineException {
        List<NamedExpr> p = b.op().params().namedExprs("projection");
        if (p == null) {
            return null;
        }
        return b.keys("projection", p.stream().map(NamedExpr::expr).toList(), Scope.join(l, r), false);
    }

    private static RowSchema row(StreamType t) {
        return t instanceof StreamType.ZSet z ? z.row() : RowSchema.EMPTY;
    }

    /** Whether some key pair compares different numeric types (then keys compare as exact decimals). */
    private static boolean mixedNumericKeys(Build b, RowSchema l, RowSchema r) throws EngineException {
        List<String> lks = b.op().params().strings("leftKeys");
        List<String> rks = b.op().params().strings("rightKeys");
        for (int i = 0; i < Math.min(lks.size(), rks.size()); i++) {
            SqlType x = norm(b.expr("leftKeys", lks.get(i), Scope.of(l)).type().type());
            SqlType y = norm(b.expr("rightKeys", rks.get(i), Scope.of(r)).type().type());
            if (x != y) {
                return true;
            }
        }
        return false;
    }

    private static SqlType norm(SqlType t) {
        return t == SqlType.INTEGER ? SqlType.BIGINT : t;
    }

    /** The equi-join. */
    static final class JoinNode extends OpNode {
        private final KeyFn lk;
        private final KeyFn rk;
        private final KeyFn proj;

        JoinNode(Operator op, KeyFn lk, KeyFn rk, KeyFn proj) {
            super(op);
            this.lk = lk;
            this.rk = rk;
            this.proj = proj;
        }

        @Override
        public void eval(Ctx ctx) throws ExprException {
            ZSet a = (ZSet) ctx.in(0);
            ZSet c = (ZSet) ctx.in(1);
            if (a.isEmpty() || c.isEmpty()) {
                ctx.out(0, ZSet.EMPTY, null);
                return;
            }
            // probe the arrangement of the larger side when it is maintained, else index the smaller
            boolean probeRight = a.size() <= c.size() ? ctx.tracked(1) : !ctx.tracked(0);
            ZSet.Builder out = ZSet.builder();
            if (probeRight) {
                IndexedZSet idx = ctx.arrangement(1, rk);
                ctx.work(a.size());
                a.forEachX((x, w) -> {
                    Row k = lk.key(x);
                    if (k != null) {
                        ZSet m = idx.get(k);
                        ctx.work(m.size());
                        m.forEachX((y, v) -> out.add(emit(x, y), Math.multiplyExact(w, v)));
                    }
                });
            } else {
                IndexedZSet idx = ctx.arrangement(0, lk);
                ctx.work(c.size());
                c.forEachX((y, v) -> {
                    Row k = rk.key(y);
                    if (k != null) {
                        ZSet m = idx.get(k);
                        ctx.work(m.size());
                        m.forEachX((x, w) -> out.add(emit(x, y), Math.multiplyExact(w, v)));
                    }
                });
            }
            ctx.out(0, out.build(), null);
        }

        private Row emit(Row l, Row r) throws ExprException {
            return proj == null ? l.concat(r) : proj.apply(l, r);
        }
    }
}
