package org.dbspstudio.model.typing;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.StreamType;

/**
 * The result of {@link TypeInference}: the type of every output port that could be typed (nested
 * circuits included, ports named by operator id since ids are unique in a document) and the type
 * errors found on the way.
 */
public final class InferredTypes {
    private final Map<PortRef, StreamType> types;
    private final List<Diagnostic> diagnostics;
    private final Map<String, List<String>> orders;

    /** The key of the top level in {@link #order(String)}. */
    public static final String TOP = "";

    InferredTypes(Map<PortRef, StreamType> types, List<Diagnostic> diagnostics, Map<String, List<String>> orders) {
        this.types = Collections.unmodifiableMap(types);
        this.diagnostics = List.copyOf(diagnostics);
        this.orders = Map.copyOf(orders);
    }

    /**
     * The operators of one level in the order they were typed: its dependency order
     * ({@link org.dbspstudio.model.graph.CircuitGraph#dependencyOrder()}, topological when the
     * circuit has no algebraic loop). {@code nestedOp} is the id of the nested operator holding the
     * level, {@link #TOP} for the top level; null when that level was not typed.
     */
    public List<String> order(String nestedOp) {
        return orders.get(nestedOp);
    }

    /** The type on this output port, or null when it could not be inferred. */
    public StreamType typeOf(PortRef output) {
        return types.get(output);
    }

    /** The type a stream carries (that of its source port), or null when unknown. */
    public StreamType typeOf(Stream stream) {
        return types.get(stream.from());
    }

    /** The type on {@code op.port}, if known. */
    public Optional<StreamType> find(String op, String port) {
        return Optional.ofNullable(types.get(new PortRef(op, port)));
    }

    /** Output port → type, for every typed output port. */
    public Map<PortRef, StreamType> all() {
        return types;
    }

    /** Type errors (TYPE_MISMATCH, TYPE_ERROR, EXPR_ERROR, TYPE_UNKNOWN), in circuit order. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** True when no type error was found. */
    public boolean ok() {
        return diagnostics.stream().noneMatch(Diagnostic::isError);
    }
}
