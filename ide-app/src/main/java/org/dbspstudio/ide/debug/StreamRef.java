package org.dbspstudio.ide.debug;

import java.util.List;
import java.util.Objects;

/**
 * A stream as the debugger names it: the output port that produces it, and the nested operators
 * (from the top level) whose child circuits contain that port. Values of a stream inside nested
 * circuits need one inner iteration number per nesting level.
 *
 * @param path the ids of the nested operators enclosing {@code op}, outermost first (empty at top level)
 * @param op   the id of the operator producing the stream
 * @param port its output port
 */
public record StreamRef(List<String> path, String op, String port) {
    public StreamRef {
        path = List.copyOf(path);
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(port, "port");
    }

    public static StreamRef top(String op, String port) {
        return new StreamRef(List.of(), op, port);
    }

    /** How many inner iteration numbers locate a value of this stream. */
    public int depth() {
        return path.size();
    }

    /** {@code op.port}, prefixed by the nested operators: {@code tc/r.out}. */
    public String label() {
        return (path.isEmpty() ? "" : String.join("/", path) + "/") + op + "." + port;
    }

    @Override
    public String toString() {
        return label();
    }
}
