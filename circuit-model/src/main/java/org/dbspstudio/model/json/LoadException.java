package org.dbspstudio.model.json;

/**
 * A document that cannot be loaded at all: the file is unreadable, is not JSON, is not a DBSP
 * Studio circuit, was written by a newer version, or has the wrong shape. Carries the file name
 * and, when known, the 1-based line and column (0 when unknown).
 */
public final class LoadException extends Exception {
    private final String file;
    private final int line;
    private final int column;
    private final String detail;

    public LoadException(String file, int line, int column, String detail) {
        super(format(file, line, column, detail));
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    public LoadException(String file, int line, int column, String detail, Throwable cause) {
        this(file, line, column, detail);
        initCause(cause);
    }

    private static String format(String file, int line, int column, String detail) {
        return file + (line > 0 ? ":" + line + ":" + column : "") + ": " + detail;
    }

    /** The file name as given to the reader. */
    public String file() {
        return file;
    }

    /** 1-based line, or 0 when the problem has no position (an unreadable file). */
    public int line() {
        return line;
    }

    /** 1-based column, or 0 when unknown. */
    public int column() {
        return column;
    }

    /** The message without file and position. */
    public String detail() {
        return detail;
    }
}
