package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.validate.Validator;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.junit.jupiter.api.Test;

/**
 * Every snapshot circuit among the repository's test fixtures and samples (written independently
 * of the rewrite) incrementalizes into a valid circuit that verifies on its scenario and on
 * random streams. Documents that do not validate, are already incremental, or whose original
 * circuit cannot run its own scenario are not rewritten (they are listed in the assertion text).
 */
class FixturesAndSamplesTest {

    private static List<Path> documents() throws IOException {
        List<Path> all = new ArrayList<>();
        for (Path dir : List.of(FixtureDocuments.copies(FixtureDocuments.FORMAT), Path.of("../samples"))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(all::add);
                }
            }
        }
        return all;
    }

    private static boolean originalRuns(CircuitDocument doc) {
        try {
            Simulation s = Simulation.compile(doc.circuit(), EngineOptions.DEFAULT.withRecordTrace(false));
            s.setScenario(doc.scenario());
            s.runScenario();
            return true;
        } catch (EngineException | RuntimeException e) {
            return false;
        }
    }

    @Test
    void everySnapshotCircuitIncrementalizesAndVerifies() throws Exception {
        List<Path> docs = documents();
        assertThat(docs).as("fixtures and samples are found").isNotEmpty();
        List<String> verified = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Path p : docs) {
            CircuitDocument doc;
            try {
                doc = DocumentReader.read(p).document();
            } catch (Exception e) {
                skipped.add(p.getFileName() + " (unreadable)");
                continue;
            }
            Circuit c = doc.circuit();
            if (Validator.hasErrors(Validator.validate(c))) {
                skipped.add(p.getFileName() + " (invalid)");
                continue;
            }
            if (c.inputMode() == Circuit.InputMode.CHANGES) {
                assertThat(Incrementalizer.incrementalize(c).incremental()).isEqualTo(c);
                skipped.add(p.getFileName() + " (already incremental)");
                continue;
            }
            if (!originalRuns(doc)) {
                skipped.add(p.getFileName() + " (the original fails on its scenario)");
                continue;
            }
            Circuit inc = Incrementalizer.incrementalize(c).incremental();
            List<String> errors = Validator.validate(inc).stream().filter(Diagnostic::isError).map(Diagnostic::format).toList();
            if (!errors.isEmpty()) {
                failures.add(p.getFileName() + ": " + errors);
                continue;
            }
            VerifyReport r = new Verifier().verify(c, inc, doc.scenario(), 10, 17);
            if (r.equivalent()) {
                verified.add(p.getFileName().toString());
            } else {
                failures.add(p.getFileName() + ": " + r.describe());
            }
        }
        assertThat(failures).as("verified " + verified + ", skipped " + skipped).isEmpty();
        assertThat(verified).as("skipped " + skipped).isNotEmpty();
    }
}
