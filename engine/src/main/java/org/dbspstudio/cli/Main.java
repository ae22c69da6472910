package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
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
    /**
     * The subcommands by name (each its {@code @Command} name), in the order of the usage: adding a
     * command is one line here.
     */
    static final Map<String, Supplier<Object>> COMMANDS;

    static {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("validate", ValidateCommand::new);
        m.put("export", ExportCommand::new);
        m.put("run", RunCommand::new);
        m.put("incrementalize", IncrementalizeCommand::new);
        m.put("verify", VerifyCommand::new);
        m.put("test", TestCommand::new);
        m.put("bench", BenchCommand::new);
        m.put("sql", SqlCommand::new);
        m.put("slt", SltCommand::new);
        COMMANDS = Collections.unmodifiableMap(m);
    }

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CliSupport.Exit(CliSupport.UNREADABLE);
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
        } catch (OutOfMemoryError e) {
            // the report itself found no heap: a fixed line, still no stack trace
            System.err.println("dbsp: ERROR [OUT_OF_MEMORY] the Java heap is full; give it more with JAVA_OPTS=-Xmx<size>");
            code = CliSupport.OUT_OF_MEMORY;
        }
        System.exit(code);
    }

    /** Runs the command line with these streams and returns its exit code (tests call this). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        // run FILE: the file is loaded and validated beside picocli's work (EarlyCheck)
        EarlyCheck early = EarlyCheck.start(args);
        int code;
        try {
            // built inside the try: while the early load fills the heap, picocli's model of the
            // command line can be what runs out
            CommandLine cl = commandLine(out, err, args.length > 0 ? args[0] : null);
            if (early != null) {
                ((RunCommand) cl.getSubcommands().get("run").getCommand()).early = early;
            }
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            code = outOfMemory(err, early, args);
        }
        out.flush();
        err.flush();
        return code;
    }

    /**
     * The heap ran out outside a command's own handling (while picocli built or parsed the command
     * line, say). While {@code early} is still loading its file, or ran out of memory doing so, the
     * file filled the heap whichever thread the error reached, so the line names the file as
     * {@code run} does when it runs out loading it; otherwise it names the command.
     */
    static int outOfMemory(PrintWriter err, EarlyCheck early, String... args) {
        boolean theFile = early != null && early.filledTheHeap();
        if (early != null) {
            // the load may still hold the heap: the report itself needs a little of it, and the
            // load ends soon (done or out of memory itself), leaving what it held to the collector
            early.awaitEnd(LOAD_END_WAIT_MILLIS);
        }
        String what = theFile ? early.file() + ": loading and checking the file" : "dbsp " + (args.length > 0 ? args[0] : "");
        return CliSupport.outOfMemory(err, what);
    }

    /** How long an out-of-memory report waits for the early load to end before it prints. */
    static final long LOAD_END_WAIT_MILLIS = 60_000;

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
        return commandLine(out, err, null);
    }

    /**
     * A fresh command line writing to {@code out} and {@code err}: with only the subcommand named
     * {@code first} when that is a subcommand's name (the first argument: the command that will
     * run), else with every subcommand. picocli builds a subcommand's model from its annotations
     * by reflection, about 20 ms of a process's start for the eight a command does not use; what
     * the command prints (its usage, its errors) does not depend on the others.
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, String first) {
        CommandLine cl = new CommandLine(new Main());
        Supplier<Object> only = first == null ? null : COMMANDS.get(first);
        if (only != null) {
            cl.addSubcommand(only.get());
        } else {
            for (Supplier<Object> command : COMMANDS.values()) {
                cl.addSubcommand(command.get());
            }
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
