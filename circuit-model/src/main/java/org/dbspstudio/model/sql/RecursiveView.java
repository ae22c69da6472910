package org.dbspstudio.model.sql;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.SourceSpan;
import org.dbspstudio.model.types.SqlType;

/**
 * A view's {@code WITH RECURSIVE name AS (seed UNION step)} (its head found by {@link Recursive}) as a
 * nested circuit (Section 5 of the DBSP paper): per table the step reads, δ₀ then ∫ into the child;
 * {@code distinct(seed + step(z⁻¹ r))} inside; {@code ∫(D r)} out. Steps whose least fixpoint is not
 * SQL's answer (non-monotone, or combining two reads of the query in a row), UNION ALL, seeds that
 * read the query and step columns whose type differs from the seed's are refused at line:column.
 */
final class RecursiveView {
    /** Plans a query of the script: its text between two offsets, named {@code what} in errors. */
    interface Planner {
        SqlFrontEnd.Planned plan(String what, List<String> columnNames, int start, int end) throws SqlException;
    }

    private final Script script;
    private final RelDataTypeFactory typeFactory;
    private final CalciteSchema root;
    private final Map<String, SqlFrontEnd.Source> sources;
    private final Circuit circuit;
    private final Map<String, SourceSpan> spans;
    private final Planner planner;

    /**
     * A translation into {@code circuit} (operator spans into {@code spans}), reading the tables and views
     * of {@code sources}; the recursive query's row type is declared in {@code root} under its name, which
     * the caller removes when the view is done.
     */
    RecursiveView(Script script, RelDataTypeFactory typeFactory, CalciteSchema root, Map<String, SqlFrontEnd.Source> sources,
                  Circuit circuit, Map<String, SourceSpan> spans, Planner planner) {
        this.script = script;
        this.typeFactory = typeFactory;
        this.root = root;
        this.sources = sources;
        this.circuit = circuit;
        this.spans = spans;
        this.planner = planner;
    }

    /** The recursive query of view {@code view} as a nested circuit added to the circuit; its output stream. */
    Translator.Node translate(String view, Recursive.Cte cte) throws SqlException {
        if (cte.unionAll()) {
            throw new SqlException(script.line(cte.union().start()), script.column(cte.union().start()),
                    "unsupported: WITH RECURSIVE … UNION ALL (only UNION, the least fixpoint of a set, is supported)");
        }
        if (sources.containsKey(cte.name().toLowerCase(Locale.ROOT))) {
            throw new SqlException(script.line(cte.union().start()), script.column(cte.union().start()),
                    "the recursive query's name '" + cte.name() + "' is already a table or view");
        }
        SqlFrontEnd.Planned seed;
        try {
            seed = planner.plan("the recursive query " + cte.name(), cte.columns(), cte.seedStart(), cte.seedEnd());
        } catch (SqlException e) {
            if (e.getMessage() != null && e.getMessage().contains("Object '" + cte.name() + "' not found")) {
                throw new SqlException(e.error().line(), e.error().column(), "unsupported: " + cte.name()
                        + " is read before the last UNION of its recursive query (only the recursive step after it may read it)");
            }
            throw e;
        }
        RelDataTypeFactory.Builder rb = typeFactory.builder();
        for (int i = 0; i < seed.names().size(); i++) {
            rb.add(seed.names().get(i), typeFactory.createTypeWithNullability(seed.rowType().getFieldList().get(i).getType(), true));
        }
        RelDataType recType = rb.build();
        root.add(cte.name(), new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory f) {
                return recType;
            }
        });
        SqlFrontEnd.Planned step = planner.plan("the recursive step of " + cte.name(), null, cte.stepStart(), cte.stepEnd());
        recursiveStep(step.rel(), cte.name(), step.span());
        if (step.names().size() != seed.names().size()) {
            throw new SqlException(step.span().line(), step.span().column(), "the recursive step of " + cte.name() + " has "
                    + step.names().size() + " columns but its seed has " + seed.names().size());
        }
        for (int i = 0; i < seed.names().size(); i++) {
            RelDataType st = step.rowType().getFieldList().get(i).getType();
            RelDataType sd = recType.getFieldList().get(i).getType();
            SqlType a = Exprs.modelType(st);
            SqlType b = Exprs.modelType(sd);
            boolean widens = a == SqlType.INTEGER && b == SqlType.BIGINT;
            if (a != b && !widens && st.getSqlTypeName() != SqlTypeName.NULL) {
                throw new SqlException(step.span().line(), step.span().column(), "unsupported: column " + (i + 1) + " ("
                        + seed.names().get(i) + ") of the recursive step is " + st.getSqlTypeName() + " but the seed's is "
                        + sd.getSqlTypeName() + " (cast the seed's column to the type both should have)");
            }
        }

        Circuit child = new Circuit();
        String prefix = Translator.cleanId(view) + "_" + Translator.cleanId(cte.name());
        Map<String, Translator.Node> entered = new LinkedHashMap<>();
        Map<String, Translator.Node> outer = new LinkedHashMap<>();
        Translator.Node[] feedback = new Translator.Node[1];
        Translator[] tr = new Translator[2];
        SourceSpan whole = new SourceSpan(seed.span().line(), seed.span().column(), step.span().endLine(), step.span().endColumn());
        Translator.Resolver resolver = (n, at) -> {
            if (n.equalsIgnoreCase(cte.name())) {
                if (feedback[0] == null) {
                    throw new SqlException(at.line(), at.column(), "the seed of a recursive query cannot read " + n);
                }
                return feedback[0];
            }
            String key = n.toLowerCase(Locale.ROOT);
            Translator.Node e = entered.get(key);
            if (e != null) {
                return e;
            }
            SqlFrontEnd.Source src = sources.get(key);
            if (src == null) {
                throw new SqlException(at.line(), at.column(), "unknown table " + n);
            }
            Translator t = tr[1] != null ? tr[1] : tr[0];
            String port = Translator.cleanId(src.name());
            String d0 = t.freshId(prefix + "_enter_" + port);
            t.addTyped(Operator.of(d0, OpKind.DELTA0, "port", port), at, List.of());
            String integ = t.freshId(prefix + "_all_" + port);
            t.addTyped(Operator.of(integ, OpKind.INTEGRATE), at, List.of(d0 + ".out"));
            e = new Translator.Node(integ, "out", src.node().schema());
            entered.put(key, e);
            outer.put(port, src.node());
            return e;
        };
        tr[0] = new Translator(circuit, child, spans, resolver, seed.relSpans(), prefix, seed.rexBuilder(), seed.span());
        try {
            Translator.Node s0 = tr[0].conformTo(tr[0].translateRel(seed.rel(), seed.span()), recType, seed.names(), seed.span());
            String delayId = tr[0].freshId(prefix + "_previous");
            tr[0].addTyped(Operator.of(delayId, OpKind.DELAY), whole, List.of());
            feedback[0] = new Translator.Node(delayId, "out", s0.schema());
            tr[1] = new Translator(circuit, child, spans, resolver, step.relSpans(), prefix, step.rexBuilder(), step.span());
            Translator.Node s1 = tr[1].conformTo(tr[1].translateRel(step.rel(), step.span()), recType, seed.names(), step.span());
            Translator.Node plus = tr[1].addOp(OpKind.PLUS, "facts", whole, List.of(s0, s1));
            Translator.Node dist = tr[1].addOp(OpKind.DISTINCT, "reach", whole, List.of(plus));
            child.connect(dist.ref(), delayId + ".in");
            Translator.Node diff = tr[1].addOp(OpKind.DIFFERENTIATE, "new_facts", whole, List.of(dist));
            String port = Translator.cleanId(cte.name());
            String leave = tr[1].freshId(prefix + "_leave");
            tr[1].addTyped(Operator.of(leave, OpKind.INTEGRAL, "port", port), whole, List.of(diff.ref()));
            String nestedId = circuit.freshId(prefix);
            circuit.add(Operator.nested(nestedId, child));
            spans.put(nestedId, whole);
            for (var e : outer.entrySet()) {
                circuit.connect(e.getValue().ref(), nestedId + "." + e.getKey());
            }
            return new Translator.Node(nestedId, port, dist.schema());
        } catch (SqlException e) {
            for (Translator t : tr) {
                if (t != null) {
                    t.rollback();
                }
            }
            throw e;
        }
    }

    /**
     * Refuses a recursive step whose least fixpoint is not SQL's answer: on its way to each read of
     * the recursive query it may use only SELECT, WHERE, inner joins, IN and UNION (monotone
     * operators), and no row may combine two reads of it (SQL evaluates the step on the rows of the
     * previous iteration only, which equals the least fixpoint only for a step linear in the query).
     */
    private static void recursiveStep(RelNode rel, String name, SourceSpan span) throws SqlException {
        monotone(rel, name, span);
        if (reads(rel, name) > 1) {
            throw new SqlException(span.line(), span.column(), "unsupported: the recursive step joins " + name
                    + " with itself (SQL allows one reference to the recursive query per row)");
        }
    }

    private static void monotone(RelNode rel, String name, SourceSpan span) throws SqlException {
        if (reads(rel, name) == 0) {
            return;
        }
        boolean ok = rel instanceof TableScan || rel instanceof Project
                || rel instanceof Filter
                || rel instanceof Union
                || rel instanceof Join j && (j.getJoinType() == JoinRelType.INNER
                        || j.getJoinType() == JoinRelType.SEMI)
                || rel instanceof Aggregate a && a.getAggCallList().isEmpty();
        if (!ok) {
            String what = rel instanceof Join j ? j.getJoinType() + " join (or NOT IN / NOT EXISTS)"
                    : rel instanceof Aggregate ? "an aggregate function"
                    : rel instanceof Minus ? "EXCEPT"
                    : rel instanceof Sort ? "LIMIT"
                    : rel.getRelTypeName().replace("Logical", "");
            throw new SqlException(span.line(), span.column(), "unsupported: in WITH RECURSIVE the recursive step may use"
                    + " only SELECT, WHERE, inner joins, IN, UNION and DISTINCT on " + name + " (found " + what + ")");
        }
        for (RelNode in : rel.getInputs()) {
            monotone(in, name, span);
        }
    }

    /** How many reads of table {@code name} one row of {@code rel} can combine (a union counts its widest branch). */
    private static int reads(RelNode rel, String name) {
        if (rel instanceof TableScan scan) {
            List<String> qn = scan.getTable().getQualifiedName();
            return qn.get(qn.size() - 1).equalsIgnoreCase(name) ? 1 : 0;
        }
        int n = 0;
        for (RelNode in : rel.getInputs()) {
            int k = reads(in, name);
            n = rel instanceof SetOp ? Math.max(n, k) : n + k;
        }
        return n;
    }
}
