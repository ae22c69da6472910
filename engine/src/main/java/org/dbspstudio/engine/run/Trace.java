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
 */
public final class Trace {
    /** Rough bytes per recorded row change, for the byte limit. */
    static final long BYTES_PER_ROW = 96;

    private final SlotMap slotMap;
    private final ArrayList<Entry> steps = new ArrayList<>();
    private final int maxSteps;
    private final long maxBytes;
    private int firstStep;
    private long bytes;

    private record Entry(Frame frame, Map<String, StreamValue> outputChanges, long bytes) {
    }

    Trace(SlotMap slotMap, int maxSteps, long maxBytes) {
        this.slotMap = slotMap;
        this.maxSteps = maxSteps;
        this.maxBytes = maxBytes;
    }

    void add(Frame f, Map<String, StreamValue> outputChanges) {
        long b = estimate(f);
        steps.add(new Entry(f, outputChanges, b));
        bytes += b;
        while (steps.size() > 1 && ((maxSteps > 0 && steps.size() > maxSteps) || (maxBytes > 0 && bytes > maxBytes))) {
            bytes -= steps.remove(0).bytes;
            firstStep++;
        }
    }

    void clear() {
        steps.clear();
        firstStep = 0;
        bytes = 0;
    }

    private static long estimate(Frame f) {
        long rows = 0;
        for (int i = 0; i < f.values().length; i++) {
            StreamValue d = f.deltas()[i];
            rows += d != null ? d.rows() : f.values()[i] == null ? 0 : f.values()[i].rows();
        }
        for (List<Frame> its : f.nested().values()) {
            for (Frame g : its) {
                rows += estimate(g);
            }
        }
        return rows * BYTES_PER_ROW + 16L * f.values().length;
    }

    /** The first step still recorded (0 unless the retention limit evicted older steps). */
    public int firstStep() {
        return firstStep;
    }

    /** One past the last recorded step. */
    public int endStep() {
        return firstStep + steps.size();
    }

    /** Steps evicted by the retention limit. */
    public int evictedSteps() {
        return firstStep;
    }

    /** Approximate bytes of the retained records. */
    public long retainedBytes() {
        return bytes;
    }

    /** A sentence for users about the retention limit, or "" when nothing was evicted. */
    public String retentionNote() {
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
        Located l = locate(opId, port, step, iterations);
        return l.frame.values()[l.slot];
    }

    /** The value's change since the previous tick, when the engine knew it; else null. */
    public StreamValue knownDelta(String opId, String port, int step, int... iterations) {
        Located l = locate(opId, port, step, iterations);
        return l.frame.deltas()[l.slot];
    }

    /** Number of inner iterations a nested operator ran at a step (at the given enclosing iterations). */
    public int iterations(String nestedOpId, int step, int... outerIterations) {
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
    public OpStats stats(String opId, int step) {
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
    public Map<String, StreamValue> outputChanges(int step) {
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
    public void forEachValue(int step, ValueVisitor v) {
        walk(entry(step).frame, slotMap, new ArrayList<>(), v);
    }

    private static void walk(Frame f, SlotMap l, List<Integer> its, ValueVisitor v) {
        if (f.values().length == 0) {
            return;
        }
        for (String[] o : l.outputs) {
            v.visit(List.copyOf(its), o[0], o[1], f.values()[l.slot(o[0], o[1])]);
        }
        for (var e : new java.util.TreeMap<>(f.nested()).entrySet()) {
            List<Frame> frames = e.getValue();
            for (int j = 0; j < frames.size(); j++) {
                its.add(j);
                walk(frames.get(j), l.children.get(e.getKey()), its, v);
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
