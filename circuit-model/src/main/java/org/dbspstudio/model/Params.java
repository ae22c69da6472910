package org.dbspstudio.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.dbspstudio.model.types.StreamType;

/**
 * An immutable map of parameter values (see {@link ParamType} for the Java class of each type).
 * Getters return the stored value, else the kind's declared default, else null.
 */
public final class Params {
    public static final Params EMPTY = new Params(Map.of(), null);

    private final Map<String, Object> values;
    private final OpKind kind;

    private Params(Map<String, Object> values, OpKind kind) {
        this.values = values;
        this.kind = kind;
    }

    public static Params of(OpKind kind, Map<String, Object> values) {
        return new Params(Collections.unmodifiableMap(new LinkedHashMap<>(values)), kind);
    }

    public static Params of(OpKind kind, Object... keyValues) {
        var m = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return of(kind, m);
    }

    /** The explicitly set values, in insertion order. */
    public Map<String, Object> values() {
        return values;
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public Object get(String name) {
        Object v = values.get(name);
        if (v == null && kind != null) {
            v = kind.param(name).map(ParamSpec::defaultValue).orElse(null);
        }
        return v;
    }

    /** A copy with {@code name} set to {@code value} (removed when value is null). */
    public Params with(String name, Object value) {
        var m = new LinkedHashMap<>(values);
        if (value == null) {
            m.remove(name);
        } else {
            m.put(name, value);
        }
        return new Params(Collections.unmodifiableMap(m), kind);
    }

    Params forKind(OpKind k) {
        return new Params(values, k);
    }

    public String string(String name) {
        return (String) get(name);
    }

    public long integer(String name) {
        Object v = get(name);
        return v == null ? 0 : ((Number) v).longValue();
    }

    public boolean bool(String name) {
        return Boolean.TRUE.equals(get(name));
    }

    public StreamType type(String name) {
        return (StreamType) get(name);
    }

    @SuppressWarnings("unchecked")
    public List<String> strings(String name) {
        Object v = get(name);
        return v == null ? List.of() : (List<String>) v;
    }

    @SuppressWarnings("unchecked")
    public List<NamedExpr> namedExprs(String name) {
        Object v = get(name);
        return v == null ? null : (List<NamedExpr>) v;
    }

    @SuppressWarnings("unchecked")
    public List<List<NamedExpr>> namedExprLists(String name) {
        Object v = get(name);
        return v == null ? List.of() : (List<List<NamedExpr>>) v;
    }

    @SuppressWarnings("unchecked")
    public List<AggCall> aggregates(String name) {
        Object v = get(name);
        return v == null ? List.of() : (List<AggCall>) v;
    }

    @SuppressWarnings("unchecked")
    public List<Change> changes(String name) {
        Object v = get(name);
        return v == null ? List.of() : (List<Change>) v;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Params p && p.values.equals(values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
