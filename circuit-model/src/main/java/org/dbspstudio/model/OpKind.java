package org.dbspstudio.model;

import static org.dbspstudio.model.Accepts.ANY;
import static org.dbspstudio.model.Accepts.INTEGERS;
import static org.dbspstudio.model.Accepts.ROWS;
import static org.dbspstudio.model.Accepts.ROWS_OR_INDEXED;
import static org.dbspstudio.model.Category.INCREMENTAL;
import static org.dbspstudio.model.Category.RELATIONAL;
import static org.dbspstudio.model.Category.SOURCES_AND_SINKS;
import static org.dbspstudio.model.Category.STREAM_CALCULUS;
import static org.dbspstudio.model.KindSpec.kind;
import static org.dbspstudio.model.ParamSpec.optional;
import static org.dbspstudio.model.ParamSpec.required;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.Typing;

/**
 * The operator catalog: one {@link KindSpec} per kind, the one place that says what a kind is —
 * its ports and the groups they accept, how it incrementalizes (and so its algebra), strictness,
 * state, positivity, parameters, label, DOT shape, palette group and starting parameters.
 *
 * <p>Adding a kind means: an entry here, its typing rule in {@link Typing#outputTypes} and its
 * runtime in the engine's {@code Ops} (both exhaustive switches, so the compiler names them), an
 * {@link Incrementalization} some rewrite rule handles, and a sample using it (the samples'
 * {@code CatalogTest} names what is missing).
 */
public enum OpKind {
    INPUT(kind("input", "in", "Input", SOURCES_AND_SINKS)
            .output("out")
            .incrementalization(Incrementalization.BOUNDARY)
            .params(required("name", ParamType.STRING, "table or stream name"),
                    required("type", ParamType.TYPE, "Z, or the row schema of the table"))
            .label(Labels.glyphAnd("name")).dotShape("ellipse")
            .startingFrom(id -> Map.of("name", id, "type", StreamType.Z))),
    OUTPUT(kind("output", "out", "Output", SOURCES_AND_SINKS)
            .input("in", ANY)
            .incrementalization(Incrementalization.BOUNDARY)
            .params(required("name", ParamType.STRING, "view name"))
            .label(Labels.glyphAnd("name")).dotShape("ellipse")
            .startingFrom(id -> Map.of("name", id))),
    CONSTANT(kind("constant", "c", "Constant", SOURCES_AND_SINKS)
            .output("out")
            .incrementalization(Incrementalization.CONSTANT)
            .positive(PositiveOutput.WHEN_ROWS_POSITIVE)
            .params(required("type", ParamType.TYPE, "Z, or the row schema"),
                    optional("value", ParamType.INT, 0L, "the integer value (type Z)"),
                    optional("rows", ParamType.CHANGES, List.of(), "the Z-set value (row types)"),
                    optional("once", ParamType.BOOL, false, "emit the value at step 0 only (the derivative of a constant)"))
            .label(Labels::constant)
            .starting("type", StreamType.Z, "value", 1L)),

    PLUS(kind("plus", "+", "Plus", STREAM_CALCULUS)
            .input("a", ANY).input("b", ANY).sharedGroup().output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .absorbsDistinct(DistinctAbsorption.WHEN_INPUTS_POSITIVE)),
    MINUS(kind("minus", "−", "Minus", STREAM_CALCULUS)
            .input("a", ANY).input("b", ANY).sharedGroup().output("out")
            .incrementalization(Incrementalization.UNCHANGED)),
    NEGATE(kind("negate", "−x", "Negate", STREAM_CALCULUS)
            .input("in", ANY).output("out")
            .incrementalization(Incrementalization.UNCHANGED)),
    DELAY(kind("delay", "z⁻¹", "Delay", STREAM_CALCULUS)
            .input("in", ANY).output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .strict().clocked()
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .label(Labels::clocked)),
    INTEGRATE(kind("integrate", "I", "Integrate", STREAM_CALCULUS)
            .input("in", ANY).output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .clocked().inverse("differentiate")
            .label(Labels::clocked)),
    DIFFERENTIATE(kind("differentiate", "D", "Differentiate", STREAM_CALCULUS)
            .input("in", ANY).output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .clocked().inverse("integrate")
            .label(Labels::clocked)),
    DELTA0(kind("delta0", "δ₀", "Enter nested (δ₀)", STREAM_CALCULUS)
            .output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .params(required("port", ParamType.STRING, "the nested circuit's input port this reads"))
            .portParam("port")
            .label(Labels.glyphAnd("port")).dotShape("cds")
            .starting("port", "in")),
    INTEGRAL(kind("integral", "∫", "Leave nested (∫)", STREAM_CALCULUS)
            .input("in", ANY)
            .incrementalization(Incrementalization.UNCHANGED)
            .params(required("port", ParamType.STRING, "the nested circuit's output port this writes"))
            .portParam("port")
            .label(Labels.glyphAnd("port")).dotShape("cds")
            .starting("port", "out")),

    FILTER(kind("filter", "σ", "Filter", RELATIONAL)
            .input("in", ROWS).output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .absorbsDistinct(DistinctAbsorption.ALWAYS)
            .params(required("predicate", ParamType.EXPR, "SQL condition; rows where it is TRUE pass"))
            .label(Labels.glyphAnd("predicate"))
            .starting("predicate", "")),
    MAP(kind("map", "π", "Map", RELATIONAL)
            .input("in", ROWS).output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .absorbsDistinct(DistinctAbsorption.WHEN_INPUTS_POSITIVE)
            .params(required("projection", ParamType.NAMED_EXPRS, "output columns: expressions with names"))
            .label(Labels.glyphAndExprs("projection"))),
    FLATMAP(kind("flatmap", "⋃π", "Flat-map", RELATIONAL)
            .input("in", ROWS).output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .absorbsDistinct(DistinctAbsorption.WHEN_INPUTS_POSITIVE)
            .params(required("projections", ParamType.NAMED_EXPR_LISTS,
                    "one projection per output row; every input row yields one row for each"))),
    JOIN(kind("join", "⋈", "Join", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.BILINEAR_EXPANSION)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .absorbsDistinct(DistinctAbsorption.WHEN_INPUTS_POSITIVE)
            .params(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST, "key expressions over the right rows"),
                    optional("projection", ParamType.NAMED_EXPRS, null,
                            "output columns over l.* and r.*; default: all left then all right columns"))
            .label(Labels::keys)),
    PRODUCT(kind("product", "×", "Cartesian product", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.BILINEAR_EXPANSION)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .absorbsDistinct(DistinctAbsorption.WHEN_INPUTS_POSITIVE)
            .params(optional("projection", ParamType.NAMED_EXPRS, null,
                    "output columns over l.* and r.*; default: all left then all right columns"))),
    DISTINCT(kind("distinct", "distinct", "Distinct", RELATIONAL)
            .input("in", ANY).output("out")
            .incrementalization(Incrementalization.DISTINCT_TO_H)
            .positive(PositiveOutput.ALWAYS)),
    INDEX(kind("index", "G", "Index / group-by", RELATIONAL)
            .input("in", ROWS).output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .params(required("keys", ParamType.NAMED_EXPRS, "key columns: expressions with names"))
            .label(Labels.glyphAndExprs("keys"))),
    AGGREGATE(kind("aggregate", "Σ", "Aggregate", RELATIONAL)
            .input("in", ROWS_OR_INDEXED).output("out")
            .incrementalization(Incrementalization.AGGREGATE)
            .positive(PositiveOutput.ALWAYS)
            .params(optional("groupBy", ParamType.NAMED_EXPRS, List.of(),
                            "grouping columns (empty: one global group); ignored for an indexed input, whose key groups"),
                    required("aggregates", ParamType.AGGREGATES, "COUNT, SUM, MIN, MAX, AVG columns"))
            .label(Labels::aggregate)
            .starting("aggregates", List.of(new AggCall(AggFunction.COUNT, null, "cnt")))),
    SEMIJOIN(kind("semijoin", "⋉", "Semijoin", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.SEMIJOIN)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .params(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST,
                            "key expressions over the right rows; a left row passes when its key's right weights sum above 0"))
            .label(Labels::keys)),
    WEIGHTED_SEMIJOIN(kind("weighted_semijoin", "⋉ʷ", "Weighted semijoin", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.BILINEAR_EXPANSION)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .params(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST,
                            "key expressions over the right rows; a left row's weight is multiplied by the sum of its key's right weights"))
            .label(Labels::keys)),
    ANTIJOIN(kind("antijoin", "▷", "Antijoin", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.ANTIJOIN)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .params(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST,
                            "key expressions over the right rows; a left row passes when its key's right weights sum to 0 or less"))
            .label(Labels::keys)),
    LEFT_JOIN(kind("left_join", "⟕", "Left outer join", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.OUTER_JOIN)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .params(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST,
                            "key expressions over the right rows; an unmatched left row is kept with NULL right columns"),
                    optional("projection", ParamType.NAMED_EXPRS, null,
                            "output columns over l.* and r.* (NULL in a padded row); default: all left then all right columns"))
            .label(Labels::keys)),
    RIGHT_JOIN(kind("right_join", "⟖", "Right outer join", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.OUTER_JOIN)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .params(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST,
                            "key expressions over the right rows; an unmatched right row is kept with NULL left columns"),
                    optional("projection", ParamType.NAMED_EXPRS, null,
                            "output columns over l.* and r.* (NULL in a padded row); default: all left then all right columns"))
            .label(Labels::keys)),
    FULL_JOIN(kind("full_join", "⟗", "Full outer join", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.OUTER_JOIN)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .params(required("leftKeys", ParamType.EXPR_LIST, "key expressions over the left rows"),
                    required("rightKeys", ParamType.EXPR_LIST,
                            "key expressions over the right rows; unmatched rows of either side are kept with NULLs for the other"),
                    optional("projection", ParamType.NAMED_EXPRS, null,
                            "output columns over l.* and r.* (NULL in a padded row); default: all left then all right columns"))
            .label(Labels::keys)),
    STREAM_JOIN(kind("stream_join", "⋈ₛ", "Stream–table join", RELATIONAL)
            .input("left", ROWS).input("right", ROWS).output("out")
            .incrementalization(Incrementalization.STREAM_TABLE_JOIN)
            .stateful()
            .params(required("leftKeys", ParamType.EXPR_LIST,
                            "key expressions over the left rows: the stream, each row matched once, when it arrives"),
                    required("rightKeys", ParamType.EXPR_LIST,
                            "key expressions over the right rows: the table, matched as it is at the stream row's step"),
                    optional("projection", ParamType.NAMED_EXPRS, null,
                            "output columns over l.* and r.*; default: all left then all right columns"))
            .label(Labels::keys)),
    UNION(kind("union", "∪", "Union", RELATIONAL)
            .input("a", ANY).input("b", ANY).sharedGroup().output("out")
            .incrementalization(Incrementalization.DESUGAR)
            .positive(PositiveOutput.ALWAYS)),
    DIFFERENCE(kind("difference", "∖", "Difference", RELATIONAL)
            .input("a", ANY).input("b", ANY).sharedGroup().output("out")
            .incrementalization(Incrementalization.DESUGAR)
            .positive(PositiveOutput.ALWAYS)),

    INTERSECT(kind("intersect", "∩", "Intersect", RELATIONAL)
            .input("a", ROWS).input("b", ROWS).sharedGroup().output("out")
            .incrementalization(Incrementalization.POINTWISE)
            .positive(PositiveOutput.ALWAYS)
            .params(optional("all", ParamType.BOOL, false,
                    "INTERSECT ALL (bags: each row min(a, b) times); otherwise INTERSECT (a set: rows in both)"))
            .label(Labels::setOperation)),
    EXCEPT(kind("except", "∸", "Except", RELATIONAL)
            .input("a", ROWS).input("b", ROWS).sharedGroup().output("out")
            .incrementalization(Incrementalization.POINTWISE)
            .positive(PositiveOutput.ALWAYS)
            .params(optional("all", ParamType.BOOL, false,
                    "EXCEPT ALL (bags: each row max(0, a − b) times); otherwise EXCEPT (a set: rows of a not in b)"))
            .label(Labels::setOperation)),

    TOP_K(kind("topk", "top", "Top-k", RELATIONAL)
            .input("in", ROWS).output("out")
            .incrementalization(Incrementalization.TOP_K)
            .positive(PositiveOutput.ALWAYS)
            .params(optional("partitionBy", ParamType.EXPR_LIST, List.of(),
                            "partition keys (PARTITION BY); empty: one partition, the whole input"),
                    required("orderBy", ParamType.EXPR_LIST,
                            "sort keys, each 'expr [ASC|DESC] [NULLS FIRST|LAST]' (NULL is smallest by default);"
                                    + " ties are broken by the whole row, column by column"),
                    required("k", ParamType.INT, "how many ranks to keep per partition (≥ 1)"),
                    ParamSpec.choice("rank", "row_number", "the rank compared with k: ROW_NUMBER (k copies),"
                            + " RANK (peers share a rank, gaps after ties) or DENSE_RANK (no gaps)",
                            "row_number", "rank", "dense_rank"),
                    optional("rankColumn", ParamType.STRING, null,
                            "the name of an extra BIGINT output column holding the rank; none when absent"))
            .label(Labels::topK)
            .starting("orderBy", List.of(), "k", 3L)),

    TIME_WINDOW(kind("timewindow", "⊞", "Tumbling / hopping window", RELATIONAL)
            .input("in", ROWS).output("out")
            .incrementalization(Incrementalization.UNCHANGED)
            .positive(PositiveOutput.WHEN_INPUTS_POSITIVE)
            .params(required("timestamp", ParamType.EXPR, "the row's time, an integer expression (e.g. seconds)"),
                    required("size", ParamType.INT, "window length (≥ 1)"),
                    optional("slide", ParamType.INT, null,
                            "distance between window starts (≥ 1); absent: the size (tumbling windows)"))
            .label(Labels::timeWindow)
            .starting("timestamp", "", "size", 10L)),
    WINDOW(kind("window", "W", "Window above the waterline", RELATIONAL)
            .input("in", ROWS).input("waterline", INTEGERS).output("out")
            .incrementalization(Incrementalization.WATERLINE)
            .params(required("timestamp", ParamType.EXPR, "the row's time, an integer expression"),
                    optional("bound", ParamType.INT, 0L,
                            "how far below the waterline θ a row is kept: rows with timestamp ≥ θ − bound pass (≥ 0)"))
            .label(Labels::window)
            .starting("timestamp", "", "bound", 0L)),

    OVER(kind("over", "over", "Window aggregate (OVER)", RELATIONAL)
            .input("in", ROWS).output("out")
            .incrementalization(Incrementalization.WINDOW_AGGREGATE)
            .positive(PositiveOutput.ALWAYS)
            .params(overParams())
            .label(Labels::over)
            .starting("orderBy", List.of(), "aggregates", List.of(new AggCall(AggFunction.COUNT, null, "cnt")))),

    SCALAR(kind("scalar", "f", "Scalar function", Category.SCALAR)
            .inputsFrom(op -> op.params().strings("inputs"), INTEGERS).portParam("inputs")
            .output("out")
            .incrementalization(Incrementalization.FALLBACK)
            .params(required("inputs", ParamType.STRINGS, "names of the input ports (integer streams)"),
                    required("expr", ParamType.EXPR, "SQL expression over the inputs, of an integer type"))
            .label(op -> op.params().string("expr"))
            .starting("inputs", List.of("x"), "expr", "x")),

    H(kind("h", "H", "Incremental distinct (H)", INCREMENTAL)
            .input("integrated", ANY).input("delta", ANY).sharedGroup().output("out")
            .incrementalization(Incrementalization.PRIMITIVE)),

    H_SET(kind("hset", "H₂", "Incremental set operation (H₂)", INCREMENTAL)
            .input("a", ROWS).input("b", ROWS).input("da", ROWS).input("db", ROWS).sharedGroup().output("out")
            .incrementalization(Incrementalization.PRIMITIVE)
            .params(ParamSpec.choice("of", "intersect", "the set operation whose change this computes", "intersect", "except"),
                    optional("all", ParamType.BOOL, false, "bag semantics (INTERSECT ALL, EXCEPT ALL)"))
            .label(Labels::incrementalSetOperation)),

    WINDOW_INTEGRATE(kind("windowintegrate", "I_W", "Integrate above the waterline (I_W)", INCREMENTAL)
            .input("delta", ROWS).input("waterline", INTEGERS).output("out")
            .incrementalization(Incrementalization.PRIMITIVE)
            .stateful()
            .params(required("timestamp", ParamType.EXPR, "the row's time, an integer expression"),
                    optional("bound", ParamType.INT, 0L, "rows with timestamp ≥ θ − bound are kept (≥ 0)"))
            .label(Labels::window)
            .starting("timestamp", "", "bound", 0L)),

    OVER_DELTA(kind("overdelta", "overΔ", "Incremental window aggregate (overΔ)", INCREMENTAL)
            .input("delta", ROWS).output("out")
            .incrementalization(Incrementalization.PRIMITIVE)
            .stateful()
            .params(overParams())
            .label(Labels::over)
            .starting("orderBy", List.of(), "aggregates", List.of(new AggCall(AggFunction.COUNT, null, "cnt")))),

    NESTED(kind("nested", "⟲", "Nested circuit", Category.NESTED)
            .inputsFrom(op -> op.child() == null ? List.of() : op.child().boundaryPorts(OpKind.DELTA0), ANY)
            .outputsFrom(op -> op.child() == null ? List.of() : op.child().boundaryPorts(OpKind.INTEGRAL))
            .incrementalization(Incrementalization.NESTED)
            .stateful()
            .params(optional("maxIterations", ParamType.INT, 1000L,
                    "the fixpoint iteration bound; reaching it is an error"))
            .dotShape("box3d"));

    /**
     * The parameters of a window aggregate ({@code agg OVER (PARTITION BY … ORDER BY … ROWS|RANGE BETWEEN …
     * PRECEDING AND CURRENT ROW)}), shared by {@link #OVER} and its incremental form {@link #OVER_DELTA}.
     */
    private static ParamSpec[] overParams() {
        return new ParamSpec[] {
            optional("partitionBy", ParamType.EXPR_LIST, List.of(),
                    "partition keys (PARTITION BY); empty: one partition, the whole input"),
            optional("orderBy", ParamType.EXPR_LIST, List.of(),
                    "sort keys, each 'expr [ASC|DESC] [NULLS FIRST|LAST]' (NULL is smallest by default); ties are"
                            + " broken by the whole row, column by column; empty: every row of a partition is a peer"),
            ParamSpec.choice("frame", "range", "the frame unit: RANGE (by the ORDER BY value; peers are in each other's"
                    + " frames) or ROWS (by position)", "range", "rows"),
            optional("preceding", ParamType.INT, null,
                    "the frame starts this many rows (ROWS) or this much of the single ORDER BY value (RANGE) before the"
                            + " current row (≥ 0; 0 is CURRENT ROW); absent: UNBOUNDED PRECEDING. The frame always ends"
                            + " at CURRENT ROW"),
            required("aggregates", ParamType.AGGREGATES,
                    "COUNT, SUM, MIN, MAX, AVG over each row's frame, appended to the row as columns")
        };
    }

    private final KindSpec spec;

    OpKind(KindSpec.Builder spec) {
        this.spec = spec.build();
    }

    /** Everything the catalog declares about this kind. */
    public KindSpec spec() {
        return spec;
    }

    /** The name used in JSON files. */
    public String json() {
        return spec.json();
    }

    /** The mathematical symbol drawn on the box. */
    public String glyph() {
        return spec.glyph();
    }

    public String title() {
        return spec.title();
    }

    public Category category() {
        return spec.category();
    }

    public Algebra algebra() {
        return spec.algebra();
    }

    /** Declared strictness; see {@link #isStrict(Operator)} for an operator's actual strictness. */
    public boolean strict() {
        return spec.strict();
    }

    public boolean stateful() {
        return spec.stateful();
    }

    public Incrementalization incrementalization() {
        return spec.incrementalization();
    }

    public List<ParamSpec> params() {
        return spec.params();
    }

    public Optional<ParamSpec> param(String name) {
        return spec.params().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The kind this one cancels against ({@code I} and {@code D}), if any. */
    public Optional<OpKind> inverse() {
        return spec.inverse() == null ? Optional.empty() : fromJson(spec.inverse());
    }

    /**
     * Whether this operator is strict in its own circuit's clock: a {@code z⁻¹} is, unless it
     * delays over the outer clock of a nested circuit.
     */
    public boolean isStrict(Operator op) {
        return spec.strict() && op.clock() != Clock.OUTER;
    }

    /** The input ports of an operator of this kind (scalar functions and nested circuits derive theirs). */
    public List<String> inputPorts(Operator op) {
        return spec.derivedInputs() != null ? spec.derivedInputs().apply(op) : spec.inputNames();
    }

    /** The output ports of an operator of this kind. */
    public List<String> outputPorts(Operator op) {
        return spec.derivedOutputs() != null ? spec.derivedOutputs().apply(op) : spec.outputs();
    }

    /** The kind with this JSON name (case-insensitive). */
    public static Optional<OpKind> fromJson(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(k -> k.json().equals(n)).findFirst();
    }
}
