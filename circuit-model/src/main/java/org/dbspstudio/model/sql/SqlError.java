package org.dbspstudio.model.sql;

/** A problem in a SQL script at {@code line:column} (1-based): a syntax error, an unknown name, an unsupported construct. */
public record SqlError(int line, int column, String message) {
    /** {@code line:column: message}. */
    @Override
    public String toString() {
        return line + ":" + column + ": " + message;
    }
}
