package org.dbspstudio.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.validate.Validator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbsp incrementalize FILE [-o OUT.json] [--explain]}: rewrites a snapshot circuit into its
 * incremental version (Algorithm 4.6) and writes it as a circuit document.
 */
@Command(name = "incrementalize", mixinStandardHelpOptions = true,
        description = {"Rewrite a circuit over table snapshots into its incremental version Q^Δ = D ∘ Q ∘ I",
            "(changes in, changes out) with the rules of the theory. The result keeps the document's",
            "scenario and expected outputs; it has no layout (the IDE lays it out when opened).",
            "Exit code 0: written, 1: the circuit has errors, 2: the file could not be read or written."})
final class IncrementalizeCommand extends DbspCommand {
    @Parameters(index = "0", paramLabel = "FILE", description = "a circuit document (.json)")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT.json", description = "write here (default: standard output)")
    Path output;

    @Option(names = "--explain", description = "print the rules applied, one numbered line each"
            + " (to standard output with -o, else to standard error)")
    boolean explain;

    @Override
    int run(PrintWriter out, PrintWriter err) {
        CliSupport.Checked checked = CliSupport.load(file, err, false);
        CircuitDocument doc = checked.document();
        RewriteResult result = Incrementalizer.incrementalize(doc.circuit());
        List<Diagnostic> problems = Validator.validate(result.incremental()).stream().filter(Diagnostic::isError).toList();
        if (!problems.isEmpty()) {
            problems.forEach(d -> err.println("incremental circuit: " + d.format()));
            err.println(result.explain());
            return CliSupport.CIRCUIT_ERRORS;
        }
        CircuitDocument inc = doc.copy().setCircuit(result.incremental()).setLayout(new Layout());
        inc.setName(doc.name().isEmpty() ? "incremental" : doc.name() + " (incremental)");
        PrintWriter explainTo = output == null ? err : out;
        if (explain) {
            explainTo.print(result.explain());
        }
        if (output == null) {
            out.print(DocumentWriter.write(inc));
        } else {
            try {
                DocumentWriter.write(inc, output);
            } catch (IOException e) {
                err.println(output + ": ERROR [WRITE_ERROR] file: cannot write: " + e.getMessage());
                return CliSupport.UNREADABLE;
            }
            err.println("wrote " + output + " (" + result.incremental().allOperators().size() + " operators, "
                    + result.log().size() + " rewrite steps)");
        }
        return CliSupport.OK;
    }
}
