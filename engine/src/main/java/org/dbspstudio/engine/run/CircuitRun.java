package org.dbspstudio.engine.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.ops.Build;
import org.dbspstudio.engine.ops.Ctx;
import org.dbspstudio.engine.ops.KeyFn;
import org.dbspstudio.engine.ops.NestedNode;
import org.dbspstudio.engine.ops.OpNode;
import org.dbspstudio.engine.ops.OuterChange;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.expr.ExprException;

/**
 * A compiled circuit (top-level or the child of a nested operator): its operators in topological
 * order, one slot per output port, and the arrangements shared by the operators that read the
 * same stream with the same key. {@link #tick} evaluates one tick of its clock.
 *
 * <p>An arrangement is maintained from its stream's known change: since the previous tick (an
 * inner-clock integral), or, inside a nested circuit, over the outer clock ({@link OuterChange},
 * an outer-clock integral or delay). The latter are kept per inner iteration across outer steps —
 * the arrangements built during this outer step and the previous one, found by the identity of the
 * value they index — and updated as soon as their stream's value is produced, so a join against
 * {@code I_outer(Δ)} costs the change times the matching rows at every iteration.
 */
final class CircuitRun implements Build.ChildCircuit {
    final SlotMap slotMap;
    final OpNode[] order;
    private final int[][] inSlots;
    private final int[][] outSlots;
    private final StreamValue[] values;
    private final StreamValue[] deltas;
    private final OuterChange[] outerChanges;
    private final boolean deltaTracking;
    private final boolean record;
    private final Map<String, Arrangement> arrangements = new HashMap<>();
    /** Arrangements of streams with a known outer change, by slot and key (see the class comment). */
    private final Map<String, OuterArrangements> outerArrangements = new HashMap<>();
    private final Map<Integer, List<OuterArrangements>> outerBySlot = new HashMap<>();
    private final List<Frame> frames = new ArrayList<>();
    private final OpStats[] stats;
    /**
     * Operators not run: in a nested circuit whose trace is not recorded, those whose outputs only
     * joins found zero at every tick read ({@link InnerSupport}); their slots keep their zeros.
     */
    private final boolean[] skip;
    private final CtxImpl ctx = new CtxImpl();
    private int tick;
    private int step;
    private List<Integer> path = List.of();

    /** The reason of a step that ran out of memory (its cause is the {@link OutOfMemoryError}). */
    static final String OUT_OF_MEMORY = "out of memory: the Java heap is full";

    private record Arrangement(IndexedZSet index, int tick, StreamValue basis) {
    }

    /** One stream's arrangements on one key, by identity of the indexed value: this outer step's and the previous one's. */
    private static final class OuterArrangements {
        final int slot;
        final KeyFn key;
        Map<StreamValue, IndexedZSet> previous = new IdentityHashMap<>();
        Map<StreamValue, IndexedZSet> current = new IdentityHashMap<>();

        OuterArrangements(int slot, KeyFn key) {
            this.slot = slot;
            this.key = key;
        }

        IndexedZSet find(StreamValue v) {
            IndexedZSet idx = current.get(v);
            return idx != null ? idx : previous.get(v);
        }

        /**
         * The arrangement of the change's basis: found by identity, or empty for an empty basis (the
         * first step's values, 0 + change, are then arranged from their changes at every iteration,
         * not only where a join asked, so the next step finds each one to update).
         */
        IndexedZSet base(OuterChange oc) {
            IndexedZSet idx = find(oc.basis());
            return idx != null ? idx : oc.basis() instanceof ZSet z && z.isEmpty() ? IndexedZSet.EMPTY : null;
        }
    }

    CircuitRun(SlotMap slotMap, OpNode[] order, int[][] inSlots, int[][] outSlots, StreamValue[] zeros,
               boolean[] skip, EngineOptions options) {
        this.slotMap = slotMap;
        this.skip = skip;
        this.order = order;
        this.inSlots = inSlots;
        this.outSlots = outSlots;
        this.values = zeros.clone();
        this.deltas = new StreamValue[zeros.length];
        this.outerChanges = new OuterChange[zeros.length];
        this.deltaTracking = options.deltaTracking();
        this.record = options.recordTrace();
        this.stats = new OpStats[order.length];
    }

    /** Runs tick {@code t} of this circuit's clock; {@code iterations} locates it inside nested circuits. */
    Frame runTick(int t, int topStep, List<Integer> iterations) throws EngineException {
        this.tick = t;
        this.step = topStep;
        this.path = iterations;
        Map<Integer, List<Frame>> nested = null;
        for (int k = 0; k < order.length; k++) {
            if (skipped(k)) {
                continue;
            }
            OpNode node = order[k];
            ctx.node = k;
            ctx.work = 0;
            if (node instanceof NestedNode n) {
                n.setOuterIterations(iterations);
            }
            long t0 = System.nanoTime();
            EngineException failure = null;
            try {
                node.eval(ctx);
                maintainOuterArrangements(k);
            } catch (EngineException e) {
                failure = e;
            } catch (ExprException e) {
                failure = new EngineException(node.id(), topStep, iterations, e.describe(), e);
            } catch (ArithmeticException e) {
                failure = new EngineException(node.id(), topStep, iterations, "weight or integer overflow ("
                        + e.getMessage() + ")", e);
            } catch (RuntimeException e) {
                failure = new EngineException(node.id(), topStep, iterations, "failed: " + e, e);
            } catch (OutOfMemoryError e) {
                // what the operator built so far is garbage now: there is room again for the report
                failure = new EngineException(node.id(), topStep, iterations, OUT_OF_MEMORY, e);
            } catch (Exception e) {
                failure = new EngineException(node.id(), topStep, iterations, String.valueOf(e.getMessage()), e);
            }
            if (failure != null) {
                if (node instanceof NestedNode n) {
                    nested = nested(nested, k, n);
                }
                stats[k] = new OpStats(0, 0, ctx.work, node.stateSize(), System.nanoTime() - t0);
                record(nested, stats);
                throw failure;
            }
            long nanos = System.nanoTime() - t0;
            if (node instanceof NestedNode n) {
                nested = nested(nested, k, n);
            }
            if (record) {
                // statistics are kept in the recorded frames only (counting a value's rows may add up a deferred sum)
                long in = 0;
                for (int s : inSlots[k]) {
                    in += values[s].rows();
                }
                long out = 0;
                for (int s : outSlots[k]) {
                    out += values[s].rows();
                }
                stats[k] = new OpStats(in, out, ctx.work, node.stateSize(), nanos);
            }
        }
        for (int k = 0; k < order.length; k++) {
            if (!skipped(k)) {
                ctx.node = k;
                order[k].commit(ctx);
            }
        }
        return record(nested, stats);
    }

    /** Whether operator k is not run at this tick. */
    private boolean skipped(int k) {
        return skip[k];
    }

    private static Map<Integer, List<Frame>> nested(Map<Integer, List<Frame>> m, int k, NestedNode n) {
        Map<Integer, List<Frame>> r = m == null ? new HashMap<>() : m;
        List<Frame> fs = new ArrayList<>();
        for (Object o : n.takeFrames()) {
            fs.add((Frame) o);
        }
        r.put(k, fs);
        return r;
    }

    private Frame record(Map<Integer, List<Frame>> nested, OpStats[] st) {
        if (!record) {
            return null;
        }
        Frame f = new Frame(values.clone(), deltas.clone(), st.clone(), nested == null ? Map.of() : nested);
        frames.add(f);
        return f;
    }

    StreamValue value(int slot) {
        return values[slot];
    }

    StreamValue delta(int slot) {
        return deltas[slot];
    }

    /** Clears all clock state (a new run, or a nested circuit's new outer step). */
    @Override
    public void resetClock() {
        for (OpNode n : order) {
            n.resetClock();
        }
        arrangements.clear();
    }

    @Override
    public void resetAll() {
        for (OpNode n : order) {
            n.resetAll();
        }

        arrangements.clear();
        outerArrangements.clear();
        outerBySlot.clear();
        frames.clear();
    }

    // ---- nested circuit driving (Build.ChildCircuit) ----

    @Override
    public void setInput(String port, StreamValue value) {
        for (OpNode n : order) {
            if (n.operator().kind() == OpKind.DELTA0 && port.equals(n.operator().params().string("port"))) {
                ((Build.Delta0Input) n).setOuter(value);
            }
        }
    }

    @Override
    public boolean tick(int j, int topStep, List<Integer> outerIterations) throws EngineException {
        List<Integer> its = new ArrayList<>(outerIterations);
        its.add(j);
        runTick(j, topStep, List.copyOf(its));
        boolean zero = true;
        for (int k = 0; k < order.length; k++) {
            OpNode n = order[k];
            if (skipped(k)) {
                continue;
            }
            if (n instanceof Build.IntegralOutput io) {
                zero &= io.sawZero();
            }
            zero &= n.settled();
        }
        return zero;
    }

    @Override
    public StreamValue output(String port) {
        StreamValue sum = null;
        for (OpNode n : order) {
            if (n instanceof Build.IntegralOutput io && port.equals(n.operator().params().string("port"))) {
                sum = sum == null ? io.sum() : sum.plus(io.sum());
            }
        }
        return sum;
    }

    /**
     * At least two, and at least as many as the outer-clock state of the previous outer step
     * covers. Beyond a step's last iteration its outer-clock state repeats the last value, exact at a
     * fixpoint for every stream but those non-zero at iteration 0 only (a δ₀ input, through
     * linear and outer-clock operators): a step that stopped at iteration 0 would repeat their
     * iteration-0 value where they are zero. From iteration 1 on they are zero, so a step of two
     * iterations or more repeats the right value ({@link InnerSupport}'s zero joins rely on it too).
     */
    @Override
    public int minIterations() {
        int m = 0;
        for (int k = 0; k < order.length; k++) {
            if (!skip[k] && order[k] instanceof Build.OuterClocked oc) {
                m = Math.max(m, oc.previousLength());
            }
        }
        return Math.max(m, 2);
    }

    @Override
    public void endOuterStep(int iterations) {
        for (int k = 0; k < order.length; k++) {
            if (!skip[k]) {
                order[k].endOuterStep(iterations);
            }
        }

        for (OuterArrangements oa : outerArrangements.values()) {
            oa.previous = oa.current;
            oa.current = new IdentityHashMap<>();
        }
    }

    @Override
    public List<Object> takeFrames() {
        List<Object> f = new ArrayList<>(frames);
        frames.clear();
        return f;
    }

    @Override
    public long stateSize() {
        long s = 0;
        for (OpNode n : order) {
            s += n.stateSize();
        }
        return s;
    }

    /** Feeds a top-level input operator. */
    void feed(int orderIndex, StreamValue value, StreamValue delta) {
        ((org.dbspstudio.engine.ops.Fed) order[orderIndex]).feed(value, delta);
    }

    /**
     * Updates, from their stream's outer change, the arrangements of node {@code k}'s outputs that
     * some operator used before, so the chain of per-iteration arrangements survives ticks where
     * no operator asks for them.
     */
    private void maintainOuterArrangements(int k) throws ExprException {
        if (!deltaTracking || outerBySlot.isEmpty()) {
            return;
        }
        for (int slot : outSlots[k]) {
            OuterChange oc = outerChanges[slot];
            List<OuterArrangements> l = oc == null ? null : outerBySlot.get(slot);
            if (l == null) {
                continue;
            }
            for (OuterArrangements oa : l) {
                if (oa.find(values[slot]) == null) {
                    IndexedZSet base = oa.base(oc);
                    if (base != null) {
                        ZSet d = (ZSet) oc.change();
                        ctx.work += d.size();
                        oa.current.put(values[slot], base.plus(index(d, oa.key)));
                    }
                }
            }
        }
    }

    /** The arrangement of {@code slot}'s value on {@code key}, maintained from a known change when possible. */
    private IndexedZSet arrange(int slot, KeyFn key) throws ExprException {
        String id = slot + "|" + key.signature();
        Arrangement a = arrangements.get(id);
        StreamValue v = values[slot];
        if (a != null && a.basis == v) {
            if (a.tick != tick) {
                arrangements.put(id, new Arrangement(a.index, tick, v));
            }
            return a.index;
        }
        OuterChange oc = deltaTracking ? outerChanges[slot] : null;
        OuterArrangements oa = oc == null ? null : outerArrangements(id, slot, key);
        IndexedZSet idx = oa == null ? null : oa.find(v);
        if (idx == null) {
            IndexedZSet base = oa == null ? null : oa.base(oc);
            if (base != null) {
                ZSet d = (ZSet) oc.change();
                ctx.work += d.size();
                idx = base.plus(index(d, key));
            } else if (a != null && a.tick == tick - 1 && deltaTracking && deltas[slot] != null) {
                ZSet d = (ZSet) deltas[slot];
                ctx.work += d.size();
                idx = a.index.plus(index(d, key));
            } else if (oc != null && v instanceof ZSet z && z.accumulated() && oc.basis() instanceof ZSet b && !b.accumulated()) {
                // a value read from a nested-time trace (iterated by merging the whole trace) whose basis
                // is a table of its own, not arranged yet: the basis indexed, plus the change
                ZSet d = (ZSet) oc.change();
                ctx.work += b.size() + d.size();
                idx = index(b, key).plus(index(d, key));
            } else {
                ctx.work += v.rows();
                idx = index((ZSet) v, key);
            }
        }
        if (oa != null) {
            oa.current.put(v, idx);
        }
        arrangements.put(id, new Arrangement(idx, tick, v));
        return idx;
    }

    private OuterArrangements outerArrangements(String id, int slot, KeyFn key) {
        OuterArrangements oa = outerArrangements.get(id);
        if (oa == null) {
            oa = new OuterArrangements(slot, key);
            outerArrangements.put(id, oa);
            outerBySlot.computeIfAbsent(slot, s -> new ArrayList<>()).add(oa);
        }
        return oa;
    }

    private IndexedZSet index(ZSet z, KeyFn key) throws ExprException {
        // a key of plain columns (a join on columns) is packed from the rows' fields, no key row per row
        int[] cols = key.plainColumns();
        return cols != null ? IndexedZSet.groupByColumns(z, cols) : IndexedZSet.group(z, key::key);
    }

    private final class CtxImpl implements Ctx {
        int node;
        long work;

        @Override
        public StreamValue in(int i) {
            return values[inSlots[node][i]];
        }

        @Override
        public StreamValue inDelta(int i) {
            return deltas[inSlots[node][i]];
        }

        @Override
        public void out(int i, StreamValue value, StreamValue delta) {
            values[outSlots[node][i]] = value;
            deltas[outSlots[node][i]] = delta;
            outerChanges[outSlots[node][i]] = null;
        }

        @Override
        public OuterChange inOuter(int i) {
            return outerChanges[inSlots[node][i]];
        }

        @Override
        public void outOuter(int i, StreamValue value, OuterChange change) {
            out(i, value, null);
            outerChanges[outSlots[node][i]] = change;
        }

        @Override
        public IndexedZSet arrangement(int i, KeyFn key) throws ExprException {
            return arrange(inSlots[node][i], key);
        }

        @Override
        public boolean tracked(int i) {
            int slot = inSlots[node][i];
            return deltaTracking && (deltas[slot] != null || outerChanges[slot] != null);
        }

        @Override
        public int tick() {
            return tick;
        }

        @Override
        public int step() {
            return step;
        }

        @Override
        public boolean deltaTracking() {
            return deltaTracking;
        }

        @Override
        public void work(long rows) {
            work += rows;
        }
    }
}
