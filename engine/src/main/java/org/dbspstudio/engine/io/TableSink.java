package org.dbspstudio.engine.io;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;

/**
 * Keeps a run's outputs as tables of a database: table {@code OUTPUT} holds the output's rows
 * (a row of weight n appears n times), {@code OUTPUT_changes} its change log with {@code weight}
 * and {@code step} (with {@code --changelog}), {@code dbsp_log_INPUT} the changes read from a
 * snapshot input, and {@code dbsp_progress} the last step written by each run (keyed by the
 * run's output tables).
 */
public final class TableSink implements ChangeSink {
    public static final String PROGRESS = "dbsp_progress";

    private final Database db;
    private final Map<String, RowSchema> outputs;
    private final Map<String, RowSchema> logs;
    private final boolean changelog;
    private final String runKey;
    private long last = -1;
    /** Statements prepared once per connection and reused every step (preparing is a large part of a small step). */
    private final Map<String, PreparedStatement> statements = new java.util.HashMap<>();
    private Connection preparedOn;

    /**
     * @param outputs   each output's name (its table) and row schema
     * @param logs      each snapshot input's name and row schema (its log table)
     * @param changelog also keep OUTPUT_changes tables
     */
    public TableSink(Database db, Map<String, RowSchema> outputs, Map<String, RowSchema> logs, boolean changelog) {
        this.db = db;
        this.outputs = new LinkedHashMap<>(outputs);
        this.logs = new LinkedHashMap<>(logs);
        this.changelog = changelog;
        this.runKey = String.join(",", new java.util.TreeSet<>(outputs.keySet()));
    }

    public static String changelogTable(String output) {
        return output + "_changes";
    }

    public static String logTable(String input) {
        return "dbsp_log_" + input;
    }

    /**
     * Creates the tables that are missing and checks those that exist (columns and types, naming
     * table, column and both types); reads the last step written. Tables holding rows with no
     * progress recorded are refused unless {@code fresh}, which empties them and starts at step 0.
     */
    public void prepare(boolean fresh) throws TableException {
        try {
            Connection c = db.connection();
            if (db.findTable(PROGRESS).isEmpty()) {
                exec(c, "CREATE TABLE " + PROGRESS + " (run VARCHAR PRIMARY KEY, last_step BIGINT NOT NULL)");
            }
            Map<String, RowSchema> tables = new LinkedHashMap<>();
            outputs.forEach((name, schema) -> {
                tables.put(name, schema);
                if (changelog) {
                    tables.put(changelogTable(name), withWeightStep(schema));
                }
            });
            logs.forEach((name, schema) -> tables.put(logTable(name), withWeightStep(schema)));
            List<String> problems = new ArrayList<>();
            Map<String, String> actual = new TreeMap<>();
            for (var e : tables.entrySet()) {
                var found = db.findTable(e.getKey());
                if (found.isEmpty()) {
                    exec(c, create(e.getKey(), e.getValue()));
                    actual.put(e.getKey(), e.getKey());
                } else {
                    actual.put(e.getKey(), found.get());
                    problems.addAll(checkTable(found.get(), e.getValue()));
                }
            }
            if (!problems.isEmpty()) {
                c.rollback();
                throw new TableException(String.join("\n", problems));
            }
            last = -1;
            try (PreparedStatement ps = c.prepareStatement("SELECT last_step FROM " + PROGRESS + " WHERE run = ?")) {
                ps.setString(1, runKey);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        last = rs.getLong(1);
                    }
                }
            }
            if (fresh) {
                for (String t : actual.values()) {
                    exec(c, "DELETE FROM " + db.quote(t));
                }
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + PROGRESS + " WHERE run = ?")) {
                    ps.setString(1, runKey);
                    ps.executeUpdate();
                }
                last = -1;
            } else if (last < 0) {
                for (var e : actual.entrySet()) {
                    if (outputs.containsKey(e.getKey()) || e.getKey().startsWith("dbsp_log_") || changelog) {
                        if (db.rowCount(e.getValue()) > 0) {
                            c.rollback();
                            throw new TableException("table '" + e.getValue() + "' already holds rows, but no run of these outputs "
                                    + "has recorded its progress in " + PROGRESS + ": drop the table, or run with --fresh to empty it");
                        }
                    }
                }
            }
            c.commit();
        } catch (SQLException e) {
            throw new TableException("preparing the output tables in " + db.target() + ": " + e.getMessage(), e);
        }
    }

    private static RowSchema withWeightStep(RowSchema s) {
        List<Column> cols = new ArrayList<>(s.columns());
        cols.add(Column.of("weight", org.dbspstudio.model.types.SqlType.BIGINT));
        cols.add(Column.of("step", org.dbspstudio.model.types.SqlType.BIGINT));
        return new RowSchema(cols);
    }

    private String create(String table, RowSchema schema) {
        List<String> cols = new ArrayList<>();
        for (Column c : schema.columns()) {
            cols.add(db.quote(c.name()) + " " + db.sqlType(c.type()) + (c.nullable() ? "" : " NOT NULL"));
        }
        return "CREATE TABLE " + db.quote(table) + " (" + String.join(", ", cols) + ")";
    }

    private List<String> checkTable(String table, RowSchema schema) throws SQLException {
        List<String> problems = new ArrayList<>();
        List<DbColumn> cols = db.columns(table);
        Map<String, DbColumn> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        cols.forEach(d -> byName.put(d.name(), d));
        for (Column c : schema.columns()) {
            DbColumn d = byName.remove(c.name());
            if (d == null) {
                problems.add("table '" + table + "' has no column '" + c.name() + "' (the run writes " + c.name() + " " + c.type() + ")");
            } else if (d.type() == null) {
                problems.add("table '" + table + "' column '" + d.name() + "': its type " + d.shown() + " is not supported (the run writes "
                        + c.type() + ")");
            } else if (!d.fits(c.type())) {
                problems.add("table '" + table + "' column '" + d.name() + "' is " + d.shown() + ", but the run writes " + c.name() + " "
                        + c.type());
            }
        }
        byName.values().forEach(d -> problems.add("table '" + table + "' has column '" + d.name() + "' (" + d.shown()
                + "), which the run does not write"));
        return problems;
    }

    private PreparedStatement statement(Connection c, String sql) throws SQLException {
        if (c != preparedOn) {
            for (PreparedStatement ps : statements.values()) {
                try {
                    ps.close();
                } catch (SQLException ignored) {
                    // the connection it belonged to is gone
                }
            }
            statements.clear();
            preparedOn = c;
        }
        PreparedStatement ps = statements.get(sql);
        if (ps == null || ps.isClosed()) {
            ps = c.prepareStatement(sql);
            statements.put(sql, ps);
        }
        return ps;
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    @Override
    public long lastStep() {
        return last;
    }

    @Override
    public void write(long step, Map<String, ZSet> changes, Map<String, ZSet> snapshotChanges) throws TableException {
        String doing = "";
        try {
            Connection c = db.connection();
            try {
                for (var e : outputs.entrySet()) {
                    ZSet z = changes.get(e.getKey());
                    if (z == null || z.isZero()) {
                        continue;
                    }
                    doing = "table '" + e.getKey() + "'";
                    apply(c, e.getKey(), e.getValue(), z);
                    if (changelog) {
                        doing = "table '" + changelogTable(e.getKey()) + "'";
                        appendLog(c, changelogTable(e.getKey()), e.getValue(), z, step);
                    }
                }
                for (var e : snapshotChanges.entrySet()) {
                    if (!e.getValue().isZero()) {
                        doing = "table '" + logTable(e.getKey()) + "'";
                        appendLog(c, logTable(e.getKey()), logs.get(e.getKey()), e.getValue(), step);
                    }
                }
                doing = "table " + PROGRESS;
                PreparedStatement upd = statement(c, "UPDATE " + PROGRESS + " SET last_step = ? WHERE run = ?");
                upd.setLong(1, step);
                upd.setString(2, runKey);
                if (upd.executeUpdate() == 0) {
                    PreparedStatement ins = statement(c, "INSERT INTO " + PROGRESS + " (run, last_step) VALUES (?, ?)");
                    ins.setString(1, runKey);
                    ins.setLong(2, step);
                    ins.executeUpdate();
                }
                c.commit();
                last = step;
            } catch (SQLException | TableException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new TableException("step " + step + ": writing " + doing + ": " + e.getMessage(), e);
        }
    }

    /** Inserts each row of positive weight w w times; deletes w copies of each row of negative weight. */
    private void apply(Connection c, String table, RowSchema schema, ZSet z) throws SQLException, TableException {
        int n = schema.size();
        List<String> cols = new ArrayList<>();
        StringBuilder match = new StringBuilder();
        for (Column col : schema.columns()) {
            cols.add(db.quote(col.name()));
            match.append(match.length() == 0 ? "" : " AND ").append(db.quote(col.name())).append(" IS NOT DISTINCT FROM ?");
        }
        String t = db.quote(table);
        List<Row> inserts = new ArrayList<>();
        List<Row> deletes = new ArrayList<>();
        List<Long> deleteCounts = new ArrayList<>();
        z.forEach((row, w) -> {
            if (w < 0) {
                deletes.add(row);
                deleteCounts.add(-w);
            } else {
                for (long k = 0; k < w; k++) {
                    inserts.add(row);
                }
            }
        });
        // deletes first, so that a row deleted and re-inserted with another multiplicity is never short
        if (db.dialect() == Database.Dialect.DUCKDB) {
            deleteDuckDb(c, t, schema, deletes, deleteCounts);
        } else {
            delete(c, t, schema, match.toString(), deletes, deleteCounts);
        }
        insertRows(c, "INSERT INTO " + t + " (" + String.join(", ", cols) + ") VALUES ", schema, inserts, null, null, 0);
    }

    /** Rows per multi-row statement: whole powers of two up to this (fewer for wide rows). */
    private static final int MAX_ROWS_PER_STATEMENT = 256;

    private static int chunk(int remaining, int columns) {
        int max = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, 30_000 / Math.max(1, columns)));
        int k = Integer.highestOneBit(Math.max(1, remaining));
        return Math.min(k, Integer.highestOneBit(max));
    }

    /**
     * Inserts rows with multi-row {@code VALUES} statements (DuckDB and PostgreSQL: a statement per
     * power-of-two chunk, each prepared once; another database: one row per batched statement),
     * each row followed by its weight and {@code step} when {@code weights} is given.
     */
    private void insertRows(Connection c, String head, RowSchema schema, List<Row> rows, List<Long> weights, Long step, int extra)
            throws SQLException {
        int n = schema.size();
        int width = n + extra;
        String one = "(" + "?, ".repeat(width - 1) + "?)";
        if (db.dialect() == Database.Dialect.OTHER) {
            PreparedStatement ps = statement(c, head + one);
            for (int r = 0; r < rows.size(); r++) {
                bindRow(ps, 0, schema, rows.get(r), weights == null ? 0 : weights.get(r), step, extra);
                ps.addBatch();
            }
            if (!rows.isEmpty()) {
                ps.executeBatch();
            }
            return;
        }
        int at = 0;
        while (at < rows.size()) {
            int k = chunk(rows.size() - at, width);
            PreparedStatement ps = statement(c, head + (one + ", ").repeat(k - 1) + one);
            for (int r = 0; r < k; r++) {
                bindRow(ps, r * width, schema, rows.get(at + r), weights == null ? 0 : weights.get(at + r), step, extra);
            }
            ps.executeUpdate();
            at += k;
        }
    }

    private static void bindRow(PreparedStatement ps, int offset, RowSchema schema, Row row, long weight, Long step, int extra)
            throws SQLException {
        int n = schema.size();
        for (int i = 0; i < n; i++) {
            Values.bind(ps, offset + i + 1, schema.column(i).type(), row.get(i));
        }
        if (extra == 2) {
            ps.setLong(offset + n + 1, weight);
            ps.setLong(offset + n + 2, step);
        }
    }

    /**
     * DuckDB: deletes {@code counts[i]} copies of each (distinct) row with one statement per chunk of
     * rows: the rows as a {@code VALUES} list joined to the table, the copies numbered per row, and
     * those numbered up to the count deleted by {@code rowid}. When fewer copies are deleted than asked
     * for, the step is rolled back and the short row found (and named) with the same join.
     */
    private void deleteDuckDb(Connection c, String t, RowSchema schema, List<Row> rows, List<Long> counts)
            throws SQLException, TableException {
        int n = schema.size();
        int width = n + 2;
        int at = 0;
        while (at < rows.size()) {
            int k = chunk(rows.size() - at, width);
            String values = values(schema, k);
            PreparedStatement ps = statement(c, "DELETE FROM " + t + " WHERE rowid IN (SELECT r FROM (SELECT t.rowid AS r, d.dbsp_n,"
                    + " row_number() OVER (PARTITION BY d.dbsp_i ORDER BY t.rowid) AS k FROM " + t + " t JOIN " + values + " ON "
                    + joinOn(schema) + ") WHERE k <= dbsp_n)");
            long want = bindValues(ps, schema, rows, counts, at, k);
            int done = ps.executeUpdate();
            if (done != want) {
                c.rollback();
                String check = "SELECT d.dbsp_i, count(t.rowid) FROM " + values + " LEFT JOIN " + t + " t ON " + joinOn(schema)
                        + " GROUP BY d.dbsp_i, d.dbsp_n HAVING count(t.rowid) < d.dbsp_n ORDER BY d.dbsp_i LIMIT 1";
                try (PreparedStatement q = c.prepareStatement(check)) {
                    bindValues(q, schema, rows, counts, at, k);
                    try (ResultSet rs = q.executeQuery()) {
                        if (rs.next()) {
                            int i = at + rs.getInt(1);
                            throw negative(t, rows.get(i), counts.get(i), rs.getLong(2));
                        }
                    }
                }
                throw new TableException("output table " + t + ": the step deletes " + want + " rows, but " + done + " were deleted");
            }
            at += k;
        }
    }

    private String values(RowSchema schema, int k) {
        List<String> cast = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < schema.size(); i++) {
            cast.add("CAST(? AS " + db.sqlType(schema.column(i).type()) + ")");
            names.add("c" + i);
        }
        cast.add("CAST(? AS BIGINT)");
        cast.add("CAST(? AS BIGINT)");
        String row = "(" + String.join(", ", cast) + ")";
        return "(VALUES " + (row + ", ").repeat(k - 1) + row + ") d(" + String.join(", ", names) + ", dbsp_i, dbsp_n)";
    }

    private String joinOn(RowSchema schema) {
        StringBuilder on = new StringBuilder();
        for (int i = 0; i < schema.size(); i++) {
            on.append(i == 0 ? "" : " AND ").append("t.").append(db.quote(schema.column(i).name())).append(" IS NOT DISTINCT FROM d.c")
                    .append(i);
        }
        return on.toString();
    }

    /** Binds rows at..at+k-1 with their index (from at) and count; returns the copies to delete. */
    private static long bindValues(PreparedStatement ps, RowSchema schema, List<Row> rows, List<Long> counts, int at, int k)
            throws SQLException {
        int n = schema.size();
        long want = 0;
        for (int r = 0; r < k; r++) {
            int o = r * (n + 2);
            for (int i = 0; i < n; i++) {
                Values.bind(ps, o + i + 1, schema.column(i).type(), rows.get(at + r).get(i));
            }
            ps.setLong(o + n + 1, r);
            ps.setLong(o + n + 2, counts.get(at + r));
            want += counts.get(at + r);
        }
        return want;
    }

    private void delete(Connection c, String t, RowSchema schema, String match, List<Row> rows, List<Long> counts)
            throws SQLException, TableException {
        if (rows.isEmpty()) {
            return;
        }
        int n = schema.size();
        String rowId = switch (db.dialect()) {
            case DUCKDB -> "rowid";
            case POSTGRESQL -> "ctid";
            case OTHER -> null;
        };
        if (rowId != null) {
            String sql = "DELETE FROM " + t + " WHERE " + rowId + " IN (SELECT " + rowId + " FROM " + t + " WHERE " + match + " LIMIT ?)";
            {
                PreparedStatement ps = statement(c, sql);
                for (int r = 0; r < rows.size(); r++) {
                    for (int i = 0; i < n; i++) {
                        Values.bind(ps, i + 1, schema.column(i).type(), rows.get(r).get(i));
                    }
                    ps.setLong(n + 1, counts.get(r));
                    int done = ps.executeUpdate();
                    if (done != counts.get(r)) {
                        throw negative(t, rows.get(r), counts.get(r), done);
                    }
                }
            }
            return;
        }
        // any other database: count the copies, delete them all, insert back those that remain
        String cols = String.join(", ", schema.names().stream().map(db::quote).toList());
        try (PreparedStatement count = c.prepareStatement("SELECT COUNT(*) FROM " + t + " WHERE " + match);
             PreparedStatement del = c.prepareStatement("DELETE FROM " + t + " WHERE " + match);
             PreparedStatement ins = c.prepareStatement("INSERT INTO " + t + " (" + cols + ") VALUES (" + "?, ".repeat(n - 1) + "?)")) {
            for (int r = 0; r < rows.size(); r++) {
                Row row = rows.get(r);
                for (PreparedStatement ps : List.of(count, del, ins)) {
                    for (int i = 0; i < n; i++) {
                        Values.bind(ps, i + 1, schema.column(i).type(), row.get(i));
                    }
                }
                long have;
                try (ResultSet rs = count.executeQuery()) {
                    rs.next();
                    have = rs.getLong(1);
                }
                if (have < counts.get(r)) {
                    throw negative(t, row, counts.get(r), have);
                }
                del.executeUpdate();
                for (long k = 0; k < have - counts.get(r); k++) {
                    ins.executeUpdate();
                }
            }
        }
    }

    private static TableException negative(String t, Row row, long want, long have) {
        return new TableException("output table " + t + " holds row " + row + " " + have + " time(s), but the step deletes it "
                + want + " time(s): the table was changed by someone else, or the output is not a set of positive weights");
    }

    private void appendLog(Connection c, String table, RowSchema schema, ZSet z, long step) throws SQLException {
        List<String> cols = new ArrayList<>();
        schema.columns().forEach(col -> cols.add(db.quote(col.name())));
        List<Row> rows = new ArrayList<>(z.size());
        List<Long> weights = new ArrayList<>(z.size());
        z.forEach((row, w) -> {
            rows.add(row);
            weights.add(w);
        });
        insertRows(c, "INSERT INTO " + db.quote(table) + " (" + String.join(", ", cols) + ", weight, step) VALUES ", schema, rows,
                weights, step, 2);
    }
}
