package org.dbspstudio.engine.ops;

import java.util.List;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Equi-join, Cartesian product, semijoin, weighted semijoin and antijoin. A join iterates its smaller input and probes an
 * arrangement (an index on the key) of the other: when that input's change is known (an
 * integral, a delayed integral) the arrangement is maintained incrementally and shared, so a
 * step costs the change times the matching rows. Weights multiply; a NULL key never matches.
 */
final class Joins {
    private Joins() {
    }

    static OpNode join(Build b) throws EngineException {
        Keys k = keys(b);
        return new JoinNode(b.op(), k.left(), k.right(), projection(b, k.l(), k.r()), false, b.nested());
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

    static OpNode semijoin(Build b) throws EngineException {
        return keyFilter(b, true);
    }

    static OpNode antijoin(Build b) throws EngineException {
        return keyFilter(b, false);
    }

    /**
     * Semijoin ({@code keep} true) or antijoin: a left row passes, with its weight, when the right
     * weights of its key sum above 0 (semijoin) or to 0 or less (antijoin); that is, when its key is
     * (is not) in {@code distinct(π_key(right))}. A NULL key matches nothing.
     */
    private static OpNode keyFilter(Build b, boolean keep) throws EngineException {
        Keys keys = keys(b);
        KeyFn lk = keys.left();
        KeyFn rk = keys.right();
        return new OpNode(b.op()) {
            @Override
            public void eval(Ctx ctx) throws ExprException {
                ZSet a = (ZSet) ctx.in(0);
                IndexedZSet right = ctx.arrangement(1, rk);
                ZSet.Builder out = ZSet.builder();
                ctx.work(a.size());
                a.forEachX((x, w) -> {
                    Row k = lk.key(x);
                    boolean matched = k != null && totalWeight(right.get(k)) > 0;
                    if (matched == keep) {
                        out.add(x, w);
                    }
                });
                ctx.out(0, out.build(), null);
            }
        };
    }

    /** The weighted semijoin: each left row, its weight times the sum of the right weights of its key. */
    static OpNode weightedSemijoin(Build b) throws EngineException {
        Keys k = keys(b);
        return new JoinNode(b.op(), k.left(), k.right(), null, true, b.nested());
    }

    /**
     * Left, right and full outer join: the equi-join's pairs, plus each row of a preserved side whose
     * key matches nothing on the other side (the other side's weights of its key sum to 0 or less,
     * or its key is NULL), with NULLs in the other side's columns. Output columns: all left, then all
     * right.
     */
    static OpNode outerJoin(Build b) throws EngineException {
        Keys keys = keys(b);
        RowSchema l = keys.l();
        RowSchema r = keys.r();
        KeyFn lk = keys.left();
        KeyFn rk = keys.right();
        OpKind kind = b.op().kind();
        boolean keepLeft = kind != OpKind.RIGHT_JOIN;
        boolean keepRight = kind != OpKind.LEFT_JOIN;
        Row nullLeft = Row.wrap(new Object[l.size()]);
        Row nullRight = Row.wrap(new Object[r.size()]);
        KeyFn proj = projection(b, keepRight ? org.dbspstudio.model.typing.Typing.nullable(l) : l,
                keepLeft ? org.dbspstudio.model.typing.Typing.nullable(r) : r);
        return new OpNode(b.op()) {
            @Override
            public void eval(Ctx ctx) throws ExprException {
                ZSet a = (ZSet) ctx.in(0);
                ZSet c = (ZSet) ctx.in(1);
                IndexedZSet right = ctx.arrangement(1, rk);
                ZSet.Builder out = ZSet.builder();
                ctx.work(a.size());
                a.forEachX((x, w) -> {
                    Row k = lk.key(x);
                    ZSet m = k == null ? ZSet.EMPTY : right.get(k);
                    ctx.work(m.size());
                    m.forEachX((y, v) -> out.add(proj == null ? x.concat(y) : proj.apply(x, y), Math.multiplyExact(w, v)));
                    if (keepLeft && totalWeight(m) <= 0) {
                        out.add(proj == null ? x.concat(nullRight) : proj.apply(x, nullRight), w);
                    }
                });
                if (keepRight) {
                    IndexedZSet left = ctx.arrangement(0, lk);
                    ctx.work(c.size());
                    c.forEachX((y, v) -> {
                        Row k = rk.key(y);
                        if (k == null || totalWeight(left.get(k)) <= 0) {
                            out.add(proj == null ? nullLeft.concat(y) : proj.apply(nullLeft, y), v);
                        }
                    });
                }
                ctx.out(0, out.build(), null);
            }
        };
    }

    /**
     * The stream–table join over snapshots, {@code I(D(s) ⋈ t)}: at each tick the stream's new rows
     * (its change since the previous tick) are joined with the table as it is now and added to the
     * accumulated result, which is the output. Earlier matches are never revised when the table
     * changes. State: the previous stream value (unless its change is known) and the result.
     */
    static OpNode streamJoin(Build b) throws EngineException {
        Keys keys = keys(b);
        KeyFn lk = keys.left();
        KeyFn rk = keys.right();
        KeyFn proj = projection(b, keys.l(), keys.r());
        return new OpNode(b.op()) {
            private ZSet previous = ZSet.EMPTY;
            private ZSet result = ZSet.EMPTY;

            @Override
            public void eval(Ctx ctx) throws ExprException {
                ZSet s = (ZSet) ctx.in(0);
                ZSet known = (ZSet) ctx.inDelta(0);
                ZSet arrived = known != null ? known : s.minus(previous);
                ctx.work(known != null ? known.size() : s.size() + previous.size());
                previous = s;
                ZSet.Builder out = ZSet.builder();
                if (!arrived.isEmpty()) {
                    probe(ctx, arrived, lk, ctx.arrangement(1, rk), (x, w, y, v) ->
                            out.add(proj == null ? x.concat(y) : proj.apply(x, y), Math.multiplyExact(w, v)));
                }
                ZSet change = out.build();
                result = result.plusPersistent(change);
                ctx.out(0, result, change);
            }

            @Override
            public void resetClock() {
                previous = ZSet.EMPTY;
                result = ZSet.EMPTY;
            }

            @Override
            public long stateSize() {
                return previous.size() + result.size();
            }
        };
    }

    /** The sum of the weights of a Z-set. */
    static long totalWeight(ZSet z) {
        long[] sum = {0};
        z.forEach((row, w) -> sum[0] = Math.addExact(sum[0], w));
        return sum[0];
    }

    /** The row types of a two-input join's sides and its key functions ({@code leftKeys}, {@code rightKeys}). */
    private record Keys(RowSchema l, RowSchema r, KeyFn left, KeyFn right) {
    }

    private static Keys keys(Build b) throws EngineException {
        RowSchema l = row(b.inType("left"));
        RowSchema r = row(b.inType("right"));
        boolean exact = mixedNumericKeys(b, l, r);
        return new Keys(l, r, b.keys("leftKeys", b.op().params().strings("leftKeys"), Scope.of(l), exact),
                b.keys("rightKeys", b.op().params().strings("rightKeys"), Scope.of(r), exact));
    }

    /** What a probe does with a row {@code x} (weight {@code w}) and a row {@code y} (weight {@code v}) under the same key. */
    @FunctionalInterface
    interface Match {
        void accept(Row x, long w, Row y, long v) throws ExprException;
    }

    /**
     * For each row of {@code rows} whose {@code key} is not NULL, each row of {@code index} under that
     * key: {@code match}. Counts the matched rows as work (the caller counts {@code rows}).
     */
    static void probe(Ctx ctx, ZSet rows, KeyFn key, IndexedZSet index, Match match) throws ExprException {
        rows.forEachX((x, w) -> {
            Row k = key.key(x);
            if (k != null) {
                ctx.work(index.forEachUnder(k, (y, v) -> match.accept(x, w, y, v)));
            }
        });
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

    /**
     * The equi-join, and the weighted semijoin (which emits the left row of each match). When both
     * inputs' changes since the previous tick are known (a snapshot circuit's inputs, integrals) and
     * are smaller than the inputs, the output is updated by the change of the join instead of being
     * recomputed (bilinearity: {@code Δ(a ⋈ b) = Δa ⋈ b + a ⋈ Δb − Δa ⋈ Δb}, each term probing the
     * arrangement of the current value of the other side), and that change is reported downstream.
     */
    static final class JoinNode extends OpNode {
        private final KeyFn lk;
        private final KeyFn rk;
        private final KeyFn proj;
        private final boolean leftOnly;
        private final boolean nested;
        /** Probing with a batch of cells of the left (right) side, emitting cells; null when the key or projection is not plain columns. */
        private final CellJoins cellsLeft;
        private final CellJoins cellsRight;
        private ZSet prevOut;
        private int prevTick = -2;

        JoinNode(Operator op, KeyFn lk, KeyFn rk, KeyFn proj, boolean leftOnly, boolean nested) {
            super(op);
            this.lk = lk;
            this.rk = rk;
            this.proj = proj;
            this.leftOnly = leftOnly;
            this.nested = nested;
            this.cellsLeft = leftOnly ? null : CellJoins.plan(lk, proj, true);
            this.cellsRight = leftOnly ? null : CellJoins.plan(rk, proj, false);
        }

        /**
         * {@code rows ⋈} the other side's arrangement (rows of the left side when {@code left}) as a
         * batch of cells, when the rows are one and the join probes on cells; else null (and the
         * arrangement is not asked for).
         */
        private ZSet cellJoin(Ctx ctx, ZSet rows, boolean left) throws ExprException {
            CellJoins plan = left ? cellsLeft : cellsRight;
            if (plan == null || rows.cells() == null || !plan.applies(rows.cells())) {
                return null;
            }
            return plan.join(ctx, rows.cells(), left ? ctx.arrangement(1, rk) : ctx.arrangement(0, lk));
        }

        @Override
        public void eval(Ctx ctx) throws ExprException {
            ZSet a = (ZSet) ctx.in(0);
            ZSet c = (ZSet) ctx.in(1);
            ZSet da = (ZSet) ctx.inDelta(0);
            ZSet dc = (ZSet) ctx.inDelta(1);
            boolean changesKnown = !nested && ctx.deltaTracking() && da != null && dc != null;
            ZSet out;
            ZSet outDelta = null;
            if (changesKnown && prevOut != null && prevTick == ctx.tick() - 1
                    && changesSmaller(a, c, da, dc)) {
                outDelta = change(ctx, a, c, da, dc);
                // deferred: an aggregate after the join reads its change, not this sum
                out = prevOut.plusDeferred(outDelta);
            } else {
                out = whole(ctx, a, c);
                if (changesKnown && ctx.tick() == 0) {
                    outDelta = out;
                }
            }
            ctx.out(0, out, outDelta);
            prevOut = changesKnown ? out : null;
            prevTick = ctx.tick();
        }

        /**
         * Whether the changes have no more rows than the inputs, asked without adding up an input
         * that is a deferred running sum (a snapshot circuit's input) when its known part answers.
         */
        private static boolean changesSmaller(ZSet a, ZSet c, ZSet da, ZSet dc) {
            long d = (long) da.size() + dc.size();
            return a.hasAtLeast(d) || c.hasAtLeast(d) || (long) a.size() + c.size() >= d;
        }

        /** a ⋈ c from scratch: iterates one side and probes the arrangement of the other. */
        private ZSet whole(Ctx ctx, ZSet a, ZSet c) throws ExprException {
            if (a.isEmpty() || c.isEmpty()) {
                return ZSet.EMPTY;
            }
            // probe the arrangement of the larger side when it is maintained, else index the smaller
            boolean probeRight = a.size() <= c.size() ? ctx.tracked(1) : !ctx.tracked(0);
            ZSet cells = probeRight ? cellJoin(ctx, a, true) : cellJoin(ctx, c, false);
            if (cells != null) {
                ctx.work(probeRight ? a.size() : c.size());
                return cells;
            }
            IndexedZSet index = probeRight ? ctx.arrangement(1, rk) : ctx.arrangement(0, lk);
            ZSet rows = probeRight ? a : c;
            CellJoins plan = probeRight ? cellsLeft : cellsRight;
            int expected;
            int estimate = plan != null && plan.packs() ? estimated(rows.size(), index) : 0;
            if (plan != null && plan.packs() && (rows.size() > packedProbes || estimate >= PACKED_MIN)) {
                // many matches expected (about the index's rows per key each), or a large probing side:
                // packed without counting the matches first (a lookup per probing row, made again by the join)
                expected = estimate;
                ZSet packed = plan.joinPacked(ctx, rows, index, expected);
                if (packed != null) {
                    ctx.work(rows.size());
                    return packed;
                }
                expected = expected(rows);
            } else if (plan != null && plan.packs()) {
                long[][] ic = rows.integerColumns();
                if (ic != null) {
                    // probing rows held as one sorted run of integers (H's change): joined on their columns
                    // whatever the number of matches, no row decoded to count the matches or to probe
                    ZSet packed = plan.joinPackedColumns(ctx, ic, index, estimate);
                    if (packed != null) {
                        ctx.work(rows.size());
                        return packed;
                    }
                }
                // many matches of integer columns: packed and sorted into one run, no row object or hash table each
                // (not tried again when the columns' join found a cell that is not an integer: it would find it too)
                expected = ic != null ? expected(rows, probeRight ? lk : rk, index) : counted(rows, probeRight ? lk : rk, index);
                if (ic == null && expected >= PACKED_MIN) {
                    ZSet packed = plan.joinPacked(ctx, rows, index, expected);
                    if (packed != null) {
                        ctx.work(rows.size());
                        return packed;
                    }
                }
            } else {
                expected = expected(rows, probeRight ? lk : rk, index);
            }
            ZSet.Builder out = ZSet.builder(expected);
            if (probeRight) {
                ctx.work(a.size());
                probe(ctx, a, lk, index, (x, w, y, v) -> out.add(emit(x, y), Math.multiplyExact(w, v)));
            } else {
                ctx.work(c.size());
                probe(ctx, c, rk, index, (y, v, x, w) -> out.add(emit(x, y), Math.multiplyExact(w, v)));
            }
            return out.build();
        }

        /** Δa ⋈ c + a ⋈ Δc − Δa ⋈ Δc, where a and c are the current values. */
        private ZSet change(Ctx ctx, ZSet a, ZSet c, ZSet da, ZSet dc) throws ExprException {
            // one side changed: its change probes the other side's arrangement (on cells when it is a batch of them)
            ZSet cells = dc.isEmpty() ? cellJoin(ctx, da, true) : da.isEmpty() ? cellJoin(ctx, dc, false) : null;
            if (cells != null) {
                ctx.work(dc.isEmpty() ? da.size() : dc.size());
                return cells;
            }
            ZSet.Builder out = ZSet.builder(expected(da.size() >= dc.size() ? da : dc));
            if (!da.isEmpty()) {
                ctx.work(da.size());
                probe(ctx, da, lk, ctx.arrangement(1, rk), (x, w, y, v) -> out.add(emit(x, y), Math.multiplyExact(w, v)));
            }
            if (!dc.isEmpty()) {
                ctx.work(dc.size());
                probe(ctx, dc, rk, ctx.arrangement(0, lk), (y, v, x, w) -> out.add(emit(x, y), Math.multiplyExact(w, v)));
                if (!da.isEmpty()) {
                    IndexedZSet.Builder ib = IndexedZSet.builder();
                    dc.forEachX((y, v) -> {
                        Row k = rk.key(y);
                        if (k != null) {
                            ib.add(k, y, v);
                        }
                    });
                    ctx.work(dc.size());
                    probe(ctx, da, lk, ib.build(), (x, w, y, v) -> out.add(emit(x, y), Math.negateExact(Math.multiplyExact(w, v))));
                }
            }
            return out.build();
        }

        /**
         * A first size for the output table of a join probing with {@code rows}: about one output row
         * per probing row (a join on a key), at most 4,096 so that a selective join over a large input
         * does not allocate a large table only to copy it smaller; it saves the table's first doublings.
         */
        private static int expected(ZSet rows) {
            return Math.min(rows.size(), 4096);
        }

        /**
         * A first size for the output table of a join probing {@code index} with {@code rows} keyed by
         * {@code key}: when the probing rows are at most {@link #COUNTED} (a small side probing a
         * large one, such as B3's edges probing each iteration's new facts), the number of matches,
         * counted by one lookup per probing row before the probe (the output has at most that many
         * rows), so the table does not double its way up from the probing side's size; else as
         * {@link #expected(ZSet)}.
         */
        private static int expected(ZSet rows, KeyFn key, IndexedZSet index) throws ExprException {
            if (rows.size() > COUNTED) {
                return expected(rows);
            }
            return counted(rows, key, index);
        }

        /**
         * About the number of matches of {@code n} probing rows in {@code index}, not counted: {@code n}
         * times the index's rows per key, an eighth more (at most {@link #MAX_ESTIMATED}).
         */
        static int estimated(int n, IndexedZSet index) {
            double perKey = index.keyCount() == 0 ? 0 : (double) index.rows() / index.keyCount();
            return (int) Math.min(MAX_ESTIMATED, Math.max(16, n * perKey * 1.125));
        }

        /** The largest first buffer of a packed join sized by {@link #estimated} (it doubles beyond). */
        static final int MAX_ESTIMATED = 1 << 20;

        /** The number of rows of {@code index} under the keys of {@code rows} (at most {@link #MAX_EXPECTED}): one lookup per row. */
        private static int counted(ZSet rows, KeyFn key, IndexedZSet index) throws ExprException {
            long[] n = {0};
            rows.forEachX((x, w) -> {
                Row k = key.key(x);
                if (k != null) {
                    n[0] += index.visitsUnder(k);
                }
            });
            return (int) Math.min(n[0], MAX_EXPECTED);
        }

        /** Probing sides of at most this many rows count their matches to size the output ({@link #expected(ZSet, KeyFn, IndexedZSet)}). */
        static final int COUNTED = 4096;
        /** The largest first size of a join's output table. */
        static final int MAX_EXPECTED = 1 << 22;
        /**
         * A join whose output columns are plain columns, probing with at most this many rows, counts
         * its matches ({@link #counted}); from {@link #PACKED_MIN} matches on, it packs its output
         * ({@link CellJoins#joinPacked}) when every cell is an integer. When the arrangement's rows per
         * key times the probing rows come to {@link #PACKED_MIN} or more ({@link #estimated}), or when
         * it probes with more rows, it packs its output without counting (B3's batch of 100: the
         * changes of the middle iterations, 67,000–79,000 rows each, were joined as rows, and the
         * count was a lookup per probing row made twice).
         */
        static final int PACKED_PROBES = 1 << 16;
        /** {@link #PACKED_PROBES}, lowered by tests so that small inputs take the uncounted path. */
        static volatile int packedProbes = PACKED_PROBES;
        static final int PACKED_MIN = 4096;

        @Override
        public void resetClock() {
            prevOut = null;
            prevTick = -2;
        }

        @Override
        public long stateSize() {
            return prevOut == null ? 0 : prevOut.size();
        }

        private Row emit(Row l, Row r) throws ExprException {
            return leftOnly ? l : proj == null ? l.concat(r) : proj.apply(l, r);
        }

        /** The left input's key (for {@link IterationIndexedJoin}, which indexes one input itself). */
        KeyFn leftKey() {
            return lk;
        }

        /** The right input's key (for {@link IterationIndexedJoin}). */
        KeyFn rightKey() {
            return rk;
        }

        /** The projection over (left, right) rows; null when the join emits the left row or the concatenation (for {@link IterationIndexedJoin}). */
        KeyFn projection() {
            return leftOnly ? null : proj;
        }

        /** The row emitted for a match of left row l and right row r (for {@link IterationIndexedJoin}). */
        Row emitted(Row l, Row r) throws ExprException {
            return emit(l, r);
        }
    }
}
