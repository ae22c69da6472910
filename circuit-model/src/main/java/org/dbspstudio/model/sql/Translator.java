package org.dbspstudio.model.sql;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimestampString;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.SourceSpan;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.Typing;

/**
 * Translates one view's relational expression into the catalog's operators (Table 1 of the DBSP
 * paper): project → map, filter → filter, inner join → join or product (and a filter for the
 * non-equi part), outer joins → the inner join plus the unmatched rows (antijoin) padded with
 * NULLs, semi/anti joins → join with the distinct keys / antijoin, aggregate → aggregate (or
 * distinct of a map for SELECT DISTINCT), UNION ALL → plus, UNION → union, EXCEPT → difference
 * of distincts, INTERSECT → a − (a − b) on distincts, VALUES → constant. Joins are translated by
 * {@link JoinTranslation}, ORDER BY … LIMIT and rank filters (top-k) by {@link TopKTranslation}.
 */
final class Translator {
    /** A translated stream: the output port of an operator and the row schema it carries. */
    record Node(String op, String port, RowSchema schema) {
        String ref() {
            return op + "." + port;
        }
    }

    private final Circuit circuit;
    private final Map<String, SourceSpan> spans;
    private final Resolver sources;
    private final Circuit root;

    /** Finds the stream a table name reads (a table, a view, or inside a recursive query its feedback). */
    interface Resolver {
        Node resolve(String name, SourceSpan at) throws SqlException;
    }
    private final IdentityHashMap<RelNode, SqlParserPos> relSpans;
    private final String prefix;
    final RexBuilder rex;
    private final SourceSpan viewSpan;
    private final List<String> added = new ArrayList<>();
    private final IdentityHashMap<RelNode, Node> done = new IdentityHashMap<>();

    Translator(Circuit circuit, Map<String, SourceSpan> spans, Map<String, SqlFrontEnd.Source> sources,
               IdentityHashMap<RelNode, SqlParserPos> relSpans, String prefix, RexBuilder rex, SourceSpan viewSpan) {
        this(circuit, circuit, spans, (name, at) -> {
            SqlFrontEnd.Source s = sources.get(name.toLowerCase(Locale.ROOT));
            if (s == null) {
                throw new SqlException(at.line(), at.column(), "unknown table " + name);
            }
            return s.node();
        }, relSpans, prefix, rex, viewSpan);
    }

    /** A translation into {@code circuit}, which is {@code root} or a circuit nested in it (ids are unique in root). */
    Translator(Circuit root, Circuit circuit, Map<String, SourceSpan> spans, Resolver sources,
               IdentityHashMap<RelNode, SqlParserPos> relSpans, String prefix, RexBuilder rex, SourceSpan viewSpan) {
        this.root = root;
        this.circuit = circuit;
        this.spans = spans;
        this.sources = sources;
        this.relSpans = relSpans;
        this.prefix = prefix;
        this.rex = rex;
        this.viewSpan = viewSpan;
    }

    /** An operator id made of letters, digits and underscores. */
    static String cleanId(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_");
        if (s.isEmpty() || !Character.isLetter(s.charAt(0))) {
            s = "v_" + s;
        }
        return s;
    }

    /** An id used neither in the root circuit nor in the one being built. */
    String freshId(String base) {
        String id = circuit.freshId(root.freshId(base));
        while (root != circuit && (root.allOperators().containsKey(id) || circuit.allOperators().containsKey(id))) {
            id = circuit.freshId(root.freshId(id + "_2"));
        }
        return id;
    }

    /** Adds an operator whose output type the caller knows (δ₀, ∫, nested circuits). */
    void addTyped(Operator op, SourceSpan span, List<String> inputs) {
        circuit.add(op);
        List<String> ports = op.inputPorts();
        for (int i = 0; i < inputs.size(); i++) {
            circuit.connect(inputs.get(i), op.id() + "." + ports.get(i));
        }
        spans.put(op.id(), span);
        added.add(op.id());
    }

    /** Adds an operator typed by the catalog's rule (see {@link #add}). */
    Node addOp(OpKind kind, String base, SourceSpan span, List<Node> inputs, Object... params) throws SqlException {
        return add(kind, base, span, inputs, params);
    }

    /** Conforms a node to a row type (casts) and renames its columns. */
    Node conformTo(Node n, RelDataType type, List<String> names, SourceSpan span) throws SqlException {
        Node c = conform(n, type, span);
        boolean same = true;
        for (int i = 0; i < names.size(); i++) {
            same &= c.schema().column(i).name().equals(names.get(i));
        }
        if (same) {
            return c;
        }
        List<NamedExpr> proj = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            proj.add(new NamedExpr(names.get(i), Exprs.ident(c.schema().column(i).name())));
        }
        return add(OpKind.MAP, "map", span, List.of(c), "projection", proj);
    }

    Node translateRel(RelNode rel, SourceSpan span) throws SqlException {
        return translate(rel, span);
    }

    /** Removes every operator this translation added (the view failed). */
    void rollback() {
        for (String id : added) {
            circuit.remove(id);
            spans.remove(id);
        }
        added.clear();
    }

    Node translateView(RelNode rel, List<String> names) throws SqlException {
        Node n = translate(rel, viewSpan);
        List<String> unique = unique(names);
        boolean same = n.schema().size() == unique.size();
        for (int i = 0; same && i < unique.size(); i++) {
            same = n.schema().column(i).name().equals(unique.get(i));
        }
        if (same) {
            return n;
        }
        List<NamedExpr> proj = new ArrayList<>();
        for (int i = 0; i < unique.size(); i++) {
            proj.add(new NamedExpr(unique.get(i), Exprs.ident(n.schema().column(i).name())));
        }
        return add(OpKind.MAP, "map", viewSpan, List.of(n), "projection", proj);
    }

    // ---------------------------------------------------------------------------------------------

    SqlException refuse(SourceSpan at, String message) {
        return new SqlException(at.line(), at.column(), message);
    }

    private SourceSpan spanOf(RelNode rel, SourceSpan parent) {
        SqlParserPos p = relSpans.get(rel);
        if (p == null || p.getLineNum() < 1) {
            return parent;
        }
        try {
            return new SourceSpan(p.getLineNum(), p.getColumnNum(), p.getEndLineNum(), p.getEndColumnNum());
        } catch (IllegalArgumentException e) {
            return parent;
        }
    }

    Node translate(RelNode rel, SourceSpan parent) throws SqlException {
        Node cached = done.get(rel);
        if (cached != null) {
            return cached;
        }
        SourceSpan span = spanOf(rel, parent);
        Node n;
        if (rel instanceof TableScan scan) {
            List<String> qn = scan.getTable().getQualifiedName();
            n = sources.resolve(qn.get(qn.size() - 1), span);
        } else if (rel instanceof Project p) {
            n = project(p, span);
        } else if (rel instanceof Filter f && f.getInput() instanceof Project p && TopKTranslation.hasOver(p)) {
            n = new TopKTranslation(this).rankFilter(f, p, span);
        } else if (rel instanceof Filter f) {
            Node in = translate(f.getInput(), span);
            n = add(OpKind.FILTER, "filter", span, List.of(in), "predicate", sql(f.getCondition(), single(in), span));
        } else if (rel instanceof Join j) {
            n = new JoinTranslation(this).join(j, span);
        } else if (rel instanceof Aggregate a) {
            n = aggregate(a, span);
        } else if (rel instanceof SetOp s) {
            n = setOp(s, span);
        } else if (rel instanceof Values v) {
            n = values(v, span);
        } else if (rel instanceof Sort s) {
            n = s.fetch != null || s.offset != null ? new TopKTranslation(this).limit(s, span) : translate(s.getInput(), span);
        } else if (rel instanceof Correlate) {
            throw refuse(span, "unsupported: a correlated subquery that cannot be turned into a join");
        } else {
            throw refuse(span, "unsupported: " + rel.getRelTypeName().replaceFirst("^Logical", "") + " ("
                    + RelOptUtil.toString(rel).lines().findFirst().orElse("").trim() + ")");
        }
        done.put(rel, n);
        return n;
    }

    static IntFunction<String> single(Node in) {
        return i -> Exprs.ident(in.schema().column(i).name());
    }

    private static IntFunction<String> pair(Node l, Node r) {
        int nl = l.schema().size();
        return i -> i < nl ? "l." + Exprs.ident(l.schema().column(i).name())
                : "r." + Exprs.ident(r.schema().column(i - nl).name());
    }

    String sql(RexNode e, IntFunction<String> cols, SourceSpan span) throws SqlException {
        try {
            return new Exprs(rex, cols).sql(e);
        } catch (Exprs.Unsupported u) {
            throw refuse(span, "unsupported: " + u.getMessage());
        }
    }

    /** Names made unique (case-insensitively) and readable: Calcite's EXPR$n become expr_n. */
    static List<String> unique(List<String> names) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            String base = n;
            if (base.matches("(?i)EXPR\\$\\d+")) {
                base = "expr_" + base.substring(5);
            } else if (base.matches("\\$f\\d+")) {
                base = "f" + base.substring(2);
            } else if (base.isEmpty()) {
                base = "c";
            }
            String name = base;
            for (int i = 2; !seen.add(name.toLowerCase(Locale.ROOT)); i++) {
                name = base + "_" + i;
            }
            out.add(name);
        }
        return out;
    }

    /** Adds an operator fed by {@code inputs} (in the order of its input ports) and types it. */
    Node add(OpKind kind, String base, SourceSpan span, List<Node> inputs, Object... params) throws SqlException {
        String id = freshId(prefix + "_" + base);
        Operator op = Operator.of(id, kind, params);
        List<String> ports = op.inputPorts();
        Map<String, StreamType> types = new LinkedHashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            types.put(ports.get(i), StreamType.zset(inputs.get(i).schema()));
        }
        StreamType out;
        try {
            out = Typing.outputTypes(op, types).get("out");
        } catch (Typing.TypeError e) {
            throw refuse(span, "unsupported: this part of the query has no exact translation (" + e.getMessage() + ")");
        }
        if (!(out instanceof StreamType.ZSet z)) {
            throw refuse(span, "unsupported: the translation produced " + out);
        }
        circuit.add(op);
        for (int i = 0; i < inputs.size(); i++) {
            circuit.connect(inputs.get(i).ref(), id + "." + ports.get(i));
        }
        spans.put(id, span);
        added.add(id);
        return new Node(id, "out", z.row());
    }

    // ---------------------------------------------------------------------------------------------

    private Node project(Project p, SourceSpan span) throws SqlException {
        Node in = translate(p.getInput(), span);
        for (RexNode e : p.getProjects()) {
            if (RexUtil.containsCorrelation(e) || RexOver.containsOver(e)) {
                throw refuse(span, "unsupported: " + (RexOver.containsOver(e) ? "window functions other than one ROW_NUMBER, RANK or DENSE_RANK bounded by WHERE … <= k"
                        : "a correlated subquery that cannot be turned into a join"));
            }
        }
        List<String> names = unique(p.getRowType().getFieldNames());
        List<NamedExpr> proj = new ArrayList<>();
        boolean identity = p.getProjects().size() == in.schema().size();
        for (int i = 0; i < p.getProjects().size(); i++) {
            RexNode e = p.getProjects().get(i);
            proj.add(new NamedExpr(names.get(i), sql(e, single(in), span)));
            identity &= e instanceof org.apache.calcite.rex.RexInputRef r && r.getIndex() == i
                    && in.schema().column(i).name().equals(names.get(i));
        }
        if (identity) {
            return in;
        }
        return add(OpKind.MAP, "map", span, List.of(in), "projection", proj);
    }

    static String zero(SqlType t) {
        return switch (t) {
            case BOOLEAN -> "FALSE";
            case INTEGER, BIGINT -> "0";
            case DOUBLE -> "0E0";
            case DECIMAL -> "CAST(0 AS DECIMAL)";
            case VARCHAR -> "''";
            case DATE -> "DATE '1970-01-01'";
            case TIMESTAMP -> "TIMESTAMP '1970-01-01 00:00:00'";
        };
    }

    static List<NamedExpr> columnsOf(Node n, String qualifier, List<String> names, int from) {
        List<NamedExpr> out = new ArrayList<>();
        for (int i = 0; i < n.schema().size(); i++) {
            out.add(new NamedExpr(names.get(from + i), (qualifier == null ? "" : qualifier + ".")
                    + Exprs.ident(n.schema().column(i).name())));
        }
        return out;
    }

    private Node aggregate(Aggregate a, SourceSpan span) throws SqlException {
        if (a.getGroupType() != Aggregate.Group.SIMPLE) {
            throw refuse(span, "unsupported: GROUPING SETS, ROLLUP and CUBE");
        }
        Node in = translate(a.getInput(), span);
        List<String> names = unique(a.getRowType().getFieldNames());
        List<NamedExpr> groupBy = new ArrayList<>();
        int g = 0;
        for (int bit : a.getGroupSet()) {
            groupBy.add(new NamedExpr(names.get(g++), Exprs.ident(in.schema().column(bit).name())));
        }
        if (a.getAggCallList().isEmpty()) {
            if (groupBy.isEmpty()) {
                throw refuse(span, "unsupported: an aggregate without groups or functions");
            }
            return add(OpKind.DISTINCT, "distinct", span, List.of(add(OpKind.MAP, "map", span, List.of(in), "projection", groupBy)));
        }
        List<AggCall> calls = new ArrayList<>();
        List<String> post = new ArrayList<>();
        boolean needsPost = false;
        for (NamedExpr ne : groupBy) {
            post.add(Exprs.ident(ne.name()) + " AS " + Exprs.ident(ne.name()));
        }
        int i = g;
        for (AggregateCall c : a.getAggCallList()) {
            String name = names.get(i++);
            if (c.isDistinct()) {
                throw refuse(span, "unsupported: " + c.getAggregation().getName() + "(DISTINCT …) here");
            }
            if (c.filterArg >= 0) {
                throw refuse(span, "unsupported: aggregate FILTER clauses");
            }
            if (c.getArgList().size() > 1) {
                throw refuse(span, "unsupported: " + c.getAggregation().getName() + " of several arguments");
            }
            String arg = c.getArgList().isEmpty() ? null : Exprs.ident(in.schema().column(c.getArgList().get(0)).name());
            AggFunction f;
            String out = Exprs.ident(name);
            switch (c.getAggregation().getKind()) {
                case COUNT -> f = AggFunction.COUNT;
                case SUM -> f = AggFunction.SUM;
                case SUM0 -> {
                    f = AggFunction.SUM;
                    out = "COALESCE(" + Exprs.ident(name) + ", " + zero(in.schema().column(c.getArgList().get(0)).type()) + ")";
                    needsPost = true;
                }
                case MIN -> f = AggFunction.MIN;
                case MAX -> f = AggFunction.MAX;
                case AVG -> f = AggFunction.AVG;
                case LITERAL_AGG -> {
                    // the literal, once per group: computed beside a COUNT(*) that only keeps the group
                    f = AggFunction.COUNT;
                    arg = null;
                    out = sql(c.rexList.get(0), single(in), span);
                    needsPost = true;
                }
                default -> throw refuse(span, "unsupported aggregate function: " + c.getAggregation().getName());
            }
            if (f != AggFunction.COUNT && arg == null) {
                throw refuse(span, "unsupported: " + f + " without an argument");
            }
            calls.add(new AggCall(f, arg, name));
            post.add(out + " AS " + Exprs.ident(name));
        }
        Node agg = add(OpKind.AGGREGATE, "aggregate", span, List.of(in), "groupBy", groupBy, "aggregates", calls);
        if (!needsPost) {
            return agg;
        }
        List<NamedExpr> proj = new ArrayList<>();
        for (int k = 0; k < post.size(); k++) {
            String p = post.get(k);
            String expr = p.substring(0, p.lastIndexOf(" AS "));
            proj.add(new NamedExpr(agg.schema().column(k).name(), expr));
        }
        return add(OpKind.MAP, "map", span, List.of(agg), "projection", proj);
    }

    private Node setOp(SetOp s, SourceSpan span) throws SqlException {
        List<Node> ins = new ArrayList<>();
        for (RelNode in : s.getInputs()) {
            ins.add(conform(translate(in, span), s.getRowType(), span));
        }
        if (s instanceof Union) {
            Node acc = ins.get(0);
            for (int i = 1; i < ins.size(); i++) {
                acc = add(s.all ? OpKind.PLUS : OpKind.UNION, s.all ? "union_all" : "union", span, List.of(acc, ins.get(i)));
            }
            if (ins.size() == 1 && !s.all) {
                acc = add(OpKind.DISTINCT, "distinct", span, List.of(acc));
            }
            return acc;
        }
        if (s.all) {
            OpKind kind = s instanceof Minus ? OpKind.EXCEPT : OpKind.INTERSECT;
            Node acc = ins.get(0);
            for (int i = 1; i < ins.size(); i++) {
                acc = add(kind, s instanceof Minus ? "except_all" : "intersect_all", span, List.of(acc, ins.get(i)), "all", true);
            }
            return acc;
        }
        Node acc = add(OpKind.DISTINCT, "distinct", span, List.of(ins.get(0)));
        for (int i = 1; i < ins.size(); i++) {
            Node b = add(OpKind.DISTINCT, "distinct", span, List.of(ins.get(i)));
            if (s instanceof Minus) {
                acc = add(OpKind.DIFFERENCE, "except", span, List.of(acc, b));
            } else if (s instanceof Intersect) {
                Node onlyA = add(OpKind.DIFFERENCE, "except", span, List.of(acc, b));
                acc = add(OpKind.DIFFERENCE, "intersect", span, List.of(acc, onlyA));
            }
        }
        return acc;
    }

    private static SqlType norm(SqlType t) {
        return t == SqlType.INTEGER ? SqlType.BIGINT : t;
    }

    /** Casts the columns whose model type differs from the set operation's type. */
    private Node conform(Node n, RelDataType target, SourceSpan span) throws SqlException {
        List<RelDataTypeField> fields = target.getFieldList();
        boolean differs = false;
        List<NamedExpr> proj = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            Column c = n.schema().column(i);
            SqlType want = Exprs.modelType(fields.get(i).getType());
            String id = Exprs.ident(c.name());
            if (want != null && norm(want) != norm(c.type())) {
                differs = true;
                try {
                    proj.add(new NamedExpr(c.name(), "CAST(" + id + " AS " + Exprs.typeText(fields.get(i).getType()) + ")"));
                } catch (Exprs.Unsupported u) {
                    throw refuse(span, "unsupported: " + u.getMessage());
                }
            } else {
                proj.add(new NamedExpr(c.name(), id));
            }
        }
        return differs ? add(OpKind.MAP, "cast", span, List.of(n), "projection", proj) : n;
    }

    private Node values(Values v, SourceSpan span) throws SqlException {
        List<String> names = unique(v.getRowType().getFieldNames());
        List<Column> cols = new ArrayList<>();
        List<RelDataTypeField> fields = v.getRowType().getFieldList();
        for (int i = 0; i < fields.size(); i++) {
            RelDataType t = fields.get(i).getType();
            SqlType m = Exprs.modelType(t);
            if (m == null) {
                if (t.getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.NULL) {
                    m = SqlType.INTEGER;
                } else {
                    throw refuse(span, "unsupported: a VALUES column of type " + t.getSqlTypeName());
                }
            }
            cols.add(new Column(names.get(i), m, true));
        }
        if (cols.isEmpty()) {
            throw refuse(span, "unsupported: VALUES without columns");
        }
        RowSchema schema = new RowSchema(cols);
        Map<Row, Long> rows = new LinkedHashMap<>();
        for (List<RexLiteral> tuple : v.getTuples()) {
            Object[] vals = new Object[tuple.size()];
            for (int i = 0; i < tuple.size(); i++) {
                vals[i] = value(tuple.get(i), cols.get(i).type(), span);
            }
            rows.merge(Row.of(vals), 1L, Long::sum);
        }
        List<Change> changes = new ArrayList<>();
        rows.forEach((row, w) -> changes.add(new Change(row, w)));
        return add(OpKind.CONSTANT, "values", span, List.of(), "type", StreamType.zset(schema), "rows", changes);
    }

    private Object value(RexLiteral lit, SqlType t, SourceSpan span) throws SqlException {
        if (lit.isNull()) {
            return null;
        }
        try {
            return switch (t) {
                case BOOLEAN -> lit.getValueAs(Boolean.class);
                case INTEGER, BIGINT -> lit.getValueAs(BigDecimal.class).longValueExact();
                case DECIMAL -> lit.getValueAs(BigDecimal.class);
                case DOUBLE -> lit.getValueAs(BigDecimal.class).doubleValue();
                case VARCHAR -> lit.getValueAs(NlsString.class).getValue();
                case DATE -> LocalDate.parse(lit.getValueAs(DateString.class).toString());
                case TIMESTAMP -> java.time.LocalDateTime.parse(lit.getValueAs(TimestampString.class).toString().replace(' ', 'T'));
            };
        } catch (RuntimeException e) {
            throw refuse(span, "unsupported: the value " + lit + " in a " + t + " column");
        }
    }
}
