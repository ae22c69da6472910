package org.dbspstudio.engine.ops;

import org.dbspstudio.model.Operator;

/**
 * The runtime of one operator inside a compiled circuit. {@link #eval} runs once per tick in
 * topological order; {@link #commit} runs after every operator of the tick has evaluated (delays
 * store their input there). Implementations are chosen by {@link Ops} from the operator's kind.
 */
public abstract class OpNode {
    protected final Operator op;

    protected OpNode(Operator op) {
        this.op = op;
    }

    public Operator operator() {
        return op;
    }

    public String id() {
        return op.id();
    }

    /** Computes the outputs of this tick. */
    public abstract void eval(Ctx ctx) throws Exception;

    /** After all operators evaluated this tick. */
    public void commit(Ctx ctx) {
    }

    /** A strict operator: evaluated before its input is known (breaks cycles). */
    public boolean strictSource() {
        return false;
    }

    /** The circuit's clock restarts (a nested circuit begins a new outer step): clear clock state. */
    public void resetClock() {
    }

    /** Clears all state, including state kept over the outer clock (a whole run restarts). */
    public void resetAll() {
        resetClock();
    }

    /** A nested circuit finished an outer step after {@code iterations} inner ticks (outer-clock state). */
    public void endOuterStep(int iterations) {
    }

    /**
     * Whether this operator's inner-clock state will emit at the next tick what it emitted at this
     * one (checked after {@link #commit}); a nested circuit is at its fixpoint only when every
     * operator is settled and every ∫ saw a zero change. Stateless operators are always settled.
     */
    public boolean settled() {
        return true;
    }

    /** Rows held in state, for statistics. */
    public long stateSize() {
        return 0;
    }
}
