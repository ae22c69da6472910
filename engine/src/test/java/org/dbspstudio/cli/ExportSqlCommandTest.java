package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.cli.MainTest.fixture;
import static org.dbspstudio.cli.MainTest.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.dbspstudio.cli.Main.Captured;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dbsp export --format flink-sql|feldera-sql}. */
class ExportSqlCommandTest {
    @Test
    void exportsARelationalCircuitToFeldera() {
        Captured r = run("export", "--format", "feldera-sql", fixture("users-orders-join.json"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("CREATE TABLE users (", "CREATE TABLE orders (", "CREATE LOCAL VIEW big AS",
                "CREATE VIEW big_orders AS", "FROM users AS l\nJOIN big AS r ON l.id = r.user_id");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void exportsToFlinkWithSinksAndAStatementSet(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("job.sql");
        Captured r = run("export", "--format", "FLINK-SQL", fixture("users-orders-join.json"), "-o", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(Files.readString(out)).contains("'connector' = 'kafka'", "CREATE VIEW big_orders AS",
                "INSERT INTO big_orders_sink SELECT * FROM big_orders;", "EXECUTE STATEMENT SET BEGIN");
    }

    @Test
    void refusesRecursionOnFlinkNamingTheNestedCircuit() {
        Captured r = run("export", "--format", "flink-sql", fixture("transitive-closure.json"));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("ERROR [EXPORT] tc: nested circuit (recursion)").contains("feldera-sql");
    }

    @Test
    void refusesIntegerStreamsNamingTheInput() {
        Captured r = run("export", "--format", "feldera-sql", fixture("integrator.json"));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("ERROR [EXPORT] s: input s is a stream of integers (type Z)");
    }

    @Test
    void anIncrementalCircuitIsExportedInItsSnapshotFormAndSaysSo(@TempDir Path dir) throws Exception {
        CircuitDocument doc = DocumentReader.read(Path.of(fixture("users-orders-join.json"))).document();
        doc.setCircuit(Incrementalizer.incrementalize(doc.circuit()).incremental());
        Path inc = dir.resolve("inc.json");
        DocumentWriter.write(doc, inc);
        Captured r = run("export", "--format", "feldera-sql", inc.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("note: an incremental circuit; exported its snapshot form");
        assertThat(r.out()).contains("SNAPSHOT form of an incremental circuit", "CREATE VIEW big_orders AS")
                .doesNotContain("_I", "_z");
    }

    @Test
    void aCircuitWithErrorsIsNotExportedToSql() {
        Captured r = run("export", "--format", "feldera-sql", fixture("integrator-algebraic-loop.json"));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("ALGEBRAIC_LOOP");
    }

    @Test
    void unknownFormatsExitTwo() {
        Captured r = run("export", "--format", "spark-sql", fixture("integrator.json"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("dot, flink-sql, feldera-sql");
    }
}
