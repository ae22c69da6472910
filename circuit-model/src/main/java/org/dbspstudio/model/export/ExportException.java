package org.dbspstudio.model.export;

/**
 * A circuit (or a part of it) that has no SQL form in the chosen dialect. {@link #operator()}
 * names the operator (its id), {@link #reason()} says why.
 */
public final class ExportException extends Exception {
    private final String operator;
    private final String reason;

    public ExportException(String operator, String reason) {
        super(operator == null ? reason : operator + ": " + reason);
        this.operator = operator;
        this.reason = reason;
    }

    /** The id of the operator that cannot be exported (null when the circuit as a whole cannot). */
    public String operator() {
        return operator;
    }

    /** Why it cannot be exported. */
    public String reason() {
        return reason;
    }
}
