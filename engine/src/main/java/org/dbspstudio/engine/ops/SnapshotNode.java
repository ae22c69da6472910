package org.dbspstudio.engine.ops;

import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;

/**
 * An operator on snapshots that remembers its previous output: when its inputs' changes since the
 * previous tick are known (delta tracking on, an integral upstream) and it ran at the previous
 * tick, it updates that output by the output's change, computed from the inputs' changes and the
 * state it kept; otherwise it computes the output from scratch, rebuilding that state. The
 * output's change goes with the output only when it was computed so. The state is dropped
 * ({@link #forget}) whenever the changes are not known, so that it never outlives the tick it
 * describes.
 */
abstract class SnapshotNode extends OpNode {
    private ZSet prevOut;
    private int prevTick = -2;

    /** Computes an output or its change. */
    @FunctionalInterface
    interface Output {
        ZSet compute() throws ExprException;
    }

    protected SnapshotNode(Operator op) {
        super(op);
    }

    /**
     * One tick: output 0 is the previous output plus {@code change}'s result when {@code known}
     * (the inputs' changes are known) and the previous output is of the previous tick, else
     * {@code whole}'s result. The output is remembered when {@code known}; else the state is dropped.
     */
    final void evalSnapshot(Ctx ctx, boolean known, Output change, Output whole) throws ExprException {
        ZSet out;
        ZSet outDelta = null;
        if (known && prevOut != null && prevTick == ctx.tick() - 1) {
            outDelta = change.compute();
            out = prevOut.plus(outDelta);
        } else {
            out = whole.compute();
        }
        ctx.out(0, out, outDelta);
        if (known) {
            prevOut = out;
            prevTick = ctx.tick();
        } else {
            prevOut = null;
            forget();
        }
    }

    /** Drops the state kept for the next tick (beside the previous output). */
    abstract void forget();

    /** The number of rows of the remembered output (0 when none). */
    final long previousOutputSize() {
        return prevOut == null ? 0 : prevOut.size();
    }

    @Override
    public void resetClock() {
        prevOut = null;
        prevTick = -2;
        forget();
    }
}
