package org.dbspstudio.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A circuit: operators (by stable id, in insertion order) and the streams between their ports.
 * Nested circuits are operators of kind {@link OpKind#NESTED} holding a child circuit; operator
 * ids are unique across a whole document, nested circuits included.
 *
 * <p>A circuit is a mutable document model: editors change it through its methods, rewrites
 * usually build new circuits. It performs no validation; see the validate package.
 */
public final class Circuit {
    private final LinkedHashMap<String, Operator> operators = new LinkedHashMap<>();
    private final List<Stream> streams = new ArrayList<>();
    private InputMode inputMode = InputMode.SNAPSHOTS;

    /** What a top-level circuit's inputs receive and its outputs mean. */
    public enum InputMode {
        /** Inputs receive table contents (the running sum of the scenario's changes). */
        SNAPSHOTS,
        /** Inputs receive changes; outputs are changes (an incremental circuit). */
        CHANGES
    }

    public InputMode inputMode() {
        return inputMode;
    }

    public Circuit setInputMode(InputMode mode) {
        this.inputMode = Objects.requireNonNull(mode);
        return this;
    }

    /** Operators in insertion order (unmodifiable view). */
    public Collection<Operator> operators() {
        return Collections.unmodifiableCollection(operators.values());
    }

    public List<String> operatorIds() {
        return List.copyOf(operators.keySet());
    }

    /** Streams in insertion order (unmodifiable view). */
    public List<Stream> streams() {
        return Collections.unmodifiableList(streams);
    }

    public boolean contains(String id) {
        return operators.containsKey(id);
    }

    /** The operator with this id in this circuit (not in nested ones), or null. */
    public Operator op(String id) {
        return operators.get(id);
    }

    public Circuit add(Operator op) {
        if (operators.containsKey(op.id())) {
            throw new IllegalArgumentException("duplicate operator id " + op.id());
        }
        operators.put(op.id(), op);
        return this;
    }

    /** Replaces the operator with the same id, keeping its position in the order. */
    public Circuit replace(Operator op) {
        if (!operators.containsKey(op.id())) {
            throw new IllegalArgumentException("no operator " + op.id());
        }
        operators.put(op.id(), op);
        return this;
    }

    /** Removes the operator and every stream attached to it; returns the removed streams. */
    public List<Stream> remove(String id) {
        operators.remove(id);
        List<Stream> removed = new ArrayList<>();
        streams.removeIf(s -> {
            boolean r = s.from().op().equals(id) || s.to().op().equals(id);
            if (r) {
                removed.add(s);
            }
            return r;
        });
        return removed;
    }

    /** Renames an operator, updating the streams attached to it. */
    public Circuit rename(String oldId, String newId) {
        Operator op = operators.get(oldId);
        if (op == null) {
            throw new IllegalArgumentException("no operator " + oldId);
        }
        if (operators.containsKey(newId)) {
            throw new IllegalArgumentException("duplicate operator id " + newId);
        }
        var copy = new LinkedHashMap<String, Operator>();
        operators.forEach((k, v) -> copy.put(k.equals(oldId) ? newId : k, k.equals(oldId) ? v.withId(newId) : v));
        operators.clear();
        operators.putAll(copy);
        streams.replaceAll(s -> new Stream(
                s.from().op().equals(oldId) ? new PortRef(newId, s.from().port()) : s.from(),
                s.to().op().equals(oldId) ? new PortRef(newId, s.to().port()) : s.to()));
        return this;
    }

    public Circuit connect(Stream s) {
        streams.add(s);
        return this;
    }

    public Circuit connect(String from, String to) {
        return connect(Stream.of(from, to));
    }

    public boolean disconnect(Stream s) {
        return streams.remove(s);
    }

    /** Streams leaving any output port of {@code opId}. */
    public List<Stream> streamsFrom(String opId) {
        return streams.stream().filter(s -> s.from().op().equals(opId)).toList();
    }

    /** Streams entering any input port of {@code opId}. */
    public List<Stream> streamsInto(String opId) {
        return streams.stream().filter(s -> s.to().op().equals(opId)).toList();
    }

    /** The stream feeding this input port, if exactly one does. */
    public Optional<Stream> feeding(PortRef input) {
        List<Stream> in = streams.stream().filter(s -> s.to().equals(input)).toList();
        return in.size() == 1 ? Optional.of(in.get(0)) : Optional.empty();
    }

    /** Operators of a kind in this circuit (not nested ones). */
    public List<Operator> operatorsOfKind(OpKind kind) {
        return operators.values().stream().filter(o -> o.kind() == kind).toList();
    }

    /**
     * The boundary ports a nested circuit derives from its child: the {@code port} parameters of
     * its {@code δ₀} (inputs) or {@code ∫} (outputs) operators, in order, without repeats.
     */
    public List<String> boundaryPorts(OpKind kind) {
        return operators.values().stream().filter(o -> o.kind() == kind)
                .map(o -> o.params().string("port")).filter(Objects::nonNull).distinct().toList();
    }

    /** Visits every operator of this circuit and of nested circuits, depth first. */
    public void forEachDeep(Consumer<Operator> visitor) {
        for (Operator op : operators.values()) {
            visitor.accept(op);
            if (op.child() != null) {
                op.child().forEachDeep(visitor);
            }
        }
    }

    /** Every operator here and in nested circuits, by id. */
    public Map<String, Operator> allOperators() {
        var all = new LinkedHashMap<String, Operator>();
        forEachDeep(o -> all.put(o.id(), o));
        return all;
    }

    /** The circuit (this one or a nested one) that directly contains the operator with this id. */
    public Optional<Circuit> owner(String opId) {
        if (operators.containsKey(opId)) {
            return Optional.of(this);
        }
        for (Operator op : operators.values()) {
            if (op.child() != null) {
                var found = op.child().owner(opId);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /** An id not used anywhere in this circuit (nested included): {@code base}, {@code base_2}, ... */
    public String freshId(String base) {
        var all = allOperators().keySet();
        if (!all.contains(base)) {
            return base;
        }
        for (int i = 2; ; i++) {
            String id = base + "_" + i;
            if (!all.contains(id)) {
                return id;
            }
        }
    }

    /** A deep copy. */
    public Circuit copy() {
        Circuit c = new Circuit();
        c.inputMode = inputMode;
        operators.values().forEach(o -> c.operators.put(o.id(), o.copy()));
        c.streams.addAll(streams);
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Circuit c && c.inputMode == inputMode
                && new ArrayList<>(c.operators.values()).equals(new ArrayList<>(operators.values()))
                && c.streams.equals(streams);
    }

    @Override
    public int hashCode() {
        return Objects.hash(operators.keySet(), streams);
    }

    @Override
    public String toString() {
        return "Circuit" + operators.values() + streams;
    }
}
