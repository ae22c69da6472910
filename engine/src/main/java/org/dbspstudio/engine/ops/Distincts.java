package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.engine.value.NestedTrace;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.types.Row;

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
        /**
         * Following the integrated input's changed rows through this outer step (see {@link #candidates}):
         * the rows seen fresh so far, and the later iterations at which each has an entry in the
         * delta input's nested-time trace. Null while not possible this step.
         */
        private Set<Row> seen = new HashSet<>();
        private Map<Integer, List<Row>> due = new HashMap<>();
        /** This step, the integrated input's producer names the rows it sees first ({@link OuterChange#firstFresh}). */
        private boolean byProducer;
        /**
         * The outputs of every iteration as a nested-time trace (X_j: the output at iteration j, summed
         * over its outer changes), so the per-iteration outputs kept for the next step are packed
         * sorted runs shared between steps, not a table of boxed rows each (B3: the closure's 1.25M
         * rows, which every young collection had to scan), each iteration's in runs of its own
         * ({@link NestedTrace#perIteration}: the outputs are read per iteration); null once a step's output was computed
         * without its outer change, or could not be packed (then each output is the previous one
         * plus its change, as a Z-set).
         */
        private NestedTrace outputs = NestedTrace.perIteration();
        /** The latest version of {@link #outputs} in this outer step, which the outputs of the step read. */
        private NestedTrace.Cell cell;

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
            follow(ci, d, ctx.tick());
            ZSet[] prev = previous.isEmpty() ? null : previous.get(Math.min(ctx.tick(), previous.size() - 1));
            ZSet out;
            if (prev != null && sameBasis(prev[1], ci.basis()) && sameBasis(prev[2], cd.basis())) {
                ZSet bi = prev[1];
                ZSet bd = prev[2];
                ZSet di = (ZSet) ci.change();
                ZSet dd = (ZSet) cd.change();
                ZSet.Builder change = ZSet.builder();
                // how many rows the output gains: H's output at a row is h of the inputs' weights there,
                // so the previous output held `then` where it now holds `now`
                int[] gained = {0};
                OuterIntegrate paired = ci.paired();
                Row[] xs = null;
                PackedChange packed = new PackedChange();
                if (paired != null && i.accumulated() && d.accumulated() && i.trace() == d.trace()
                        && paired.pairedChanges(ctx.tick(), dd, (keys, at, width, wbi, wdi, wbd, wdd) -> {
                            // the inputs' outer sums paired (see OuterIntegrate.share): their weights at
                            // the rows that matter, from what the sums keep as they add and follow rows
                            // (the row's words copied only where the output changes; no row decoded)
                            int now = h(Math.addExact(wbi, wdi), Math.addExact(wbd, wdd));
                            int then = h(wbi, wbd);
                            if (now != then) {
                                packed.add(keys, at, width, now - then);
                                gained[0] += (now != 0 ? 1 : 0) - (then != 0 ? 1 : 0);
                            }
                        })) {
                    ctx.work(dd.size());
                    ZSet c = packed.build();
                    out = kept(ctx.tick(), prev[0], c, prev[0].size() + gained[0]);
                    ctx.outOuter(0, out, new OuterChange(prev[0], c));
                    current.add(new ZSet[] {out, i, d});
                    return;
                } else if ((xs = candidates(bd, dd, ctx.tick())) != null) {
                    // i = bi + di and d = bd + dd at the rows where H's output can have changed (the
                    // earlier values, read from nested-time traces, looked up together)
                    long[] wbis;
                    long[] wbds;
                    if (sameIteration(d, ctx.tick()) && sameIteration(bd, ctx.tick()) && bi.accumulated()) {
                        // the rows packed and sorted once for both traces; bd at the rows of d's change is
                        // what d's trace read when it added that change at j (NestedTrace.weightsAt)
                        NestedTrace.Probes p = d.trace().probes(xs);
                        if (bi.trace() == bd.trace()) {
                            // one version holds both (the outer sums paired: bi is read from the trace of
                            // the delta input's outer sum up to j − 1): one sweep reads both
                            long[][] w = bi.trace().weights(p, bi.traceFrom(), bi.traceUpTo(), ctx.tick());
                            wbis = w[0];
                            wbds = w[1];
                        } else {
                            wbis = bi.trace().weights(p, bi.traceFrom(), bi.traceUpTo());
                            wbds = d.trace().weightsAt(p, ctx.tick(), bd.trace());
                        }
                    } else {
                        wbis = bi.weights(xs);
                        wbds = bd.weights(xs);
                    }
                    long[] wdis = di.weights(xs);
                    long[] wdds = dd.weights(xs);
                    for (int k = 0; k < xs.length; k++) {
                        Row x = xs[k];
                        long wbi = wbis[k];
                        long wbd = wbds[k];
                        int now = h(Math.addExact(wbi, wdis[k]), Math.addExact(wbd, wdds[k]));
                        int then = h(wbi, wbd);
                        if (now != then) {
                            change.add(x, now - then);
                            gained[0] += (now != 0 ? 1 : 0) - (then != 0 ? 1 : 0);
                        }
                    }
                    ctx.work(xs.length);
                } else {
                    // two lookups in the large earlier values per changed row, each row once (the rows of
                    // dd that are also in di were handled with di)
                    ctx.work(di.size() + dd.size());
                    di.forEach((x, w) -> {
                        long wbi = bi.weight(x);
                        long wbd = bd.weight(x);
                        int now = h(Math.addExact(wbi, w), Math.addExact(wbd, dd.weight(x)));
                        int then = h(wbi, wbd);
                        if (now != then) {
                            change.add(x, now - then);
                            gained[0] += (now != 0 ? 1 : 0) - (then != 0 ? 1 : 0);
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
                                gained[0] += (now != 0 ? 1 : 0) - (then != 0 ? 1 : 0);
                            }
                        }
                    });
                }
                ZSet c = change.build();
                out = kept(ctx.tick(), prev[0], c, prev[0].size() + gained[0]);
                ctx.outOuter(0, out, new OuterChange(prev[0], c));
            } else if (previous.isEmpty() && ((ZSet) ci.basis()).isEmpty() && ((ZSet) cd.basis()).isEmpty()) {
                // d = its change here: iterate that (a value read from a nested-time trace iterates all of it)
                ctx.work(d.size());
                ZSet dd = (ZSet) cd.change();
                long[] gained = {0};
                ZSet first = h(i, dd, gained);
                if (ci.paired() != null) {
                    // the lookup of i at dd's rows counted the rows i + dd gains: the paired sum's next size
                    ci.paired().countedBy(ctx.tick(), i, dd, gained[0]);
                }
                out = kept(ctx.tick(), ZSet.EMPTY, first, first.size());
                // the change is the table just built (reading X_j back from the trace would visit all of it)
                ctx.outOuter(0, out, new OuterChange(ZSet.EMPTY, first));
            } else {
                ctx.work(d.size());
                out = h(i, d);
                outputs = null; // this output is not the trace's X_j
                ctx.out(0, out, null);
            }
            current.add(new ZSet[] {out, i, d});
        }

        /**
         * The output at iteration j, {@code before + c} of {@code size} rows, where {@code before} is
         * the output the previous step had at j (at iterations beyond the previous step's, its last
         * one): read from the outputs' trace after adding c at j (and, first, {@code before} itself
         * when the trace holds nothing at j), its size known, so no run is searched to count it.
         */
        private ZSet kept(int j, ZSet before, ZSet c, int size) {
            if (outputs == null) {
                return before.plus(c);
            }
            if (cell == null) {
                cell = new NestedTrace.Cell(outputs); // the step's first output read from the trace
            }
            // the trace is zero beyond the previous step's iterations (see endOuterStep)
            ZSet x = j >= previous.size() && !before.isEmpty() ? before.plus(c) : c;
            NestedTrace next = outputs.plus(x, j, size);
            if (next == null) {
                outputs = null;
                return before.plus(c);
            }
            outputs = next;
            cell.set(next);
            return cell.at(j, size);
        }

        /**
         * Records the integrated input's fresh rows of this tick (every row of its outer change
         * appears among them at this tick or an earlier one of the step) and, for each row seen
         * for the first time, the later iterations at which the delta input's nested-time trace
         * holds an entry for it. Gives up for the step when either is unknown.
         */
        private void follow(OuterChange ci, ZSet d, int j) {
            if (j == 0) {
                // the first outer step has no earlier output to correct: nothing to follow
                seen = previous.isEmpty() ? null : new HashSet<>();
                due = previous.isEmpty() ? null : new HashMap<>();
                // the producer tells which fresh rows are new in the step: no set of our own
                byProducer = ci.firstFresh() != null;
                if (ci.paired() != null) {
                    // the paired outer sums follow the rows for this node (OuterIntegrate.pairedChanges);
                    // should they stop doing so within the step, the changes are read whole
                    seen = null;
                    due = null;
                }
            }
            if (seen == null) {
                return;
            }
            ZSet fresh = ci.fresh();
            if (fresh == null || !d.accumulated() || d.traceFrom() != j || d.traceUpTo() != j
                    || byProducer && ci.firstFresh() == null) {
                seen = null;
                due = null;
                return;
            }
            Row[] xs;
            if (byProducer) {
                xs = ci.firstFresh().get();
            } else {
                List<Row> first = new ArrayList<>();
                fresh.forEach((x, w) -> {
                    if (seen.add(x)) {
                        first.add(x);
                    }
                });
                xs = first.toArray(new Row[0]);
            }
            if (xs.length > 0) {
                // the iterations of all the rows seen first now, looked up together
                int[][] its = d.trace().iterations(xs, j);
                for (int k = 0; k < xs.length; k++) {
                    for (int it : its[k]) {
                        due.computeIfAbsent(it, q -> new ArrayList<>()).add(xs[k]);
                    }
                }
            }
        }

        /**
         * The rows at which H's output at iteration j can differ from the previous step's, when
         * known: H(i, d)[x] is 0 wherever d[x] is 0, so a row matters only where d = bd + dd is or was
         * non-zero, and only where i or d changed: the rows of dd, and the rows of di (all seen fresh
         * this step, at this tick or earlier) that have an entry at iteration j of the delta input's
         * trace — scheduled when first seen, or among this tick's fresh rows. Null when unknown.
         */
        private Row[] candidates(ZSet bd, ZSet dd, int j) {
            if (seen == null || !bd.isEmpty() && (!bd.accumulated() || bd.traceFrom() != j || bd.traceUpTo() != j)) {
                return null;
            }
            // dd's rows are distinct, and so are the rows due at j (each seen first once, at one tick):
            // a due row is added unless dd has it
            List<Row> now = due.remove(j);
            Row[] rows = new Row[dd.size() + (now == null ? 0 : now.size())];
            int[] n = {0};
            dd.forEach((x, w) -> rows[n[0]++] = x);
            if (now != null) {
                for (Row x : now) {
                    if (dd.weight(x) == 0) {
                        rows[n[0]++] = x;
                    }
                }
            }
            return n[0] == rows.length ? rows : java.util.Arrays.copyOf(rows, n[0]);
        }

        @Override
        public void endOuterStep(int iterations) {
            cell = null; // the outputs of the next step read a cell of their own
            if (!current.isEmpty()) {
                previous = current;
                current = new ArrayList<>();
                // iterations this step did not reach keep nothing: the next step reads beyond the
                // iterations kept as the last one's value, so the trace must be zero there
                for (int j = previous.size(); outputs != null && j < outputs.length(); j++) {
                    if (!outputs.zeroAt(j)) {
                        ZSet xj = new NestedTrace.Cell(outputs).at(j, outputs.sizeAt(j));
                        outputs = outputs.plus(xj.negate(), j, 0);
                    }
                }
            }
        }

        @Override
        public void resetAll() {
            previous = new ArrayList<>();
            current = new ArrayList<>();
            outputs = NestedTrace.perIteration();
            cell = null;
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

    /**
     * H's change at one iteration gathered as packed rows (each row's words as {@code TraceRows#keys} holds
     * them: tag word, then its cells), made a Z-set at the end: one sorted run when every row is of non-null
     * integers (sorted once; the outputs' trace and the operators after H take it as it is), else a table of
     * the rows decoded. The rows given are distinct.
     */
    static final class PackedChange {
        private long[] words = new long[0];
        private long[] ws = new long[0];
        private int n;
        private int width = -1;
        private boolean tagged;

        void add(long[] keys, int at, int w, long weight) {
            if (width != w) {
                if (width >= 0) {
                    throw new IllegalStateException("rows of two arities in one change");
                }
                width = w;
            }
            if (n == ws.length) {
                int cap = Math.max(16, n * 2);
                ws = java.util.Arrays.copyOf(ws, cap);
                words = java.util.Arrays.copyOf(words, cap * w);
            }
            int p = n * w;
            if (w == 3) {
                words[p] = keys[at];
                words[p + 1] = keys[at + 1];
                words[p + 2] = keys[at + 2];
            } else {
                System.arraycopy(keys, at, words, p, w);
            }
            tagged |= keys[at] != 0;
            ws[n++] = weight;
        }

        int size() {
            return n;
        }

        ZSet build() {
            if (n == 0) {
                return ZSet.EMPTY;
            }
            if (!tagged) {
                return ZSet.ofIntegerRows(width - 1, words, ws, n);
            }
            ZSet.Builder b = ZSet.builder(n);
            for (int k = 0; k < n; k++) {
                b.add(org.dbspstudio.engine.value.TraceRows.decode(words, k * width, width - 1), ws[k]);
            }
            return b.build();
        }
    }

    /**
     * Whether an input's outer change is known against the value H saw at the same iteration a step
     * earlier: that value itself, or, both empty, an equal one (an outer sum keeps one of several
     * empty iterations at a step's end, so the next step's basis there can be another empty value).
     */
    private static boolean sameBasis(ZSet seen, StreamValue basis) {
        return seen == basis || seen.isEmpty() && basis instanceof ZSet b && b.isEmpty();
    }

    /** Whether {@code v} is X_j alone read from a nested-time trace. */
    private static boolean sameIteration(ZSet v, int j) {
        return v.accumulated() && v.traceFrom() == j && v.traceUpTo() == j;
    }

    /** From this many rows on, a value read from a nested-time trace is probed for all of them together. */
    static final int BATCHED_LOOKUPS = 64;

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
        return h(i, d, new long[1]);
    }

    /** {@link #h(ZSet, ZSet)}, adding to {@code gained[0]} how many rows i + d has more than i (read from the same lookups). */
    static ZSet h(ZSet i, ZSet d, long[] gained) {
        if (i.accumulated() && d.size() >= BATCHED_LOOKUPS) {
            // d held as one sorted run (the closure's candidate facts, a packed join's output): i's weights
            // at its rows looked up in their sorted order, and the output one sorted run of d's words
            long[] wi = i.trace().sortedWeights(d, i.traceFrom(), i.traceUpTo());
            if (wi != null) {
                long[] g = {0};
                ZSet out = d.selectSorted(wi, (w, before) -> {
                    g[0] += gain(before, w);
                    return h(before, w);
                });
                gained[0] += g[0];
                return out;
            }
        }
        // at most one output row per row of d: the table is sized for them once, not doubled up to them
        ZSet.Builder out = ZSet.builder(d.size());
        if (i.accumulated() && d.size() >= BATCHED_LOOKUPS) {
            // i read from a nested-time trace: its weights at d's rows looked up together (d's rows packed
            // and sorted once with its additions to traces, when it was added lately: NestedTrace.lookup)
            NestedTrace.Lookup l = i.trace().lookup(d, i.traceFrom(), i.traceUpTo());
            Row[] rows = l.rows();
            long[] ws = l.ws();
            long[] wi = l.weights();
            for (int k = 0; k < rows.length; k++) {
                gained[0] += gain(wi[k], ws[k]);
                int v = h(wi[k], ws[k]);
                if (v != 0) {
                    out.add(rows[k], v);
                }
            }
            return out.build();
        }
        d.forEach((x, w) -> {
            long before = i.weight(x);
            gained[0] += gain(before, w);
            int v = h(before, w);
            if (v != 0) {
                out.add(x, v);
            }
        });
        return out.build();
    }

    /** +1 when a row of weight {@code i} becomes non-zero by adding {@code d}, −1 when it becomes zero, else 0. */
    private static int gain(long i, long d) {
        return (i + d != 0 ? 1 : 0) - (i != 0 ? 1 : 0);
    }

    /**
     * distinct(in), distinct(a + b) or distinct(a − b). When the combined input's change since
     * the previous tick is known it updates its previous output by H(previous input, change).
     */
    static final class DistinctNode extends SnapshotNode {
        private final int sign;
        private ZSet prevIn;

        DistinctNode(Operator op, int sign) {
            super(op);
            this.sign = sign;
        }

        @Override
        public void eval(Ctx ctx) throws ExprException {
            ZSet in = (ZSet) (sign == 0 ? ctx.in(0) : sign > 0 ? ctx.in(0).plus(ctx.in(1)) : ctx.in(0).minus(ctx.in(1)));
            StreamValue d = sign == 0 ? ctx.inDelta(0) : combinedDelta(ctx);
            boolean known = d != null && ctx.deltaTracking();
            evalSnapshot(ctx, known, () -> {
                ZSet dz = (ZSet) d;
                ctx.work(dz.size());
                return h(prevIn, dz);
            }, () -> {
                ctx.work(in.size());
                return in.distinct();
            });
            if (known) {
                prevIn = in;
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
        void forget() {
            prevIn = null;
        }

        @Override
        public long stateSize() {
            return prevIn == null ? 0 : prevIn.size() + previousOutputSize();
        }
    }

}
