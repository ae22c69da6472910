package org.dbspstudio.engine.ops;

import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.StreamType;

/** What an operator factory may ask the compiler while building an {@link OpNode}. */
public interface Build {
    Operator op();

    /** The type on an input port (never null: the compiler typed the circuit first). */
    StreamType inType(String port);

    /** The type on an output port. */
    StreamType outType(String port);

    /** Compiles an expression of a parameter, or fails naming the operator and the parameter. */
    TypedExpr expr(String param, String sql, Scope scope) throws EngineException;

    /** Compiles a list of expressions (keys, projections). */
    default KeyFn keys(String param, List<String> sqls, Scope scope, boolean exactNumbers) throws EngineException {
        List<TypedExpr> l = new java.util.ArrayList<>();
        for (String s : sqls) {
            l.add(expr(param, s, scope));
        }
        return new KeyFn(l, exactNumbers);
    }

    /** Whether the operator is inside a nested circuit (its values at successive ticks may be kept per inner iteration). */
    default boolean nested() {
        return false;
    }

    /** Compiles a nested operator's child circuit with the given input port types. */
    ChildCircuit child(Circuit child, Map<String, StreamType> inputPorts) throws EngineException;

    /** A compiled child circuit, as the nested operator drives it. */
    interface ChildCircuit {
        /** Feeds the outer value of an input port (read by its δ₀ operators at inner tick 0). */
        void setInput(String port, org.dbspstudio.engine.value.StreamValue value);

        /** Restarts the inner clock for a new outer step. */
        void resetClock();

        /** Clears everything, the outer-clock state per iteration included (the enclosing clock restarts). */
        void resetAll();

        /** Runs inner tick {@code j}; returns whether it reached the fixpoint (every ∫ saw a zero change, every z⁻¹ settled). */
        boolean tick(int j, int step, List<Integer> outerIterations) throws EngineException;

        /** The ∫ sum of an output port. */
        org.dbspstudio.engine.value.StreamValue output(String port);

        /** The inner ticks the loop runs at least: two, and those the outer-clock state of the previous outer step covers. */
        int minIterations();

        /** Ends the outer step after {@code iterations} inner ticks. */
        void endOuterStep(int iterations);

        /** Takes the recorded frames of the inner ticks run in this outer step. */
        List<Object> takeFrames();

        long stateSize();
    }

    /** A δ₀ operator: the nested operator sets the outer value it feeds at inner tick 0. */
    interface Delta0Input {
        void setOuter(org.dbspstudio.engine.value.StreamValue value);
    }

    /** A ∫ operator: the sum over the inner ticks, and whether its input was zero at the last tick. */
    interface IntegralOutput {
        org.dbspstudio.engine.value.StreamValue sum();

        boolean sawZero();
    }

    /** An operator keeping state per inner iteration over the outer clock. */
    interface OuterClocked {
        /** Iterations covered by the state of the previous outer step. */
        int previousLength();
    }
}
