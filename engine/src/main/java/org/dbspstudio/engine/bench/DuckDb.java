package org.dbspstudio.engine.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;

/**
 * DuckDB, embedded and in-memory, restricted to one thread: the database every benchmark
 * computes its query with from scratch beside the engine, in the same process and run. Used
 * through {@code java.sql} only (the driver is a runtime dependency).
 */
final class DuckDb implements AutoCloseable {
    private final Connection conn;

    DuckDb() throws SQLException {
        try {
            Class.forName("org.duckdb.DuckDBDriver");
        } catch (ClassNotFoundException e) {
            throw new SQLException("the DuckDB JDBC driver is not on the class path", e);
        }
        conn = DriverManager.getConnection("jdbc:duckdb:");
        exec("SET threads=1");
    }

    void exec(String sql) throws SQLException {
        try (Statement s = conn.createStatement()) {
            s.execute(sql);
        }
    }

    long count(String sql) throws SQLException {
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Prints the rows of a query of two integer columns as {@code a,b} lines (through JDBC, in large writes). */
    void printPairs(String sql, java.io.PrintStream out) throws SQLException {
        StringBuilder sb = new StringBuilder(1 << 17);
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                sb.append(rs.getLong(1)).append(',').append(rs.getLong(2)).append('\n');
                if (sb.length() >= 1 << 16) {
                    out.print(sb);
                    sb.setLength(0);
                }
            }
        }
        out.print(sb);
        out.flush();
    }

    /** Inserts rows of literal values (numbers and strings) with multi-row VALUES statements. */
    void insert(String table, List<Row> rows) throws SQLException {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (Row r : rows) {
            sb.append(n == 0 ? "INSERT INTO " + table + " VALUES " : ", ").append('(');
            for (int i = 0; i < r.size(); i++) {
                Object v = r.get(i);
                if (i > 0) {
                    sb.append(',');
                }
                if (v instanceof String s) {
                    sb.append('\'').append(s.replace("'", "''")).append('\'');
                } else {
                    sb.append(v);
                }
            }
            sb.append(')');
            if (++n == 5000) {
                exec(sb.toString());
                sb.setLength(0);
                n = 0;
            }
        }
        if (n > 0) {
            exec(sb.toString());
        }
    }

    /**
     * Applies changes of weight ±1 to a table whose rows are identified by the listed key columns
     * (deletions first, then insertions), summed per row first: a row inserted and deleted in the
     * same batch is neither (as in the engine's Z-set of the batch).
     */
    void apply(String table, String[] keyColumns, List<Change> changes) throws SQLException {
        java.util.Map<Row, Long> net = new java.util.LinkedHashMap<>();
        for (Change c : changes) {
            net.merge(c.row(), c.weight(), Long::sum);
        }
        List<Change> summed = new java.util.ArrayList<>();
        net.forEach((row, w) -> {
            if (w != 0) {
                summed.add(new Change(row, w));
            }
        });
        StringBuilder del = new StringBuilder();
        List<Row> ins = new java.util.ArrayList<>();
        for (Change c : summed) {
            if (c.weight() < 0) {
                if (keyColumns.length == 1) {
                    // one key column: an IN list, which DuckDB probes by hash
                    del.append(del.length() == 0 ? "" : ", ").append(c.row().get(0));
                    continue;
                }
                del.append(del.length() == 0 ? "" : " OR ").append('(');
                for (int i = 0; i < keyColumns.length; i++) {
                    del.append(i == 0 ? "" : " AND ").append(keyColumns[i]).append('=').append(c.row().get(i));
                }
                del.append(')');
            } else {
                ins.add(c.row());
            }
        }
        if (del.length() > 0) {
            exec("DELETE FROM " + table + " WHERE " + (keyColumns.length == 1 ? keyColumns[0] + " IN (" + del + ")" : del));
        }
        insert(table, ins);
    }

    @Override
    public void close() throws SQLException {
        conn.close();
    }
}
