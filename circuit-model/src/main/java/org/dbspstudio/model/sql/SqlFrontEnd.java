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
import org.apache.calcite.plan.RelOptListener;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
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
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.apache.calcite.tools.RelBuilder;
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
 * {@code RelDecorrelator}), filters move into joins, then {@link Translator} maps each relational
 * operator to the catalog's operators. A construct the catalog cannot compute exactly is refused
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
            rel = rewrite(rel, planner, relSpans, cluster, reader);
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
                rec.add(recursive(name, cte));
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

    /** The recursive query as a nested circuit (Section 5 of the DBSP paper); its output stream. */
    private Translator.Node recursive(String view, Recursive.Cte cte) throws SqlException {
        if (cte.unionAll()) {
            throw new SqlException(script.line(cte.union().start()), script.column(cte.union().start()),
                    "unsupported: WITH RECURSIVE … UNION ALL (only UNION, the least fixpoint of a set, is supported)");
        }
        if (sources.containsKey(cte.name().toLowerCase(Locale.ROOT))) {
            throw new SqlException(script.line(cte.union().start()), script.column(cte.union().start()),
                    "the recursive query's name '" + cte.name() + "' is already a table or view");
        }
        Planned seed;
        try {
            seed = plan("the recursive query " + cte.name(), cte.columns(), cte.seedStart(), cte.seedEnd());
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
        Planned step = plan("the recursive step of " + cte.name(), null, cte.stepStart(), cte.stepEnd());
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
            Source src = sources.get(key);
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
        boolean ok = rel instanceof org.apache.calcite.rel.core.TableScan || rel instanceof org.apache.calcite.rel.core.Project
                || rel instanceof org.apache.calcite.rel.core.Filter
                || rel instanceof org.apache.calcite.rel.core.Union
                || rel instanceof org.apache.calcite.rel.core.Join j && (j.getJoinType() == org.apache.calcite.rel.core.JoinRelType.INNER
                        || j.getJoinType() == org.apache.calcite.rel.core.JoinRelType.SEMI)
                || rel instanceof org.apache.calcite.rel.core.Aggregate a && a.getAggCallList().isEmpty();
        if (!ok) {
            String what = rel instanceof org.apache.calcite.rel.core.Join j ? j.getJoinType() + " join (or NOT IN / NOT EXISTS)"
                    : rel instanceof org.apache.calcite.rel.core.Aggregate ? "an aggregate function"
                    : rel instanceof org.apache.calcite.rel.core.Minus ? "EXCEPT"
                    : rel instanceof org.apache.calcite.rel.core.Sort ? "LIMIT"
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
        if (rel instanceof org.apache.calcite.rel.core.TableScan scan) {
            List<String> qn = scan.getTable().getQualifiedName();
            return qn.get(qn.size() - 1).equalsIgnoreCase(name) ? 1 : 0;
        }
        int n = 0;
        for (RelNode in : rel.getInputs()) {
            int k = reads(in, name);
            n = rel instanceof org.apache.calcite.rel.core.SetOp ? Math.max(n, k) : n + k;
        }
        return n;
    }

    private static RelNode hep(RelNode rel, SpanPlanner template, IdentityHashMap<RelNode, SqlParserPos> relSpans,
                               RelOptRule... rules) {
        HepProgramBuilder b = HepProgram.builder();
        for (RelOptRule r : rules) {
            b.addRuleInstance(r);
        }
        SpanPlanner p = new SpanPlanner(b.build(), relSpans);
        p.setRoot(rel);
        return p.findBestExp();
    }

    private RelNode rewrite(RelNode rel, SpanPlanner planner, IdentityHashMap<RelNode, SqlParserPos> relSpans,
                            RelOptCluster cluster, CalciteCatalogReader reader) {
        rel = hep(rel, planner, relSpans, CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
                CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE, CoreRules.JOIN_SUB_QUERY_TO_CORRELATE);
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(cluster, reader);
        rel = RelDecorrelator.decorrelateQuery(rel, builder);
        rel = hep(rel, planner, relSpans, CoreRules.FILTER_INTO_JOIN, CoreRules.JOIN_CONDITION_PUSH,
                CoreRules.FILTER_MERGE, CoreRules.JOIN_PUSH_EXPRESSIONS);
        if (hasAvoidableProduct(rel)) {
            // FROM a, b, c WHERE … in an order that puts tables without a common predicate next to each
            // other: order the joins so that each joins on a key where one exists (Calcite's heuristic)
            HepProgramBuilder b = HepProgram.builder();
            b.addMatchOrder(HepMatchOrder.BOTTOM_UP);
            b.addRuleInstance(CoreRules.PROJECT_REMOVE);
            b.addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN);
            b.addRuleInstance(CoreRules.PROJECT_MULTI_JOIN_MERGE);
            b.addRuleInstance(CoreRules.FILTER_MULTI_JOIN_MERGE);
            b.addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE);
            SpanPlanner p = new SpanPlanner(b.build(), relSpans);
            p.setRoot(rel);
            rel = p.findBestExp();
            rel = hep(rel, planner, relSpans, CoreRules.FILTER_INTO_JOIN, CoreRules.JOIN_CONDITION_PUSH,
                    CoreRules.FILTER_MERGE, CoreRules.JOIN_PUSH_EXPRESSIONS);
        }
        rel = hep(rel, planner, relSpans, CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES_TO_JOIN);
        rel = hep(rel, planner, relSpans, CoreRules.PROJECT_MERGE, CoreRules.PROJECT_REMOVE);
        return rel;
    }

    /** Whether an inner join without an equality predicate (a product) sits in a tree of inner joins. */
    private static boolean hasAvoidableProduct(RelNode rel) {
        int[] joins = {0};
        boolean[] product = {false};
        new org.apache.calcite.rel.RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof org.apache.calcite.rel.core.Join j && j.getJoinType() == org.apache.calcite.rel.core.JoinRelType.INNER) {
                    joins[0]++;
                    if (j.analyzeCondition().leftKeys.isEmpty()) {
                        product[0] = true;
                    }
                }
                super.visit(node, ordinal, parent);
            }
        }.go(rel);
        return product[0] && joins[0] >= 2;
    }

    /** A Hep planner that carries source spans from each relational expression to its copies and rewrites. */
    static final class SpanPlanner extends HepPlanner {
        private final IdentityHashMap<RelNode, SqlParserPos> spans;

        SpanPlanner(HepProgram program, IdentityHashMap<RelNode, SqlParserPos> spans) {
            super(program);
            this.spans = spans;
            addListener(new RelOptListener() {
                @Override
                public void relEquivalenceFound(RelEquivalenceEvent event) {
                }

                @Override
                public void ruleAttempted(RuleAttemptedEvent event) {
                }

                @Override
                public void ruleProductionSucceeded(RuleProductionEvent event) {
                    RelNode produced = event.getRel();
                    if (produced == null || spans.containsKey(produced)) {
                        return;
                    }
                    RelNode[] old = event.getRuleCall().rels;
                    SqlParserPos pos = null;
                    for (RelNode o : old) {
                        if (o.getClass() == produced.getClass() && spans.get(o) != null) {
                            pos = spans.get(o);
                            break;
                        }
                    }
                    if (pos == null && old.length > 0) {
                        pos = spans.get(old[0]);
                    }
                    if (pos != null) {
                        spans.put(produced, pos);
                    }
                }

                @Override
                public void relDiscarded(RelDiscardedEvent event) {
                }

                @Override
                public void relChosen(RelChosenEvent event) {
                }
            });
        }

        @Override
        public void onCopy(RelNode rel, RelNode newRel) {
            super.onCopy(rel, newRel);
            SqlParserPos p = spans.get(rel);
            if (p != null && !spans.containsKey(newRel)) {
                spans.put(newRel, p);
            }
        }
    }

    /** Records, for each relational expression it creates, the SQL it came from. */
    static final class SpanConverter extends SqlToRelConverter {
        private final IdentityHashMap<RelNode, SqlParserPos> spans;

        SpanConverter(SqlValidator validator, CalciteCatalogReader reader, RelOptCluster cluster,
                      IdentityHashMap<RelNode, SqlParserPos> spans) {
            super(null, validator, reader, cluster, StandardConvertletTable.INSTANCE,
                    SqlToRelConverter.config().withExpand(false).withTrimUnusedFields(false)
                            .withInSubQueryThreshold(Integer.MAX_VALUE));
            this.spans = spans;
        }

        @Override
        protected RelRoot convertQueryRecursive(SqlNode query, boolean top, RelDataType targetRowType) {
            RelRoot r = super.convertQueryRecursive(query, top, targetRowType);
            mark(r.rel, query);
            return r;
        }

        private void mark(RelNode rel, SqlNode query) {
            if (spans.containsKey(rel)) {
                return;
            }
            spans.put(rel, spanFor(rel, query));
            for (RelNode in : rel.getInputs()) {
                mark(in, query);
            }
        }

        private static SqlParserPos spanFor(RelNode rel, SqlNode query) {
            if (query instanceof SqlSelect s) {
                if (rel instanceof org.apache.calcite.rel.core.Filter f) {
                    boolean aboveAggregate = f.getInput() instanceof org.apache.calcite.rel.core.Aggregate
                            || f.getInput() instanceof org.apache.calcite.rel.core.Project p
                            && p.getInput() instanceof org.apache.calcite.rel.core.Aggregate;
                    if (aboveAggregate && s.getHaving() != null) {
                        return s.getHaving().getParserPosition();
                    }
                    if (s.getWhere() != null) {
                        return s.getWhere().getParserPosition();
                    }
                }
                if (rel instanceof org.apache.calcite.rel.core.Aggregate && s.getGroup() != null && s.getGroup().size() > 0) {
                    return s.getGroup().getParserPosition();
                }
                if ((rel instanceof org.apache.calcite.rel.core.Join || rel instanceof org.apache.calcite.rel.core.Correlate)
                        && s.getFrom() != null) {
                    return s.getFrom().getParserPosition();
                }
                if (rel instanceof org.apache.calcite.rel.core.Project || rel instanceof org.apache.calcite.rel.core.Aggregate) {
                    return s.getSelectList().getParserPosition();
                }
                if (rel instanceof org.apache.calcite.rel.core.Sort && s.getOrderList() != null) {
                    return s.getOrderList().getParserPosition();
                }
            }
            return query.getParserPosition();
        }
    }

    /** The catalog's column type for a Calcite type name (for callers that map values). */
    static SqlType modelType(RelDataType t) {
        return Exprs.modelType(t);
    }
}
