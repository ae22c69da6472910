package org.dbspstudio.model;

import static org.dbspstudio.model.ParamSpec.choice;
import static org.dbspstudio.model.ParamSpec.optional;
import static org.dbspstudio.model.ParamSpec.required;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The operator catalog. Each kind declares its ports, algebra, strictness, state, how it
 * incrementalizes and which parameters it takes; validation, the rewrites, the engine and the
 * palette read these declarations. Typing rules live in {@link Typing}.
 */
public enum OpKind {
    INPUT("input", "in", "Input", Category.SOURCES_AND_SINKS, List.of(), List.of("out"),
            Algebra.BOUNDARY, false, false, Incrementalization.BOUNDARY,
            List.of(required("name", ParamType.STRING, "table or stream name"),
                    required("type", ParamType.TYPE, "Z, or the row schema of the table"))),
    OUTPUT("output", "out", "Output", Category.SOURCES_AND_SINKS, List.of("in"), List.of(),
            Algebra.BOUNDARY, false, false, Incrementalization.BOUNDARY,
            List.of(required("name", ParamType.STRING, "view name"))),
    CONSTANT("constant", "c", "Constant", Category.SOURCES_AND_SINKS, List.of(), List.of("out"),
            Algebra.BOUNDARY, false, false, Incrementalization.CONSTANT,
            List.of(required("type", ParamType.TYPE, "Z, or the row schema"),
                    optional("value", ParamType.INT, 0L, "the integer value (type Z)"),
                    optional("rows", ParamType.CHANGES, List.of(), "the Z-set value (row types)"),
                    optional("once", ParamType.BOOL, false, "emit the value at step 0 only (the derivative of a constant)"))),

    PLUS("plus", "+", "Plus", Category.STREAM_CALCULUS, List.of("a", "b"), List.of("out"),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED, List.of()),
    MINUS("minus", "−", "Minus", Category.STREAM_CALCULUS, List.of("a", "b"), List.of("out"),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED, List.of()),
    NEGATE("negate", "−x", "Negate", Category.STREAM_CALCULUS, List.of("in"), List.of("out"),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED, List.of()),
    DELAY("delay", "z⁻¹", "Delay", Category.STREAM_CALCULUS, List.of("in"), List.of("out"),
            Algebra.LINEAR, true, true, Incrementalization.UNCHANGED, List.of(clock())),
    INTEGRATE("integrate", "I", "Integrate", Category.STREAM_CALCULUS, List.of("in"), List.of("out"),
            Algebra.LINEAR, false, true, Incrementalization.UNCHANGED, List.of(clock())),
    DIFFERENTIATE("differentiate", "D", "Differentiate", Category.STREAM_CALCULUS, List.of("in"), List.of("out"),
            Algebra.LINEAR, false, true, Incrementalization.UNCHANGED, List.of(clock())),
    DELTA0("delta0", "δ₀", "Enter nested (δ₀)", Category.STREAM_CALCULUS, List.of(), List.of("out"),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED,
            List.of(required("port", ParamType.STRING, "the nested circuit's input port this reads"))),
    INTEGRAL("integral", "∫", "Leave nested (∫)", Category.STREAM_CALCULUS, List.of("in"), List.of(),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED,
            List.of(required("port", ParamType.STRING, "the nested circuit's output port this writes"))),

    FILTER("filter", "σ", "Filter", Category.RELATIONAL, List.of("in"), List.of("out"),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED,
            List.of(required("predicate", ParamType.EXPR, "SQL condition; rows where it is TRUE pass"))),
    MAP("map", "π", "Map", Category.RELATIONAL, List.of("in"), List.of("out"),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED,
            List.of(required("projection", ParamType.NAMED_EXPRS, "output columns: expressions with names"))),
    FLATMAP("flatmap", "⋃π", "Flat-map", Category.RELATIONAL, List.of("in"), List.of("out"),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED,
            List.of(required("projections", ParamType.NAMED_EXPR_LISTS,
                    "one projection per output row; every input row yields one row for each"))),
    JOIN("join", "⋈", "Join", Category.RELATIONAL, List.of("left", "right"), List.of("out"),
            Algebra.BILINEAR, false, false, Incrementalization.BILINEAR_EXPANSION,
            List.of(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST, "key expressions over the right rows"),
                    optional("projection", ParamType.NAMED_EXPRS, null,
                            "output columns over l.* and r.*; default: all left then all right columns"))),
    PRODUCT("product", "×", "Cartesian product", Category.RELATIONAL, List.of("left", "right"), List.of("out"),
            Algebra.BILINEAR, false, false, Incrementalization.BILINEAR_EXPANSION,
            List.of(optional("projection", ParamType.NAMED_EXPRS, null,
                    "output columns over l.* and r.*; default: all left then all right columns"))),
    DISTINCT("distinct", "distinct", "Distinct", Category.RELATIONAL, List.of("in"), List.of("out"),
            Algebra.NON_LINEAR, false, false, Incrementalization.DISTINCT_TO_H, List.of()),
    INDEX("index", "G", "Index / group-by", Category.RELATIONAL, List.of("in"), List.of("out"),
            Algebra.LINEAR, false, false, Incrementalization.UNCHANGED,
            List.of(required("keys", ParamType.NAMED_EXPRS, "key columns: expressions with names"))),
    AGGREGATE("aggregate", "Σ", "Aggregate", Category.RELATIONAL, List.of("in"), List.of("out"),
            Algebra.NON_LINEAR, false, false, Incrementalization.AGGREGATE,
            List.of(optional("groupBy", ParamType.NAMED_EXPRS, List.of(),
                            "grouping columns (empty: one global group); ignored for an indexed input, whose key groups"),
                    required("aggregates", ParamType.AGGREGATES, "COUNT, SUM, MIN, MAX, AVG columns"))),
    ANTIJOIN("antijoin", "▷", "Antijoin", Category.RELATIONAL, List.of("left", "right"), List.of("out"),
            Algebra.NON_LINEAR, false, false, Incrementalization.FALLBACK,
            List.of(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST, "key expressions over the right rows"))),
    UNION("union", "∪", "Union", Category.RELATIONAL, List.of("a", "b"), List.of("out"),
            Algebra.NON_LINEAR, false, false, Incrementalization.DESUGAR, List.of()),
    DIFFERENCE("difference", "∖", "Difference", Category.RELATIONAL, List.of("a", "b"), List.of("out"),
            Algebra.NON_LINEAR, false, false, Incrementalization.DESUGAR, List.of()),

    SCALAR("scalar", "f", "Scalar function", Category.SCALAR, List.of(), List.of("out"),
            Algebra.NON_LINEAR, false, false, Incrementalization.FALLBACK,
            List.of(required("inputs", ParamType.STRINGS, "names of the input ports (integer streams)"),
                    required("expr", ParamType.EXPR, "SQL expression over the inputs, of an integer type"))),

    H("h", "H", "Incremental distinct (H)", Category.INCREMENTAL, List.of("integrated", "delta"), List.of("out"),
            Algebra.NON_LINEAR, false, false, Incrementalization.PRIMITIVE, List.of()),

    NESTED("nested", "⟲", "Nested circuit", Category.NESTED, List.of(), List.of(),
            Algebra.NESTED, false, true, Incrementalization.NESTED,
            List.of(optional("maxIterations", ParamType.INT, 1000L,
                    "the fixpoint iteration bound; reaching it is an error")));

    private final String json;
    private final String glyph;
    private final String title;
    private final Category category;
    private final List<String> inputs;
    private final List<String> outputs;
    private final Algebra algebra;
    private final boolean strict;
    private final boolean stateful;
    private final Incrementalization incrementalization;
    private final List<ParamSpec> params;

    OpKind(String json, String glyph, String title, Category category, List<String> inputs, List<String> outputs,
           Algebra algebra, boolean strict, boolean stateful, Incrementalization incrementalization,
           List<ParamSpec> params) {
        this.json = json;
        this.glyph = glyph;
        this.title = title;
        this.category = category;
        this.inputs = inputs;
        this.outputs = outputs;
        this.algebra = algebra;
        this.strict = strict;
        this.stateful = stateful;
        this.incrementalization = incrementalization;
        this.params = params;
    }

    private static ParamSpec clock() {
        return choice("clock", "inner", "which clock it delays or integrates over: the circuit's own ('inner'),"
                + " or, inside a nested circuit, the outer one ('outer', kept per inner iteration)", "inner", "outer");
    }

    /** The name used in JSON files. */
    public String json() {
        return json;
    }

    /** The mathematical symbol drawn on the box. */
    public String glyph() {
        return glyph;
    }

    public String title() {
        return title;
    }

    public Category category() {
        return category;
    }

    public Algebra algebra() {
        return algebra;
    }

    /** Declared strictness; see {@link #isStrict(Operator)} for an operator's actual strictness. */
    public boolean strict() {
        return strict;
    }

    public boolean stateful() {
        return stateful;
    }

    public Incrementalization incrementalization() {
        return incrementalization;
    }

    public List<ParamSpec> params() {
        return params;
    }

    public Optional<ParamSpec> param(String name) {
        return params.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * Whether this operator is strict in its own circuit's clock: a {@code z⁻¹} is, unless it
     * delays over the outer clock of a nested circuit.
     */
    public boolean isStrict(Operator op) {
        return strict && !op.isOuterClock();
    }

    /** The input ports of an operator of this kind (scalar functions and nested circuits derive theirs). */
    public List<String> inputPorts(Operator op) {
        return switch (this) {
            case SCALAR -> op.params().strings("inputs");
            case NESTED -> op.child() == null ? List.of() : op.child().boundaryPorts(DELTA0);
            default -> inputs;
        };
    }

    /** The output ports of an operator of this kind. */
    public List<String> outputPorts(Operator op) {
        return this == NESTED ? (op.child() == null ? List.of() : op.child().boundaryPorts(INTEGRAL)) : outputs;
    }

    /** The kind with this JSON name (case-insensitive). */
    public static Optional<OpKind> fromJson(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(k -> k.json.equals(n)).findFirst();
    }
}
