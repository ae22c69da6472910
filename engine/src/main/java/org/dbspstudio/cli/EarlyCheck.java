package org.dbspstudio.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.json.LoadException;

/**
 * The circuit file of {@code dbsp run FILE …}, loaded and validated ({@link CliSupport#check}),
 * and when valid compiled with its scenario set, on a thread of its own from the moment the
 * command line starts, while picocli builds the command line and parses the options: at a JVM's
 * start each of the two takes about 0.1 s of CPU, and with a second core they overlap instead
 * of running one after the other (the run benchmark's process spends about 0.4 s before its
 * first step). {@link RunCommand} takes the results when it runs that file (and the compiled
 * circuit when its options are those it was compiled with: run's, with {@code --trace} when the
 * arguments name it); otherwise it loads and compiles the file itself.
 *
 * <p>Nothing is reported early: what loading or validating found (diagnostics, a
 * {@link LoadException}, an {@link OutOfMemoryError}, any other failure) reaches the command
 * when it asks for the result, on its own thread, as if it had loaded the file itself; a command
 * line that picocli refuses never looks at it (the thread is a daemon and its result is dropped).
 */
final class EarlyCheck {
    private final Path file;
    /** The options the circuit is compiled with, when it is valid (run's, with --trace when the arguments name it). */
    private final EngineOptions options;
    private final FutureTask<CliSupport.Checked> task;
    /** The circuit compiled, with the document's scenario set when {@link #scenarioFailure} is null; or null. */
    private Simulation sim;
    /** Why the circuit could not be compiled, or null. */
    private EngineException compileFailure;
    /** Why the document's scenario could not be set, or null. */
    private EngineException scenarioFailure;

    private EarlyCheck(Path file, EngineOptions options) {
        this.file = file;
        this.options = options;
        this.task = new FutureTask<>(() -> {
            CliSupport.Checked checked = CliSupport.check(file);
            if (!checked.hasErrors()) {
                compile(checked);
            }
            return checked;
        });
    }

    /**
     * Compiles a valid circuit and sets the document's scenario, as run does; what fails is kept
     * for the command (published to it by the task's completion).
     */
    private void compile(CliSupport.Checked checked) {
        Simulation s;
        try {
            s = Simulation.compile(checked.document().circuit(), options, checked.validated());
        } catch (EngineException e) {
            compileFailure = e;
            return;
        } catch (RuntimeException | OutOfMemoryError e) {
            return; // not compiled: the command compiles it and reports what happens then, as it always did
        }
        try {
            s.setScenario(checked.document().scenario());
        } catch (EngineException e) {
            scenarioFailure = e;
        } catch (RuntimeException | OutOfMemoryError e) {
            return;
        }
        sim = s;
    }

    /**
     * Starts loading FILE when {@code args} are {@code run FILE …} with FILE in second place (not
     * an option, an {@code @argument-file} or the end of options {@code --}); otherwise returns null.
     */
    static EarlyCheck start(String... args) {
        if (args == null || args.length < 2 || !"run".equals(args[0]) || args[1] == null || args[1].isEmpty()
                || args[1].startsWith("-") || args[1].startsWith("@")) {
            return null;
        }
        Path file;
        try {
            file = Path.of(args[1]);
        } catch (InvalidPathException e) {
            return null; // picocli reports it
        }
        EarlyCheck early = new EarlyCheck(file, RunCommand.engineOptions(java.util.Arrays.asList(args).contains("--trace")));
        Thread t = new Thread(early.task, "dbsp-load");
        t.setDaemon(true);
        t.start();
        return early;
    }

    /**
     * Whether loading the file may be what filled the heap: it is still loading or checking (or
     * compiling), or it ran out of memory loading or checking.
     */
    boolean filledTheHeap() {
        if (!task.isDone()) {
            return true;
        }
        try {
            task.get();
            return false;
        } catch (ExecutionException e) {
            return e.getCause() instanceof OutOfMemoryError;
        } catch (InterruptedException e) { // not thrown once done
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits up to {@code millis} for the load to end, however it ends (its result stays for
     * {@link #check}); returns whether it has. Keeps the thread's interrupt.
     */
    boolean awaitEnd(long millis) {
        try {
            task.get(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | java.util.concurrent.TimeoutException | java.util.concurrent.CancellationException e) {
            // ended with a failure (kept for check), or not yet
        }
        return task.isDone();
    }

    /** The file being loaded. */
    Path file() {
        return file;
    }

    /**
     * {@code file} loaded and validated: the early result when it is the file started (waiting for
     * it), else {@link CliSupport#check} now. Throws what loading threw.
     */
    CliSupport.Checked check(Path file) throws LoadException {
        if (!this.file.equals(file)) {
            return CliSupport.check(file);
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the load finishes on its own: wait for it, then keep the interrupt
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof LoadException l) {
                        throw l;
                    }
                    if (cause instanceof RuntimeException r) {
                        throw r;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The circuit of {@code file} (which {@link #check} returned, without errors) compiled with
     * {@code options}, and with the document's scenario set when {@code documentScenario}; null
     * when it was not compiled so (another file, other options): the command compiles it then.
     * Throws what compiling it, or setting the document's scenario when asked for, threw.
     */
    Simulation simulation(Path file, EngineOptions options, boolean documentScenario) throws EngineException {
        if (!this.file.equals(file) || !this.options.equals(options) || !task.isDone()) {
            return null;
        }
        if (compileFailure != null) {
            throw compileFailure;
        }
        if (documentScenario && scenarioFailure != null) {
            throw scenarioFailure;
        }
        Simulation s = sim;
        sim = null; // handed over: not kept alive by this object for the rest of the run
        return s;
    }

    /** {@code file} loaded and validated: by {@code early} when there is one, else now. */
    static CliSupport.Checked check(EarlyCheck early, Path file) throws LoadException {
        return early != null ? early.check(file) : CliSupport.check(file);
    }
}
