package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.json.LoadException;
import org.dbspstudio.verify.Expectations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code dbsp test FILE...}: runs each document on its scenario, as drawn and (over snapshots)
 * incrementalized, against its {@code expected} section; one line per file.
 */
@Command(name = "test", mixinStandardHelpOptions = true,
        description = {"Run each document on its scenario and compare every output's change at every step with",
            "its 'expected' section: the circuit as drawn and, for a circuit over snapshots, its incremental",
            "version fed the scenario's changes. One line per file:",
            "  FILE: ok (N steps, M outputs, snapshot and incremental)",
            "  FILE: FAIL <run> step <t> output '<name>': row (...) expected <w>, got <w'>; ...",
            "Exit code 0: every file keeps its promise, 1: a mismatch (or a circuit has errors),",
            "2: a file could not be read."})
final class TestCommand extends DbspCommand {
    /** Failures printed per file before the rest are counted. */
    private static final int SHOWN = 5;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "circuit documents with scenario and expected sections (.json)")
    List<Path> files;

    @Override
    int run(PrintWriter out, PrintWriter err) {
        int code = CliSupport.OK;
        int failed = 0;
        for (Path file : files) {
            CliSupport.Checked c;
            try {
                c = CliSupport.check(file);
            } catch (LoadException e) {
                out.println(CliSupport.line(e));
                code = CliSupport.UNREADABLE;
                failed++;
                continue;
            }
            if (c.hasErrors()) {
                c.diagnostics().stream().filter(Diagnostic::isError).forEach(d -> err.println(CliSupport.line(file, d)));
                out.println(file + ": FAIL the circuit has errors (see 'dbsp validate " + file + "')");
                code = Math.max(code, CliSupport.CIRCUIT_ERRORS);
                failed++;
                continue;
            }
            CircuitDocument doc = c.document();
            if (doc.expected().streams().isEmpty()) {
                out.println(file + ": FAIL no expected section: nothing to check");
                code = Math.max(code, CliSupport.CIRCUIT_ERRORS);
                failed++;
                continue;
            }
            List<Expectations.Failure> failures = Expectations.check(doc);
            if (failures.isEmpty()) {
                boolean snapshots = doc.circuit().inputMode() == Circuit.InputMode.SNAPSHOTS;
                int outputs = Expectations.outputTypes(doc.circuit()).size();
                out.println(file + ": ok (" + doc.scenario().steps() + (doc.scenario().steps() == 1 ? " step, " : " steps, ") + outputs
                        + (outputs == 1 ? " output, " : " outputs, ") + (snapshots ? "snapshot and incremental)" : "stream)"));
                continue;
            }
            failed++;
            code = Math.max(code, CliSupport.CIRCUIT_ERRORS);
            StringBuilder line = new StringBuilder(file + ": FAIL ");
            for (int i = 0; i < Math.min(SHOWN, failures.size()); i++) {
                line.append(i == 0 ? "" : " | ").append(failures.get(i).describe());
            }
            if (failures.size() > SHOWN) {
                line.append(" | and ").append(failures.size() - SHOWN).append(" more");
            }
            out.println(line);
        }
        err.println("tested " + files.size() + (files.size() == 1 ? " file: " : " files: ") + failed + " failed");
        return code;
    }
}
