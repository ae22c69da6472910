package org.dbspstudio.engine.io;

/**
 * A table, file or column that cannot be bound to a circuit's input or output, found before the
 * first step (the message names the table, the column and both types), or a database error while
 * running (the message names the table and the step).
 */
public final class TableException extends Exception {
    public TableException(String message) {
        super(message);
    }

    public TableException(String message, Throwable cause) {
        super(message, cause);
    }
}
