package org.dbspstudio.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.export.Dialect;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.export.SnapshotForm;
import org.dbspstudio.model.export.SqlExport;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.TestFactory;

/**
 * The SQL export of every sample, in both dialects, against golden files in {@code sql/} (an
 * exported program, or the refusal naming the operator). Run with {@code -Ddbsp.updateGoldens=true}
 * to rewrite them after an intended change, and review the diff.
 *
 * <p>And the snapshot form of every incrementalized sample: mapped back from I/D/z⁻¹/H and the
 * expanded joins, it must run on the engine to the sample's expected changes.
 */
class SqlExportTest {
    private static final boolean UPDATE = Boolean.getBoolean("dbsp.updateGoldens");

    @TestFactory
    Stream<DynamicContainer> everySample() {
        return SampleFiles.all().stream().map(file -> DynamicContainer.dynamicContainer(
                file.getFileName().toString(), Stream.of(
                        dynamicTest("Feldera SQL matches its golden file", () -> golden(file, Dialect.FELDERA)),
                        dynamicTest("Flink SQL matches its golden file", () -> golden(file, Dialect.FLINK)),
                        dynamicTest("incremental form maps back to a snapshot circuit with the same outputs",
                                () -> snapshotForm(file)))));
    }

    /** The exported text, or {@code -- refused: <operator>: <reason>}. */
    static String exported(CircuitDocument doc, Dialect d) {
        try {
            return SqlExport.export(doc, d).text();
        } catch (ExportException e) {
            return "-- refused: " + e.getMessage() + "\n";
        }
    }

    static Path goldenFile(Path sample, Dialect d) {
        String stem = sample.getFileName().toString().replaceAll("\\.json$", "");
        return SampleFiles.folder().resolve("sql").resolve(stem + (d == Dialect.FELDERA ? ".feldera.sql" : ".flink.sql"));
    }

    private static void golden(Path file, Dialect d) throws IOException {
        String text = exported(SampleFiles.load(file), d);
        Path golden = goldenFile(file, d);
        if (UPDATE) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, text, StandardCharsets.UTF_8);
        }
        assertThat(golden).as("golden file (create it with -Ddbsp.updateGoldens=true)").exists();
        assertThat(text).as("export of %s to %s", file.getFileName(), d).isEqualTo(Files.readString(golden));
    }

    /**
     * Propositions J1/J2 read backwards: the incremental semijoin and antijoin map back to EXISTS and
     * NOT EXISTS (not to a difference, which SQL cannot hold), in both dialects; so an incremental
     * outer join exports as the join's rows plus the NULL-padded rows of a NOT EXISTS.
     */
    @org.junit.jupiter.api.Test
    void incrementalSemijoinsAndAntijoinsExportAsExistsAndNotExists() {
        for (String name : List.of("12-hop-tri-hop-min-cost.json", "13-semijoin-antijoin.json", "14-outer-joins.json")) {
            CircuitDocument doc = SampleFiles.load(SampleFiles.folder().resolve(name));
            CircuitDocument inc = doc.copy().setCircuit(Incrementalizer.incrementalize(doc.circuit()).incremental());
            for (Dialect d : Dialect.values()) {
                String text = exported(inc, d);
                assertThat(text).as("%s in %s", name, d).doesNotStartWith("-- refused").contains("WHERE NOT EXISTS (SELECT 1 FROM");
                if (name.startsWith("13")) {
                    assertThat(text).contains("WHERE EXISTS (SELECT 1 FROM");
                }
            }
        }
    }

    private static void snapshotForm(Path file) throws EngineException, ExportException {
        CircuitDocument doc = SampleFiles.load(file);
        if (doc.circuit().inputMode() == Circuit.InputMode.CHANGES) {
            return; // a stream circuit over integers: refused above, nothing to map back
        }
        Circuit inc = Incrementalizer.incrementalize(doc.circuit()).incremental();
        if (exported(doc, Dialect.FELDERA).startsWith("-- refused: ")) {
            // no SQL form over snapshots (a waterline stream of integers): none for the incremental form either
            assertThat(exported(doc.copy().setCircuit(inc), Dialect.FELDERA)).startsWith("-- refused: ");
            return;
        }
        boolean nested = doc.circuit().operators().stream().anyMatch(o -> o.child() != null);
        if (nested) {
            assertThat(exported(doc.copy().setCircuit(inc), Dialect.FELDERA))
                    .as("incremental recursion is refused").startsWith("-- refused: ").contains("semi-naive");
            return;
        }
        Circuit snapshot = SnapshotForm.derive(inc);
        assertThat(snapshot.inputMode()).isEqualTo(Circuit.InputMode.SNAPSHOTS);
        List<Diagnostic> errors = Validator.validate(snapshot).stream().filter(Diagnostic::isError).toList();
        assertThat(errors).as("validation errors of the snapshot form").isEmpty();
        assertThat(snapshot.operators()).as("no stream-calculus operator is left")
                .noneMatch(o -> switch (o.kind()) {
                    case DELAY, INTEGRATE, DIFFERENTIATE, H -> true;
                    default -> false;
                });
        CircuitDocument snapDoc = doc.copy().setCircuit(snapshot);
        Simulation sim = Simulation.of(snapDoc);
        Map<String, StreamType> types = Outcomes.outputTypes(snapshot);
        assertThat(types.keySet()).containsExactlyInAnyOrderElementsOf(Outcomes.outputTypes(doc.circuit()).keySet());
        List<String> problems = new ArrayList<>();
        for (int t = 0; t < doc.scenario().steps(); t++) {
            sim.step();
            for (var e : types.entrySet()) {
                StepData d = doc.expected().at(e.getKey(), t);
                String diff = Outcomes.difference(Outcomes.value(d, e.getValue(), e.getKey()), sim.outputChange(e.getKey(), t));
                if (diff != null) {
                    problems.add("output '" + e.getKey() + "' at step " + t + diff);
                }
            }
        }
        assertThat(problems).as("snapshot form of the incremental %s", file.getFileName()).isEmpty();
    }
}
