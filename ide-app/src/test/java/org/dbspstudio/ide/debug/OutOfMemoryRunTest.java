package org.dbspstudio.ide.debug;

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

/**
 * The debugger's session in a JVM with a small heap: a step whose join does not fit fails with
 * "out of memory" naming the operator and step, the document is as it was, and the session
 * keeps working (Reset, then running a step that fits).
 */
class OutOfMemoryRunTest {
    /** a ⋈ a on a constant key: 6000 rows give 36 million. */
    static CircuitDocument square() {
        CircuitDocument d = FixtureDocuments.read(FixtureDocuments.SQUARE_JOIN, DocumentReader::read).document();
        List<Change> rows = new ArrayList<>();
        for (long i = 0; i < 6000; i++) {
            rows.add(new Change(Row.of(1L, i), 1));
        }
        d.setScenario(new Scenario().put("a", List.of(StepData.rows(List.of(new Change(Row.of(1L, 1L), 1))),
                StepData.rows(rows))));
        return d;
    }

    /** Runs in the small-heap JVM; prints what the test checks. */
    public static void main(String[] args) throws Exception {
        CircuitDocument doc = square();
        String before = DocumentWriter.write(doc);
        DebugSession s = new DebugSession(doc, Runnable::run);
        s.seek(1).get(100, TimeUnit.SECONDS);
        System.out.println("failure: " + s.failure().getMessage());
        System.out.println("outOfMemory: " + s.failure().outOfMemory());
        System.out.println("message: " + s.messageProperty().get());
        System.out.println("document unchanged: " + before.equals(DocumentWriter.write(doc)));
        s.reset().get(100, TimeUnit.SECONDS);
        s.seek(0).get(100, TimeUnit.SECONDS);
        System.out.println("after reset: failure " + s.failure() + ", steps run " + s.stepsRun()
                + ", output rows " + s.outputChanges(0).get("o").rows());
        s.dispose();
    }

    @Test
    void aStepThatDoesNotFitLeavesTheSessionWorkingAndTheDocumentIntact() throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), OutOfMemoryRunTest.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("failure: operator 'square' at step 1: out of memory")
                .contains("outOfMemory: true")
                .contains("the run was dropped to free memory; the document is unchanged")
                .contains("document unchanged: true")
                .contains("after reset: failure null, steps run 1, output rows 1")
                .doesNotContain("Exception in thread");
    }
}
