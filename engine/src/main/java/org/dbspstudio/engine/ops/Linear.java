package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.CellBatch;
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
        return new Binary(b.op(), false, b.nested());
    }

    static OpNode minus(Build b) {
        return new Binary(b.op(), true, b.nested());
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
        CellExprs.Compiled<CellExprs.Pred> onCells = CellExprs.pred(b.op().params().string("predicate"), s.scope());
        return new Unary(b.op()) {
            @Override
            StreamValue apply(StreamValue v, Ctx ctx) throws ExprException {
                ZSet z = (ZSet) v;
                ctx.work(z.size());
                CellBatch cells = z.cells();
                if (cells != null && onCells != null && onCells.applies(cells)) {
                    ZSet kept = filterCells(cells, onCells.f());
                    if (kept != null) {
                        return kept;
                    }
                }
                return z.filter(r -> Boolean.TRUE.equals(p.eval(r)));
            }
        };
    }

    static OpNode map(Build b) throws org.dbspstudio.engine.run.EngineException {
        KeyFn f = projection(b, "projection", b.op().params().namedExprs("projection"));
        CellMap onCells = CellMap.of(b, b.op().params().namedExprs("projection"));
        return new Unary(b.op()) {
            @Override
            StreamValue apply(StreamValue v, Ctx ctx) throws ExprException {
                ZSet z = (ZSet) v;
                ctx.work(z.size());
                CellBatch cells = z.cells();
                if (cells != null && onCells != null) {
                    ZSet mapped = onCells.apply(cells);
                    if (mapped != null) {
                        return mapped;
                    }
                }
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

    /** The rows of a batch passing a predicate on cells; null when the arithmetic overflows (the row path then reports it). */
    private static ZSet filterCells(CellBatch cells, CellExprs.Pred p) {
        int n = cells.size();
        int[] sel = new int[n];
        int k = 0;
        try {
            for (int i = 0; i < n; i++) {
                if (p.at(cells, i)) {
                    sel[k++] = i;
                }
            }
        } catch (ArithmeticException e) {
            return null;
        }
        return ZSet.ofCells(cells.select(sel, k));
    }

    /**
     * A projection over a batch of cells: a plain column reference shares the input's column, a
     * BIGINT expression ({@link CellExprs}) is computed as a column, and any other expression is
     * evaluated over each row into a column of objects. The output's rows are distinct without
     * consolidating when every input column is copied or mapped one-to-one into some output column
     * (then distinct input rows give distinct output rows); otherwise equal rows are consolidated.
     */
    static final class CellMap {
        private final int[] plain;
        private final List<CellExprs.Compiled<CellExprs.Num>> nums;
        private final TypedExpr[] exprs;
        private final int inArity;
        private final boolean injective;

        private CellMap(int[] plain, List<CellExprs.Compiled<CellExprs.Num>> nums, TypedExpr[] exprs, int inArity,
                        boolean injective) {
            this.plain = plain;
            this.nums = nums;
            this.exprs = exprs;
            this.inArity = inArity;
            this.injective = injective;
        }

        static CellMap of(Build b, List<NamedExpr> exprs) throws org.dbspstudio.engine.run.EngineException {
            if (exprs == null || exprs.isEmpty() || !(b.inType("in") instanceof StreamType.ZSet z)) {
                return null;
            }
            Scope s = Scope.of(z.row());
            int n = exprs.size();
            int[] plain = new int[n];
            List<CellExprs.Compiled<CellExprs.Num>> nums = new ArrayList<>();
            TypedExpr[] typed = new TypedExpr[n];
            java.util.BitSet covered = new java.util.BitSet();
            for (int i = 0; i < n; i++) {
                String sql = exprs.get(i).expr();
                typed[i] = b.expr("projection", sql, s);
                int c = typed[i].plainColumn();
                plain[i] = c >= 0 && c < 1 << 16 ? c : -1;
                CellExprs.Compiled<CellExprs.Num> num = plain[i] >= 0 ? null : CellExprs.num(sql, s);
                nums.add(num);
                if (plain[i] >= 0) {
                    covered.set(plain[i]);
                } else if (num != null && num.injectiveOf() >= 0) {
                    covered.set(num.injectiveOf());
                }
            }
            int arity = z.row().size();
            return new CellMap(plain, nums, typed, arity, covered.cardinality() == arity);
        }

        /** The projected batch; null when it cannot be computed on cells (the row path then runs). */
        ZSet apply(CellBatch in) throws ExprException {
            if (in.arity() != inArity) {
                return null;
            }
            int n = in.size();
            int m = plain.length;
            long[][] longs = new long[m][];
            Object[][] objects = new Object[m][];
            for (int i = 0; i < m; i++) {
                CellExprs.Compiled<CellExprs.Num> num = nums.get(i);
                if (plain[i] >= 0) {
                    longs[i] = in.longs(plain[i]);
                    objects[i] = in.objects(plain[i]);
                } else if (num != null && num.applies(in)) {
                    long[] col = new long[n];
                    CellExprs.Num f = num.f();
                    try {
                        for (int r = 0; r < n; r++) {
                            col[r] = f.at(in, r);
                        }
                    } catch (ArithmeticException e) {
                        return null;
                    }
                    longs[i] = col;
                } else {
                    Object[] col = new Object[n];
                    for (int r = 0; r < n; r++) {
                        col[r] = exprs[i].eval(in.row(r));
                    }
                    objects[i] = col;
                }
            }
            long[] w = new long[n];
            for (int r = 0; r < n; r++) {
                w[r] = in.weight(r);
            }
            return ZSet.ofCells(CellBatch.of(n, longs, objects, w, injective));
        }
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
        /** Inside a nested circuit: a sum of a large flat table and a much smaller one stays flat (see {@link #flatSum}). */
        private final boolean nested;

        Binary(Operator op, boolean minus, boolean nested) {
            super(op);
            this.minus = minus;
            this.nested = nested;
        }

        @Override
        public void eval(Ctx ctx) {
            StreamValue a = ctx.in(0);
            StreamValue b = ctx.in(1);
            ctx.work(Math.min(a.rows(), b.rows()));
            StreamValue out = nested ? flatSum(a, b) : null;
            if (out == null) {
                out = minus ? a.minus(b) : a.plus(b);
            }
            StreamValue da = ctx.inDelta(0);
            StreamValue db = ctx.inDelta(1);
            StreamValue d = da != null && db != null && ctx.deltaTracking() ? (minus ? da.minus(db) : da.plus(db)) : null;
            ctx.out(0, out, d);
        }

        /**
         * a ± b as a flat table when the larger of the two is a flat table of rows over 1,024 rows and
         * the other much smaller: {@code ZSet.plus} would turn the larger into a persistent trie first
         * (so that an integral's successive sums share their structure), which costs more than copying
         * its table, and a sum inside a loop (the closure's new facts per iteration: {@code step_b_sum},
         * {@code all}) is read once and not kept. Null when that does not apply.
         */
        private ZSet flatSum(StreamValue a, StreamValue b) {
            if (!(a instanceof ZSet x) || !(b instanceof ZSet y) || x.isEmpty() || y.isEmpty()) {
                return null;
            }
            ZSet big = x.size() >= y.size() ? x : y;
            ZSet small = big == x ? y : x;
            if (big.size() <= 1024 || (long) small.size() * 8 >= big.size() || minus && big == y
                    || big.persistent() || big.deferred() || big.accumulated() || big.cells() != null
                    || small.deferred() || small.accumulated()) {
                return null;
            }
            ZSet.Builder out = big.toBuilder();
            small.forEach((r, w) -> out.add(r, minus ? Math.negateExact(w) : w));
            return out.build();
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
