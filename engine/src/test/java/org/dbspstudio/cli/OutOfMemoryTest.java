package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbsp run}, {@code validate} and {@code bench} in a separate JVM with a small heap: a join
 * whose output does not fit, a closure too large for the heap, or a document too large to load,
 * ends with a one-line error naming the operator and the step (the benchmark's workload too, or
 * the file) and exit code 3 — no stack trace.
 */
class OutOfMemoryTest {
    @TempDir
    Path dir;

    record Proc(int code, String out, String err) {
    }

    static Proc runInSmallHeap(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx48m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.PIPE).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Proc(p.exitValue(), "", err);
    }

    @Test
    void aJoinTooBigForTheHeapNamesTheOperatorAndStep() throws Exception {
        CircuitDocument d = FixtureDocuments.read(FixtureDocuments.SQUARE_JOIN, DocumentReader::read).document();
        List<Change> rows = new ArrayList<>();
        for (long i = 0; i < 6000; i++) {
            rows.add(new Change(Row.of(1L, i), 1));
        }
        d.setScenario(new Scenario().put("a", List.of(StepData.rows(List.of()), StepData.rows(rows))));
        Path f = dir.resolve("square.json");
        DocumentWriter.write(d, f);

        Proc r = runInSmallHeap("run", f.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(CliSupport.OUT_OF_MEMORY);
        assertThat(r.err()).contains(f + ": operator 'square' at step 1: ERROR [OUT_OF_MEMORY] the Java heap (")
                .contains("JAVA_OPTS=-Xmx")
                .doesNotContain("Exception in thread", "java.lang.OutOfMemoryError", "\tat ");
    }

    @Test
    void aBenchmarkTooBigForTheHeapNamesTheWorkloadOperatorAndStep() throws Exception {
        // in the bench's own JVM (B3 runs in a JVM of its own by default: BenchCommandTest covers that one running out)
        Proc r = runInSmallHeap("bench", "--in-process", "--only", "b3", "--b3", "2000,3000,1,0,10");
        assertThat(r.code()).as(r.err()).isEqualTo(CliSupport.OUT_OF_MEMORY);
        assertThat(r.err()).containsPattern("dbsp bench: B3: (operator '[^']+' )?at step 0(, iteration \\[\\d+\\])?: "
                        + "ERROR \\[OUT_OF_MEMORY\\] the Java heap \\(")
                .doesNotContain("Exception in thread", "java.lang.OutOfMemoryError", "\tat ");
    }

    /** One input feeding 100,000 outputs (12 MB of JSON): more than a 48 MB heap can load and check. */
    @Test
    void aDocumentTooLargeForTheHeapNamesTheFile() throws Exception {
        StringBuilder ops = new StringBuilder("{\"id\": \"i\", \"kind\": \"input\", \"params\": {\"name\": \"i\", \"type\": \"Z\"}}");
        StringBuilder streams = new StringBuilder();
        for (int k = 0; k < 100_000; k++) {
            ops.append(",\n{\"id\": \"o").append(k).append("\", \"kind\": \"output\", \"params\": {\"name\": \"o")
                    .append(k).append("\"}}");
            streams.append(k == 0 ? "" : ",\n").append("{\"from\": \"i.out\", \"to\": \"o").append(k).append(".in\"}");
        }
        Path f = dir.resolve("wide.json");
        java.nio.file.Files.writeString(f, "{\"format\": \"dbsp-studio-circuit\", \"version\": 1, \"name\": \"wide\",\n"
                + "\"circuit\": {\"operators\": [" + ops + "],\n\"streams\": [" + streams + "]},\n\"scenario\": {\"i\": [1]}}\n");
        for (String command : List.of("validate", "run")) {
            Proc r = runInSmallHeap(command, f.toString());
            assertThat(r.code()).as(command + ": " + r.err()).isEqualTo(CliSupport.OUT_OF_MEMORY);
            assertThat(r.err()).as(command).contains(f + ": loading and checking the file: ERROR [OUT_OF_MEMORY] the Java heap (")
                    .doesNotContain("Exception in thread", "java.lang.OutOfMemoryError", "\tat ");
        }
    }
}
