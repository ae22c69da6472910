package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.LoadResult;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dbsp sql}: exit codes, the document written, errors as FILE:LINE:COLUMN: message. */
class SqlCommandTest {
    static final String SCRIPT = """
            -- users and their orders
            CREATE TABLE users (id INT NOT NULL PRIMARY KEY, name VARCHAR(20));
            CREATE TABLE orders (oid INT NOT NULL, uid INT, amount DECIMAL(10, 2));
            CREATE VIEW big_orders AS
              SELECT u.name, o.amount FROM users u JOIN orders o ON u.id = o.uid WHERE o.amount > 100;
            CREATE MATERIALIZED VIEW "Totals" AS SELECT uid, SUM(amount) AS total FROM orders GROUP BY uid;
            """;

    @Test
    void writesTheCircuitDocument(@TempDir Path dir) throws Exception {
        Path sql = dir.resolve("shop.sql");
        Files.writeString(sql, SCRIPT);
        Path out = dir.resolve("shop.json");
        Main.Captured r = MainTest.run("sql", sql.toString(), "-o", out.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        LoadResult loaded = DocumentReader.read(out);
        assertThat(loaded.diagnostics()).isEmpty();
        assertThat(Validator.validate(loaded.document().circuit()).stream().filter(Diagnostic::isError)).isEmpty();
        var c = loaded.document().circuit();
        assertThat(c.operatorsOfKind(OpKind.INPUT)).extracting(o -> o.params().string("name")).containsExactly("users", "orders");
        assertThat(c.operatorsOfKind(OpKind.OUTPUT)).extracting(o -> o.params().string("name")).containsExactly("big_orders", "Totals");
        // the join came from the FROM clause of line 5; the filter from its WHERE
        var join = c.operatorsOfKind(OpKind.JOIN).get(0);
        assertThat(loaded.document().sources().get(join.id()).line()).isEqualTo(5);
        var filter = c.operatorsOfKind(OpKind.FILTER).get(0);
        String line5 = SCRIPT.lines().toList().get(4);
        int col = line5.indexOf("o.amount > 100") + 1;
        assertThat(loaded.document().sources().get(filter.id()).toString()).isEqualTo("5:" + col + "-5:" + (col + 13));
        // to standard output without -o; validate accepts it
        Main.Captured stdout = MainTest.run("sql", sql.toString());
        assertThat(stdout.code()).isZero();
        assertThat(stdout.out()).isEqualTo(Files.readString(out));
        assertThat(MainTest.run("validate", out.toString()).code()).isZero();
    }

    @Test
    void errorsExitOneWithFileLineColumn(@TempDir Path dir) throws Exception {
        Path sql = dir.resolve("bad.sql");
        Files.writeString(sql, SCRIPT + "CREATE VIEW v AS SELECT name\n  FROM users WHERE name SIMILAR TO 'a%';\nCREATE VIEW w AS SELECT nope FROM users;\n");
        Path out = dir.resolve("bad.json");
        Main.Captured r = MainTest.run("sql", sql.toString(), "-o", out.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().lines()).contains(sql + ":8:20: unsupported: SIMILAR TO");
        assertThat(r.err()).contains(sql + ":9:25: Column 'nope' not found");
        assertThat(out).doesNotExist();
    }

    @Test
    void unreadableScriptExitsTwo(@TempDir Path dir) throws Exception {
        Main.Captured r = MainTest.run("sql", dir.resolve("missing.sql").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("missing.sql: cannot read");
        Path bin = dir.resolve("bin.sql");
        Files.write(bin, new byte[] {(byte) 0xff, (byte) 0xfe, 0});
        assertThat(MainTest.run("sql", bin.toString()).code()).isEqualTo(2);
    }

    static final String[] SHOP = {
        "CREATE TABLE customers (id INTEGER, name VARCHAR, region VARCHAR)",
        "CREATE TABLE orders (oid BIGINT, cid INTEGER, amount DECIMAL(10,2), weight BIGINT, step BIGINT)",
        "CREATE TABLE misc (id INTEGER, span INTERVAL)",
        "INSERT INTO customers VALUES (1, 'ann', 'north'), (2, 'bob', 'south'), (3, 'cy', NULL), (4, 'dan', 'north')",
        "INSERT INTO orders VALUES (10, 1, 5.50, 1, 0), (11, 2, 7.25, 1, 0), (12, 1, 1.00, 1, 1), (10, 1, 5.50, -1, 2),"
            + " (13, 3, 2.00, 1, 2), (14, 4, 3.10, 1, 2), (15, 2, 0.05, 1, 3)"};

    private static Path shop(Path dir) throws Exception {
        Path file = dir.resolve("shop.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
            for (String q : SHOP) {
                s.execute(q);
            }
        }
        return file;
    }

    private static List<String> rows(Path db, String query) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(query)) {
            while (rs.next()) {
                out.add(rs.getString(1) + "|" + rs.getLong(2) + "|" + rs.getBigDecimal(3).stripTrailingZeros().toPlainString());
            }
        }
        return out;
    }

    @Test
    void tablesTheScriptDoesNotDeclareComeFromTheDatabaseAndRunThere(@TempDir Path dir) throws Exception {
        Path db = shop(dir);
        Path sql = dir.resolve("views.sql");
        Files.writeString(sql, """
                CREATE VIEW region_totals AS
                  SELECT c.region, COUNT(*) AS n, SUM(o.amount) AS total
                  FROM customers c JOIN orders o ON c.id = o.cid GROUP BY c.region;
                """);
        Path out = dir.resolve("views.json");
        Main.Captured r = MainTest.run("sql", sql.toString(), "--db", db.toString(), "-o", out.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        LoadResult loaded = DocumentReader.read(out);
        var c = loaded.document().circuit();
        // only the tables a view reads; a change table's weight and step are not the input's columns
        assertThat(c.operatorsOfKind(OpKind.INPUT)).extracting(o -> o.params().string("name")).containsExactly("customers", "orders");
        var orders = (org.dbspstudio.model.types.StreamType.ZSet) c.operatorsOfKind(OpKind.INPUT).get(1).params().type("type");
        assertThat(orders.row().names()).containsExactly("oid", "cid", "amount");
        assertThat(Validator.validate(c).stream().filter(Diagnostic::isError)).isEmpty();
        // the circuit runs over the same database, and its view equals DuckDB's over the orders present after the last step
        Main.Captured run = MainTest.run("run", out.toString(), "--db", db.toString());
        assertThat(run.code()).as(run.err()).isZero();
        List<String> mine = rows(db, "SELECT region, n, total FROM region_totals ORDER BY region NULLS FIRST");
        List<String> duck = rows(db, "SELECT c.region, COUNT(*), SUM(o.amount) FROM customers c JOIN (SELECT oid, cid, amount FROM orders"
                + " GROUP BY oid, cid, amount HAVING SUM(weight) > 0) o ON c.id = o.cid GROUP BY c.region ORDER BY c.region NULLS FIRST");
        assertThat(mine).isEqualTo(duck).hasSize(3);
    }

    @Test
    void aDeclarationThatDiffersFromTheDatabaseIsRefusedNamingTableColumnAndBothTypes(@TempDir Path dir) throws Exception {
        Path db = shop(dir);
        Path sql = dir.resolve("bad.sql");
        Files.writeString(sql, """
                CREATE TABLE orders (oid BIGINT, cid INTEGER, amount VARCHAR);
                CREATE TABLE customers (id INTEGER, name VARCHAR, region VARCHAR, extra INTEGER);
                CREATE VIEW v AS SELECT * FROM orders;
                CREATE VIEW w AS SELECT * FROM misc;
                """);
        Path out = dir.resolve("bad.json");
        Main.Captured r = MainTest.run("sql", sql.toString(), "--db", db.toString(), "-o", out.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().lines()).contains(
                sql + ":1:1: table 'orders' column 'amount': the script declares VARCHAR, but it is DECIMAL(10,2) in " + db,
                sql + ":2:1: table 'customers' column 'extra': the script declares INTEGER, but table 'customers' in " + db
                        + " has no such column");
        assertThat(r.err()).contains("table 'misc' in " + db + ": column 'span' has type INTERVAL, which is not supported");
        assertThat(out).doesNotExist();
        // the same declarations agreeing with the database are accepted
        Files.writeString(sql, "CREATE TABLE orders (oid BIGINT, cid INTEGER, amount DECIMAL(10,2));\n"
                + "CREATE VIEW v AS SELECT o.oid, c.name FROM orders o JOIN customers c ON o.cid = c.id;\n");
        Main.Captured ok = MainTest.run("sql", sql.toString(), "--db", db.toString(), "-o", out.toString());
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(MainTest.run("sql", sql.toString(), "--db", dir.resolve("no/such.duckdb").toString()).code()).isEqualTo(2);
    }
}
