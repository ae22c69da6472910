package org.dbspstudio.model;

import java.util.List;

/**
 * A problem found in a document, shown alike by the IDE and the CLI.
 *
 * @param code      a stable short code, e.g. {@code ALGEBRAIC_LOOP}
 * @param where     what it is about, as shown to users: an operator id, a stream id, or line:column
 * @param operators ids of the operators involved (for highlighting)
 * @param streams   ids of the streams involved (for highlighting)
 */
public record Diagnostic(Severity severity, String code, String where, String message,
                         List<String> operators, List<String> streams) {

    public enum Severity { ERROR, WARNING }

    public Diagnostic {
        operators = List.copyOf(operators);
        streams = List.copyOf(streams);
    }

    public static Diagnostic error(String code, String where, String message, List<String> operators) {
        return new Diagnostic(Severity.ERROR, code, where, message, operators, List.of());
    }

    public static Diagnostic warning(String code, String where, String message, List<String> operators) {
        return new Diagnostic(Severity.WARNING, code, where, message, operators, List.of());
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** {@code ERROR [code] where: message} */
    public String format() {
        return severity + " [" + code + "] " + where + ": " + message;
    }

    @Override
    public String toString() {
        return format();
    }
}
