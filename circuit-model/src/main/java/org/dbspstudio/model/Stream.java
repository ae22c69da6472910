package org.dbspstudio.model;

import java.util.Objects;

/** A stream (edge) from an output port to an input port. */
public record Stream(PortRef from, PortRef to) {
    public Stream {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
    }

    public static Stream of(String from, String to) {
        return new Stream(PortRef.parse(from), PortRef.parse(to));
    }

    /** A readable, stable identifier: {@code a.out->b.in}. */
    public String id() {
        return from + "->" + to;
    }

    @Override
    public String toString() {
        return id();
    }
}
