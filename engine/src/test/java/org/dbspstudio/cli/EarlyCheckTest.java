package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.json.LoadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code run FILE}: the file loaded, validated and compiled on a thread of its own while picocli
 * parses the command line ({@link EarlyCheck}), and the command line built with only the
 * subcommand that runs ({@link Main#commandLine(PrintWriter, PrintWriter, String)}).
 */
class EarlyCheckTest {
    private static final Path CLOSURE = Path.of("../samples/05-transitive-closure.json");
    private static final Path BASICS = Path.of("../samples/01-stream-basics.json");

    @Test
    void startsOnlyForRunFollowedByAFile() {
        assertThat(EarlyCheck.start()).isNull();
        assertThat(EarlyCheck.start("run")).isNull();
        assertThat(EarlyCheck.start("validate", CLOSURE.toString())).isNull();
        assertThat(EarlyCheck.start("run", "--help")).isNull();
        assertThat(EarlyCheck.start("run", "--steps", "3", CLOSURE.toString())).isNull();
        assertThat(EarlyCheck.start("run", "@args.txt")).isNull(); // picocli's argument file
        assertThat(EarlyCheck.start("run", "--", CLOSURE.toString())).isNull();
        EarlyCheck e = EarlyCheck.start("run", CLOSURE.toString(), "--format", "csv");
        assertThat(e).isNotNull();
        assertThat(e.file()).isEqualTo(CLOSURE);
    }

    @Test
    void givesWhatTheCommandWouldLoadAndCompileItself() throws Exception {
        EarlyCheck e = EarlyCheck.start("run", CLOSURE.toString());
        CliSupport.Checked early = e.check(CLOSURE);
        CliSupport.Checked own = CliSupport.check(CLOSURE);
        assertThat(early.diagnostics()).isEqualTo(own.diagnostics());
        assertThat(DocumentWriter.write(early.document())).isEqualTo(DocumentWriter.write(own.document()));

        Simulation sim = e.simulation(CLOSURE, RunCommand.engineOptions(false), true);
        assertThat(sim).isNotNull();
        Simulation fresh = Simulation.compile(own.document().circuit(), RunCommand.engineOptions(false), own.validated());
        fresh.setScenario(own.document().scenario());
        assertThat(sim.scenarioSteps()).isEqualTo(fresh.scenarioSteps()).isPositive();
        for (int t = 0; t < fresh.scenarioSteps(); t++) {
            sim.step();
            fresh.step();
            assertThat(sim.trace().outputChanges(t)).as("step " + t).isEqualTo(fresh.trace().outputChanges(t));
        }
        // compiled for run without --trace, and for this file only: otherwise the command compiles
        assertThat(e.simulation(CLOSURE, RunCommand.engineOptions(true), true)).isNull();
        assertThat(e.simulation(BASICS, RunCommand.engineOptions(false), true)).isNull();
        assertThat(EarlyCheck.start("run", CLOSURE.toString(), "--trace").check(CLOSURE)).isNotNull();
        // another file is loaded when asked for
        assertThat(DocumentWriter.write(e.check(BASICS).document()))
                .isEqualTo(DocumentWriter.write(CliSupport.check(BASICS).document()));
    }

    @Test
    void aFileThatCannotBeLoadedFailsAsWhenLoadedByTheCommand(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.json");
        EarlyCheck e = EarlyCheck.start("run", missing.toString());
        assertThatThrownBy(() -> e.check(missing)).isInstanceOf(LoadException.class)
                .satisfies(x -> assertThat(CliSupport.line((LoadException) x)).isEqualTo(ownFailure(missing)));
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"format\": \"dbsp-studio-circuit\",\n  \"version\": 1,\n  \"circuit\": {,}\n}\n");
        EarlyCheck b = EarlyCheck.start("run", bad.toString());
        assertThatThrownBy(() -> b.check(bad)).isInstanceOf(LoadException.class)
                .satisfies(x -> assertThat(CliSupport.line((LoadException) x)).isEqualTo(ownFailure(bad)));
    }

    private static String ownFailure(Path file) {
        try {
            CliSupport.check(file);
            throw new AssertionError(file + " loaded");
        } catch (LoadException l) {
            return CliSupport.line(l);
        }
    }

    /**
     * The command runs what was loaded early when it runs that file: the file is replaced after
     * the early load, and the command prints the run of the file as it was loaded. (Without the
     * hand-over it would load the new file and print its run.)
     */
    @Test
    void theCommandRunsWhatWasLoadedEarly(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.json");
        Files.copy(BASICS, file);
        EarlyCheck e = EarlyCheck.start("run", file.toString(), "--format", "csv");
        e.check(file); // loaded and compiled
        Files.copy(CLOSURE, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine(new PrintWriter(out), new PrintWriter(err), "run");
        ((RunCommand) cl.getSubcommands().get("run").getCommand()).early = e;
        int code = cl.execute("run", file.toString(), "--format", "csv");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).isEqualTo(Main.capture("run", BASICS.toString(), "--format", "csv").out());
        assertThat(out.toString()).isNotEqualTo(Main.capture("run", file.toString(), "--format", "csv").out());
    }

    @Test
    void aRunWithTheEarlyLoadPrintsWhatOneWithoutPrints() {
        for (String format : List.of("csv", "table")) {
            String[] args = {"run", CLOSURE.toString(), "--format", format};
            Main.Captured early = Main.capture(args); // Main.run starts the early load
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.commandLine(new PrintWriter(out), new PrintWriter(err)).execute(args);
            assertThat(early.code()).isEqualTo(code).isZero();
            assertThat(early.out()).isEqualTo(out.toString()).isNotEmpty();
            assertThat(early.err()).isEqualTo(err.toString());
        }
    }

    @Test
    void theCommandsAreNamedAsTheirAnnotationsNameThem() {
        List<String> names = new ArrayList<>();
        Main.COMMANDS.forEach((name, command) -> {
            assertThat(new CommandLine(command.get()).getCommandName()).isEqualTo(name);
            names.add(name);
        });
        assertThat(Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))
                .getSubcommands().keySet()).containsExactlyElementsOf(names);
    }

    @Test
    void aCommandLineForOneCommandHasOnlyItAndTheSameUsage() {
        PrintWriter none = new PrintWriter(new StringWriter());
        CommandLine all = Main.commandLine(none, none);
        for (String name : Main.COMMANDS.keySet()) {
            CommandLine one = Main.commandLine(none, none, name);
            assertThat(one.getSubcommands().keySet()).containsExactly(name);
            assertThat(one.getSubcommands().get(name).getUsageMessage())
                    .isEqualTo(all.getSubcommands().get(name).getUsageMessage());
        }
        assertThat(Main.commandLine(none, none, "nosuch").getSubcommands().keySet())
                .containsExactlyElementsOf(Main.COMMANDS.keySet());
        assertThat(Main.commandLine(none, none, null).getUsageMessage()).isEqualTo(all.getUsageMessage());
    }

    @Test
    void anUnknownOptionOfRunIsReportedAsBefore() {
        Main.Captured r = Main.capture("run", CLOSURE.toString(), "--nosuch");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.commandLine(new PrintWriter(out), new PrintWriter(err)).execute("run", CLOSURE.toString(), "--nosuch");
        assertThat(r.code()).isEqualTo(code).isNotZero();
        assertThat(r.err()).isEqualTo(err.toString()).contains("--nosuch");
    }

    /**
     * The heap running out on the main thread (picocli building the command line) while the file
     * still loads on its own thread: the file filled the heap, so the error names it as run does
     * when loading runs out (OutOfMemoryTest's wide document once hit this race in a 48 MB heap and
     * got a line naming only "dbsp run"). The file is a named pipe nobody writes yet, so it is still
     * loading when the error is reported. Fails when Main reports the command regardless.
     */
    @Test
    void runningOutOfMemoryWhileTheFileLoadsNamesTheFile(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(System.getProperty("os.name").startsWith("Windows"), "mkfifo");
        Path fifo = dir.resolve("pending.json");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mk.waitFor()).isZero();
        EarlyCheck e = EarlyCheck.start("run", fifo.toString());
        assertThat(e.filledTheHeap()).isTrue();
        // the report waits for the load to end (it may hold the heap the report needs): the pipe
        // is opened for writing a little later, and the load reads an empty file and fails
        Thread writer = new Thread(() -> {
            try {
                Thread.sleep(300);
                Files.writeString(fifo, "");
            } catch (Exception ex) {
                throw new IllegalStateException(ex);
            }
        });
        writer.start();
        StringWriter first = new StringWriter();
        int code = Main.outOfMemory(new PrintWriter(first), e, "run", fifo.toString());
        assertThat(e.awaitEnd(0)).as("the report waited for the load to end").isTrue();
        assertThat(code).isEqualTo(CliSupport.OUT_OF_MEMORY);
        assertThat(first.toString()).startsWith(fifo + ": loading and checking the file: ERROR [OUT_OF_MEMORY] the Java heap (");
        writer.join(10_000);
        assertThatThrownBy(() -> e.check(fifo)).isInstanceOf(LoadException.class);
        // loaded (and failed for another reason): the heap ran out elsewhere, so the command is named
        assertThat(e.filledTheHeap()).isFalse();
        StringWriter err = new StringWriter();
        Main.outOfMemory(new PrintWriter(err), e, "run", fifo.toString());
        assertThat(err.toString()).startsWith("dbsp run: ERROR [OUT_OF_MEMORY]");
        StringWriter none = new StringWriter();
        Main.outOfMemory(new PrintWriter(none), null, "validate");
        assertThat(none.toString()).startsWith("dbsp validate: ERROR [OUT_OF_MEMORY]");
    }
}
