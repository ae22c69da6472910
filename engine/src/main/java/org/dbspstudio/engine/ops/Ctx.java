package org.dbspstudio.engine.ops;

import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.StreamValue;

/**
 * What an operator sees while it evaluates one tick of its circuit's clock: the values on its
 * input ports (and their change since the previous tick, when known), where to put its outputs,
 * shared arrangements, and counters for statistics.
 */
public interface Ctx {
    /** The value on input {@code i} (port order of the operator). */
    StreamValue in(int i);

    /** {@code in(i)} minus its value at the previous tick of this clock, or null when unknown. */
    StreamValue inDelta(int i);

    /** Sets output {@code i} and, when known, its change since the previous tick (else null). */
    void out(int i, StreamValue value, StreamValue delta);

    /**
     * The change of input {@code i} since the same inner iteration of the previous outer step
     * (inside a nested circuit), or null when unknown.
     */
    OuterChange inOuter(int i);

    /** Sets output {@code i} with its known change over the outer clock (its change since the previous tick is unknown). */
    void outOuter(int i, StreamValue value, OuterChange change);

    /**
     * Input {@code i} (a Z-set) indexed by {@code key}: maintained from the input's known change
     * when possible, and shared by every operator reading the same stream with the same key.
     */
    IndexedZSet arrangement(int i, KeyFn key) throws org.dbspstudio.model.expr.ExprException;

    /**
     * Whether the input's arrangement can be maintained incrementally: its change since the
     * previous tick, or over the outer clock, is known.
     */
    boolean tracked(int i);

    /** This circuit's clock: 0 at the first tick (for nested circuits, of the current outer step). */
    int tick();

    /** The top-level step. */
    int step();

    /** Whether stateful operators may use known changes (see EngineOptions). */
    boolean deltaTracking();

    /** Counts rows touched, for statistics. */
    void work(long rows);
}
