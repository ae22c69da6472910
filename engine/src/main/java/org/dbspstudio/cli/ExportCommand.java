package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.export.Dialect;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.export.SqlExport;
import org.dbspstudio.model.export.DotExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbsp export --format dot|flink-sql|feldera-sql FILE [-o OUT]}: the circuit as Graphviz
 * DOT (a circuit with errors is still exported: its problems go to standard error and the exit
 * code is 1), or as a SQL program for Apache Flink or Feldera (refused, exit code 1, when the
 * circuit has errors or an operator has no SQL form).
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a circuit in another format (to standard output, or to OUT).",
            "dot: Graphviz; a circuit with errors is still exported (its problems go to standard error, exit code 1).",
            "flink-sql, feldera-sql: a table per input, a view per operator and per output; an incremental circuit",
            "is written in its snapshot form. An operator with no SQL form is refused, naming it (exit code 1)."})
final class ExportCommand extends DbspCommand {
    /**
     * Export formats, as written on the command line. A method, not a constant: {@link Dialect}
     * loads Calcite's SQL parser when first used (half a second), and the command line builds
     * every command's options before it runs one, e.g. {@code run}.
     */
    static List<String> formats() {
        return List.of("dot", Dialect.FLINK.cliName(), Dialect.FELDERA.cliName());
    }

    @Option(names = "--format", required = true, paramLabel = "FORMAT", completionCandidates = Formats.class,
            description = "output format: ${COMPLETION-CANDIDATES}")
    String format;

    static final class Formats implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return formats().iterator();
        }
    }

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "output file (default: standard output)")
    Path output;

    @Parameters(index = "0", paramLabel = "FILE", description = "the circuit document")
    Path file;

    @Override
    int run(PrintWriter out, PrintWriter err) {
        if (!formats().contains(format.toLowerCase(Locale.ROOT))) {
            err.println("dbsp export: unknown format '" + format + "' (formats: " + String.join(", ", formats()) + ")");
            return CliSupport.UNREADABLE;
        }
        Dialect dialect = Dialect.fromCliName(format);
        CliSupport.Checked c = CliSupport.load(file, err, dialect == null);
        String text;
        if (dialect == null) {
            text = DotExport.toDot(c.document().circuit());
        } else {
            try {
                text = SqlExport.export(c.document(), dialect).text();
            } catch (ExportException e) {
                err.println(file + ": ERROR [EXPORT] " + e.getMessage());
                return CliSupport.CIRCUIT_ERRORS;
            }
            if (c.document().circuit().inputMode() == Circuit.InputMode.CHANGES) {
                err.println(file + ": note: an incremental circuit; exported its snapshot form (" + dialect.title()
                        + " incrementalizes the views itself)");
            }
        }
        int written = CliSupport.emit(text, output, out, err);
        return written != CliSupport.OK ? written : c.exitCode();
    }
}
