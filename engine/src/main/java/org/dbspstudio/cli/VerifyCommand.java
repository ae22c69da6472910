package org.dbspstudio.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.LoadException;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.verify.Verifier;
import org.dbspstudio.verify.VerifyReport;
import org.dbspstudio.engine.scenario.CsvScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbsp verify FILE [--scenario S] [--random N] [--seed X] [--incremental INC.json]}: checks
 * on data that the incremental version of a snapshot circuit computes {@code D} of its outputs.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Incrementalize a circuit over snapshots (or take --incremental) and check on data that",
            "Q^Δ(Δs) = D(Q(I(Δs))) at every step for every output: on the scenario and on N random",
            "change streams (insertions of new rows, deletions of present rows; seeds X, X+1, ...).",
            "Exit code 0: equivalent, 1: the first mismatch is printed (or the circuit has errors),",
            "2: a file could not be read."})
final class VerifyCommand extends DbspCommand {
    /**
     * Jackson's object mapper, made when first used (a JSON scenario): made with the class, it
     * loaded and initialised about 400 classes of jackson-databind in every dbsp command, since the
     * command line makes an instance of every subcommand.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    @Parameters(index = "0", paramLabel = "FILE", description = "a circuit document over snapshots (.json)")
    Path file;

    @Option(names = "--scenario", paramLabel = "S",
            description = "input changes instead of the document's scenario: a JSON scenario object or circuit"
                    + " document, or INPUT=S.csv (step,weight,col1,...)")
    String scenario;

    @Option(names = "--random", paramLabel = "N", defaultValue = "20", description = "random change streams (default: ${DEFAULT-VALUE})")
    int random;

    @Option(names = "--seed", paramLabel = "X", defaultValue = "1", description = "seed of the first random stream (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--incremental", paramLabel = "INC.json",
            description = "verify this incremental circuit (e.g. written by 'dbsp incrementalize -o') instead of rewriting FILE")
    Path incremental;

    @Override
    int run(PrintWriter out, PrintWriter err) {
        CircuitDocument doc = CliSupport.load(file, err, false).document();
        Circuit original = doc.circuit();
        if (original.inputMode() == Circuit.InputMode.CHANGES) {
            out.println("already incremental: the circuit's inputs receive changes, so its incremental version is"
                    + " itself; nothing to verify (give the original circuit over snapshots, and the rewritten one"
                    + " with --incremental)");
            return CliSupport.OK;
        }
        Circuit inc;
        if (incremental != null) {
            inc = CliSupport.load(incremental, err, false).document().circuit();
        } else {
            inc = Incrementalizer.incrementalize(original).incremental();
        }
        Scenario sc;
        try {
            sc = scenario == null ? doc.scenario() : readScenario(original);
        } catch (LoadException e) {
            err.println(CliSupport.line(e));
            return CliSupport.UNREADABLE;
        } catch (IOException | CsvScenarioLoader.CsvException | IllegalArgumentException e) {
            err.println(scenario + ": ERROR [LOAD_ERROR] file: " + e.getMessage());
            return CliSupport.UNREADABLE;
        }
        VerifyReport report = new Verifier().verify(original, inc, sc, Math.max(0, random), seed);
        out.println(report.describe());
        if (!report.equivalent() && report.mismatch() != null && report.mismatch().seed() >= 0) {
            out.println("replay: dbsp verify " + file + " --random 1 --seed " + report.mismatch().seed()
                    + (incremental == null ? "" : " --incremental " + incremental));
        }
        return report.equivalent() ? CliSupport.OK : CliSupport.CIRCUIT_ERRORS;
    }

    private Scenario readScenario(Circuit original) throws IOException, LoadException, CsvScenarioLoader.CsvException {
        int eq = scenario.indexOf('=');
        if (eq > 0 && scenario.toLowerCase().endsWith(".csv")) {
            String input = scenario.substring(0, eq);
            Operator op = original.operatorsOfKind(OpKind.INPUT).stream()
                    .filter(o -> input.equals(o.params().string("name"))).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no input named '" + input + "'"));
            Scenario s = new Scenario();
            s.put(input, CsvScenarioLoader.read(Path.of(scenario.substring(eq + 1)), op.params().type("type")));
            return s;
        }
        Path p = Path.of(scenario);
        JsonNode given = Json.MAPPER.readTree(Files.readString(p));
        JsonNode section = given.has("scenario") ? given.get("scenario") : given;
        ObjectNode docTree = (ObjectNode) Json.MAPPER.readTree(Files.readString(file));
        docTree.set("scenario", section);
        docTree.remove("expected");
        return DocumentReader.read(Json.MAPPER.writeValueAsString(docTree), p.toString()).document().scenario();
    }
}
