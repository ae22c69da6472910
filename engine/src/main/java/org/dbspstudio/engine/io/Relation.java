package org.dbspstudio.engine.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;

/**
 * A table of the database or a file read through DuckDB (CSV, Parquet, JSON), bound to an input:
 * its columns checked against the input's schema, and whether it holds changes or snapshots.
 */
final class Relation {
    final Database db;
    final String name;       // the table's name, or the file's path
    final boolean file;
    final boolean text;      // CSV and JSON: every column read as text and parsed as the input's type
    final String sql;        // what FROM reads
    final boolean changes;   // has weight and step columns
    final List<String> columns; // the source's column names for the input's columns, in the input's order
    final String weight;
    final String step;

    private Relation(Database db, String name, boolean file, boolean text, String sql, boolean changes,
                     List<String> columns, String weight, String step) {
        this.db = db;
        this.name = name;
        this.file = file;
        this.text = text;
        this.sql = sql;
        this.changes = changes;
        this.columns = columns;
        this.weight = weight;
        this.step = step;
    }

    Connection connection() throws SQLException {
        return file ? db.fileReader() : db.connection();
    }

    /** The select list for the input's columns (then weight and step for a change source). */
    String selectList() {
        List<String> l = new ArrayList<>();
        for (String c : columns) {
            l.add(text ? "CAST(" + db.quote(c) + " AS VARCHAR)" : db.quote(c));
        }
        if (changes) {
            l.add(text ? "CAST(" + db.quote(weight) + " AS VARCHAR)" : db.quote(weight));
            l.add(text ? "CAST(" + db.quote(step) + " AS BIGINT)" : db.quote(step));
        }
        return String.join(", ", l);
    }

    String describe() {
        return (file ? "file " : "table ") + name;
    }

    static boolean isFile(String spec) {
        String s = spec.toLowerCase(Locale.ROOT);
        return s.endsWith(".csv") || s.endsWith(".parquet") || s.endsWith(".json") || s.endsWith(".jsonl")
                || s.endsWith(".ndjson") || s.contains("/") || s.contains("*");
    }

    /**
     * Binds {@code spec} (a table name, or a file path) to input {@code input} with {@code schema}:
     * a missing table or file, a missing or extra column, an unsupported type or a type that differs
     * from the input's is refused, naming the table, the column and both types.
     */
    static Relation bind(Database db, String input, RowSchema schema, String spec) throws TableException {
        try {
            if (isFile(spec)) {
                return bindFile(db, input, schema, spec);
            }
            String table = db.findTable(spec).orElseThrow(() -> new TableException("input '" + input + "': there is no table '"
                    + spec + "' in " + db.target() + tablesHint(db)));
            List<DbColumn> cols = db.columns(table);
            return check(db, input, schema, table, false, false, db.quote(table), cols);
        } catch (SQLException e) {
            throw new TableException("input '" + input + "': cannot read '" + spec + "': " + e.getMessage(), e);
        }
    }

    private static String tablesHint(Database db) {
        try {
            List<String> t = db.tables();
            return t.isEmpty() ? " (it has no tables)" : " (tables: " + org.dbspstudio.model.Diagnostics.list(t, ", ") + ")";
        } catch (SQLException e) {
            return "";
        }
    }

    private static Relation bindFile(Database db, String input, RowSchema schema, String spec) throws SQLException, TableException {
        Path p = Path.of(spec);
        if (!spec.contains("*") && !Files.isRegularFile(p)) {
            throw new TableException("input '" + input + "': file " + spec + " does not exist");
        }
        String lit = "'" + p.toAbsolutePath().toString().replace("'", "''") + "'";
        String s = spec.toLowerCase(Locale.ROOT);
        String sql;
        boolean text;
        if (s.endsWith(".parquet")) {
            sql = "read_parquet(" + lit + ")";
            text = false;
        } else if (s.endsWith(".json") || s.endsWith(".jsonl") || s.endsWith(".ndjson")) {
            sql = "read_json_auto(" + lit + ")";
            text = true;
        } else {
            sql = "read_csv(" + lit + ", header = true, all_varchar = true, allow_quoted_nulls = false)";
            text = true;
        }
        List<DbColumn> cols = Database.describe(db.fileReader(), "SELECT * FROM " + sql);
        return check(db, input, schema, spec, true, text, sql, cols);
    }

    private static Relation check(Database db, String input, RowSchema schema, String name, boolean file, boolean text,
                                  String sql, List<DbColumn> cols) throws TableException {
        String what = (file ? "file " : "table '") + name + (file ? "" : "'");
        Map<String, DbColumn> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        cols.forEach(c -> byName.put(c.name(), c));
        boolean inputHasWeight = schema.indexOf("weight") >= 0;
        boolean inputHasStep = schema.indexOf("step") >= 0;
        DbColumn weight = inputHasWeight ? null : byName.get("weight");
        DbColumn step = inputHasStep ? null : byName.get("step");
        boolean changes = weight != null && step != null;
        List<String> problems = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Column c : schema.columns()) {
            DbColumn d = byName.get(c.name());
            if (d == null) {
                problems.add(what + " has no column '" + c.name() + "' (input '" + input + "' has " + c.name() + " " + c.type() + ")");
                continue;
            }
            names.add(d.name());
            if (text) {
                continue; // CSV and JSON: parsed as the input's type when read (a bad value names the column)
            }
            if (d.type() == null) {
                problems.add(what + " column '" + d.name() + "': its type " + d.shown() + " is not supported (input '" + input
                        + "' has " + c.type() + "; supported: integers, DECIMAL(p,s), VARCHAR, BOOLEAN, DATE, TIMESTAMP, DOUBLE)");
            } else if (!d.fits(c.type())) {
                problems.add(what + " column '" + d.name() + "' is " + d.shown() + ", but input '" + input + "' has "
                        + c.name() + " " + c.type());
            }
        }
        for (DbColumn d : cols) {
            boolean known = schema.indexOf(d.name()) >= 0 || changes && (d == weight || d == step);
            if (!known) {
                problems.add(what + " has column '" + d.name() + "' (" + d.shown() + "), which input '" + input + "' does not have"
                        + " (input columns: " + schema.names() + (weight == null || step == null ? "; a change table also has weight and step" : "") + ")");
            }
        }
        if (changes) {
            for (DbColumn d : List.of(weight, step)) {
                if (!text && (d.type() != org.dbspstudio.model.types.SqlType.INTEGER && d.type() != org.dbspstudio.model.types.SqlType.BIGINT)) {
                    problems.add(what + " column '" + d.name() + "' is " + d.shown() + ", but " + d.name().toLowerCase(Locale.ROOT)
                            + " must be an integer type");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new TableException(String.join("\n", problems.stream().map(m -> "input '" + input + "': " + m).toList()));
        }
        return new Relation(db, name, file, text, sql, changes, names,
                changes ? weight.name() : null, changes ? step.name() : null);
    }
}
