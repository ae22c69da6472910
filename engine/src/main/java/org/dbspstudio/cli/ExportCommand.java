package org.dbspstudio.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.dbspstudio.model.export.DotExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dbsp export --format dot FILE [-o OUT]}: the circuit as Graphviz DOT. A circuit with
 * errors is still exported (its problems go to standard error and the exit code is 1).
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a circuit in another format (to standard output, or to OUT).",
            "Problems found in the circuit go to standard error; a circuit with errors is still exported (exit code 1)."})
final class ExportCommand implements Callable<Integer> {
    /** Export formats. */
    enum Format { dot }

    @Option(names = "--format", required = true, paramLabel = "FORMAT", description = "output format: ${COMPLETION-CANDIDATES}")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "output file (default: standard output)")
    Path output;

    @Parameters(index = "0", paramLabel = "FILE", description = "the circuit document")
    Path file;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CliSupport.Checked c = CliSupport.load(file, spec.commandLine().getErr(), true);
        String text = switch (format) {
            case dot -> DotExport.toDot(c.document().circuit());
        };
        if (output == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
        } else {
            try {
                Files.writeString(output, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                spec.commandLine().getErr().println(output + ": cannot write: " + e.getMessage());
                return CliSupport.UNREADABLE;
            }
        }
        return c.exitCode();
    }
}
