package org.dbspstudio.engine.io;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;

/**
 * A database's tables as table definitions for the SQL front end ({@code dbsp sql views.sql --db
 * shop.duckdb}): each table's columns with the engine types {@code run --db} reads them as
 * ({@link DbColumn}); a change table's {@code weight} and {@code step} columns are left out, as
 * {@code run --db} leaves them out of the input. The run's own tables ({@code dbsp_progress},
 * {@code dbsp_log_*}) are not offered.
 */
public final class SqlCatalog {
    private SqlCatalog() {
    }

    /** The tables that can be read ({@code schemas}, nullable columns) and those that cannot, with why. */
    public record Tables(Map<String, RowSchema> schemas, Map<String, String> unsupported) {
    }

    public static Tables read(Database db) throws SQLException {
        Map<String, RowSchema> schemas = new LinkedHashMap<>();
        Map<String, String> unsupported = new LinkedHashMap<>();
        for (String t : db.tables()) {
            if (t.equalsIgnoreCase(TableSink.PROGRESS) || t.toLowerCase(Locale.ROOT).startsWith("dbsp_log_")) {
                continue;
            }
            List<DbColumn> cols = inputColumns(db.columns(t));
            List<Column> out = new ArrayList<>();
            List<String> bad = new ArrayList<>();
            for (DbColumn d : cols) {
                if (d.type() == null) {
                    bad.add("column '" + d.name() + "' has type " + d.shown());
                } else {
                    out.add(new Column(d.name(), d.type(), true));
                }
            }
            if (bad.isEmpty()) {
                schemas.put(t, new RowSchema(out));
            } else {
                unsupported.put(t, "table '" + t + "' in " + db.target() + ": " + String.join(", ", bad)
                        + ", which is not supported (supported: integers, DECIMAL(p,s), VARCHAR, BOOLEAN, DATE, TIMESTAMP, DOUBLE)");
            }
        }
        return new Tables(schemas, unsupported);
    }

    /** The columns an input reads: all of them, but a change table's weight and step (both integers). */
    private static List<DbColumn> inputColumns(List<DbColumn> cols) {
        Optional<DbColumn> w = cols.stream().filter(d -> d.name().equalsIgnoreCase("weight")).findFirst();
        Optional<DbColumn> s = cols.stream().filter(d -> d.name().equalsIgnoreCase("step")).findFirst();
        if (w.isPresent() && s.isPresent() && integer(w.get()) && integer(s.get())) {
            return cols.stream().filter(d -> d != w.get() && d != s.get()).toList();
        }
        return cols;
    }

    private static boolean integer(DbColumn d) {
        return d.type() == SqlType.INTEGER || d.type() == SqlType.BIGINT;
    }

    /**
     * A table the script declares, against the database's table of that name: each problem names
     * the table, the column and both types (none when they agree, or when the database has no such
     * table: {@code run --db} reports a missing table).
     */
    public static List<String> conflicts(Database db, String table, RowSchema declared) throws SQLException {
        Optional<String> found = db.findTable(table);
        if (found.isEmpty()) {
            return List.of();
        }
        String t = found.get();
        List<DbColumn> cols = db.columns(t);
        boolean scriptHasWeightStep = declared.indexOf("weight") >= 0 || declared.indexOf("step") >= 0;
        if (!scriptHasWeightStep) {
            cols = inputColumns(cols);
        }
        Map<String, DbColumn> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        cols.forEach(d -> byName.put(d.name(), d));
        List<String> problems = new ArrayList<>();
        String where = db.target();
        for (Column c : declared.columns()) {
            DbColumn d = byName.remove(c.name());
            if (d == null) {
                problems.add("table '" + table + "' column '" + c.name() + "': the script declares " + c.type() + ", but table '" + t
                        + "' in " + where + " has no such column");
            } else if (d.type() == null) {
                problems.add("table '" + table + "' column '" + c.name() + "': the script declares " + c.type() + ", but it is "
                        + d.shown() + " in " + where + ", which is not supported");
            } else if (!d.fits(c.type())) {
                problems.add("table '" + table + "' column '" + c.name() + "': the script declares " + c.type() + ", but it is "
                        + d.shown() + " in " + where);
            }
        }
        for (DbColumn d : byName.values()) {
            problems.add("table '" + table + "' column '" + d.name() + "': " + d.shown() + " in " + where
                    + ", but the script does not declare it");
        }
        return problems;
    }
}
