package org.dbspstudio.engine.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.dbspstudio.engine.value.StreamValue;

/**
 * The recorded history of a run: the value of every stream at every step and at every inner
 * iteration of nested circuits, each output's change per step, and per-operator statistics.
 * Values are immutable and persistent, so recording one costs a reference; an integral's value
 * at step t shares all but its change with step t−1. A retention limit (steps and/or approximate
 * bytes) evicts the oldest steps; {@link #evictedSteps()} says how many.
 *
 * <p>A value that shares nothing with the previous step's — a flat Z-set an operator built anew,
 * such as a join's output in a circuit over snapshots — would cost its whole size at every step.
 * When its change since the previous step is known and it has at least {@link #COMPACT_ROWS} rows,
 * the trace keeps only that change once a newer step is recorded (the newest step stays whole),
 * except at every {@link #CHECKPOINT}-th step, and rebuilds the value on demand from the nearest
 * value kept or rebuilt, before or after it, plus or minus the changes between (summed first, so
 * the large value is copied once); the last two values rebuilt per stream are kept.
 *
 * <p>Threads: the engine's thread records steps while others (the debugger's views) read them.
 * Reads take the trace's lock only to find the values they need; what they compute from them (a
 * value rebuilt from changes, a change as the difference of two values, a running sum) is computed
 * outside it, so a long computation for one reader never holds up another reader or the engine.
 * A change computed on demand is kept with its step and counted against the byte limit.
 */
public final class Trace {
    /** Rough bytes per recorded row change, for the byte limit. */
    static final long BYTES_PER_ROW = 96;
    /** Values kept whole at least every this many steps (the others may be kept as their change). */
    static final int CHECKPOINT = 32;
    /** Values with fewer rows are always kept whole. */
    static final int COMPACT_ROWS = 1024;
    /** The last value rebuilt from changes, per top-level slot: {step, value}. */
    private final java.util.HashMap<Integer, Object[]> rebuilt = new java.util.HashMap<>();
    private long compacted;

    private final SlotMap slotMap;
    private final boolean changesMode;
    private final ArrayList<Entry> steps = new ArrayList<>();
    /** Running sums over steps of top-level streams asked for their contents (changes mode), by "op.port", indexed by step. */
    private final java.util.HashMap<String, ArrayList<StreamValue>> sums = new java.util.HashMap<>();
    private final int maxSteps;
    private final long maxBytes;
    private int firstStep;
    private long bytes;
    /** Increases when the trace is cleared: a value computed outside the lock is kept only if the trace was not cleared meanwhile. */
    private long generation;

    private static final class Entry {
        final Frame frame;
        final Map<String, StreamValue> outputChanges;
        /** Approximate bytes, lowered when values are dropped for their change and raised when rebuilt. */
        long bytes;
        final boolean complete;
        /** Top-level slots whose change the trace computed when asked ({@link #change}) and keeps (counted in {@link #bytes}). */
        java.util.BitSet computedChanges;

        Entry(Frame frame, Map<String, StreamValue> outputChanges, long bytes, boolean complete) {
            this.frame = frame;
            this.outputChanges = outputChanges;
            this.bytes = bytes;
            this.complete = complete;
        }
    }

    Trace(SlotMap slotMap, boolean changesMode, int maxSteps, long maxBytes) {
        this.slotMap = slotMap;
        this.changesMode = changesMode;
        this.maxSteps = maxSteps;
        this.maxBytes = maxBytes;
    }

    synchronized void add(Frame f, Map<String, StreamValue> outputChanges) {
        add(f, outputChanges, false);
    }

    /**
     * @param complete whether every operator ran this step (a failed step's later operators still
     *                 hold the previous step's values and changes: those are never kept as changes)
     */
    synchronized void add(Frame f, Map<String, StreamValue> outputChanges, boolean complete) {
        // the newest step stays whole (the debugger shows it most): the one before it may now be kept as changes
        int before = endStep() - 1;
        if (complete && steps.size() >= 2 && before % CHECKPOINT != 0) {
            Entry e = steps.get(steps.size() - 1);
            if (e.complete) {
                // a value dropped for its change now costs its change only
                long freed = compact(e.frame, steps.get(steps.size() - 2).frame);
                e.bytes -= freed;
                bytes -= freed;
            }
        }
        long b = estimate(f, steps.isEmpty() ? null : steps.get(steps.size() - 1).frame);
        steps.add(new Entry(f, outputChanges, b, complete));
        bytes += b;
        while (steps.size() > 1 && ((maxSteps > 0 && steps.size() > maxSteps) || (maxBytes > 0 && bytes > maxBytes))) {
            // the running sums asked for so far stay computable: extend them over the step evicted now
            for (Map.Entry<String, ArrayList<StreamValue>> e : sums.entrySet()) {
                String[] p = e.getKey().split("\\.", 2);
                sumUpTo(e.getValue(), p[0], p[1], firstStep);
            }
            // the next step becomes the first: its values kept as changes are rebuilt now
            Entry nextEntry = steps.get(1);
            Frame next = nextEntry.frame;
            for (int slot = 0; slot < next.values().length; slot++) {
                if (next.values()[slot] == null && next.deltas()[slot] != null) {
                    next.values()[slot] = valueAt(next, slot, firstStep + 1);
                    // kept whole again: it costs its whole size
                    long grown = (next.values()[slot].rows()
                            - (nextEntry.computedChanges != null && nextEntry.computedChanges.get(slot) ? 0 : next.deltas()[slot].rows()))
                            * BYTES_PER_ROW;
                    nextEntry.bytes += grown;
                    bytes += grown;
                }
            }
            bytes -= steps.remove(0).bytes;
            firstStep++;
        }
    }

    /**
     * Drops from {@code f} (a top-level frame) the values that share nothing with the previous
     * step's and whose change is known: large flat Z-sets recomputed by their operator.
     */
    /** Whether the change of top-level {@code slot} in frame {@code f} was computed on demand (and counted on its own). */
    private boolean computed(Frame f, int slot) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            Entry e = steps.get(i);
            if (e.frame == f) {
                return e.computedChanges != null && e.computedChanges.get(slot);
            }
        }
        return false;
    }

    private long compact(Frame f, Frame previous) {
        if (f.values().length != previous.values().length) {
            return 0;
        }
        long freed = 0;
        for (int slot = 0; slot < f.values().length; slot++) {
            StreamValue v = f.values()[slot];
            StreamValue d = f.deltas()[slot];
            if (d != null && v instanceof org.dbspstudio.engine.value.ZSet z && !z.persistent() && z.size() >= COMPACT_ROWS
                    && v != previous.values()[slot]) {
                f.values()[slot] = null;
                compacted++;
                // the estimate counted it whole (it shares nothing with the previous value), and its change too when computed on demand
                freed += (v.rows() - (computed(f, slot) ? 0 : d.rows())) * BYTES_PER_ROW;
            }
        }
        return freed;
    }

    /** Values kept as their change since this trace began (for measurements and tests). */
    public synchronized long compactedValues() {
        return compacted;
    }

    /**
     * The value of top-level {@code slot} at {@code step}, whose frame is {@code f}: kept, or rebuilt
     * from the nearest value kept or rebuilt before (plus the changes after it) or after (minus the
     * changes up to it), the changes summed first so that the large value is copied once. With the
     * lock held (the engine's thread evicting a step): rebuilt in place.
     */
    private StreamValue valueAt(Frame f, int slot, int step) {
        Object r = valueOrPlan(f, slot, step);
        return r instanceof StreamValue v ? v : rebuild((Rebuild) r);
    }

    /** What rebuilding a value takes: the nearest value kept and the changes between it and the step, in order. */
    private record Rebuild(long generation, int slot, int step, StreamValue base, boolean forward, List<StreamValue> changes) {
    }

    /** With the lock held: the value kept (or rebuilt before and cached), else what rebuilding it takes. */
    private Object valueOrPlan(Frame f, int slot, int step) {
        StreamValue v = f.values()[slot];
        if (v != null) {
            return v;
        }
        Object[] cache = rebuilt.get(slot);
        int baseStep = -1;
        StreamValue base = null;
        if (cache != null) {
            for (int i = 0; i < cache.length; i += 2) {
                if (cache[i] != null && (int) cache[i] == step) {
                    return (StreamValue) cache[i + 1];
                }
                if (cache[i] != null && (base == null || Math.abs((int) cache[i] - step) < Math.abs(baseStep - step))) {
                    baseStep = (int) cache[i];
                    base = (StreamValue) cache[i + 1];
                }
            }
        }
        int k = step - 1;
        while (k >= firstStep && entry(k).frame.values()[slot] == null && (base == null || step - k < Math.abs(baseStep - step))) {
            k--;
        }
        if (k >= firstStep && entry(k).frame.values()[slot] != null && (base == null || step - k < Math.abs(baseStep - step))) {
            baseStep = k;
            base = entry(k).frame.values()[slot];
        }
        int m = step + 1;
        while (m < endStep() && entry(m).frame.values()[slot] == null && (base == null || m - step < Math.abs(baseStep - step))) {
            m++;
        }
        if (m < endStep() && entry(m).frame.values()[slot] != null && (base == null || m - step < Math.abs(baseStep - step))) {
            baseStep = m;
            base = entry(m).frame.values()[slot];
        }
        if (base == null) {
            throw new IllegalStateException("no value of slot " + slot + " is kept around step " + step);
        }
        List<StreamValue> changes = new ArrayList<>();
        if (baseStep < step) {
            for (int j = baseStep + 1; j <= step; j++) {
                changes.add(entry(j).frame.deltas()[slot]);
            }
        } else {
            for (int j = step + 1; j <= baseStep; j++) {
                changes.add(entry(j).frame.deltas()[slot]);
            }
        }
        return new Rebuild(generation, slot, step, base, baseStep < step, changes);
    }

    /** Rebuilds a value (without the lock, unless the caller holds it) and caches it while the trace was not cleared. */
    private StreamValue rebuild(Rebuild p) {
        StreamValue d = null;
        for (StreamValue c : p.changes) {
            d = d == null ? c : d.plus(c);
        }
        StreamValue v = p.forward ? p.base.plus(d) : p.base.minus(d);
        synchronized (this) {
            if (p.generation == generation) {
                // the two values rebuilt last: stepping back and forth, and a step beside the one before it, cost nothing
                Object[] cache = rebuilt.get(p.slot);
                rebuilt.put(p.slot, new Object[] {p.step, v, cache == null ? null : cache[0], cache == null ? null : cache[1]});
            }
        }
        return v;
    }

    synchronized void clear() {
        generation++;
        sums.clear();
        steps.clear();
        rebuilt.clear();
        firstStep = 0;
        bytes = 0;
    }

    /**
     * Approximate bytes of top-level frame {@code f}, recorded after {@code previous} (null for the
     * first): a value costs its change only when it shares all else with the previous step's (the
     * same value, or a persistent one grown from it); a value built anew costs its whole size, even
     * when its change is known (a snapshot circuit's outputs), until {@link #compact} drops it.
     */
    private long estimate(Frame f, Frame previous) {
        long rows = 0;
        boolean comparable = previous != null && previous.values().length == f.values().length;
        for (int i = 0; i < f.values().length; i++) {
            StreamValue v = f.values()[i];
            StreamValue d = f.deltas()[i];
            if (v == null) {
                rows += d == null ? 0 : d.rows();
            } else if (d != null && shared(v, comparable ? previous.values()[i] : null)) {
                rows += d.rows();
            } else {
                rows += v.rows();
            }
        }
        for (List<Frame> its : f.nested().values()) {
            for (Frame g : its) {
                rows += nestedEstimate(g);
            }
        }
        return rows * BYTES_PER_ROW + 16L * f.values().length;
    }

    /** Whether {@code v} shares all but its change with {@code previous}, the same stream's value a step before. */
    private boolean shared(StreamValue v, StreamValue previous) {
        if (v == previous) {
            return true;
        }
        if (v instanceof org.dbspstudio.engine.value.ZSet z) {
            return z.persistent();
        }
        // an indexed Z-set grows by adding batches in a circuit over changes; over snapshots it is built anew
        return v instanceof org.dbspstudio.engine.value.IndexedZSet && changesMode;
    }

    /** Approximate bytes of an inner iteration's frame: a value whose change is known counts as its change. */
    private static long nestedEstimate(Frame f) {
        long rows = 0;
        for (int i = 0; i < f.values().length; i++) {
            StreamValue d = f.deltas()[i];
            rows += d != null ? d.rows() : f.values()[i] == null ? 0 : f.values()[i].rows();
        }
        for (List<Frame> its : f.nested().values()) {
            for (Frame g : its) {
                rows += nestedEstimate(g);
            }
        }
        return rows * BYTES_PER_ROW + 16L * f.values().length;
    }

    /** The first step still recorded (0 unless the retention limit evicted older steps). */
    public synchronized int firstStep() {
        return firstStep;
    }

    /** One past the last recorded step. */
    public synchronized int endStep() {
        return firstStep + steps.size();
    }

    /** Steps evicted by the retention limit. */
    public synchronized int evictedSteps() {
        return firstStep;
    }

    /** Approximate bytes of the retained records. */
    public synchronized long retainedBytes() {
        return bytes;
    }

    /** A sentence for users about the retention limit, or "" when nothing was evicted. */
    public synchronized String retentionNote() {
        if (firstStep == 0) {
            return "";
        }
        return "trace retention limit (" + (maxSteps > 0 ? maxSteps + " steps" : "") + (maxSteps > 0 && maxBytes > 0 ? ", " : "")
                + (maxBytes > 0 ? maxBytes + " bytes" : "") + ") evicted steps 0.." + (firstStep - 1);
    }

    private Entry entry(int step) {
        if (step < firstStep || step >= endStep()) {
            throw new NoSuchElementException("step " + step + " is not recorded (recorded: " + firstStep + ".."
                    + (endStep() - 1) + ")");
        }
        return steps.get(step - firstStep);
    }

    /**
     * The value on {@code opId.port} (an output port, or an input port: the stream feeding it) at
     * {@code step} and, for operators inside nested circuits, at the given inner iterations
     * (outermost first).
     */
    public StreamValue value(String opId, String port, int step, int... iterations) {
        Object r;
        synchronized (this) {
            Located l = locate(opId, port, step, iterations);
            if (iterations.length > 0) {
                return l.frame.values()[l.slot];
            }
            r = valueOrPlan(l.frame, l.slot, step);
        }
        return r instanceof StreamValue v ? v : rebuild((Rebuild) r);
    }

    /**
     * The value as kept, without rebuilding it: null when it is kept as its change (a large
     * recomputed value between checkpoints) and was not rebuilt lately. For sizing a value cheaply.
     */
    public synchronized StreamValue keptValue(String opId, String port, int step, int... iterations) {
        Located l = locate(opId, port, step, iterations);
        if (iterations.length > 0) {
            return l.frame.values()[l.slot];
        }
        Object r = valueOrPlan(l.frame, l.slot, step);
        return r instanceof StreamValue v ? v : null;
    }

    /** The value's change since the previous tick, when the engine knew it (or it was computed when asked); else null. */
    public synchronized StreamValue knownDelta(String opId, String port, int step, int... iterations) {
        Located l = locate(opId, port, step, iterations);
        return l.frame.deltas()[l.slot];
    }

    /**
     * The change of a stream at a step: inside nested circuits, since the previous inner
     * iteration; at the top level of a circuit over changes, the value itself; at the top level of a
     * circuit over snapshots, since the previous step. Null when the previous value is no longer
     * recorded and the engine did not know the change. A top-level change computed here is kept
     * with its step (the inspector, the canvas and the timeline ask for it again) and counted
     * against the byte limit.
     */
    public StreamValue change(String opId, String port, int step, int... iterations) {
        Located l;
        StreamValue known;
        long gen;
        boolean previousRecorded;
        synchronized (this) {
            l = locate(opId, port, step, iterations);
            known = l.frame.deltas()[l.slot];
            gen = generation;
            previousRecorded = step - 1 >= firstStep;
        }
        if (iterations.length > 0) {
            // an inner iteration's frame is never changed once recorded
            StreamValue v = l.frame.values()[l.slot];
            int last = iterations[iterations.length - 1];
            if (last == 0) {
                return v;
            }
            if (known != null) {
                return known;
            }
            int[] prev = iterations.clone();
            prev[prev.length - 1] = last - 1;
            return v.minus(value(opId, port, step, prev));
        }
        if (changesMode || step == 0) {
            return value(opId, port, step);
        }
        if (known != null) {
            return known;
        }
        if (!previousRecorded) {
            return null;
        }
        StreamValue d = value(opId, port, step).minus(value(opId, port, step - 1));
        synchronized (this) {
            if (gen == generation && step >= firstStep && step < endStep() && l.frame.deltas()[l.slot] == null) {
                Entry e = entry(step);
                if (e.frame == l.frame) {
                    l.frame.deltas()[l.slot] = d;
                    if (e.computedChanges == null) {
                        e.computedChanges = new java.util.BitSet();
                    }
                    e.computedChanges.set(l.slot);
                    long b = d.rows() * BYTES_PER_ROW;
                    e.bytes += b;
                    bytes += b;
                }
            }
        }
        return d;
    }

    /**
     * The contents of a stream at a step: at the top level of a circuit over changes, the sum of
     * its changes over steps 0..step (computed once and kept, so asking again, or for a later step,
     * adds only the steps not summed yet, and the sums survive the eviction of old steps); elsewhere
     * the value itself. Null when the steps needed were evicted before the sum was first asked for.
     */
    public StreamValue contents(String opId, String port, int step, int... iterations) {
        if (iterations.length > 0 || !changesMode) {
            return value(opId, port, step, iterations);
        }
        String key = opId + "." + port;
        ArrayList<StreamValue> s;
        int have;
        long gen;
        StreamValue sum;
        synchronized (this) {
            locate(opId, port, step, iterations);
            s = sums.get(key);
            if (s == null) {
                if (firstStep > 0) {
                    return null;
                }
                s = new ArrayList<>();
                sums.put(key, s);
            }
            if (s.size() < firstStep) {
                return null;
            }
            if (step < s.size()) {
                return s.get(step);
            }
            have = s.size();
            gen = generation;
            sum = have == 0 ? null : s.get(have - 1);
        }
        // summed without the lock; kept unless the trace was cleared or the sum extended meanwhile
        List<StreamValue> more = new ArrayList<>();
        try {
            for (int t = have; t <= step; t++) {
                StreamValue v = value(opId, port, t);
                sum = sum == null ? v : sum.plus(v);
                more.add(sum);
            }
        } catch (NoSuchElementException evicted) {
            // the engine evicted a step being summed, and extended the sum over it
            synchronized (this) {
                if (gen != generation || sums.get(key) != s) {
                    throw evicted;
                }
                sumUpTo(s, opId, port, step);
                return s.get(step);
            }
        }
        synchronized (this) {
            if (gen == generation && sums.get(key) == s && s.size() == have) {
                s.addAll(more);
            }
        }
        return sum;
    }

    /** With the lock held: extends running sum {@code s} up to {@code step}. */
    private void sumUpTo(ArrayList<StreamValue> s, String opId, String port, int step) {
        while (s.size() <= step) {
            int t = s.size();
            StreamValue v = value(opId, port, t);
            s.add(t == 0 ? v : s.get(t - 1).plus(v));
        }
    }

    /** The contents ({@link #contents}) when already computed, without computing it; else null. */
    public synchronized StreamValue computedContents(String opId, String port, int step, int... iterations) {
        if (iterations.length > 0 || !changesMode) {
            return keptValue(opId, port, step, iterations);
        }
        locate(opId, port, step, iterations);
        ArrayList<StreamValue> s = sums.get(opId + "." + port);
        return s != null && step >= 0 && step < s.size() ? s.get(step) : null;
    }

    /** Number of inner iterations a nested operator ran at a step (at the given enclosing iterations). */
    public synchronized int iterations(String nestedOpId, int step, int... outerIterations) {
        List<Integer> path = slotMap.pathTo(nestedOpId);
        if (path == null) {
            throw new NoSuchElementException("no operator '" + nestedOpId + "'");
        }
        Frame f = frameAt(path, step, outerIterations, nestedOpId);
        SlotMap l = slotMap.at(path);
        List<Frame> its = f.nested().get(l.indexOf(nestedOpId));
        if (its == null) {
            throw new NoSuchElementException("'" + nestedOpId + "' is not a nested operator or did not run at step " + step);
        }
        return its.size();
    }

    /** Statistics of an operator at a step, summed over all inner iterations. */
    public synchronized OpStats stats(String opId, int step) {
        List<Integer> path = slotMap.pathTo(opId);
        if (path == null) {
            throw new NoSuchElementException("no operator '" + opId + "'");
        }
        return sum(entry(step).frame, slotMap, path, 0, opId);
    }

    private OpStats sum(Frame f, SlotMap l, List<Integer> path, int depth, String opId) {
        if (depth == path.size()) {
            OpStats s = f.stats()[l.indexOf(opId)];
            return s == null ? OpStats.ZERO : s;
        }
        OpStats total = OpStats.ZERO;
        for (Frame g : f.nested().getOrDefault(path.get(depth), List.of())) {
            total = total.plus(sum(g, l.children.get(path.get(depth)), path, depth + 1, opId));
        }
        return total;
    }

    /** Each output's change at a step (D(output) for a snapshot circuit). */
    public synchronized Map<String, StreamValue> outputChanges(int step) {
        return entry(step).outputChanges;
    }

    /** Receives one recorded stream value. */
    @FunctionalInterface
    public interface ValueVisitor {
        /**
         * @param iterations inner iterations of the enclosing nested circuits (outermost first), empty at top level
         */
        void visit(List<Integer> iterations, String opId, String port, StreamValue value);
    }

    /** Visits every stream value recorded at a step, in evaluation order, nested iterations after their nested operator. */
    public synchronized void forEachValue(int step, ValueVisitor v) {
        walk(entry(step).frame, slotMap, new ArrayList<>(), v, step);
    }

    private void walk(Frame f, SlotMap l, List<Integer> its, ValueVisitor v, int step) {
        if (f.values().length == 0) {
            return;
        }
        for (String[] o : l.outputs) {
            int slot = l.slot(o[0], o[1]);
            v.visit(List.copyOf(its), o[0], o[1], its.isEmpty() ? valueAt(f, slot, step) : f.values()[slot]);
        }
        for (var e : new java.util.TreeMap<>(f.nested()).entrySet()) {
            List<Frame> frames = e.getValue();
            for (int j = 0; j < frames.size(); j++) {
                its.add(j);
                walk(frames.get(j), l.children.get(e.getKey()), its, v, step);
                its.remove(its.size() - 1);
            }
        }
    }

    /** Every port with a value: {@code op.port} names of the circuit holding {@code opId}'s level (top level when null). */
    public List<String> ports() {
        List<String> l = new ArrayList<>(slotMap.slots.keySet());
        l.sort(String::compareTo);
        return l;
    }

    private record Located(Frame frame, int slot) {
    }

    private Located locate(String opId, String port, int step, int[] iterations) {
        List<Integer> path = slotMap.pathTo(opId);
        if (path == null) {
            throw new NoSuchElementException("no operator '" + opId + "'");
        }
        if (iterations.length != path.size()) {
            throw new IllegalArgumentException("'" + opId + "' is nested " + path.size() + " deep; give "
                    + path.size() + " iteration numbers, got " + Arrays.toString(iterations));
        }
        Frame f = frameAt(path, step, iterations, opId);
        int slot = slotMap.at(path).slot(opId, port);
        if (slot < 0) {
            throw new NoSuchElementException("operator '" + opId + "' has no port '" + port + "'");
        }
        return new Located(f, slot);
    }

    private Frame frameAt(List<Integer> path, int step, int[] iterations, String opId) {
        Frame f = entry(step).frame;
        for (int d = 0; d < path.size() && d < iterations.length; d++) {
            List<Frame> its = f.nested().get(path.get(d));
            if (its == null || iterations[d] < 0 || iterations[d] >= its.size()) {
                throw new NoSuchElementException("iteration " + iterations[d] + " of the circuit holding '" + opId
                        + "' was not run at step " + step);
            }
            f = its.get(iterations[d]);
        }
        return f;
    }
}
