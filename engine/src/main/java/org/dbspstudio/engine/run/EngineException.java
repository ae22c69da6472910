package org.dbspstudio.engine.run;

import java.util.List;

/**
 * A circuit that cannot be compiled, or a step that failed (an expression error, a weight
 * overflow, a fixpoint that does not converge). Carries the operator id, the step and the inner
 * iterations (outermost first) at which it happened; step is -1 for compile errors.
 */
public class EngineException extends Exception {
    private final String operatorId;
    private final int step;
    private final List<Integer> iterations;
    private final String reason;

    public EngineException(String operatorId, int step, List<Integer> iterations, String reason, Throwable cause) {
        super(format(operatorId, step, iterations, reason), cause);
        this.operatorId = operatorId;
        this.step = step;
        this.iterations = List.copyOf(iterations);
        this.reason = reason;
    }

    /** A compile-time error about an operator. */
    public static EngineException compile(String operatorId, String reason) {
        return new EngineException(operatorId, -1, List.of(), reason, null);
    }

    private static String format(String op, int step, List<Integer> its, String reason) {
        StringBuilder sb = new StringBuilder();
        if (op != null) {
            sb.append("operator '").append(op).append("'");
        }
        if (step >= 0) {
            sb.append(sb.length() > 0 ? " " : "").append("at step ").append(step);
            for (int i : its) {
                sb.append(", iteration ").append(i);
            }
        }
        return (sb.length() > 0 ? sb + ": " : "") + reason;
    }

    /** The operator at fault (null when it concerns the whole circuit). */
    public String operatorId() {
        return operatorId;
    }

    /** The step at which it failed, or -1 for compile errors. */
    public int step() {
        return step;
    }

    /** Inner iterations of the enclosing nested circuits, outermost first. */
    public List<Integer> iterations() {
        return iterations;
    }

    /** Whether the step failed because the Java heap was full (the cause is an {@link OutOfMemoryError}). */
    public boolean outOfMemory() {
        return getCause() instanceof OutOfMemoryError;
    }

    /** The cause in words, without the location. */
    public String reason() {
        return reason;
    }
}
