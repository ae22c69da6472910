package org.dbspstudio.model.sql;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeFactoryImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.SourceSpan;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * The SQL front end: a script of {@code CREATE TABLE} and {@code CREATE [MATERIALIZED] VIEW}
 * statements becomes one snapshot circuit — an input per table, an output per view (named as
 * written, unquoted names lower-cased; columns in declaration or select-list order), views on
 * views sharing operators, every operator with the span of SQL it came from, laid out left to
 * right.
 *
 * <p>Pipeline per view: Calcite parses, validates and converts the query to relational algebra
 * ({@code SqlToRelConverter}), sub-queries become joins ({@code SubQueryRemoveRule},
 * {@code RelDecorrelator}), filters move into joins ({@link SpanPlanner#rewrite}), then {@link Translator}
 * maps each relational operator to the catalog's operators; a {@code WITH RECURSIVE} query becomes a
 * nested circuit ({@link RecursiveView}). A construct the catalog cannot compute exactly is refused
 * with {@code line:column: message} naming it — the front end never emits a circuit that computes
 * something else.
 */
public final class SqlFrontEnd {
    /** How a view's rows are ordered by its ORDER BY (for tools that print results in order). */
    public record SortKey(int column, boolean descending, boolean nullsFirst) {
    }

    /** A view of the script: its name, output operator, columns and ORDER BY. */
    public record View(String name, String outputId, List<String> columns, List<SortKey> orderBy, boolean orderedByHiddenColumn) {
    }

    /** A table of the script: its name, input operator and schema. */
    public record Table(String name, String inputId, RowSchema schema) {
    }

    /** What {@link #compile} produced: the document (with what could be translated) and the errors. */
    public record Result(CircuitDocument document, List<SqlError> errors, List<Table> tables, List<View> views) {
        public boolean ok() {
            return errors.isEmpty();
        }
    }

    /** A table or view the following statements can read. */
    record Source(String name, Translator.Node node, RelDataType rowType, boolean view) {
    }

    static final RelDataTypeSystem TYPE_SYSTEM = new RelDataTypeSystemImpl() {
        @Override
        public int getMaxPrecision(SqlTypeName typeName) {
            return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxPrecision(typeName);
        }

        @Override
        public int getMaxScale(SqlTypeName typeName) {
            return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxScale(typeName);
        }

        @Override
        public boolean shouldConvertRaggedUnionTypesToVarying() {
            return true;
        }
    };

    private final Script script;
    private final RelDataTypeFactory typeFactory = new SqlTypeFactoryImpl(TYPE_SYSTEM);
    private final CalciteSchema root = CalciteSchema.createRootSchema(false, false);
    private final Map<String, Source> sources = new LinkedHashMap<>();
    private final Circuit circuit = new Circuit();
    private final Map<String, SourceSpan> spans = new LinkedHashMap<>();
    private final List<SqlError> errors = new ArrayList<>();
    private final List<Table> tables = new ArrayList<>();
    private final List<View> views = new ArrayList<>();

    private SqlFrontEnd(String text) {
        this.script = new Script(text);
    }

    /** Translates a whole script; every statement's errors are collected (a failed view is left out). */
    public static Result compile(String sql) {
        return compile(sql, Map.of());
    }

    /**
     * Like {@link #compile(String)}, with tables the views may read without the script declaring
     * them (a database's tables, by name): each is declared before the first statement unless the
     * script declares a table of that name itself, and it becomes an input of the circuit (listed
     * in {@link Result#tables()} after the script's) only when a view reads it.
     */
    public static Result compile(String sql, Map<String, RowSchema> catalog) {
        SqlFrontEnd fe = new SqlFrontEnd(sql);
        java.util.Set<String> declared = new java.util.HashSet<>();
        for (Script.Statement st : fe.script.statements()) {
            try {
                Tokens t = new Tokens(fe.script, st.start(), st.end());
                if (t.accept("CREATE")) {
                    if (t.accept("OR")) {
                        t.expect("REPLACE");
                    }
                    if (t.accept("TABLE")) {
                        if (t.accept("IF")) {
                            t.expect("NOT");
                            t.expect("EXISTS");
                        }
                        declared.add(t.name("a table name").name().toLowerCase(Locale.ROOT));
                    }
                }
            } catch (SqlException e) {
                // reported when the statement is translated
            }
        }
        List<Table> fromCatalog = new ArrayList<>();
        for (var e : catalog.entrySet()) {
            if (!declared.contains(e.getKey().toLowerCase(Locale.ROOT)) && !fe.sources.containsKey(e.getKey().toLowerCase(Locale.ROOT))) {
                fromCatalog.add(fe.catalogTable(e.getKey(), e.getValue()));
            }
        }
        for (Script.Statement st : fe.script.statements()) {
            try {
                fe.statement(st);
            } catch (SqlException e) {
                fe.errors.add(e.error());
            } catch (StackOverflowError e) {
                fe.errors.add(new SqlError(fe.script.line(st.start()), fe.script.column(st.start()),
                        "the statement is nested too deeply"));
            }
        }
        for (Table t : fromCatalog) {
            if (fe.circuit.streamsFrom(t.inputId()).isEmpty()) {
                fe.circuit.remove(t.inputId());
            } else {
                fe.tables.add(t);
            }
        }
        CircuitDocument doc = new CircuitDocument("sql", fe.circuit);
        doc.sources().putAll(fe.spans);
        doc.setLayout(Layering.layout(fe.circuit));
        return new Result(doc, List.copyOf(fe.errors), List.copyOf(fe.tables), List.copyOf(fe.views));
    }

    // ---------------------------------------------------------------------------------------------
    // statements

    private void statement(Script.Statement st) throws SqlException {
        Tokens t = new Tokens(script, st.start(), st.end());
        Tokens.Token first = t.peek();
        if (first.is("CREATE")) {
            t.next();
            if (t.accept("OR")) {
                t.expect("REPLACE");
            }
            if (t.peek().is("TABLE")) {
                t.next();
                createTable(t, st);
                return;
            }
            t.accept("MATERIALIZED");
            t.accept("LOCAL");
            if (t.peek().is("VIEW")) {
                t.next();
                createView(t, st);
                return;
            }
            if (t.peek().is("INDEX") || t.peek().is("UNIQUE") && t.peek(1).is("INDEX")) {
                return; // an index changes no result
            }
            throw t.error(t.peek(), "unsupported statement: CREATE " + t.peek().text().toUpperCase(Locale.ROOT)
                    + " (only CREATE TABLE and CREATE VIEW are translated)");
        }
        throw t.error(first, "unsupported statement: " + first.text().toUpperCase(Locale.ROOT)
                + " (only CREATE TABLE and CREATE VIEW are translated)");
    }

    private SourceSpan span(int start, int end) {
        int last = Math.max(start, end - 1);
        while (last > start && Character.isWhitespace(script.text.charAt(last))) {
            last--;
        }
        return new SourceSpan(script.line(start), script.column(start), script.line(last), script.column(last));
    }

    private void createTable(Tokens t, Script.Statement st) throws SqlException {
        if (t.accept("IF")) {
            t.expect("NOT");
            t.expect("EXISTS");
        }
        Tokens.Token nameTok = t.name("a table name");
        String name = nameTok.name();
        if (sources.containsKey(name.toLowerCase(Locale.ROOT))) {
            throw t.error(nameTok, "'" + name + "' is already defined");
        }
        t.expect('(');
        List<Column> cols = new ArrayList<>();
        List<Tokens.Token> colToks = new ArrayList<>();
        List<Integer> precisions = new ArrayList<>();
        List<Integer> scales = new ArrayList<>();
        List<String> primaryKey = new ArrayList<>();
        do {
            Tokens.Token c = t.peek();
            if (c.is("PRIMARY") || c.is("UNIQUE") || c.is("FOREIGN") || c.is("CONSTRAINT") || c.is("CHECK")) {
                tableConstraint(t, primaryKey);
                continue;
            }
            Tokens.Token colName = t.name("a column name");
            for (Tokens.Token other : colToks) {
                if (other.name().equalsIgnoreCase(colName.name())) {
                    throw t.error(colName, "column '" + colName.name() + "' is declared twice");
                }
            }
            Tokens.Token typeTok = t.name("a column type");
            String tn = typeTok.text().toUpperCase(Locale.ROOT);
            if ((tn.equals("DOUBLE") && t.accept("PRECISION")) || (tn.equals("CHARACTER") && t.accept("VARYING"))) {
                tn = tn.equals("DOUBLE") ? "DOUBLE" : "VARCHAR";
            }
            int p = -1;
            int s = -1;
            if (t.accept('(')) {
                p = number(t);
                if (t.accept(',')) {
                    s = number(t);
                }
                t.expect(')');
            }
            SqlType type = switch (tn) {
                case "BOOLEAN", "BOOL" -> SqlType.BOOLEAN;
                case "INTEGER", "INT", "SMALLINT", "TINYINT", "INT4", "INT2" -> SqlType.INTEGER;
                case "BIGINT", "INT8" -> SqlType.BIGINT;
                case "DECIMAL", "NUMERIC", "DEC" -> SqlType.DECIMAL;
                case "DOUBLE", "FLOAT", "REAL", "FLOAT8" -> SqlType.DOUBLE;
                case "VARCHAR", "CHAR", "CHARACTER", "TEXT", "STRING" -> SqlType.VARCHAR;
                case "DATE" -> SqlType.DATE;
                case "TIMESTAMP" -> SqlType.TIMESTAMP;
                default -> throw t.error(typeTok, "unsupported column type " + typeTok.text());
            };
            boolean notNull = false;
            while (true) {
                if (t.accept("NOT")) {
                    t.expect("NULL");
                    notNull = true;
                } else if (t.accept("NULL")) {
                    notNull = false;
                } else if (t.accept("PRIMARY")) {
                    t.expect("KEY");
                    primaryKey.add(colName.name());
                } else if (t.accept("UNIQUE")) {
                    continue;
                } else if (t.accept("REFERENCES")) {
                    t.name("a table name");
                    if (t.accept('(')) {
                        skipTo(t, ')');
                    }
                } else if (t.peek().is("DEFAULT")) {
                    throw t.error(t.peek(), "unsupported: DEFAULT values (inputs receive whole rows)");
                } else if (t.peek().is("CHECK")) {
                    throw t.error(t.peek(), "unsupported: CHECK constraints");
                } else {
                    break;
                }
            }
            colToks.add(colName);
            cols.add(new Column(colName.name(), type, !notNull));
            precisions.add(p);
            scales.add(s);
        } while (t.accept(','));
        t.expect(')');
        if (t.peek().kind() != Tokens.Kind.END) {
            throw t.error(t.peek(), "unexpected " + Tokens.describe(t.peek()) + " after the column list");
        }
        for (String pk : primaryKey) {
            boolean found = false;
            for (int i = 0; i < cols.size(); i++) {
                Column c = cols.get(i);
                if (c.name().equalsIgnoreCase(pk)) {
                    cols.set(i, new Column(c.name(), c.type(), false));
                    found = true;
                }
            }
            if (!found) {
                throw t.error(nameTok, "PRIMARY KEY names '" + pk + "', which is no column of " + name);
            }
        }
        RowSchema schema = new RowSchema(cols);
        RelDataTypeFactory.Builder rb = typeFactory.builder();
        for (int i = 0; i < cols.size(); i++) {
            Column c = cols.get(i);
            rb.add(c.name(), typeFactory.createTypeWithNullability(calciteType(c.type(), precisions.get(i), scales.get(i)), c.nullable()));
        }
        RelDataType rowType = rb.build();
        String id = circuit.freshId(Translator.cleanId(name));
        circuit.add(Operator.of(id, OpKind.INPUT, "name", name, "type", StreamType.zset(schema)));
        spans.put(id, span(st.start(), st.end()));
        root.add(name, new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory f) {
                return rowType;
            }
        });
        sources.put(name.toLowerCase(Locale.ROOT), new Source(name, new Translator.Node(id, "out", schema), rowType, false));
        tables.add(new Table(name, id, schema));
    }

    /** Declares a table the script reads without declaring it (DECIMAL columns as DECIMAL(38,10)). */
    private Table catalogTable(String name, RowSchema schema) {
        RelDataTypeFactory.Builder rb = typeFactory.builder();
        for (Column c : schema.columns()) {
            rb.add(c.name(), typeFactory.createTypeWithNullability(calciteType(c.type(), -1, -1), c.nullable()));
        }
        RelDataType rowType = rb.build();
        String id = circuit.freshId(Translator.cleanId(name));
        circuit.add(Operator.of(id, OpKind.INPUT, "name", name, "type", StreamType.zset(schema)));
        root.add(name, new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory f) {
                return rowType;
            }
        });
        sources.put(name.toLowerCase(Locale.ROOT), new Source(name, new Translator.Node(id, "out", schema), rowType, false));
        return new Table(name, id, schema);
    }

    private RelDataType calciteType(SqlType t, int p, int s) {
        return switch (t) {
            case BOOLEAN -> typeFactory.createSqlType(SqlTypeName.BOOLEAN);
            case INTEGER -> typeFactory.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> typeFactory.createSqlType(SqlTypeName.BIGINT);
            case DOUBLE -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> p > 0 ? typeFactory.createSqlType(SqlTypeName.DECIMAL, Math.min(p, 38), Math.max(0, Math.min(s, p)))
                    : typeFactory.createSqlType(SqlTypeName.DECIMAL, 38, 10);
            case VARCHAR -> typeFactory.createSqlType(SqlTypeName.VARCHAR);
            case DATE -> typeFactory.createSqlType(SqlTypeName.DATE);
            case TIMESTAMP -> typeFactory.createSqlType(SqlTypeName.TIMESTAMP, 3);
        };
    }

    private static int number(Tokens t) throws SqlException {
        Tokens.Token n = t.next();
        if (n.kind() != Tokens.Kind.NUMBER) {
            throw t.error(n, "expected a number, found " + Tokens.describe(n));
        }
        try {
            return Integer.parseInt(n.text());
        } catch (NumberFormatException e) {
            throw t.error(n, "expected a whole number, found " + n.text());
        }
    }

    private static void skipTo(Tokens t, char close) throws SqlException {
        int depth = 1;
        while (depth > 0) {
            Tokens.Token x = t.next();
            if (x.kind() == Tokens.Kind.END) {
                throw t.error(x, "expected '" + close + "', found the end of the statement");
            }
            if (x.isPunct('(')) {
                depth++;
            } else if (x.isPunct(')')) {
                depth--;
            }
        }
    }

    private static void tableConstraint(Tokens t, List<String> primaryKey) throws SqlException {
        if (t.accept("CONSTRAINT")) {
            t.name("a constraint name");
        }
        if (t.peek().is("CHECK")) {
            throw t.error(t.peek(), "unsupported: CHECK constraints");
        }
        if (t.accept("PRIMARY")) {
            t.expect("KEY");
            t.expect('(');
            do {
                primaryKey.add(t.name("a column name").name());
            } while (t.accept(','));
            t.expect(')');
        } else if (t.accept("UNIQUE")) {
            t.expect('(');
            skipTo(t, ')');
        } else if (t.accept("FOREIGN")) {
            t.expect("KEY");
            t.expect('(');
            skipTo(t, ')');
            t.expect("REFERENCES");
            t.name("a table name");
            if (t.accept('(')) {
                skipTo(t, ')');
            }
        } else {
            throw t.error(t.peek(), "expected a column or a constraint, found " + Tokens.describe(t.peek()));
        }
    }

    private void createView(Tokens t, Script.Statement st) throws SqlException {
        Tokens.Token nameTok = t.name("a view name");
        String name = nameTok.name();
        if (sources.containsKey(name.toLowerCase(Locale.ROOT))) {
            throw t.error(nameTok, "'" + name + "' is already defined");
        }
        List<String> columnNames = null;
        if (t.accept('(')) {
            columnNames = new ArrayList<>();
            do {
                columnNames.add(t.name("a column name").name());
            } while (t.accept(','));
            t.expect(')');
        }
        Tokens.Token as = t.peek();
        t.expect("AS");
        int queryStart = as.end();
        compileView(name, columnNames, queryStart, st);
    }

    private SqlParser.Config parserConfig() {
        return SqlParser.config()
                .withUnquotedCasing(Casing.TO_LOWER)
                .withQuotedCasing(Casing.UNCHANGED)
                .withCaseSensitive(false)
                .withConformance(SqlConformanceEnum.LENIENT);
    }

    private SqlException positioned(SqlParserPos pos, String message) {
        return new SqlException(pos.getLineNum(), pos.getColumnNum(), message);
    }

    /** A query of the script converted to relational algebra, sub-queries removed and filters moved into joins. */
    record Planned(RelNode rel, RelDataType rowType, List<String> names, List<SortKey> order, boolean hidden,
                   IdentityHashMap<RelNode, SqlParserPos> relSpans, RexBuilder rexBuilder, SqlParserPos qpos) {
        SourceSpan span() {
            return new SourceSpan(qpos.getLineNum(), qpos.getColumnNum(), qpos.getEndLineNum(), qpos.getEndColumnNum());
        }
    }

    private Planned plan(String what, List<String> columnNames, int queryStart, int queryEnd) throws SqlException {
        String text = script.positioned(queryStart, queryEnd);
        SqlNode query;
        try {
            query = SqlParser.create(text, parserConfig()).parseQuery();
        } catch (SqlParseException e) {
            SqlParserPos p = e.getPos();
            String msg = e.getMessage() == null ? "syntax error" : e.getMessage().split("\n", 2)[0].trim();
            msg = msg.replaceFirst(" at line \\d+, column \\d+\\.?$", "");
            msg = msg.replaceFirst("^Encountered (.*)$", "syntax error: unexpected $1");
            msg = msg.replaceFirst("^Incorrect syntax near (.*)$", "syntax error near $1");
            if (p == null || p.getLineNum() < 1) {
                throw new SqlException(script.line(queryStart), script.column(queryStart), msg);
            }
            throw positioned(p, msg);
        }
        Properties props = new Properties();
        props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "false");
        CalciteCatalogReader reader = new CalciteCatalogReader(root, List.of(), typeFactory, new CalciteConnectionConfigImpl(props));
        SqlValidator validator = SqlValidatorUtil.newValidator(SqlStdOperatorTable.instance(), reader, typeFactory,
                SqlValidator.Config.DEFAULT
                        .withConformance(SqlConformanceEnum.LENIENT)
                        .withIdentifierExpansion(true)
                        .withDefaultNullCollation(NullCollation.LOW));
        SqlNode validated;
        try {
            Unsupported.check(query);
            validated = validator.validate(query);
        } catch (SqlException e) {
            throw e;
        } catch (CalciteContextException e) {
            String msg = e.getMessage() == null ? "invalid" : e.getMessage().replaceFirst("^From line \\d+, column \\d+ to line \\d+, column \\d+: ", "");
            throw new SqlException(e.getPosLine(), e.getPosColumn(), msg);
        } catch (RuntimeException e) {
            throw new SqlException(script.line(queryStart), script.column(queryStart), "cannot validate: " + e.getMessage());
        }
        RelDataType rowType = validator.getValidatedNodeType(validated);
        List<String> names = new ArrayList<>(rowType.getFieldNames());
        SqlParserPos qpos = query.getParserPosition();
        if (columnNames != null) {
            if (columnNames.size() != names.size()) {
                throw new SqlException(script.line(queryStart), script.column(queryStart), what + " names "
                        + columnNames.size() + " columns but its query has " + names.size());
            }
            names = columnNames;
        }

        RexBuilder rexBuilder = new RexBuilder(typeFactory);
        IdentityHashMap<RelNode, SqlParserPos> relSpans = new IdentityHashMap<>();
        SpanPlanner planner = new SpanPlanner(HepProgram.builder().build(), relSpans);
        RelOptCluster cluster = RelOptCluster.create(planner, rexBuilder);
        SpanConverter converter = new SpanConverter(validator, reader, cluster, relSpans);
        RelRoot relRoot;
        try {
            relRoot = converter.convertQuery(validated, false, true);
        } catch (RuntimeException e) {
            throw positioned(qpos, "cannot translate this query: " + e.getMessage());
        }
        List<SortKey> order = new ArrayList<>();
        boolean hidden = false;
        for (RelFieldCollation fc : relRoot.collation.getFieldCollations()) {
            int pos = -1;
            for (int i = 0; i < relRoot.fields.size(); i++) {
                if (relRoot.fields.get(i).getKey() == fc.getFieldIndex()) {
                    pos = i;
                    break;
                }
            }
            if (pos < 0) {
                hidden = true;
                continue;
            }
            order.add(new SortKey(pos, fc.getDirection().isDescending(),
                    fc.nullDirection == RelFieldCollation.NullDirection.FIRST));
        }
        RelNode rel;
        try {
            rel = relRoot.project();
            rel = SpanPlanner.rewrite(rel, planner, relSpans, cluster, reader);
        } catch (RuntimeException e) {
            throw positioned(qpos, "cannot translate this query: " + e.getMessage());
        }
        return new Planned(rel, rowType, names, order, hidden, relSpans, rexBuilder, qpos);
    }

    private void compileView(String name, List<String> columnNames, int queryStart, Script.Statement st) throws SqlException {
        Tokens head = new Tokens(script, queryStart, st.end());
        Recursive.Cte cte = null;
        int bodyStart = queryStart;
        if (head.peek().is("WITH") && head.peek(1).is("RECURSIVE")) {
            cte = Recursive.parse(head);
            bodyStart = cte.bodyStart();
        }
        List<Translator.Node> rec = new ArrayList<>();
        Planned pl;
        try {
            if (cte != null) {
                rec.add(new RecursiveView(script, typeFactory, root, sources, circuit, spans, this::plan).translate(name, cte));
            }
            pl = plan("view " + name, columnNames, bodyStart, st.end());
        } catch (SqlException e) {
            if (!rec.isEmpty()) {
                circuit.remove(rec.get(0).op());
                spans.remove(rec.get(0).op());
            }
            throw e;
        } finally {
            if (cte != null) {
                root.removeTable(cte.name());
            }
        }
        RelNode rel = pl.rel();
        List<String> names = pl.names();
        RelDataType rowType = pl.rowType();
        List<SortKey> order = pl.order();
        boolean hidden = pl.hidden();
        Recursive.Cte c = cte;
        Translator tr = new Translator(circuit, circuit, spans, (n, at) -> {
            if (c != null && n.equalsIgnoreCase(c.name())) {
                return rec.get(0);
            }
            Source src = sources.get(n.toLowerCase(Locale.ROOT));
            if (src == null) {
                throw new SqlException(at.line(), at.column(), "unknown table " + n);
            }
            return src.node();
        }, pl.relSpans(), Translator.cleanId(name), pl.rexBuilder(), pl.span());
        Translator.Node out;
        try {
            out = tr.translateView(rel, names);
        } catch (SqlException e) {
            tr.rollback();
            if (!rec.isEmpty()) {
                circuit.remove(rec.get(0).op());
                spans.remove(rec.get(0).op());
            }
            throw e;
        }
        String outId = circuit.freshId(Translator.cleanId(name) + "_out");
        circuit.add(Operator.of(outId, OpKind.OUTPUT, "name", name));
        circuit.connect(out.op() + "." + out.port(), outId + ".in");
        spans.put(outId, span(st.start(), st.end()));
        RelDataTypeFactory.Builder rb = typeFactory.builder();
        for (int i = 0; i < names.size(); i++) {
            rb.add(names.get(i), rowType.getFieldList().get(i).getType());
        }
        RelDataType viewType = rb.build();
        root.add(name, new AbstractTable() {
            @Override
            public RelDataType getRowType(RelDataTypeFactory f) {
                return viewType;
            }
        });
        sources.put(name.toLowerCase(Locale.ROOT), new Source(name, out, viewType, true));
        views.add(new View(name, outId, List.copyOf(names), List.copyOf(order), hidden));
    }

    /** The catalog's column type for a Calcite type name (for callers that map values). */
    static SqlType modelType(RelDataType t) {
        return Exprs.modelType(t);
    }
}
