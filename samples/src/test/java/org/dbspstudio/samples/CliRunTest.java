package org.dbspstudio.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.dbspstudio.cli.Main;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.verify.Expectations;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code dbsp run --format=json samples/X.json} prints exactly each sample's expected changes:
 * the printed outputs are put in place of the document's {@code expected} section, read back,
 * and compared step by step as Z-sets with the hand-written expectations.
 */
class CliRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicTest> dbspRunPrintsTheExpectedChanges() {
        return SampleFiles.all().stream().map(f -> dynamicTest(f.getFileName().toString(), () -> check(f)));
    }

    private static void check(Path file) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true),
                "run", "--format=json", file.toString());
        assertThat(code).as("exit code; stderr: %s", err).isZero();
        ObjectNode doc = (ObjectNode) JSON.readTree(SampleFiles.text(file));
        JsonNode printed = JSON.readTree(out.toString()).get("outputs");
        assertThat(printed).as("printed outputs").isNotNull();
        doc.set("expected", printed);
        CircuitDocument cli = DocumentReader.read(JSON.writeValueAsString(doc), file.toString()).document();
        // the printed changes, taken as the document's promise, are what the circuit computes
        // (SamplesTest checks the same of the hand-written expectations)
        List<String> problems = Expectations.check(cli).stream().map(Expectations.Failure::describe).toList();
        assertThat(problems).as("dbsp run differs from the expectations").isEmpty();
    }
}
