package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dbsp test}: a document's expected section is checked, snapshot and incremental. */
class TestCommandTest {
    private static Path variant(Path dir, String name, String from, String to) throws IOException {
        String text = Files.readString(Path.of(MainTest.fixture("users-orders-join.json")));
        assertThat(text).contains(from);
        Path p = dir.resolve(name);
        Files.writeString(p, text.replace(from, to));
        return p;
    }

    @Test
    void documentsThatKeepTheirPromiseAreOk() {
        Main.Captured r = MainTest.run("test", MainTest.fixture("users-orders-join.json"), MainTest.fixture("integrator.json"));
        assertThat(r.out()).contains("users-orders-join.json: ok (2 steps, 1 output, snapshot and incremental)")
                .contains("integrator.json: ok (4 steps, 1 output, stream)");
        assertThat(r.out().lines()).hasSize(2);
        assertThat(r.code()).isZero();
    }

    @Test
    void aWrongExpectationFailsNamingRunStepOutputAndRow(@TempDir Path dir) throws IOException {
        Path wrong = variant(dir, "wrong.json", "[{\"row\": [\"Bob\", 99.99], \"weight\": -1}]",
                "[{\"row\": [\"Bob\", 99.99], \"weight\": -2}]");
        Main.Captured r = MainTest.run("test", wrong.toString(), MainTest.fixture("integrator.json"));
        assertThat(r.code()).isEqualTo(CliSupport.CIRCUIT_ERRORS);
        String line = r.out().lines().filter(l -> l.startsWith(wrong.toString())).findFirst().orElseThrow();
        assertThat(line).contains(": FAIL snapshot step 1 output 'big_orders': row (Bob, 99.99) expected -2, got -1")
                .contains("incremental step 1 output 'big_orders': row (Bob, 99.99) expected -2, got -1");
        assertThat(r.out()).contains("integrator.json: ok");
        assertThat(r.err()).contains("tested 2 files: 1 failed");
    }

    @Test
    void compactChangesAreReadLikeObjects(@TempDir Path dir) throws IOException {
        Path compact = variant(dir, "compact.json", "[{\"row\": [\"Bob\", 99.99], \"weight\": -1}]",
                "[[[\"Bob\", 99.99], -1]]");
        Main.Captured r = MainTest.run("test", compact.toString());
        assertThat(r.out()).contains("compact.json: ok");
        assertThat(r.code()).isZero();
    }

    @Test
    void unreadableAndInvalidFilesAreReported(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.json");
        Main.Captured r = MainTest.run("test", missing.toString(), MainTest.fixture("integrator-algebraic-loop.json"),
                MainTest.fixture("all-kinds.json"));
        assertThat(r.out()).contains("missing.json: ERROR [LOAD_ERROR]")
                .contains("integrator-algebraic-loop.json: FAIL the circuit has errors")
                .contains("all-kinds.json: FAIL no expected section");
        assertThat(r.code()).isEqualTo(CliSupport.UNREADABLE);
    }
}
