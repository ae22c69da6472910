package org.dbspstudio.model;

import java.util.Objects;

/** A port of an operator: {@code op.port}. */
public record PortRef(String op, String port) {
    public PortRef {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(port, "port");
    }

    /** Parses {@code "op.port"}; the port is the text after the last dot. */
    public static PortRef parse(String text) {
        int dot = text.lastIndexOf('.');
        if (dot <= 0 || dot == text.length() - 1) {
            throw new IllegalArgumentException("expected operator.port, got '" + text + "'");
        }
        return new PortRef(text.substring(0, dot), text.substring(dot + 1));
    }

    @Override
    public String toString() {
        return op + "." + port;
    }
}
