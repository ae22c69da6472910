package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbsp slt} on a fixed slice of SQLite's sqllogictest suite (the full figures are in the
 * README): every query of the slice passes through the front end and the engine, snapshot and
 * incremental; and a file with a wrong expected result fails.
 */
class SltCommandTest {
    @Test
    void aSliceOfTheSuitePasses() {
        Main.Captured r = MainTest.run("slt", "--queries", "120", "select1.test", "select3.test", "select4.test",
                "random/aggregates/slt_good_0.test", "random/groupby/slt_good_0.test", "random/expr/slt_good_0.test",
                "random/select/slt_good_0.test");
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("select1.test: 120 passed, 0 failed, 0 refused");
        assertThat(r.out()).contains("select3.test: 120 passed, 0 failed, 0 refused");
        assertThat(r.out()).contains("select4.test: 120 passed, 0 failed, 0 refused");
        assertThat(r.out()).contains("7 files, 840 queries:").contains(" 0 failed");
        assertThat(r.code()).isZero();
    }

    @Test
    void insertSelectDeleteAndDropChangeTheData(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("data.test");
        Files.writeString(f, """
                statement ok
                CREATE TABLE t(a INTEGER, b INTEGER)

                statement ok
                INSERT INTO t VALUES(1, 2), (3, NULL), (5, 6), (5, 6)

                statement ok
                CREATE TABLE u(a INTEGER, b INTEGER)

                statement ok
                INSERT INTO u SELECT a, b FROM t WHERE a > 1

                statement ok
                DELETE FROM u WHERE b IS NULL

                statement ok
                CREATE VIEW v AS SELECT a FROM u

                query I rowsort
                SELECT a FROM v
                ----
                5
                5

                statement ok
                DROP VIEW v

                statement ok
                DROP TABLE u

                statement ok
                CREATE TABLE u(x INTEGER)

                statement ok
                INSERT INTO u(x) SELECT COUNT(*) FROM t

                query I nosort
                SELECT x FROM u
                ----
                4
                """);
        Main.Captured r = MainTest.run("slt", f.toString());
        assertThat(r.out()).contains("data.test: 2 passed, 0 failed, 0 refused");
        assertThat(r.code()).isZero();
    }

    @Test
    void aWrongExpectedResultFails(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("mine.test");
        Files.writeString(f, """
                statement ok
                CREATE TABLE t(a INTEGER, b INTEGER)

                statement ok
                INSERT INTO t VALUES(1, 2), (3, NULL), (5, 6)

                query II rowsort
                SELECT a, b FROM t WHERE a > 1
                ----
                3
                NULL
                5
                6

                query I nosort
                SELECT a + 1 FROM t ORDER BY 1 DESC
                ----
                6
                4
                2

                query II nosort
                SELECT a / (a - a), b % 0 FROM t WHERE a = 1
                ----
                NULL
                NULL

                query I nosort
                SELECT SUM(a) FROM t
                ----
                10

                query I nosort
                SELECT a FROM t LIMIT 1
                ----
                1
                """);
        Main.Captured r = MainTest.run("slt", f.toString());
        assertThat(r.out()).contains("mine.test: 3 passed, 1 failed, 1 refused");
        assertThat(r.out()).contains("expected 10").contains("got      9");
        assertThat(r.code()).isEqualTo(1);
    }
}
