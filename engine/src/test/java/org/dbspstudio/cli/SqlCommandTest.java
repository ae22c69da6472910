package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
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
}
