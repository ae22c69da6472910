package org.dbspstudio.engine.ops;

import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;

/**
 * INTERSECT [ALL] and EXCEPT [ALL] with bag semantics, and their incremental form H₂
 * (docs/theory.md §4). Each is pointwise: the output weight at a row depends only on the input
 * weights {@code a}, {@code b} at that row, negative weights counting as 0 (as for distinct):
 * <pre>
 *   INTERSECT ALL  min(a⁺, b⁺)          INTERSECT  1 if a > 0 and b > 0
 *   EXCEPT ALL     max(0, a⁺ − b⁺)      EXCEPT     1 if a > 0 and b ≤ 0
 * </pre>
 * H₂(a, b, da, db)[x] = f(a + da, b + db)[x] − f(a, b)[x], computed only at the rows of da and db.
 */
final class SetOps {
    private SetOps() {
    }

    static OpNode intersect(Build b) {
        return new SetOpNode(b.op(), true, b.op().params().bool("all"));
    }

    static OpNode except(Build b) {
        return new SetOpNode(b.op(), false, b.op().params().bool("all"));
    }

    static OpNode hset(Build b) {
        return new HSetNode(b.op(), !"except".equals(b.op().params().string("of")), b.op().params().bool("all"));
    }

    /** The output weight at one row whose input weights are {@code a} and {@code b}. */
    static long weight(boolean intersect, boolean all, long a, long b) {
        long ap = Math.max(0, a);
        long bp = Math.max(0, b);
        if (intersect) {
            return all ? Math.min(ap, bp) : ap > 0 && bp > 0 ? 1 : 0;
        }
        return all ? Math.max(0, ap - bp) : ap > 0 && bp == 0 ? 1 : 0;
    }

    /** f(a + da, b + db) − f(a, b) at the rows of {@code da} and {@code db}: work proportional to the changes. */
    static ZSet change(boolean intersect, boolean all, ZSet a, ZSet b, ZSet da, ZSet db) {
        ZSet.Builder out = ZSet.builder();
        ZSet.RowWeight at = (x, w) -> {
            if (out.weightOf(x) != 0) {
                return;
            }
            long oa = a.weight(x);
            long ob = b.weight(x);
            long d = weight(intersect, all, Math.addExact(oa, da.weight(x)), Math.addExact(ob, db.weight(x)))
                    - weight(intersect, all, oa, ob);
            if (d != 0) {
                out.add(x, d);
            }
        };
        da.forEach(at);
        db.forEach(at);
        return out.build();
    }

    /**
     * The set operation on two snapshots. A row can be in the output only if it is in {@code a},
     * so the work is |a|; when both inputs' changes since the previous tick are known, the previous
     * output is updated by H₂ instead (work proportional to the changes).
     */
    static final class SetOpNode extends SnapshotNode {
        private final boolean intersect;
        private final boolean all;
        private ZSet prevA;
        private ZSet prevB;

        SetOpNode(Operator op, boolean intersect, boolean all) {
            super(op);
            this.intersect = intersect;
            this.all = all;
        }

        @Override
        public void eval(Ctx ctx) throws ExprException {
            ZSet a = (ZSet) ctx.in(0);
            ZSet b = (ZSet) ctx.in(1);
            StreamValue da = ctx.inDelta(0);
            StreamValue db = ctx.inDelta(1);
            boolean known = da != null && db != null && ctx.deltaTracking();
            evalSnapshot(ctx, known, () -> {
                ctx.work(((ZSet) da).size() + ((ZSet) db).size());
                return change(intersect, all, prevA, prevB, (ZSet) da, (ZSet) db);
            }, () -> {
                ctx.work(a.size());
                ZSet.Builder o = ZSet.builder();
                a.forEach((x, w) -> {
                    long v = weight(intersect, all, w, b.weight(x));
                    if (v != 0) {
                        o.add(x, v);
                    }
                });
                return o.build();
            });
            if (known) {
                prevA = a;
                prevB = b;
            }
        }

        @Override
        void forget() {
            prevA = null;
            prevB = null;
        }

        @Override
        public long stateSize() {
            return previousOutputSize();
        }
    }

    /** H₂(a, b, da, db): the change of a set operation, given the previous inputs and their changes. */
    static final class HSetNode extends OpNode {
        private final boolean intersect;
        private final boolean all;

        HSetNode(Operator op, boolean intersect, boolean all) {
            super(op);
            this.intersect = intersect;
            this.all = all;
        }

        @Override
        public void eval(Ctx ctx) {
            ZSet da = (ZSet) ctx.in(2);
            ZSet db = (ZSet) ctx.in(3);
            ctx.work(da.size() + db.size());
            ctx.out(0, change(intersect, all, (ZSet) ctx.in(0), (ZSet) ctx.in(1), da, db), null);
        }
    }
}
