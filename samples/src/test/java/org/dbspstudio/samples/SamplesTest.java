package org.dbspstudio.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.CircuitSchema;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.validate.Validator;
import org.dbspstudio.verify.Expectations;
import org.dbspstudio.verify.Verifier;
import org.dbspstudio.verify.VerifyReport;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * End-to-end checks of every sample document: it matches the JSON Schema, loads without
 * diagnostics and validates without errors, runs on the engine producing exactly the expected
 * output changes at every step (expectations written by hand from the sources, not recorded from
 * the engine), and its incremental version (Algorithm 4.6) both reproduces the expectations from
 * the scenario's changes and passes the verifier on the scenario and on random change streams.
 */
class SamplesTest {
    /** Quiet steps run after a snapshot scenario: with unchanged inputs no output may change. */
    private static final int QUIET_STEPS = 2;
    private static final int RANDOM_RUNS = 12;
    private static final JsonSchema SCHEMA = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(CircuitSchema.committed());

    @Test
    void theSamplesAreNumberedWithoutGaps() {
        List<Path> all = SampleFiles.all();
        assertThat(all).hasSize(19);
        for (int i = 0; i < all.size(); i++) {
            assertThat(all.get(i).getFileName().toString()).startsWith(String.format("%02d-", i + 1));
        }
    }

    @Test
    void theReadmeListsEverySample() {
        String readme = SampleFiles.text(SampleFiles.folder().resolve("README.md"));
        for (Path p : SampleFiles.all()) {
            assertThat(readme).as("README.md").contains("`" + p.getFileName() + "`");
        }
    }

    /** Paper §4.5: the incremental circuit has two joins, three integrations and one ↑H. */
    @Test
    void theSection45QueryIncrementalizesAsThePaperDraws() {
        Path file = SampleFiles.folder().resolve("03-distinct-over-join.json");
        Circuit inc = Incrementalizer.incrementalize(SampleFiles.load(file).circuit()).incremental();
        Map<OpKind, Long> kinds = inc.operators().stream()
                .collect(Collectors.groupingBy(Operator::kind, Collectors.counting()));
        assertThat(kinds.get(OpKind.JOIN)).isEqualTo(2L);
        assertThat(kinds.get(OpKind.INTEGRATE)).isEqualTo(3L);
        assertThat(kinds.get(OpKind.H)).isEqualTo(1L);
        assertThat(kinds).doesNotContainKey(OpKind.DISTINCT);
    }

    @TestFactory
    Stream<DynamicContainer> everySample() {
        return SampleFiles.all().stream().map(file -> DynamicContainer.dynamicContainer(
                file.getFileName().toString(), Stream.of(
                        dynamicTest("matches the JSON Schema", () -> schema(file)),
                        dynamicTest("loads and validates", () -> model(file)),
                        dynamicTest("is laid out readably", () -> LayoutCheck.check(SampleFiles.load(file))),
                        dynamicTest("runs to the expected changes, snapshot and incremental", () -> run(file)),
                        dynamicTest("incrementalizes and verifies", () -> incremental(file)))));
    }

    private static void schema(Path file) {
        List<String> errors = SCHEMA.validate(SampleFiles.text(file), InputFormat.JSON).stream()
                .map(ValidationMessage::getMessage).toList();
        assertThat(errors).as("schema violations in %s", file.getFileName()).isEmpty();
    }

    private static void model(Path file) {
        CircuitDocument doc = SampleFiles.load(file);
        assertThat(doc.name()).as("name").isNotBlank();
        assertThat(doc.description()).as("description").hasSizeGreaterThan(80);
        List<Diagnostic> errors = Validator.validate(doc).stream().filter(Diagnostic::isError).toList();
        assertThat(errors).as("validation errors").isEmpty();
        int steps = doc.scenario().steps();
        assertThat(steps).as("scenario steps").isGreaterThan(0);
        Map<String, StreamType> outputs = Expectations.outputTypes(doc.circuit());
        assertThat(doc.expected().streams().keySet()).as("expected outputs")
                .containsExactlyInAnyOrderElementsOf(outputs.keySet());
        doc.scenario().streams().forEach((name, data) ->
                assertThat(data).as("scenario steps of input %s", name).hasSize(steps));
        doc.expected().streams().forEach((name, data) ->
                assertThat(data).as("expected steps of output %s", name).hasSize(steps));
    }

    /** As drawn and, over snapshots, incrementalized: every output change matches the expected section. */
    private static void run(Path file) {
        CircuitDocument doc = SampleFiles.load(file);
        assertThat(Expectations.check(doc)).extracting(Expectations.Failure::describe).as("mismatches").isEmpty();
    }

    private static void incremental(Path file) throws EngineException {
        CircuitDocument doc = SampleFiles.load(file);
        RewriteResult r = Incrementalizer.incrementalize(doc.circuit());
        Circuit inc = r.incremental();
        if (doc.circuit().inputMode() == Circuit.InputMode.CHANGES) {
            // A stream circuit already reads changes: the rewrite must leave it alone.
            assertThat(inc).isEqualTo(doc.circuit());
            return;
        }
        assertThat(inc.inputMode()).isEqualTo(Circuit.InputMode.CHANGES);
        List<Diagnostic> errors = Validator.validate(inc).stream().filter(Diagnostic::isError).toList();
        assertThat(errors).as("validation errors of the incremental circuit\n%s", r.explain()).isEmpty();
        VerifyReport report = new Verifier().verify(doc.circuit(), inc, doc.scenario(), RANDOM_RUNS, 7L);
        assertThat(report.equivalent()).as("%s: %s", file.getFileName(), report.describe()).isTrue();
    }
}
