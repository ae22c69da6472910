package org.dbspstudio.model.expr;

/**
 * A SQL expression that cannot be parsed, does not type-check, or fails while evaluating.
 * {@link #expression()} is the whole expression text, {@link #fragment()} the offending part
 * (may equal the whole text).
 */
public class ExprException extends Exception {
    private final String expression;
    private final String fragment;

    public ExprException(String message, String expression, String fragment) {
        super(message);
        this.expression = expression;
        this.fragment = fragment;
    }

    public String expression() {
        return expression;
    }

    public String fragment() {
        return fragment;
    }

    /** "message in 'fragment' of 'expression'" */
    public String describe() {
        String m = getMessage();
        if (fragment != null && expression != null && !fragment.equals(expression)) {
            return m + " (at '" + fragment + "' in '" + expression + "')";
        }
        return expression == null ? m : m + " (in '" + expression + "')";
    }
}
