package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Supplier;
import org.dbspstudio.model.CircuitDocument;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code dbsp} command line (started by {@code bin/dbsp}). Exit codes for every command:
 * {@value CliSupport#OK} ok, {@value CliSupport#CIRCUIT_ERRORS} the circuit has errors,
 * {@value CliSupport#UNREADABLE} a file could not be read (also used for usage errors),
 * {@value CliSupport#OUT_OF_MEMORY} out of memory, {@value CliSupport#TIMED_OUT} stopped by {@code run --timeout}.
 */
@Command(name = "dbsp", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "DBSP Studio command line: check, export and run DBSP circuit files.",
        synopsisSubcommandLabel = "COMMAND")
public final class Main implements Runnable {
    /** The subcommands: adding a command is one line here. */
    private static final List<Supplier<Object>> COMMANDS = List.of(
            ValidateCommand::new,
            ExportCommand::new,
            RunCommand::new, IncrementalizeCommand::new, VerifyCommand::new, TestCommand::new, BenchCommand::new,
            SqlCommand::new, SltCommand::new);

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CliSupport.Exit(CliSupport.UNREADABLE);
    }

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line with these streams and returns its exit code (tests call this). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = commandLine(out, err);
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            code = CliSupport.outOfMemory(err, "dbsp " + (args.length > 0 ? args[0] : ""));
        }
        out.flush();
        err.flush();
        return code;
    }

    /** What a run of the command line printed, and its exit code. */
    public record Captured(int code, String out, String err) {
    }

    /** Runs the command line in this JVM and captures what it prints (for tests and tools that embed it). */
    public static Captured capture(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = run(new PrintWriter(out), new PrintWriter(err), args);
        return new Captured(code, out.toString(), err.toString());
    }

    /** A fresh command line with every subcommand, writing to {@code out} and {@code err}. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        for (Supplier<Object> command : COMMANDS) {
            cl.addSubcommand(command.get());
        }
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            if (ex instanceof CliSupport.Exit exit) {
                return exit.code();
            }
            line.getErr().println("dbsp: internal error: " + ex + " — please report it"
                    + (System.getenv("DBSP_DEBUG") == null ? " (DBSP_DEBUG=1 prints the stack trace)" : ""));
            if (System.getenv("DBSP_DEBUG") != null) {
                ex.printStackTrace(line.getErr());
            }
            return CliSupport.CIRCUIT_ERRORS;
        });
        return cl;
    }

    /** The version line of {@code dbsp --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"DBSP Studio " + (v == null ? "(development build)" : v)
                    + ", circuit file format version " + CircuitDocument.VERSION};
        }
    }
}
