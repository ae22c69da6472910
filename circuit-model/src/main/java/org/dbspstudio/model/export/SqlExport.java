package org.dbspstudio.model.export;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.SortKey;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.graph.CircuitGraph;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.typing.TypeInference;

/**
 * Circuit → SQL program ({@link SqlProgram}) in a {@link Dialect}.
 *
 * <p>A snapshot circuit maps operator by operator: an input becomes a table, each relational
 * operator a view named after its id (or after the output it feeds), an output a view named after
 * the output. Z-set weights are bag multiplicities: {@code +} is {@code UNION ALL}, {@code ∪}
 * {@code UNION}, {@code ∖} {@code DISTINCT (a EXCEPT ALL b)}, {@code ∩}/{@code ∸} {@code INTERSECT}/{@code EXCEPT}
 * (with {@code ALL} for bags), distinct {@code SELECT DISTINCT},
 * the semijoin {@code EXISTS}, the antijoin {@code NOT EXISTS}, the weighted semijoin
 * {@code SELECT l.* … JOIN}, the outer joins {@code LEFT|RIGHT|FULL JOIN}. A nested circuit of the shape the recursion samples use —
 * inputs entering through {@code I(δ₀(x))}, feedback through an inner {@code z⁻¹}, outputs leaving
 * through {@code ∫(D(y))} — is a fixpoint: in Feldera, the view read through the {@code z⁻¹} is a
 * forward-declared recursive view. An incremental circuit ({@code "inputMode": "changes"}) is
 * exported in its snapshot form ({@link SnapshotForm}), since both engines incrementalize SQL
 * themselves.
 *
 * <p>What has no SQL form is refused with an {@link ExportException} naming the operator: streams
 * of integers, {@code z⁻¹}/{@code I}/{@code D} over the steps, negation ({@code −}, {@code −x}:
 * SQL relations hold no negative multiplicities), indexed Z-sets, scalar functions, recursion in
 * Flink, and nested circuits of other shapes.
 *
 * <p>This class names the tables and views and checks the circuit's shape; {@link OperatorSql} writes
 * each operator's query.
 */
public final class SqlExport {
    final Dialect dialect;
    private final Circuit top;
    final InferredTypes types;
    private final Map<String, String> viewName = new HashMap<>();
    private final Map<String, String> tableName = new HashMap<>();
    private final Map<String, Circuit> levelOf = new HashMap<>();
    private final Map<Circuit, Operator> nestedOf = new IdentityHashMap<>();
    private final Set<String> taken = new HashSet<>();
    private final Set<String> recursive = new LinkedHashSet<>();
    private final List<SqlProgram.Table> tables = new ArrayList<>();
    private final List<SqlProgram.View> views = new ArrayList<>();
    private final OperatorSql operators;

    private SqlExport(Dialect dialect, Circuit top, InferredTypes types) {
        this.dialect = dialect;
        this.top = top;
        this.types = types;
        this.operators = new OperatorSql(this);
    }

    /** Exports a document's circuit, titled with the document's name. */
    public static SqlProgram export(CircuitDocument doc, Dialect dialect) throws ExportException {
        return export(doc.circuit(), dialect, doc.name());
    }

    /** Exports a circuit; {@code title} goes into the header comment. */
    public static SqlProgram export(Circuit circuit, Dialect dialect, String title) throws ExportException {
        List<String> notes = new ArrayList<>();
        notes.add(dialect.title() + " exported by DBSP Studio" + (title == null || title.isEmpty() ? "" : " from \"" + title + "\""));
        Circuit snapshot = circuit;
        if (circuit.inputMode() == Circuit.InputMode.CHANGES) {
            snapshot = SnapshotForm.derive(circuit);
            notes.add("This is the SNAPSHOT form of an incremental circuit (\"inputMode\": \"changes\"): its I, D, z⁻¹,");
            notes.add("H and expanded joins were mapped back to the relational operators they incrementalize. The target");
            notes.add("engine maintains these views incrementally itself; their changes are the circuit's outputs.");
        } else {
            notes.add("Tables hold the inputs' contents; each view's changes are the circuit's output changes.");
        }
        InferredTypes types = TypeInference.infer(snapshot);
        if (!types.ok()) {
            Diagnostic d = types.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
            throw new ExportException(d.operators().isEmpty() ? null : d.operators().get(0),
                    "the circuit has type errors (" + d.message() + "); fix them first (bin/dbsp validate)");
        }
        SqlExport x = new SqlExport(dialect, snapshot, types);
        x.run();
        if (!x.recursive.isEmpty()) {
            notes.add("Recursive views (DECLARE RECURSIVE VIEW) are the fixpoints of nested circuits.");
        }
        List<SqlProgram.View> views = x.views.stream()
                .map(v -> new SqlProgram.View(v.name(), v.schema(), v.query(), v.output(), x.recursive.contains(v.name())))
                .toList();
        return new SqlProgram(dialect, notes, x.tables, views);
    }

    // ---------------------------------------------------------------- naming

    private static boolean isView(OpKind k) {
        return switch (k) {
            case CONSTANT, FILTER, MAP, FLATMAP, JOIN, PRODUCT, DISTINCT, AGGREGATE, SEMIJOIN, WEIGHTED_SEMIJOIN, ANTIJOIN, LEFT_JOIN,
                    RIGHT_JOIN, FULL_JOIN, STREAM_JOIN, UNION, DIFFERENCE, PLUS,
                    MINUS, NEGATE, INDEX, INTERSECT, EXCEPT, TOP_K, OVER, TIME_WINDOW -> true;
            default -> false;
        };
    }

    private String unique(String base, String suffix) {
        String name = base;
        for (int i = 2; taken.contains(name.toLowerCase(Locale.ROOT)); i++) {
            name = base + suffix + (i == 2 ? "" : i);
        }
        taken.add(name.toLowerCase(Locale.ROOT));
        return name;
    }

    private void index(Circuit c) {
        for (Operator op : c.operators()) {
            levelOf.put(op.id(), c);
            if (op.child() != null) {
                nestedOf.put(op.child(), op);
                index(op.child());
            }
        }
    }

    private void run() throws ExportException {
        index(top);
        for (Operator op : top.operators()) {
            if (op.kind() == OpKind.INPUT) {
                StreamType t = op.params().type("type");
                RowSchema row = rows(op, t, "input " + op.params().string("name"));
                String name = unique(op.params().string("name"), "_t");
                tableName.put(op.id(), name);
                tables.add(new SqlProgram.Table(name, row));
            }
        }
        Map<String, String> outputView = new HashMap<>();
        for (Operator op : top.operators()) {
            if (op.kind() == OpKind.OUTPUT) {
                String name = unique(op.params().string("name"), "_out");
                outputView.put(op.id(), name);
                Operator src = top.op(feeding(top, op, "in").from().op());
                if (isView(src.kind()) && !viewName.containsKey(src.id())) {
                    viewName.put(src.id(), name);
                }
            }
        }
        List<Operator> all = new ArrayList<>();
        top.forEachDeep(all::add);
        for (Operator op : all) {
            if (isView(op.kind()) && !viewName.containsKey(op.id())) {
                viewName.put(op.id(), unique(op.id(), "_v"));
            }
        }
        Map<String, String> outputOf = new HashMap<>();
        for (Operator op : top.operators()) {
            if (op.kind() == OpKind.OUTPUT) {
                outputOf.putIfAbsent(outputView.get(op.id()), op.params().string("name"));
            }
        }
        emitLevel(top, outputOf);
        for (Operator op : top.operators()) {
            if (op.kind() == OpKind.OUTPUT) {
                PortRef from = feeding(top, op, "in").from();
                String name = outputView.get(op.id());
                if (!name.equals(viewName.get(from.op()))) {
                    views.add(new SqlProgram.View(name, schema(from), "SELECT *\nFROM " + rel(from),
                            op.params().string("name"), false));
                }
            }
        }
    }

    // ---------------------------------------------------------------- relations

    static Stream feeding(Circuit c, Operator op, String port) throws ExportException {
        return c.feeding(new PortRef(op.id(), port))
                .orElseThrow(() -> new ExportException(op.id(), "input port " + port + " is not connected"));
    }

    RowSchema rows(Operator op, StreamType t, String what) throws ExportException {
        if (t instanceof StreamType.ZSet z) {
            return z.row();
        }
        if (t instanceof StreamType.Integers) {
            throw new ExportException(op.id(), what + " is a stream of integers (type Z); SQL tables and views hold rows");
        }
        if (t instanceof StreamType.Indexed) {
            throw new ExportException(op.id(), what + " is an indexed Z-set; SQL has no grouped relations"
                    + " (use the aggregate's groupBy instead of an index)");
        }
        throw new ExportException(op.id(), what + " has no known type");
    }

    RowSchema schema(PortRef out) throws ExportException {
        Operator op = levelOf.get(out.op()) == null ? null : levelOf.get(out.op()).op(out.op());
        return rows(op == null ? Operator.of(out.op(), OpKind.MAP) : op, types.typeOf(out), "stream " + out);
    }

    /** The SQL name of the relation an output port carries. */
    String rel(PortRef out) throws ExportException {
        Circuit c = levelOf.get(out.op());
        Operator op = c.op(out.op());
        switch (op.kind()) {
            case INPUT:
                return dialect.id(tableName.get(op.id()));
            case INTEGRATE: {
                Operator src = c.op(feeding(c, op, "in").from().op());
                return outerRel(c, src);
            }
            case DELAY: {
                PortRef in = feeding(c, op, "in").from();
                Operator src = c.op(in.op());
                if (!isView(src.kind()) || nestedOf.get(c) == null) {
                    throw new ExportException(op.id(), "z⁻¹ must delay a relational operator of the nested circuit");
                }
                recursive.add(viewName.get(src.id()));
                return rel(in);
            }
            case DIFFERENTIATE:
                return rel(feeding(c, op, "in").from());
            case NESTED: {
                Operator integral = op.child().operatorsOfKind(OpKind.INTEGRAL).stream()
                        .filter(o -> out.port().equals(o.params().string("port"))).findFirst()
                        .orElseThrow(() -> new ExportException(op.id(), "no ∫ writes output port " + out.port()));
                return rel(feeding(op.child(), integral, "in").from());
            }
            default:
                if (isView(op.kind())) {
                    return dialect.id(viewName.get(op.id()));
                }
                throw new ExportException(op.id(), op.kind().title() + " has no SQL form here");
        }
    }

    /** The outer relation a δ₀ of nested level {@code c} reads. */
    private String outerRel(Circuit c, Operator delta0) throws ExportException {
        Operator nested = nestedOf.get(c);
        Circuit parent = levelOf.get(nested.id());
        return rel(feeding(parent, nested, delta0.params().string("port")).from());
    }

    // ---------------------------------------------------------------- emitting

    private void emitLevel(Circuit c, Map<String, String> outputOf) throws ExportException {
        boolean nestedLevel = c != top;
        for (String id : CircuitGraph.of(c).dependencyOrder()) {
            Operator op = c.op(id);
            checkShape(c, op, nestedLevel);
            if (op.kind() == OpKind.NESTED) {
                if (!dialect.supportsRecursion()) {
                    throw new ExportException(op.id(), "nested circuit (recursion): " + dialect.title()
                            + " has no recursive queries; export to feldera-sql");
                }
                if (nestedLevel) {
                    throw new ExportException(op.id(), "a nested circuit inside a nested circuit has no SQL form");
                }
                emitLevel(op.child(), outputOf);
                continue;
            }
            if (!isView(op.kind())) {
                continue;
            }
            PortRef out = new PortRef(op.id(), "out");
            RowSchema schema = schema(out);
            String name = viewName.get(op.id());
            views.add(new SqlProgram.View(name, schema, operators.query(c, op, schema), outputOf.get(name), false));
        }
    }

    private List<Operator> consumers(Circuit c, Operator op) {
        return c.streamsFrom(op.id()).stream().map(s -> c.op(s.to().op())).toList();
    }

    /** Refuses the operators (and shapes) that have no SQL form. */
    private void checkShape(Circuit c, Operator op, boolean nestedLevel) throws ExportException {
        String id = op.id();
        boolean outer = op.clock() == Clock.OUTER;
        switch (op.kind()) {
            case MINUS, NEGATE -> throw new ExportException(id, op.kind().title()
                    + " may produce negative weights, which SQL tables and views cannot hold (bags count rows ≥ 0)");
            case INDEX -> throw new ExportException(id, "an indexed Z-set has no SQL form (use the aggregate's groupBy"
                    + " instead of an index)");
            case SCALAR -> throw new ExportException(id, "a scalar function over integer streams has no SQL form");
            case H -> throw new ExportException(id, "H (incremental distinct) in a snapshot circuit has no SQL form");
            case H_SET -> throw new ExportException(id, "H₂ (incremental set operation) in a snapshot circuit has no SQL form");
            case TOP_K -> {
                SortKey.Rank rank = SortKey.Rank.fromJson(op.params().string("rank"));
                if (dialect == Dialect.FLINK && rank != SortKey.Rank.ROW_NUMBER) {
                    throw new ExportException(id, "top-k by " + rank.name() + ": Flink SQL's Top-N takes ROW_NUMBER only"
                            + " (\"" + rank.name() + "() on streaming table is not supported currently\"); export to feldera-sql");
                }
            }
            case OVER -> {
                if (dialect == Dialect.FLINK) {
                    throw new ExportException(id, "a window aggregate is not exported to Flink SQL: Flink's OVER aggregates"
                            + " need an ORDER BY on a time attribute of an append-only stream, which circuits do not have;"
                            + " export to feldera-sql");
                }
            }
            case OVER_DELTA -> throw new ExportException(id, "overΔ (incremental window aggregate) in a snapshot circuit"
                    + " has no SQL form");
            case WINDOW, WINDOW_INTEGRATE -> throw new ExportException(id, op.kind().title() + " reads the waterline θ, a"
                    + " stream of integers over the steps, which SQL views do not have (Flink expresses a waterline as a"
                    + " WATERMARK on a TIMESTAMP column, Feldera as LATENESS; neither maps from θ)");
            case CONSTANT -> {
                if (op.params().bool("once")) {
                    throw new ExportException(id, "a constant emitted at step 0 only changes over time; SQL views have no notion of steps");
                }
            }
            case DELAY, INTEGRATE, DIFFERENTIATE -> {
                String what = switch (op.kind()) {
                    case DELAY -> "z⁻¹";
                    case INTEGRATE -> "I";
                    default -> "D";
                };
                if (!nestedLevel || outer) {
                    throw new ExportException(id, what + " works over " + (outer ? "the outer clock's" : "the")
                            + " steps; SQL views have no notion of time (the engine incrementalizes by itself:"
                            + " export the snapshot circuit)");
                }
                if (op.kind() == OpKind.INTEGRATE) {
                    Operator src = c.op(feeding(c, op, "in").from().op());
                    if (src.kind() != OpKind.DELTA0) {
                        throw new ExportException(id, "I inside a nested circuit sums over iterations; only I(δ₀(x)),"
                                + " the outer relation x seen at every iteration, has a SQL form");
                    }
                }
                if (op.kind() == OpKind.DIFFERENTIATE
                        && consumers(c, op).stream().anyMatch(o -> o.kind() != OpKind.INTEGRAL)) {
                    throw new ExportException(id, "D inside a nested circuit yields each iteration's change; only"
                            + " ∫(D(x)), the fixpoint of x, has a SQL form");
                }
            }
            case DELTA0 -> {
                for (Operator o : consumers(c, op)) {
                    if (o.kind() != OpKind.INTEGRATE || o.clock() == Clock.OUTER) {
                        throw new ExportException(id, "δ₀ feeds " + o.id() + " directly: the input would exist at the"
                                + " first iteration only; only I(δ₀(x)) has a SQL form");
                    }
                }
            }
            case INTEGRAL -> {
                Operator src = c.op(feeding(c, op, "in").from().op());
                if (src.kind() != OpKind.DIFFERENTIATE || src.clock() == Clock.OUTER) {
                    throw new ExportException(id, "∫ sums its input over the iterations; only ∫(D(x)), the fixpoint"
                            + " of x, has a SQL form");
                }
            }
            default -> {
            }
        }
    }
}
