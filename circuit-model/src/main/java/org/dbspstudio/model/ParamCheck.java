package org.dbspstudio.model;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Parameters against their kind's declarations: required ones present (MISSING_PARAM), values of
 * the Java class their {@link org.dbspstudio.model.ParamType} prescribes and choices among the
 * allowed ones (BAD_PARAM), unknown names (UNKNOWN_PARAM, a warning), and constant rows that fit
 * the constant's type.
 */
public final class ParamCheck {
    /** What an identifier looks like (operator ids, port and input names). */
    public static final java.util.regex.Pattern IDENTIFIER = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * The largest {@code maxIterations} of a nested circuit: a bound is there to stop a fixpoint
     * that does not converge, and one that cannot be reached stops nothing.
     */
    public static final long MAX_ITERATIONS = 10_000_000L;

    private ParamCheck() {
    }

    public static List<Diagnostic> check(Circuit circuit) {
        List<Diagnostic> out = new ArrayList<>();
        circuit.forEachDeep(op -> operator(op, out));
        return out;
    }

    /** The parameter problems of one operator. */
    public static List<Diagnostic> check(Operator op) {
        List<Diagnostic> out = new ArrayList<>();
        operator(op, out);
        return out;
    }

    /** Whether the operator's parameters have no errors (typing it is safe). */
    public static boolean ok(Operator op) {
        return check(op).stream().noneMatch(Diagnostic::isError);
    }

    /**
     * Whether some operator's ports cannot be derived because a port-defining parameter (a scalar
     * function's {@code inputs}, a {@code δ₀} or {@code ∫} {@code port}) has the wrong class.
     */
    public static boolean portsBroken(Circuit circuit) {
        boolean[] broken = {false};
        circuit.forEachDeep(op -> {
            String portParam = op.kind().spec().portParam();
            Object v = portParam == null ? null : op.params().values().get(portParam);
            if (v != null && problem(op.kind().param(portParam).orElseThrow(), v) != null) {
                broken[0] = true;
            }
        });
        return broken[0];
    }

    private static void operator(Operator op, List<Diagnostic> out) {
        Map<String, Object> values = op.params().values();
        for (ParamSpec spec : op.kind().params()) {
            Object v = values.get(spec.name());
            if (v == null || (v instanceof String s && s.isBlank() && spec.required())) {
                if (spec.required()) {
                    out.add(Diagnostic.error("MISSING_PARAM", op.id(), op.kind().title() + " " + op.id()
                            + " needs parameter '" + spec.name() + "' (" + spec.description() + ")", List.of(op.id())));
                }
                continue;
            }
            String problem = problem(spec, v);
            if (problem != null) {
                out.add(Diagnostic.error("BAD_PARAM", op.id(), op.kind().title() + " " + op.id() + ", parameter '"
                        + spec.name() + "': " + problem, List.of(op.id())));
            }
        }
        for (String name : values.keySet()) {
            if (op.kind().param(name).isEmpty()) {
                out.add(Diagnostic.warning("UNKNOWN_PARAM", op.id(), op.kind().title() + " " + op.id()
                        + " has no parameter '" + name + "'; it is ignored", List.of(op.id())));
            }
        }
        if (op.kind() == OpKind.NESTED && values.get("maxIterations") instanceof Number n
                && (n.longValue() < 1 || n.longValue() > MAX_ITERATIONS)) {
            out.add(Diagnostic.error("BAD_PARAM", op.id(), op.kind().title() + " " + op.id()
                    + ", parameter 'maxIterations': " + n + " is out of range; it must be between 1 and "
                    + String.format(java.util.Locale.ROOT, "%,d", MAX_ITERATIONS), List.of(op.id())));
        }
        if (op.kind() == OpKind.CONSTANT && values.get("type") instanceof StreamType t
                && problem(op.kind().param("rows").orElseThrow(), values.getOrDefault("rows", List.of())) == null) {
            rows(op, t, op.params().changes("rows"), out);
        }
        if (op.kind() == OpKind.SCALAR && values.get("inputs") != null && problem(op.kind().param("inputs").orElseThrow(), values.get("inputs")) == null) {
            List<String> names = op.params().strings("inputs");
            for (int i = 0; i < names.size(); i++) {
                String n = names.get(i);
                if (!IDENTIFIER.matcher(n).matches()) {
                    out.add(Diagnostic.error("BAD_PARAM", op.id(), "scalar function " + op.id() + ": input name '" + n
                            + "' is not an identifier", List.of(op.id())));
                } else if (names.subList(0, i).stream().anyMatch(n::equalsIgnoreCase)) {
                    out.add(Diagnostic.error("BAD_PARAM", op.id(), "scalar function " + op.id() + ": input name '" + n
                            + "' is used twice", List.of(op.id())));
                }
            }
        }
    }

    /** What is wrong with {@code v} for {@code spec}, or null. */
    public static String problem(ParamSpec spec, Object v) {
        return switch (spec.type()) {
            case STRING, EXPR -> v instanceof String ? null : expected("a string", v);
            case INT -> v instanceof Long || v instanceof Integer ? null : expected("an integer", v);
            case BOOL -> v instanceof Boolean ? null : expected("true or false", v);
            case CHOICE -> !(v instanceof String s) ? expected("one of " + spec.choices(), v)
                    : spec.choices().contains(s) ? null : "'" + s + "' is not one of " + String.join(", ", spec.choices());
            case EXPR_LIST, STRINGS -> list(v, String.class, "strings");
            case NAMED_EXPRS -> namedExprs(v);
            case NAMED_EXPR_LISTS -> {
                if (!(v instanceof List<?> l)) {
                    yield expected("a list of projections", v);
                }
                for (Object e : l) {
                    String p = namedExprs(e);
                    if (p != null) {
                        yield p;
                    }
                }
                yield null;
            }
            case AGGREGATES -> {
                String p = list(v, AggCall.class, "aggregate calls");
                if (p == null) {
                    for (Object o : (List<?>) v) {
                        AggCall a = (AggCall) o;
                        if (a.function() == null || a.name() == null || a.name().isBlank()) {
                            yield "aggregate " + a + " needs a function and a column name";
                        }
                    }
                }
                yield p;
            }
            case TYPE -> v instanceof StreamType ? null : expected("a stream type", v);
            case CHANGES -> list(v, Change.class, "rows with weights");
        };
    }

    private static String namedExprs(Object v) {
        String p = list(v, NamedExpr.class, "named expressions");
        if (p == null) {
            for (Object o : (List<?>) v) {
                NamedExpr ne = (NamedExpr) o;
                if (ne.name() == null || ne.name().isBlank() || ne.expr() == null) {
                    return "'" + ne + "' needs an expression and a name";
                }
            }
        }
        return p;
    }

    private static String list(Object v, Class<?> element, String what) {
        if (!(v instanceof List<?> l)) {
            return expected("a list of " + what, v);
        }
        for (Object o : l) {
            if (!element.isInstance(o)) {
                return "expected a list of " + what + ", but it holds " + (o == null ? "null" : "a " + o.getClass().getSimpleName());
            }
        }
        return null;
    }

    private static String expected(String what, Object v) {
        if (v == null) {
            return "expected " + what + ", got nothing";
        }
        return "expected " + what + ", got a " + v.getClass().getSimpleName() + " (" + v + ")";
    }

    /** A constant's rows must fit its type. */
    private static void rows(Operator op, StreamType t, List<Change> rows, List<Diagnostic> out) {
        if (t instanceof StreamType.Integers) {
            if (!rows.isEmpty()) {
                out.add(Diagnostic.warning("UNKNOWN_PARAM", op.id(), "constant " + op.id()
                        + " has type Z: its 'rows' are ignored (use 'value')", List.of(op.id())));
            }
            return;
        }
        RowSchema schema = t instanceof StreamType.ZSet z ? z.row() : null;
        if (schema == null) {
            out.add(Diagnostic.error("BAD_PARAM", op.id(), "constant " + op.id() + ": type " + t
                    + " is not supported for constants (use Z or a row schema)", List.of(op.id())));
            return;
        }
        for (int i = 0; i < rows.size(); i++) {
            String p = rowProblem(schema, rows.get(i));
            if (p != null) {
                out.add(Diagnostic.error("BAD_PARAM", op.id(), "constant " + op.id() + ", row " + (i + 1) + ": " + p,
                        List.of(op.id())));
            }
        }
    }

    /** What is wrong with a row for a schema, or null. */
    public static String rowProblem(RowSchema schema, Change c) {
        if (c.row() == null) {
            return "no row";
        }
        if (c.weight() == 0) {
            return "weight 0 (a Z-set holds only non-zero weights)";
        }
        if (c.row().size() != schema.size()) {
            return c.row() + " has " + c.row().size() + " values but the schema " + schema + " has " + schema.size()
                    + " columns";
        }
        for (int j = 0; j < schema.size(); j++) {
            Column col = schema.column(j);
            Object v = c.row().get(j);
            if (v == null) {
                if (!col.nullable()) {
                    return "column " + col.name() + " is NOT NULL but the value is NULL";
                }
            } else if (!javaClass(col.type()).isInstance(v)) {
                return "column " + col.name() + " is " + col.type() + " but the value " + v + " is a "
                        + v.getClass().getSimpleName();
            }
        }
        return null;
    }

    private static Class<?> javaClass(SqlType t) {
        return switch (t) {
            case BOOLEAN -> Boolean.class;
            case INTEGER, BIGINT -> Long.class;
            case DOUBLE -> Double.class;
            case DECIMAL -> BigDecimal.class;
            case VARCHAR -> String.class;
            case DATE -> LocalDate.class;
            case TIMESTAMP -> LocalDateTime.class;
        };
    }
}
