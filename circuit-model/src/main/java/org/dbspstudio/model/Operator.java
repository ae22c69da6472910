package org.dbspstudio.model;

import java.util.List;
import java.util.Objects;

/**
 * An operator instance: a stable id, a kind, parameters, and for nested circuits the child
 * circuit. Operators are immutable values; the child circuit of a nested operator is the one
 * mutable part (it is edited in place like any circuit).
 */
public final class Operator {
    private final String id;
    private final OpKind kind;
    private final Params params;
    private final Circuit child;

    public Operator(String id, OpKind kind, Params params, Circuit child) {
        this.id = Objects.requireNonNull(id, "id");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.params = params == null ? Params.of(kind) : params.forKind(kind);
        if (kind == OpKind.NESTED && child == null) {
            child = new Circuit();
        }
        this.child = child;
    }

    public static Operator of(String id, OpKind kind, Object... keyValues) {
        return new Operator(id, kind, Params.of(kind, keyValues), null);
    }

    public static Operator nested(String id, Circuit child, Object... keyValues) {
        return new Operator(id, OpKind.NESTED, Params.of(OpKind.NESTED, keyValues), child);
    }

    public String id() {
        return id;
    }

    public OpKind kind() {
        return kind;
    }

    public Params params() {
        return params;
    }

    /** The child circuit of a nested operator, else null. */
    public Circuit child() {
        return child;
    }

    public List<String> inputPorts() {
        return kind.inputPorts(this);
    }

    public List<String> outputPorts() {
        return kind.outputPorts(this);
    }

    /**
     * The clock a delay / integrate / differentiate runs on ({@link Clock#INNER} for every other
     * kind, and for a clock value validation rejects).
     */
    public Clock clock() {
        return params.get("clock") instanceof String s ? Clock.fromJson(s).orElse(Clock.INNER) : Clock.INNER;
    }

    public boolean isStrict() {
        return kind.isStrict(this);
    }

    public Operator withId(String newId) {
        return new Operator(newId, kind, params, child);
    }

    public Operator withParams(Params newParams) {
        return new Operator(id, kind, newParams, child);
    }

    public Operator withParam(String name, Object value) {
        return new Operator(id, kind, params.with(name, value), child);
    }

    /** A deep copy (the child circuit is copied too). */
    public Operator copy() {
        return new Operator(id, kind, params, child == null ? null : child.copy());
    }

    /** A short label: the glyph and the main parameter (name, predicate, ...). */
    public String label() {
        return kind.spec().label().apply(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Operator op && op.id.equals(id) && op.kind == kind && op.params.equals(params)
                && Objects.equals(op.child, child);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, kind, params);
    }

    @Override
    public String toString() {
        return id + ":" + kind.json() + params;
    }
}
