package org.dbspstudio.model.sql;

/** Stops the translation of one statement with a {@link SqlError}. */
final class SqlException extends Exception {
    private final transient SqlError error;

    SqlException(int line, int column, String message) {
        super(line + ":" + column + ": " + message, null, false, false);
        this.error = new SqlError(Math.max(1, line), Math.max(1, column), message);
    }

    SqlError error() {
        return error;
    }
}
