package org.dbspstudio.engine.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.dbspstudio.model.types.SqlType;

/**
 * The database a run reads its inputs from and keeps its outputs in: a DuckDB file (embedded, the
 * default: any target that is not a {@code jdbc:} URL is a DuckDB database file, created when
 * missing) or any JDBC database by URL ({@code jdbc:postgresql://127.0.0.1:5432/shop?user=…}).
 * One connection at a time; under {@code --follow} a DuckDB file is closed between polls
 * ({@link #release()}) so that other processes can write to it (DuckDB lets one process write).
 */
public final class Database implements AutoCloseable {
    public enum Dialect { DUCKDB, POSTGRESQL, OTHER }

    private final String target;
    private final String url;
    private final Dialect dialect;
    private Connection conn;
    private boolean releaseBetweenPolls;
    private Connection fileReader;

    private Database(String target, String url, Dialect dialect) {
        this.target = target;
        this.url = url;
        this.dialect = dialect;
    }

    /** A DuckDB file path or a JDBC URL; connects at once so that a wrong target fails here. */
    public static Database open(String target) throws TableException {
        Database db;
        if (target.startsWith("jdbc:")) {
            Dialect d = target.startsWith("jdbc:duckdb:") ? Dialect.DUCKDB
                    : target.startsWith("jdbc:postgresql:") ? Dialect.POSTGRESQL : Dialect.OTHER;
            db = new Database(target, target, d);
        } else {
            Path p = Path.of(target).toAbsolutePath();
            if (Files.isDirectory(p)) {
                throw new TableException(target + ": is a folder, not a DuckDB database file");
            }
            db = new Database(target, "jdbc:duckdb:" + p, Dialect.DUCKDB);
        }
        try {
            db.connection();
        } catch (SQLException e) {
            throw new TableException(target + ": cannot open the database: " + e.getMessage(), e);
        }
        return db;
    }

    public String target() {
        return target;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The open connection (opened again after {@link #release()}), with auto-commit off. */
    public Connection connection() throws SQLException {
        if (conn == null || conn.isClosed()) {
            conn = DriverManager.getConnection(url);
            conn.setAutoCommit(false);
        }
        return conn;
    }

    /** Under --follow: close a DuckDB file between polls so that other processes may write to it. */
    public void releaseBetweenPolls(boolean b) {
        releaseBetweenPolls = b;
    }

    /** Ends the current use: a DuckDB file is closed when {@link #releaseBetweenPolls} is set. */
    public void release() throws SQLException {
        if (releaseBetweenPolls && dialect == Dialect.DUCKDB && conn != null) {
            conn.rollback();
            conn.close();
            conn = null;
        }
    }

    /** Whether {@code e} (or a cause) is DuckDB refusing to open a file another process holds. */
    static boolean lockConflict(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && (m.contains("Could not set lock on file") || m.contains("Conflicting lock is held"))) {
                return true;
            }
        }
        return false;
    }

    /** A DuckDB connection that reads files (the database's own when it is DuckDB, else an in-memory one). */
    Connection fileReader() throws SQLException {
        if (dialect == Dialect.DUCKDB) {
            return connection();
        }
        if (fileReader == null) {
            fileReader = DriverManager.getConnection("jdbc:duckdb:");
        }
        return fileReader;
    }

    public String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /** The tables and views of the current schema, by name. */
    public List<String> tables() throws SQLException {
        Connection c = connection();
        List<String> names = new ArrayList<>();
        DatabaseMetaData md = c.getMetaData();
        String schema = c.getSchema();
        try (ResultSet rs = md.getTables(null, schema, "%", null)) {
            while (rs.next()) {
                String type = String.valueOf(rs.getString("TABLE_TYPE")).toUpperCase(Locale.ROOT);
                if (type.contains("TABLE") && !type.contains("SYSTEM") && !type.contains("TEMP") || type.equals("VIEW")) {
                    names.add(rs.getString("TABLE_NAME"));
                }
            }
        }
        c.commit();
        names.sort(String.CASE_INSENSITIVE_ORDER);
        return names;
    }

    /** The table of this name, matched as SQL matches unquoted names (ignoring case). */
    public Optional<String> findTable(String name) throws SQLException {
        String found = null;
        for (String t : tables()) {
            if (t.equals(name)) {
                return Optional.of(t);
            }
            if (t.equalsIgnoreCase(name)) {
                found = t;
            }
        }
        return Optional.ofNullable(found);
    }

    public long rowCount(String table) throws SQLException {
        Connection c = connection();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + quote(table))) {
            rs.next();
            long n = rs.getLong(1);
            c.commit();
            return n;
        }
    }

    /** The columns of a table. */
    public List<DbColumn> columns(String table) throws SQLException {
        return describe(connection(), "SELECT * FROM " + quote(table));
    }

    /** The columns a query returns (described without reading rows). */
    static List<DbColumn> describe(Connection c, String query) throws SQLException {
        List<DbColumn> cols = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM (" + query + ") q WHERE 1 = 0")) {
            ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                cols.add(DbColumn.of(md.getColumnLabel(i), md.getColumnTypeName(i), md.getColumnType(i),
                        md.getPrecision(i), md.getScale(i)));
            }
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        return cols;
    }

    /** The column type this database gets for an engine type in the tables a run creates. */
    public String sqlType(SqlType t) {
        return switch (t) {
            case BOOLEAN -> "BOOLEAN";
            case INTEGER, BIGINT -> "BIGINT"; // the engine's integers are 64-bit
            case DOUBLE -> dialect == Dialect.POSTGRESQL ? "DOUBLE PRECISION" : "DOUBLE";
            case DECIMAL -> dialect == Dialect.POSTGRESQL ? "NUMERIC" : "DECIMAL(38,10)";
            case VARCHAR -> "VARCHAR";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
        };
    }

    @Override
    public void close() {
        for (Connection c : new Connection[] {conn, fileReader}) {
            if (c != null) {
                try {
                    if (!c.isClosed()) {
                        c.rollback();
                        c.close();
                    }
                } catch (SQLException ignored) {
                    // closing: nothing left to keep
                }
            }
        }
        conn = null;
        fileReader = null;
    }
}
