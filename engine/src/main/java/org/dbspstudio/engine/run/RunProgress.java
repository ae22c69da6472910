package org.dbspstudio.engine.run;

import java.util.ArrayList;
import java.util.List;

/**
 * What the step running on a thread is doing, for a watcher on another thread: which nested
 * circuit is iterating towards its fixpoint and how far it got (the command line prints it during
 * long fixpoints). Inner iterations are also where a long run notices that its thread was
 * interrupted: the step then fails with an {@link EngineException} saying it was stopped.
 */
public final class RunProgress {
    private static final ThreadLocal<RunProgress> CURRENT = new ThreadLocal<>();

    private volatile String operator;
    private volatile int step = -1;
    private volatile long iteration = -1;

    /** Reports the steps run on the calling thread to {@code p} (null: to nobody). */
    public static void attach(RunProgress p) {
        if (p == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(p);
        }
    }

    /**
     * Called by a nested circuit before inner iteration {@code j} of {@code step}: records it, and
     * fails when the thread was interrupted (the interrupt stays set).
     */
    public static void iteration(String operatorId, int step, List<Integer> outer, long j) throws EngineException {
        RunProgress p = CURRENT.get();
        if (p != null) {
            p.operator = operatorId;
            p.step = step;
            p.iteration = j;
        }
        if (Thread.currentThread().isInterrupted()) {
            List<Integer> its = new ArrayList<>(outer);
            its.add((int) Math.min(j, Integer.MAX_VALUE));
            throw new EngineException(operatorId, step, its, "stopped before it reached a fixpoint (the run was interrupted)",
                    null);
        }
    }

    /** The nested circuit iterating most recently, or null. */
    public String operator() {
        return operator;
    }

    /** Its step, or -1. */
    public int step() {
        return step;
    }

    /** Its inner iteration, or -1. */
    public long iteration() {
        return iteration;
    }
}
