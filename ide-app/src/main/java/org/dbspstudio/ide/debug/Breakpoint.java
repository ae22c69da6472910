package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Expressions;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Where Play and Run to stop: when a stream changes, when a SQL condition over a changed row and
 * its {@code weight} holds (e.g. {@code weight < 0 AND name = 'Alice'}), or when a nested circuit
 * reaches inner iteration N. Checked on the engine's thread after each step.
 */
public final class Breakpoint {
    /** What makes it stop. */
    public enum Kind { CHANGES, CONDITION, ITERATION }

    private final StreamRef ref;
    private final Kind kind;
    private final String condition;
    private final int iteration;
    private final TypedExpr compiled;
    private volatile boolean enabled = true;
    private volatile int hits;

    private Breakpoint(StreamRef ref, Kind kind, String condition, int iteration, TypedExpr compiled) {
        this.ref = ref;
        this.kind = kind;
        this.condition = condition;
        this.iteration = iteration;
        this.compiled = compiled;
    }

    /** Stops when the stream's change at a step is not zero. */
    public static Breakpoint onChange(StreamRef ref) {
        return new Breakpoint(ref, Kind.CHANGES, null, -1, null);
    }

    /**
     * Stops when a row of the stream's change satisfies {@code sql}, over the row's columns and
     * {@code weight}; the expression is checked against the stream's type now.
     *
     * @throws ExprException with the reason when it does not parse or type-check
     */
    public static Breakpoint onCondition(StreamRef ref, StreamType type, String sql) throws ExprException {
        RowSchema row = type instanceof StreamType.ZSet z ? z.row()
                : type instanceof StreamType.Indexed ix ? ix.value() : null;
        List<Column> cols = new ArrayList<>();
        if (row != null) {
            cols.addAll(row.columns());
        } else if (type instanceof StreamType.Integers) {
            cols.add(Column.of("value", SqlType.BIGINT));
        } else {
            throw new ExprException("the type of " + ref.label() + " is unknown", sql, sql);
        }
        cols.add(Column.of("weight", SqlType.BIGINT));
        TypedExpr e = Expressions.check(sql, Scope.of(new RowSchema(cols)));
        return new Breakpoint(ref, Kind.CONDITION, sql, -1, e);
    }

    /** Stops when the nested circuit holding the stream runs inner iteration {@code n} (from 0). */
    public static Breakpoint onIteration(StreamRef ref, int n) {
        if (ref.depth() == 0) {
            throw new IllegalArgumentException(ref.label() + " is not inside a nested circuit");
        }
        return new Breakpoint(ref, Kind.ITERATION, null, Math.max(0, n), null);
    }

    public StreamRef ref() {
        return ref;
    }

    public Kind kind() {
        return kind;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean on) {
        enabled = on;
    }

    public int hits() {
        return hits;
    }

    /** "when it changes", "when weight < 0", "at iteration 3". */
    public String describe() {
        return switch (kind) {
            case CHANGES -> "when it changes";
            case CONDITION -> "when " + condition;
            case ITERATION -> "at inner iteration " + iteration;
        };
    }

    /** Why the run stops after {@code step}, or null. */
    public String check(DebugSession s, int step) {
        if (!enabled) {
            return null;
        }
        String why = switch (kind) {
            case CHANGES -> anyChange(s, step) ? ref.label() + " changed at step " + step : null;
            case CONDITION -> conditionHolds(s, step);
            case ITERATION -> s.iterations(ref.path().get(ref.depth() - 1), step, outer(s, step)) > iteration
                    ? ref.path().get(ref.depth() - 1) + " ran inner iteration " + iteration + " at step " + step : null;
        };
        if (why != null) {
            hits++;
        }
        return why;
    }

    private int[] outer(DebugSession s, int step) {
        int[] its = new int[ref.depth() - 1];
        for (int d = 0; d < its.length; d++) {
            its[d] = Math.max(0, s.iterations(ref.path().get(d), step, java.util.Arrays.copyOf(its, d)) - 1);
        }
        return its;
    }

    /** The changes of the stream at a step: one per inner iteration inside nested circuits. */
    private List<StreamValue> changes(DebugSession s, int step) {
        if (ref.depth() == 0) {
            StreamValue v = s.change(ref, step);
            return v == null ? List.of() : List.of(v);
        }
        int[] outer = outer(s, step);
        int n = s.iterations(ref.path().get(ref.depth() - 1), step, outer);
        List<StreamValue> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int[] its = java.util.Arrays.copyOf(outer, ref.depth());
            its[ref.depth() - 1] = i;
            StreamValue v = s.change(ref, step, its);
            if (v != null) {
                l.add(v);
            }
        }
        return l;
    }

    private boolean anyChange(DebugSession s, int step) {
        return changes(s, step).stream().anyMatch(v -> !v.isZero());
    }

    private String conditionHolds(DebugSession s, int step) {
        for (StreamValue v : changes(s, step)) {
            if (v instanceof ZInt z) {
                if (holds(Row.of(z.value(), 1L))) {
                    return ref.label() + " = " + z.value() + " at step " + step + ": " + condition;
                }
                continue;
            }
            for (ValueRows.Entry e : ValueRows.entries(v)) {
                List<Object> values = new ArrayList<>(e.row().asList());
                values.add(e.weight());
                if (holds(Row.of(values))) {
                    return ref.label() + " at step " + step + ": " + e.text() + " satisfies " + condition;
                }
            }
        }
        return null;
    }

    private boolean holds(Row r) {
        try {
            return Boolean.TRUE.equals(compiled.eval(r));
        } catch (ExprException ex) {
            return false;
        }
    }
}
