package org.dbspstudio.cli;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.util.NlsString;
import org.dbspstudio.engine.ops.SortOrder;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.sql.SqlFrontEnd;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.verify.SqlViews;

/**
 * Runs one SQL Logic Test file (SQLite's sqllogictest format) through the SQL front end and the
 * engine. The file's CREATE TABLE / CREATE VIEW statements make a script; its INSERT statements
 * become input changes spread over three steps (half the rows, the other half with extra copies
 * of some rows, then the deletion of those copies); each query becomes a view of that script, run
 * both as the snapshot circuit and incrementalized. A query passes when both final results,
 * formatted and sorted as the file says (nosort, rowsort, valuesort; hashed results), equal the
 * expected ones; fails when either differs; and is refused when the front end refuses the SQL or
 * the engine stops with an error (e.g. division by zero, which SQLite answers with NULL).
 */
final class SltRunner {
    /** Counts for one file, and the first few failures for the report. */
    static final class Counts {
        int passed;
        int failed;
        int refused;
        final List<String> failures = new ArrayList<>();
        final Map<String, Integer> reasons = new LinkedHashMap<>();

        void add(Counts o) {
            passed += o.passed;
            failed += o.failed;
            refused += o.refused;
            o.reasons.forEach((k, v) -> reasons.merge(k, v, Integer::sum));
        }

        void refuse(String reason) {
            refused++;
            String key = reason.replaceAll("^\\d+:\\d+: ", "").replaceAll("'[^']*'", "'…'");
            if (key.length() > 100) {
                key = key.substring(0, 100) + "…";
            }
            reasons.merge(key, 1, Integer::sum);
        }
    }

    private final StringBuilder ddl = new StringBuilder();
    private final Map<String, String> tableStatements = new LinkedHashMap<>();
    private final Map<String, List<Row>> data = new LinkedHashMap<>();
    private final Map<String, RowSchema> schemas = new LinkedHashMap<>();
    private final List<String> viewStatements = new ArrayList<>();
    private String brokenBecause;
    private int hashThreshold = 0;
    private final String file;
    private final int maxQueries;
    private int queries;

    SltRunner(String file) {
        this(file, Integer.MAX_VALUE);
    }

    /** Runs at most {@code maxQueries} queries of the file (the statements before them all run). */
    SltRunner(String file, int maxQueries) {
        this.file = file;
        this.maxQueries = maxQueries;
    }

    Counts run(String text) {
        Counts c = new Counts();
        List<String> lines = text.lines().toList();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                i++;
                continue;
            }
            // a record: condition lines, then a statement or query
            boolean skip = false;
            while (line.startsWith("skipif") || line.startsWith("onlyif")) {
                String[] w = line.split("\\s+");
                String db = w.length > 1 ? w[1] : "";
                if (line.startsWith("skipif") && db.equals("sqlite") || line.startsWith("onlyif") && !db.equals("sqlite")) {
                    skip = true;
                }
                i++;
                line = i < lines.size() ? lines.get(i).strip() : "";
            }
            if (line.equals("halt")) {
                if (!skip) {
                    break;
                }
                i++;
                continue;
            }
            if (line.startsWith("hash-threshold")) {
                hashThreshold = Integer.parseInt(line.split("\\s+")[1]);
                i++;
                continue;
            }
            int start = i;
            i++;
            List<String> body = new ArrayList<>();
            while (i < lines.size() && !lines.get(i).strip().isEmpty() && !lines.get(i).strip().equals("----")) {
                body.add(lines.get(i));
                i++;
            }
            List<String> expected = new ArrayList<>();
            if (i < lines.size() && lines.get(i).strip().equals("----")) {
                i++;
                while (i < lines.size() && !lines.get(i).strip().isEmpty()) {
                    expected.add(lines.get(i).strip());
                    i++;
                }
            }
            String sql = String.join("\n", body);
            if (line.startsWith("statement")) {
                if (!skip) {
                    statement(sql, line.contains("error"));
                }
            } else if (line.startsWith("query")) {
                if (skip) {
                    continue;
                }
                if (queries++ >= maxQueries) {
                    break;
                }
                String[] w = line.split("\\s+");
                String types = w.length > 1 ? w[1] : "";
                String sort = w.length > 2 ? w[2] : "nosort";
                query(sql, types, sort, expected, c, start + 1);
            }
        }
        return c;
    }

    private void statement(String sql, boolean expectError) {
        String head = sql.strip().toUpperCase(Locale.ROOT);
        if (expectError) {
            return; // the engine has no statement that can fail at run time
        }
        if (head.startsWith("CREATE TABLE")) {
            SqlFrontEnd.Result r = SqlFrontEnd.compile(ddl + sql + ";\n");
            if (!r.ok()) {
                broken("CREATE TABLE: " + r.errors().get(0).message());
                return;
            }
            ddl.append(sql).append(";\n");
            for (SqlFrontEnd.Table t : r.tables()) {
                if (!schemas.containsKey(t.name())) {
                    tableStatements.put(t.name(), sql);
                }
                schemas.put(t.name(), t.schema());
                data.putIfAbsent(t.name(), new ArrayList<>());
            }
        } else if (head.startsWith("CREATE INDEX") || head.startsWith("CREATE UNIQUE INDEX") || head.startsWith("REINDEX")
                || head.startsWith("ANALYZE")) {
            return;
        } else if (head.startsWith("CREATE VIEW")) {
            viewStatements.add(sql);
        } else if (head.startsWith("DELETE")) {
            try {
                delete(sql);
            } catch (RuntimeException e) {
                broken("DELETE: " + e.getMessage());
            }
        } else if (head.startsWith("DROP TABLE")) {
            String[] w = sql.strip().split("\\s+");
            String name = w[w.length - 1].replace(";", "");
            String key = null;
            for (String t : schemas.keySet()) {
                if (t.equalsIgnoreCase(name)) {
                    key = t;
                }
            }
            if (key == null) {
                if (!head.startsWith("DROP TABLE IF EXISTS")) {
                    broken("DROP TABLE of an unknown table " + name);
                }
                return;
            }
            schemas.remove(key);
            data.remove(key);
            tableStatements.remove(key);
            ddl.setLength(0);
            tableStatements.values().forEach(t -> ddl.append(t).append(";\n"));
        } else if (head.startsWith("DROP INDEX")) {
            return;
        } else if (head.startsWith("DROP VIEW")) {
            String[] w = sql.strip().split("\\s+");
            String name = w[w.length - 1].replace(";", "");
            boolean removed = viewStatements.removeIf(v -> {
                String[] vw = v.strip().split("\\s+");
                return vw.length > 2 && vw[2].equalsIgnoreCase(name);
            });
            if (!removed && !head.startsWith("DROP VIEW IF EXISTS")) {
                broken("DROP VIEW of an unknown view " + name);
            }
        } else if (head.startsWith("INSERT")) {
            try {
                insert(sql);
            } catch (RuntimeException | org.apache.calcite.sql.parser.SqlParseException e) {
                broken("INSERT: " + e.getMessage());
            }
        } else {
            broken("statement " + head.split("\\s+")[0]);
        }
    }

    private void broken(String why) {
        if (brokenBecause == null) {
            brokenBecause = "the file's data could not be loaded (" + why + ")";
        }
    }

    private void insert(String sql) throws org.apache.calcite.sql.parser.SqlParseException {
        SqlNode n = SqlParser.create(sql, SqlParser.config().withUnquotedCasing(Casing.TO_LOWER)
                .withConformance(SqlConformanceEnum.LENIENT)).parseStmt();
        if (!(n instanceof SqlInsert ins) || !(ins.getTargetTable() instanceof SqlIdentifier target)) {
            throw new IllegalArgumentException("not an INSERT … VALUES");
        }
        String table = target.names.get(target.names.size() - 1);
        RowSchema schema = null;
        String key = null;
        for (var e : schemas.entrySet()) {
            if (e.getKey().equalsIgnoreCase(table)) {
                schema = e.getValue();
                key = e.getKey();
            }
        }
        if (schema == null) {
            throw new IllegalArgumentException("no table " + table);
        }
        int[] positions = new int[schema.size()];
        SqlNodeList cols = ins.getTargetColumnList();
        if (cols == null) {
            for (int i = 0; i < positions.length; i++) {
                positions[i] = i;
            }
        } else {
            for (int i = 0; i < cols.size(); i++) {
                positions[i] = schema.indexOf(((SqlIdentifier) cols.get(i)).getSimple());
            }
        }
        if (!(ins.getSource() instanceof SqlBasicCall values) || values.getKind() != SqlKind.VALUES) {
            insertSelect(sql, key, schema, positions, cols == null ? schema.size() : cols.size());
            return;
        }
        for (SqlNode rowNode : values.getOperandList()) {
            List<SqlNode> items = ((SqlBasicCall) rowNode).getOperandList();
            Object[] row = new Object[schema.size()];
            for (int i = 0; i < items.size(); i++) {
                int p = positions[i];
                row[p] = value(items.get(i), schema.column(p).type());
            }
            data.get(key).add(Row.of(row));
        }
    }

    private static final java.util.regex.Pattern INSERT_SELECT = java.util.regex.Pattern.compile(
            "(?is)^\\s*INSERT\\s+INTO\\s+[^\\s(]+\\s*(?:\\([^)]*\\)\\s*)?((?:SELECT|WITH|VALUES|\\().*)$");

    private static final java.util.regex.Pattern DELETE = java.util.regex.Pattern.compile(
            "(?is)^\\s*DELETE\\s+FROM\\s+([A-Za-z_][A-Za-z_0-9]*)\\s*(?:WHERE\\s+(.*?))?\\s*;?\\s*$");

    /** DELETE FROM t [WHERE c]: the rows {@code SELECT * FROM t WHERE c} finds (computed by the front end and the engine) go. */
    private void delete(String sql) {
        java.util.regex.Matcher m = DELETE.matcher(sql);
        if (!m.matches()) {
            throw new IllegalArgumentException("not DELETE FROM table [WHERE …]");
        }
        String key = null;
        for (String t : schemas.keySet()) {
            if (t.equalsIgnoreCase(m.group(1))) {
                key = t;
            }
        }
        if (key == null) {
            throw new IllegalArgumentException("no table " + m.group(1));
        }
        ZSet gone = compute("SELECT * FROM " + m.group(1) + (m.group(2) == null ? "" : " WHERE " + m.group(2)));
        Map<Row, Long> remove = new LinkedHashMap<>();
        gone.forEach((row, w) -> remove.merge(row, w, Long::sum));
        List<Row> kept = new ArrayList<>();
        for (Row r : data.get(key)) {
            Long n = remove.get(r);
            if (n != null && n > 0) {
                remove.put(r, n - 1);
            } else {
                kept.add(r);
            }
        }
        if (remove.values().stream().anyMatch(n -> n != 0)) {
            throw new IllegalArgumentException("the rows to delete are not the table's");
        }
        data.put(key, kept);
    }

    /** A query's result over the data loaded so far (the snapshot circuit, one step). */
    private ZSet compute(String query) {
        return snapshot(translate("slt_statement_source", query, ""), "");
    }

    /**
     * The front end's translation of the tables, the views so far and {@code query} as view {@code name}
     * (the last view); a failure's message starts with {@code what}.
     */
    private SqlFrontEnd.Result translate(String name, String query, String what) {
        StringBuilder script = new StringBuilder(ddl);
        for (String v : viewStatements) {
            script.append(v).append(";\n");
        }
        script.append("CREATE VIEW ").append(name).append(" AS\n").append(query).append('\n');
        SqlFrontEnd.Result r = SqlFrontEnd.compile(script.toString());
        if (!r.ok()) {
            throw new IllegalArgumentException(what + r.errors().get(0).message());
        }
        return r;
    }

    /** The last view of a translation over the data loaded so far; a failure's message starts with {@code what}. */
    private ZSet snapshot(SqlFrontEnd.Result r, String what) {
        try {
            SqlViews views = new SqlViews(r);
            Map<String, ZSet> all = new LinkedHashMap<>();
            for (var e : data.entrySet()) {
                ZSet.Builder b = ZSet.builder();
                e.getValue().forEach(row -> b.add(row, 1));
                all.put(e.getKey(), b.build());
            }
            views.step(all);
            return views.snapshot(r.views().get(r.views().size() - 1).name());
        } catch (EngineException e) {
            throw new IllegalArgumentException(what + e.getMessage());
        }
    }

    /** INSERT … SELECT: the query computed by the front end and the engine over the data loaded so far. */
    private void insertSelect(String sql, String key, RowSchema schema, int[] positions, int width) {
        java.util.regex.Matcher m = INSERT_SELECT.matcher(sql);
        if (!m.matches()) {
            throw new IllegalArgumentException("an INSERT whose source is not a query");
        }
        SqlFrontEnd.Result r = translate("slt_insert_source", m.group(1), "INSERT … SELECT: ");
        SqlFrontEnd.View view = r.views().get(r.views().size() - 1);
        if (view.columns().size() != width) {
            throw new IllegalArgumentException("INSERT … SELECT of " + view.columns().size() + " columns into " + width);
        }
        ZSet result = snapshot(r, "INSERT … SELECT: ");
        List<Row> rows = new ArrayList<>();
        result.forEach((row, w) -> {
            if (w < 0) {
                throw new IllegalArgumentException("INSERT … SELECT gave a negative multiplicity");
            }
            Object[] out = new Object[schema.size()];
            for (int i = 0; i < width; i++) {
                int p = positions[i];
                out[p] = convert(row.get(i), schema.column(p).type());
            }
            for (long k = 0; k < w; k++) {
                rows.add(Row.of(out));
            }
        });
        data.get(key).addAll(rows);
    }

    private static Object convert(Object v, SqlType t) {
        if (v == null) {
            return null;
        }
        return switch (t) {
            case INTEGER, BIGINT -> {
                if (v instanceof Long || v instanceof Integer) {
                    yield ((Number) v).longValue();
                }
                BigDecimal d = v instanceof BigDecimal b ? b : v instanceof Number n ? BigDecimal.valueOf(n.doubleValue()) : null;
                if (d == null || d.stripTrailingZeros().scale() > 0) {
                    yield reject(v, t); // SQLite would keep a REAL that is not whole in an INTEGER column
                }
                yield d.longValueExact();
            }
            case DOUBLE -> v instanceof Number n ? (Object) n.doubleValue() : reject(v, t);
            case DECIMAL -> v instanceof BigDecimal d ? d : v instanceof Number n ? (Object) new BigDecimal(n.toString()) : reject(v, t);
            case VARCHAR -> v instanceof String ? v : reject(v, t);
            default -> t == SqlType.BOOLEAN && v instanceof Boolean ? v : reject(v, t);
        };
    }

    private static Object reject(Object v, SqlType t) {
        throw new IllegalArgumentException("INSERT … SELECT: the value " + v + " in a " + t + " column");
    }

    private static Object value(SqlNode n, SqlType t) {
        boolean negate = false;
        while (n instanceof SqlBasicCall c && (c.getKind() == SqlKind.MINUS_PREFIX || c.getKind() == SqlKind.PLUS_PREFIX)) {
            negate ^= c.getKind() == SqlKind.MINUS_PREFIX;
            n = c.operand(0);
        }
        if (!(n instanceof SqlLiteral lit)) {
            throw new IllegalArgumentException("a value that is not a literal: " + n);
        }
        Object v = lit.getValue();
        if (v == null) {
            return null;
        }
        if (v instanceof NlsString s) {
            String text = s.getValue();
            return switch (t) {
                case VARCHAR -> text;
                default -> throw new IllegalArgumentException("text '" + text + "' in a " + t + " column");
            };
        }
        if (v instanceof BigDecimal d) {
            if (negate) {
                d = d.negate();
            }
            return switch (t) {
                case INTEGER, BIGINT -> d.longValueExact();
                case DOUBLE -> d.doubleValue();
                case DECIMAL -> d;
                case VARCHAR -> d.toPlainString();
                default -> throw new IllegalArgumentException("a number in a " + t + " column");
            };
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw new IllegalArgumentException("unsupported value " + lit);
    }

    private void query(String sql, String types, String sort, List<String> expected, Counts c, int line) {
        if (brokenBecause != null) {
            c.refuse(brokenBecause);
            return;
        }
        StringBuilder script = new StringBuilder(ddl);
        for (String v : viewStatements) {
            script.append(v).append(";\n");
        }
        int viewLine = (int) script.chars().filter(ch -> ch == '\n').count() + 1;
        script.append("CREATE VIEW slt_query AS\n").append(sql).append('\n');
        SqlFrontEnd.Result r;
        try {
            r = SqlFrontEnd.compile(script.toString());
        } catch (RuntimeException e) {
            c.refuse("translation failed: " + e);
            return;
        }
        if (!r.ok()) {
            c.refuse(r.errors().get(0).message());
            return;
        }
        SqlFrontEnd.View view = r.views().get(r.views().size() - 1);
        if (sort.equals("nosort") && view.orderedByHiddenColumn()) {
            c.refuse("ORDER BY a column that is not selected");
            return;
        }
        ZSet snap;
        ZSet inc;
        try {
            SqlViews views = new SqlViews(r);
            for (Map<String, ZSet> step : steps()) {
                views.step(step);
            }
            snap = views.snapshot(view.name());
            inc = views.incremental(view.name());
        } catch (EngineException e) {
            c.refuse("engine: " + e.getMessage().replaceAll("\\d+", "N"));
            return;
        } catch (RuntimeException e) {
            c.refuse("engine: " + e);
            return;
        }
        List<String> got = format(snap, types, sort, view);
        List<String> gotInc = format(inc, types, sort, view);
        List<String> want = expected;
        if (expected.size() == 1 && expected.get(0).matches("\\d+ values hashing to [0-9a-f]+")) {
            String[] w = expected.get(0).split(" ");
            boolean ok = got != null && got.size() == Integer.parseInt(w[0]) && md5(got).equals(w[4])
                    && gotInc != null && gotInc.equals(got);
            record(ok, c, line, sql, expected, got);
            return;
        }
        boolean ok = got != null && got.equals(want) && gotInc != null && gotInc.equals(got);
        record(ok, c, line, sql, want, got);
    }

    private void record(boolean ok, Counts c, int line, String sql, List<String> want, List<String> got) {
        if (ok) {
            c.passed++;
        } else {
            c.failed++;
            if (c.failures.size() < 5) {
                c.failures.add(file + ":" + line + ": " + sql.replace('\n', ' ') + "\n    expected " + abbreviate(want)
                        + "\n    got      " + abbreviate(got));
            }
        }
    }

    private static String abbreviate(List<String> l) {
        if (l == null) {
            return "(nothing)";
        }
        String s = String.join(" ", l);
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    /** The inserted rows as three steps: half; the other half plus extra copies of some rows; their deletion. */
    private List<Map<String, ZSet>> steps() {
        List<Map<String, ZSet>> steps = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            steps.add(new LinkedHashMap<>());
        }
        for (var e : data.entrySet()) {
            List<Row> rows = e.getValue();
            ZSet.Builder a = ZSet.builder();
            ZSet.Builder b = ZSet.builder();
            ZSet.Builder d = ZSet.builder();
            for (int i = 0; i < rows.size(); i++) {
                (i < rows.size() / 2 ? a : b).add(rows.get(i), 1);
                if (i % 3 == 0) {
                    b.add(rows.get(i), 1);
                    d.add(rows.get(i), -1);
                }
            }
            steps.get(0).put(e.getKey(), a.build());
            steps.get(1).put(e.getKey(), b.build());
            steps.get(2).put(e.getKey(), d.build());
        }
        return steps;
    }

    private static String md5(List<String> values) {
        try {
            MessageDigest md = MessageDigest.getInstance("MD5");
            for (String v : values) {
                md.update(v.getBytes(StandardCharsets.UTF_8));
                md.update((byte) '\n');
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The values of a result, formatted by the type letters, sorted as {@code sort} says; null if a row has negative weight. */
    private static List<String> format(ZSet z, String types, String sort, SqlFrontEnd.View view) {
        List<Row> rows = new ArrayList<>();
        boolean[] bad = {false};
        z.forEach((row, w) -> {
            if (w < 0) {
                bad[0] = true;
            }
            for (long k = 0; k < w; k++) {
                rows.add(row);
            }
        });
        if (bad[0]) {
            return null;
        }
        if (sort.equals("nosort") && !view.orderBy().isEmpty()) {
            rows.sort(order(view.orderBy()));
        }
        List<List<String>> formatted = new ArrayList<>();
        for (Row r : rows) {
            List<String> f = new ArrayList<>();
            for (int i = 0; i < r.size(); i++) {
                f.add(value(r.get(i), i < types.length() ? types.charAt(i) : 'T'));
            }
            formatted.add(f);
        }
        if (sort.equals("rowsort")) {
            formatted.sort((a, b) -> {
                for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                    int c = a.get(i).compareTo(b.get(i));
                    if (c != 0) {
                        return c;
                    }
                }
                return Integer.compare(a.size(), b.size());
            });
        }
        List<String> values = new ArrayList<>();
        formatted.forEach(values::addAll);
        if (sort.equals("valuesort")) {
            values.sort(Comparator.naturalOrder());
        }
        return values;
    }

    /** The query's ORDER BY, as the engine's top-k and window aggregates order rows ({@link SortOrder#compareKey}). */
    private static Comparator<Row> order(List<SqlFrontEnd.SortKey> keys) {
        return (a, b) -> {
            for (SqlFrontEnd.SortKey k : keys) {
                int c = SortOrder.compareKey(a.get(k.column()), b.get(k.column()), k.descending(), k.nullsFirst());
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    static String value(Object v, char type) {
        if (v == null) {
            return "NULL";
        }
        switch (type) {
            case 'I':
                if (v instanceof Number n) {
                    return Long.toString(n instanceof BigDecimal d ? d.longValue() : n instanceof Double dd ? (long) (double) dd : n.longValue());
                }
                if (v instanceof Boolean b) {
                    return b ? "1" : "0";
                }
                return "0";
            case 'R':
                if (v instanceof Number n) {
                    return String.format(Locale.ROOT, "%.3f", n.doubleValue());
                }
                return "0.000";
            default:
                String s = v instanceof Boolean b ? (b ? "1" : "0") : v instanceof Double d ? trimDouble(d) : v.toString();
                if (s.isEmpty()) {
                    return "(empty)";
                }
                StringBuilder sb = new StringBuilder();
                for (char ch : s.toCharArray()) {
                    sb.append(ch < ' ' || ch > '~' ? '@' : ch);
                }
                return sb.toString();
        }
    }

    private static String trimDouble(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d) + ".0";
        }
        return Double.toString(d);
    }
}
