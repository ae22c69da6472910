package org.dbspstudio.engine.run;

/**
 * What one operator did in one step (summed over the inner iterations of nested circuits).
 *
 * @param rowsIn    rows in the values on its inputs
 * @param rowsOut   rows in the values on its outputs
 * @param work      rows it touched (iterated, probed, updated)
 * @param stateSize rows held in its state after the step
 * @param nanos     wall-clock time spent in it
 */
public record OpStats(long rowsIn, long rowsOut, long work, long stateSize, long nanos) {
    public static final OpStats ZERO = new OpStats(0, 0, 0, 0, 0);

    public OpStats plus(OpStats o) {
        return new OpStats(rowsIn + o.rowsIn, rowsOut + o.rowsOut, work + o.work,
                Math.max(stateSize, o.stateSize), nanos + o.nanos);
    }
}
