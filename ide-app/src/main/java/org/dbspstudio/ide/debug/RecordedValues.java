package org.dbspstudio.ide.debug;

import java.util.Map;
import org.dbspstudio.engine.run.OpStats;
import org.dbspstudio.engine.run.Trace;
import org.dbspstudio.engine.value.StreamValue;

/**
 * What the debugger's views read from a session's recorded run: values, changes and contents of
 * streams at recorded steps, inner iteration counts, statistics, and how large a listing will be.
 * Read from any thread without the session's lock: the trace is taken as a reference and its own
 * lock guards only finding values, so computing a difference or a running sum for one view (the
 * inspector's thread listing a large value) holds up neither the JavaFX thread nor the engine.
 * A step that is not recorded (or a run dropped meanwhile) reads as null.
 */
public final class RecordedValues {
    /** The trace of the session's current run, or null when there is none (set by the engine's thread). */
    private volatile Trace trace;
    private volatile boolean changesMode;

    /** The run now recorded (null: none), from the engine's thread. */
    void attach(Trace t, boolean changes) {
        changesMode = changes;
        trace = t;
    }

    /** The value of a stream at a recorded step (and inner iterations for nested streams), or null. */
    public StreamValue value(StreamRef ref, int step, int... iterations) {
        Trace t = trace;
        if (t == null) {
            return null;
        }
        try {
            return t.value(ref.op(), ref.port(), step, iterations);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The value of a stream at a recorded step as the trace keeps it, never rebuilt from changes
     * here: null when the trace keeps it as its change (a large recomputed value between
     * checkpoints, which {@link #value} rebuilds) or the step is not recorded.
     */
    StreamValue keptValue(StreamRef ref, int step, int... iterations) {
        Trace t = trace;
        if (t == null) {
            return null;
        }
        try {
            return t.keptValue(ref.op(), ref.port(), step, iterations);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The change of a top-level stream at a step ({@link #change}) when the trace has it at hand:
     * the step's value in a circuit over changes or at the first step (as kept), else the change
     * known or computed before; null when it would be computed or rebuilt (or is not recorded).
     */
    StreamValue changeAtHand(StreamRef ref, int step) {
        Trace t = trace;
        if (t == null) {
            return null;
        }
        try {
            return changesMode || step == 0 ? t.keptValue(ref.op(), ref.port(), step) : t.knownDelta(ref.op(), ref.port(), step);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The change of a stream at a step ({@code Trace.change}), or null when not recorded. */
    public StreamValue change(StreamRef ref, int step, int... iterations) {
        Trace t = trace;
        if (t == null) {
            return null;
        }
        try {
            return t.change(ref.op(), ref.port(), step, iterations);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The contents of a stream up to a step ({@code Trace.contents}), or null when not recorded. */
    public StreamValue contents(StreamRef ref, int step, int... iterations) {
        Trace t = trace;
        if (t == null) {
            return null;
        }
        try {
            return t.contents(ref.op(), ref.port(), step, iterations);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The change of a top-level stream since the previous step when it is known, else null. */
    StreamValue knownDelta(StreamRef ref, int step) {
        Trace t = trace;
        if (t == null) {
            return null;
        }
        try {
            return step <= t.firstStep() ? null : t.knownDelta(ref.op(), ref.port(), step);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Inner iterations a nested operator ran at a step (at the given enclosing iterations), or 0. */
    public int iterations(String nestedOp, int step, int... outer) {
        Trace t = trace;
        if (t == null) {
            return 0;
        }
        try {
            return t.iterations(nestedOp, step, outer);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** Statistics of an operator at a recorded step, or null. */
    public OpStats stats(String opId, int step) {
        Trace t = trace;
        if (t == null) {
            return null;
        }
        try {
            return t.stats(opId, step);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Each output's change at a recorded step, or an empty map. */
    public Map<String, StreamValue> outputChanges(int step) {
        Trace t = trace;
        if (t == null) {
            return Map.of();
        }
        try {
            return t.outputChanges(step);
        } catch (RuntimeException e) {
            return Map.of();
        }
    }

    /**
     * Whether what the inspector lists in {@code mode} — the change, or the contents — surely has
     * at most {@code max} rows, told from what is at hand: values as kept (never rebuilt from
     * changes here), changes known, sums already computed, or the rows of each step's change summed
     * (a look-up per step, for at most {@code max} steps). A change to compute as a difference of
     * two values counts as small only when both values are. Null values (not recorded) are small:
     * their listing is "no value".
     */
    boolean listedRowsAtMost(StreamRef ref, int step, int[] its, InspectMode mode, long max) {
        Trace t = trace;
        if (t == null) {
            return true;
        }
        String op = ref.op();
        String port = ref.port();
        try {
            if (mode == InspectMode.CONTENTS) {
                StreamValue c = t.computedContents(op, port, step, its);
                if (c != null) {
                    return c.rows() <= max;
                }
                if (its.length > 0 || !changesMode || t.firstStep() > 0 || step > max) {
                    // kept as its change (rebuilt when listed), or summed over many steps
                    return false;
                }
                long rows = 0;
                for (int s = 0; s <= step && rows <= max; s++) {
                    StreamValue v = t.keptValue(op, port, s);
                    if (v == null) {
                        return false;
                    }
                    rows += v.rows();
                }
                return rows <= max;
            }
            StreamValue v = t.keptValue(op, port, step, its);
            if (its.length > 0) {
                int last = its[its.length - 1];
                StreamValue known = t.knownDelta(op, port, step, its);
                if (last == 0 || known != null) {
                    return (last == 0 ? v : known).rows() <= max;
                }
                int[] prev = its.clone();
                prev[prev.length - 1] = last - 1;
                return v.rows() <= max && t.keptValue(op, port, step, prev).rows() <= max;
            }
            if (changesMode || step == 0) {
                return v != null && v.rows() <= max;
            }
            StreamValue known = t.knownDelta(op, port, step);
            if (known != null) {
                return known.rows() <= max;
            }
            if (step - 1 < t.firstStep()) {
                return true;
            }
            StreamValue p = t.keptValue(op, port, step - 1);
            return v != null && p != null && v.rows() <= max && p.rows() <= max;
        } catch (RuntimeException e) {
            return true;
        }
    }
}
