package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbspstudio.cli.Main.Captured;

/** Runs the command line in-process on the file format's fixture documents and the transitive closure (copied to files). */
class MainTest {
    private static final Path FIXTURES = FixtureDocuments.copies(java.util.stream.Stream.concat(FixtureDocuments.FORMAT.stream(),
            java.util.stream.Stream.of(FixtureDocuments.TRANSITIVE_CLOSURE)).toList());

    /** Exit code and captured output of one run. */
    static Captured run(String... args) {
        return Main.capture(args);
    }

    static String fixture(String name) {
        return FIXTURES.resolve(name).toString();
    }

    @Test
    void validCircuitsExitZeroAndPrintNothing() {
        Captured r = run("validate", fixture("integrator.json"), fixture("users-orders-join.json"),
                fixture("transitive-closure.json"), fixture("all-kinds.json"));
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("checked 4 files: 0 errors");
        assertThat(r.code()).isZero();
    }

    @Test
    void algebraicLoopExitsOneAndNamesBothOperators() {
        String file = fixture("integrator-algebraic-loop.json");
        Captured r = run("validate", file);
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out().lines()).hasSize(1);
        String line = r.out().lines().findFirst().orElseThrow();
        assertThat(line).startsWith(file + ": ERROR [ALGEBRAIC_LOOP] ");
        assertThat(line).contains("add").contains("neg");
    }

    @Test
    void malformedJsonExitsTwoWithLineAndColumn(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"format\": \"dbsp-studio-circuit\",\n  \"version\": 1,\n  \"circuit\": {,}\n}\n");
        Captured r = run("validate", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).startsWith(bad + ": ERROR [LOAD_ERROR] 3:15: malformed JSON");
    }

    @Test
    void theWorstFileDecidesTheExitCode(@TempDir Path dir) {
        Captured r = run("validate", fixture("integrator-algebraic-loop.json"), dir.resolve("missing.json").toString(),
                fixture("integrator.json"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out().lines()).hasSize(2);
        assertThat(r.out()).contains("missing.json: ERROR [LOAD_ERROR] file: cannot read: no such file");
    }

    @Test
    void newerVersionsAreUnreadable(@TempDir Path dir) throws Exception {
        Path newer = dir.resolve("newer.json");
        Files.writeString(newer, "{\"format\": \"dbsp-studio-circuit\", \"version\": 3, \"circuit\": {}}");
        Captured r = run("validate", newer.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).contains("1:46: written by a newer version of DBSP Studio (format version 3;");
    }

    @Test
    void loaderDiagnosticsAreReportedLikeValidatorOnes(@TempDir Path dir) throws Exception {
        Path doc = dir.resolve("odd.json");
        Files.writeString(doc, """
                {"format": "dbsp-studio-circuit", "version": 1, "circuit": {"operators": [
                  {"id": "s", "kind": "input", "params": {"name": "s", "type": "Z", "size": 3}},
                  {"id": "w", "kind": "wormhole"},
                  {"id": "o", "kind": "output", "params": {"name": "o"}}],
                 "streams": [{"from": "s.out", "to": "o.in"}]}}
                """);
        Captured r = run("validate", doc.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out().lines()).containsExactly(
                doc + ": WARNING [UNKNOWN_PARAM] s at 2:77: operator kind 'input' has no parameter 'size' (ignored)",
                doc + ": ERROR [UNKNOWN_KIND] w at 3:23: unknown operator kind 'wormhole'; the operator is left out,"
                        + " with the streams attached to it");
    }

    @Test
    void warningsAloneExitZero(@TempDir Path dir) throws Exception {
        String text = Files.readString(FIXTURES.resolve("integrator.json"))
                .replace("\"name\": \"integrator\",", "\"name\": \"integrator\", \"author\": \"me\",");
        Path doc = dir.resolve("warn.json");
        Files.writeString(doc, text);
        Captured r = run("validate", doc.toString());
        assertThat(r.out()).contains("WARNING [UNKNOWN_FIELD]");
        assertThat(r.code()).isZero();
    }

    @Test
    void exportWritesDotToStandardOutput() {
        Captured r = run("export", "--format", "dot", fixture("integrator.json"));
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("digraph");
        for (String id : new String[] {"\"s\"", "\"add\"", "\"z\"", "\"sum\""}) {
            assertThat(r.out()).contains(id);
        }
        assertThat(r.out()).contains("\"add\" -> \"z\"");
    }

    @Test
    void exportDrawsNestedCircuitsAsClusters() {
        Captured r = run("export", "--format", "dot", fixture("transitive-closure.json"));
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("cluster_tc").contains("\"e0\"").contains("\"closure\"");
    }

    @Test
    void exportWritesToAFileAndStillExportsCircuitsWithErrors(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("loop.dot");
        Captured r = run("export", "--format", "DOT", fixture("integrator-algebraic-loop.json"), "-o", out.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("ALGEBRAIC_LOOP");
        assertThat(Files.readString(out)).startsWith("digraph").contains("\"neg\"");
    }

    @Test
    void exportOfAnUnreadableFileExitsTwo(@TempDir Path dir) {
        Captured r = run("export", "--format", "dot", dir.resolve("nope.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("cannot read");
    }

    @Test
    void usageErrorsAndNoCommandExitTwo() {
        assertThat(run("export", "--format", "png", fixture("integrator.json")).code()).isEqualTo(2);
        assertThat(run("validate").code()).isEqualTo(2);
        Captured none = run();
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("validate").contains("export");
    }

    @Test
    void helpAndVersionExitZero() {
        Captured help = run("--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("validate").contains("export");
        Captured version = run("--version");
        assertThat(version.code()).isZero();
        assertThat(version.out()).contains("file format version 1");
    }
}
