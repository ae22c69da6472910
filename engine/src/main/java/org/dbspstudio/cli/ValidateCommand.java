package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.json.LoadException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code dbsp validate FILE...}: one line per problem on standard output, a summary on standard error. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check circuit files. Prints one line per problem:",
            "  FILE: ERROR|WARNING [code] <where>: <message>",
            "At most " + CliSupport.MAX_PER_CODE + " problems of one code are printed per file, then how many more there are.",
            "Exit code 0: no errors (warnings allowed), 1: a circuit has errors, 2: a file could not be read."})
final class ValidateCommand extends DbspCommand {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "circuit documents (.json)")
    List<Path> files;

    @Override
    int run(PrintWriter out, PrintWriter err) {
        int code = CliSupport.OK;
        int errors = 0;
        int warnings = 0;
        for (Path file : files) {
            try {
                CliSupport.Checked c = CliSupport.check(file);
                for (Diagnostic d : CliSupport.shown(c.diagnostics())) {
                    out.println(CliSupport.line(file, d));
                }
                for (Diagnostic d : c.diagnostics()) {
                    if (d.isError()) {
                        errors++;
                    } else {
                        warnings++;
                    }
                }
                code = Math.max(code, c.exitCode());
            } catch (LoadException e) {
                out.println(CliSupport.line(e));
                errors++;
                code = CliSupport.UNREADABLE;
            } catch (OutOfMemoryError e) {
                out.flush();
                return CliSupport.outOfMemory(err, file + ": loading and checking the file");
            }
        }
        err.println("checked " + files.size() + (files.size() == 1 ? " file: " : " files: ")
                + errors + (errors == 1 ? " error, " : " errors, ") + warnings + (warnings == 1 ? " warning" : " warnings"));
        return code;
    }
}
