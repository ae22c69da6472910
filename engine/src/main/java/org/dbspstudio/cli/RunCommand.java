package org.dbspstudio.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.remote.RemoteEngine;
import org.dbspstudio.engine.remote.RemoteEngineException;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.RunProgress;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.scenario.CsvScenarioLoader;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.LoadException;
import org.dbspstudio.model.types.StreamType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbsp run FILE}: runs a circuit over its scenario (or one given with {@code --scenario})
 * and prints each output's change per step; with {@code --trace}, every stream's value too.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a circuit step by step and print each output's change per step.",
            "A snapshot circuit's inputs receive the running sum of the scenario's changes and the change of its",
            "outputs is printed; an incremental circuit's inputs receive the changes and its outputs are printed.",
            "A run longer than 2 s shows its progress on standard error (the step, and the iteration of a nested",
            "circuit working towards its fixpoint).",
            "Exit code 0: ran, 1: the circuit has errors or a step failed, 2: a file could not be read or the",
            "command line is wrong, 3: out of memory (the operator and step are named), 4: stopped by --timeout."})
final class RunCommand extends DbspCommand {
    enum Format { table, json, csv }

    @Parameters(index = "0", paramLabel = "FILE", description = "circuit document (.json)")
    Path file;

    @Option(names = "--scenario", paramLabel = "S.json|S.csv|INPUT=S.csv",
            description = {"input changes instead of the document's scenario: a JSON scenario object",
                "({\"input\": [[{\"row\": [...], \"weight\": 1}, ...], ...]} or a circuit document), or CSV lines",
                "step,weight,col1,col2,... for one input (INPUT= names it; repeat for several inputs)"})
    List<String> scenarios;

    @Option(names = "--steps", paramLabel = "N", description = "steps to run (default: the scenario's length, at least 1)")
    Integer steps;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "table (default), json or csv")
    Format format;

    @Option(names = "--trace", description = "also print every stream's value at every step (and inner iteration)")
    boolean trace;

    @Option(names = "--on", paramLabel = "ENGINE", description = {"run on another engine: flink (the circuit exported to Flink SQL,",
        "on an embedded Flink MiniCluster; bin/dbsp adds the flink-runner module to the class path)"})
    String on;

    @Option(names = "--parallelism", paramLabel = "N", defaultValue = "1", description = "parallel tasks with --on (default 1)")
    int parallelism;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "stop the run after this many seconds (the steps done are printed; exit code 4)")
    Double timeout;

    @Option(names = "--db", paramLabel = "DB", description = {"read inputs from and keep outputs in a database: a DuckDB file",
        "(created when missing) or a JDBC URL (jdbc:postgresql://host:port/db?user=…). Each input reads the table of",
        "its name: with the input's columns plus weight and step it holds changes, with only the input's columns it",
        "is a snapshot (the change is the difference from the previous step's). Each output is kept as the table of",
        "its name; dbsp_progress records the last step written, and a run resumes after it"})
    String db;

    @Option(names = "--source", paramLabel = "INPUT=TABLE|FILE", description = {"with --db: read INPUT from this table, or from a",
        "CSV, Parquet or JSON file (read through DuckDB), instead of the table named like the input"})
    Map<String, String> sources;

    @Option(names = "--changelog", description = "with --db: also keep each output's changes in OUTPUT_changes (its columns, weight, step)")
    boolean changelog;

    @Option(names = "--follow", description = {"with --db: keep polling the sources and step whenever new changes arrive, until",
        "interrupted (Ctrl+C), showing progress (steps, changes/s, lag)"})
    boolean follow;

    @Option(names = "--poll", paramLabel = "MS", defaultValue = "500", description = "with --follow: milliseconds between polls (default 500)")
    long pollMillis;

    @Option(names = "--fresh", description = "with --db: empty the output tables and start again from step 0")
    boolean fresh;

    /** The circuit file loaded and validated while the command line was parsed ({@link Main#run}), or null. */
    EarlyCheck early;

    /**
     * Jackson's object mapper, made when first used (a JSON scenario, --format json): made with the class, it
     * loaded and initialised about 400 classes of jackson-databind in every dbsp command, since the
     * command line makes an instance of every subcommand.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /**
     * The engine's options for a run: each step is printed as soon as it ran, so the trace keeps
     * the last two steps, not the whole run; with --trace it records every stream.
     */
    static EngineOptions engineOptions(boolean trace) {
        return EngineOptions.DEFAULT.withRecordTrace(trace).withRetention(2, 0);
    }

    @Override
    int run(PrintWriter out, PrintWriter err) {
        if (steps != null && steps < 0) {
            err.println("dbsp run: --steps must be 0 or more, not " + steps);
            return CliSupport.UNREADABLE;
        }
        if (timeout != null && !(timeout > 0)) {
            err.println("dbsp run: --timeout must be a positive number of seconds, not " + timeout);
            return CliSupport.UNREADABLE;
        }
        CircuitDocument doc;
        CliSupport.Checked checked;
        try {
            checked = EarlyCheck.check(early, file);
            for (Diagnostic d : CliSupport.shown(checked.diagnostics())) {
                err.println(CliSupport.line(file, d));
            }
            if (checked.hasErrors()) {
                return CliSupport.CIRCUIT_ERRORS;
            }
            doc = checked.document();
        } catch (LoadException e) {
            err.println(CliSupport.line(e));
            return CliSupport.UNREADABLE;
        } catch (OutOfMemoryError e) {
            return CliSupport.outOfMemory(err, file + ": loading and checking the file");
        }
        EarlyCheck loaded = early;
        early = null; // its compiled circuit, when unused, is not kept for the whole run
        if (db != null) {
            return TableRunner.run(this, doc, out, err);
        }
        if (sources != null || changelog || follow || fresh) {
            err.println("dbsp run: --source, --changelog, --follow and --fresh need --db");
            return CliSupport.UNREADABLE;
        }
        Simulation sim;
        try {
            EngineOptions options = engineOptions(trace);
            sim = loaded == null ? null : loaded.simulation(file, options, scenarios == null);
            if (sim == null) {
                // compiled from the types the check above inferred (the circuit is not validated twice)
                sim = Simulation.compile(doc.circuit(), options, checked.validated());
                sim.setScenario(scenarios == null ? doc.scenario() : loadScenarios(doc, sim, err));
            } else if (scenarios != null) {
                sim.setScenario(loadScenarios(doc, sim, err));
            }
        } catch (EngineException e) {
            err.println(file + ": ERROR [RUN] " + e.getMessage());
            return CliSupport.CIRCUIT_ERRORS;
        } catch (BadScenario e) {
            err.println(e.getMessage());
            return CliSupport.UNREADABLE;
        } catch (OutOfMemoryError e) {
            return CliSupport.outOfMemory(err, file + ": compiling the circuit");
        }
        int n = steps != null ? steps : Math.max(1, sim.scenarioSteps());
        RunPrinter printer = new RunPrinter(out, format, sim, trace);
        if (on != null) {
            return runOn(printer, doc, sim.scenario(), n, err);
        }
        printer.begin();
        printer.startThread();
        Stepper stepper = new Stepper(sim, n, printer);
        Thread worker = new Thread(stepper, "dbsp-run");
        worker.setDaemon(true);
        long start = System.nanoTime();
        long deadline = timeout == null ? Long.MAX_VALUE : start + (long) (timeout * 1e9);
        boolean progressShown = false;
        boolean timedOut = false;
        worker.start();
        try {
            while (worker.isAlive()) {
                worker.join(Math.max(1, Math.min(250, (deadline - System.nanoTime()) / 1_000_000 + 1)));
                long now = System.nanoTime();
                if (worker.isAlive() && now >= deadline && !timedOut) {
                    timedOut = true;
                    stepper.stop = true;
                    worker.interrupt();
                    worker.join(5_000); // a single operator may not look at the interrupt: do not wait for it forever
                    break;
                }
                if (worker.isAlive() && now - start > 2_000_000_000L) {
                    err.print("\r" + stepper.progress(now - start));
                    err.flush();
                    progressShown = true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stepper.stop = true;
            worker.interrupt();
        }
        if (progressShown) {
            err.println();
        }
        try {
            printer.finish();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (printer) {
            printer.end();
        }
        if (printer.failure() instanceof OutOfMemoryError) {
            return CliSupport.outOfMemory(err, file + ": at step " + printer.failedStep() + " (printing its output)");
        }
        if (printer.failure() != null) {
            Throwable f = printer.failure();
            throw f instanceof RuntimeException r ? r : new IllegalStateException(f);
        }
        if (timedOut) {
            err.println(file + ": ERROR [TIMEOUT] stopped after the --timeout of " + timeoutText() + " s, during step "
                    + stepper.current + " of " + n + (stepper.progressDetail().isEmpty() ? "" : " (" + stepper.progressDetail() + ")")
                    + "; the steps before it were printed");
            return CliSupport.TIMED_OUT;
        }
        if (stepper.outOfMemory != null) {
            EngineException e = stepper.outOfMemory;
            return CliSupport.outOfMemory(err, file + ": " + (e.operatorId() == null ? "" : "operator '" + e.operatorId() + "' ")
                    + "at step " + e.step() + (e.iterations().isEmpty() ? "" : ", iteration " + e.iterations()));
        }
        if (stepper.failure != null) {
            err.println(file + ": ERROR [RUN] " + stepper.failure.getMessage());
            return CliSupport.CIRCUIT_ERRORS;
        }
        if (stepper.crash != null) {
            throw stepper.crash instanceof RuntimeException r ? r : new IllegalStateException(stepper.crash);
        }
        return CliSupport.OK;
    }

    private String timeoutText() {
        return timeout == Math.rint(timeout) ? String.valueOf(timeout.longValue()) : String.valueOf(timeout);
    }

    /** Runs the steps on the worker thread and prints each; the command's thread watches it. */
    private static final class Stepper implements Runnable {
        final Simulation sim;
        final int n;
        final RunPrinter printer;
        final RunProgress progress = new RunProgress();
        volatile boolean stop;
        volatile int current;
        volatile EngineException failure;
        volatile EngineException outOfMemory;
        volatile Throwable crash;

        Stepper(Simulation sim, int n, RunPrinter printer) {
            this.sim = sim;
            this.n = n;
            this.printer = printer;
        }

        @Override
        public void run() {
            RunProgress.attach(progress);
            try {
                for (int t = 0; t < n && !stop; t++) {
                    current = t;
                    try {
                        sim.step();
                    } catch (EngineException e) {
                        if (stop) {
                            return; // stopped by the timeout: the watcher reports it
                        }
                        if (e.outOfMemory()) {
                            outOfMemory = e;
                            return;
                        }
                        failure = e;
                        printer.after(t); // what the step printed before it failed
                        return;
                    }
                    printer.after(t);
                }
            } catch (InterruptedException e) {
                // stopped by the timeout while waiting for the printer: the watcher reports it
            } catch (OutOfMemoryError e) {
                outOfMemory = new EngineException(null, current, List.of(), "out of memory while printing", e);
            } catch (RuntimeException | Error e) {
                crash = e;
            } finally {
                RunProgress.attach(null);
            }
        }

        /** The nested circuit iterating in the current step, if any. */
        String progressDetail() {
            String op = progress.operator();
            if (op == null || progress.step() != current) {
                return "";
            }
            return "nested circuit '" + op + "' at iteration " + String.format(java.util.Locale.ROOT, "%,d", progress.iteration());
        }

        String progress(long nanos) {
            String d = progressDetail();
            return "step " + (current + 1) + "/" + n + (d.isEmpty() ? "" : ", " + d) + " (" + nanos / 1_000_000 + " ms)";
        }
    }

    /** {@code --on ENGINE}: the circuit runs on another engine; its output changes print as this engine's would. */
    private int runOn(RunPrinter printer, CircuitDocument doc, Scenario scenario, int n, PrintWriter err) {
        if (trace) {
            err.println("dbsp run: --trace is not available with --on " + on);
            return CliSupport.UNREADABLE;
        }
        RemoteEngine engine = RemoteEngine.find(on).orElse(null);
        if (engine == null) {
            err.println("dbsp run: engine '" + on + "' is not on the class path (bin/dbsp run --on flink adds the"
                    + " flink-runner module)");
            return CliSupport.UNREADABLE;
        }
        List<Map<String, List<Change>>> changes;
        try {
            changes = engine.run(doc.circuit(), doc.name(), scenario, n, parallelism);
        } catch (ExportException e) {
            err.println(file + ": ERROR [EXPORT] " + e.getMessage());
            return CliSupport.CIRCUIT_ERRORS;
        } catch (RemoteEngineException e) {
            err.println(file + ": ERROR [RUN] " + e.getMessage());
            return CliSupport.CIRCUIT_ERRORS;
        }
        printer.begin();
        for (int t = 0; t < n; t++) {
            Map<String, StreamValue> step = new java.util.HashMap<>();
            changes.get(t).forEach((name, list) -> step.put(name, ZSet.ofChanges(list)));
            printer.outputs(t, step);
        }
        printer.end();
        return CliSupport.OK;
    }

    private static final class BadScenario extends Exception {
        BadScenario(String m) {
            super(m);
        }
    }

    private Scenario loadScenarios(CircuitDocument doc, Simulation sim, PrintWriter err) throws BadScenario {
        Scenario result = new Scenario();
        Map<String, StreamType> inputs = sim.inputTypes();
        for (String spec : scenarios) {
            String name = null;
            String path = spec;
            int eq = spec.indexOf('=');
            if (eq > 0 && inputs.containsKey(spec.substring(0, eq))) {
                name = spec.substring(0, eq);
                path = spec.substring(eq + 1);
            }
            Path p = Path.of(path);
            if (path.toLowerCase().endsWith(".csv")) {
                if (name == null) {
                    String stem = p.getFileName().toString().replaceAll("(?i)\\.csv$", "");
                    name = inputs.containsKey(stem) ? stem : inputs.size() == 1 ? inputs.keySet().iterator().next() : null;
                }
                if (name == null) {
                    throw new BadScenario(path + ": which input does this CSV feed? write INPUT=" + path
                            + " (inputs: " + inputs.keySet() + ")");
                }
                try {
                    result.put(name, CsvScenarioLoader.read(p, inputs.get(name)));
                } catch (IOException e) {
                    throw new BadScenario(path + ": ERROR [LOAD_ERROR] file: cannot read: " + e.getMessage());
                } catch (CsvScenarioLoader.CsvException e) {
                    throw new BadScenario(e.getMessage());
                }
            } else {
                Scenario s = jsonScenario(p);
                s.streams().forEach(result::put);
            }
        }
        return result;
    }

    /** Reads a JSON scenario by placing it into the circuit file's document and loading that with the document reader. */
    private Scenario jsonScenario(Path p) throws BadScenario {
        try {
            JsonNode given = Json.MAPPER.readTree(Files.readString(p));
            JsonNode section = given.has("circuit") ? given.get("scenario") : given.has("scenario") ? given.get("scenario") : given;
            ObjectNode docTree = (ObjectNode) Json.MAPPER.readTree(Files.readString(file));
            docTree.set("scenario", section);
            docTree.remove("expected");
            var loaded = DocumentReader.read(Json.MAPPER.writeValueAsString(docTree), p.toString());
            List<Diagnostic> errors = loaded.diagnostics().stream().filter(Diagnostic::isError).toList();
            if (!errors.isEmpty()) {
                throw new BadScenario(String.join("\n", errors.stream().map(d -> p + ": " + d.format()).toList()));
            }
            return loaded.document().scenario();
        } catch (LoadException e) {
            throw new BadScenario(p + ": ERROR [LOAD_ERROR] " + e.detail());
        } catch (IOException | ClassCastException e) {
            throw new BadScenario(p + ": ERROR [LOAD_ERROR] file: cannot read the scenario: " + e.getMessage());
        }
    }

    /** Prints steps in the chosen format. */
    private static final class RunPrinter {
        private final PrintWriter out;
        private final Format format;
        private final Simulation sim;
        private final boolean trace;
        /** The --format json document (null in the other formats). */
        private final ObjectNode json;
        /**
         * The lines of the step being printed, written to {@code out} in large pieces: {@code out}
         * flushes at every println ({@link Main#main} gives it autoflush), which was one system
         * call per printed row (1.25M for the closure of 2,000 nodes).
         */
        private final TextBuffer text = new TextBuffer(CHUNK + 256);
        private static final String NL = System.lineSeparator();
        private static final int CHUNK = 1 << 16;

        RunPrinter(PrintWriter out, Format format, Simulation sim, boolean trace) {
            this.out = out;
            this.format = format;
            this.sim = sim;
            this.trace = trace;
            this.json = format == Format.json ? Json.MAPPER.createObjectNode() : null;
        }

        void begin() {
            if (format == Format.csv) {
                line(trace ? "stream,step,iterations,weight,values..." : "output,step,weight,values...");
                flush();
            }
            if (format == Format.json) {
                ObjectNode o = json.putObject("outputs");
                sim.outputs().forEach(o::putArray);
                if (trace) {
                    json.putArray("trace");
                }
            }
        }

        /**
         * Starts the thread that prints the steps the engine has run (without --trace): the
         * stepping thread reads each step's output changes into values the printer owns
         * ({@link #after}) and goes on with the next step while this thread formats and writes
         * them (1.25M rows at the closure's first step: about 0.2 s of CPU), behind by at most
         * a budget of bytes ({@link PrintBacklog}: the closure's first step is printed while
         * the single-edge steps after it run). With --trace every stream's value is printed by the
         * stepping thread before the next step, as before.
         */
        void startThread() {
            if (trace) {
                return;
            }
            thread = new Thread(this::printQueued, "dbsp-print");
            thread.setDaemon(true);
            thread.start();
        }

        private static final Object[] END = new Object[0];
        private final PrintBacklog<Object[]> queue = new PrintBacklog<>(PrintBacklog.defaultBudget());
        private Thread thread;
        private volatile boolean closed;
        /** What stopped the printing thread (it then reads and drops the steps queued after). */
        private volatile Throwable failure;
        private volatile int failedStep;

        /**
         * Prints step {@code t} (called by the stepping thread once step t ran): with the printing
         * thread, queues its output changes read into printable values (waiting while the
         * steps not printed yet hold more than the backlog's budget); else prints it now.
         */
        void after(int t) throws InterruptedException {
            if (closed) {
                return; // the command stopped waiting for the steps (--timeout)
            }
            if (thread == null) {
                synchronized (this) {
                    step(t);
                }
                return;
            }
            if (t >= sim.trace().endStep()) {
                return;
            }
            Map<String, StreamValue> changes = sim.trace().outputChanges(t);
            Object[] captured = new Object[1 + sim.outputs().size()];
            captured[0] = t;
            int i = 1;
            long size = 0;
            for (String name : sim.outputs()) {
                StreamValue v = changes.get(name);
                Object p = v == null ? null : printable(v);
                captured[i++] = p;
                size += p instanceof PrintedRows rows ? rows.bytes() : 16;
            }
            queue.put(captured, size);
        }

        /** Waits until every queued step is printed (called once no step will be added); then {@link #end} may print. */
        void finish() throws InterruptedException {
            closed = true;
            if (thread != null) {
                queue.put(END, 0);
                thread.join();
            }
        }

        /** What stopped the printing thread, or null; {@link #failedStep} the step it was printing. */
        Throwable failure() {
            return failure;
        }

        int failedStep() {
            return failedStep;
        }

        private void printQueued() {
            while (true) {
                Object[] c;
                try {
                    c = queue.take();
                } catch (InterruptedException e) {
                    return;
                }
                if (c == END) {
                    return;
                }
                if (failure != null) {
                    queue.done();
                    continue;
                }
                int t = (Integer) c[0];
                try {
                    int i = 1;
                    for (String name : sim.outputs()) {
                        Object v = c[i++];
                        if (v != null) {
                            output(t, name, v);
                        }
                    }
                    flush();
                } catch (RuntimeException | Error e) {
                    failedStep = t;
                    failure = e;
                    // the rest of the step's text is not written at the end: the writer may be what
                    // failed, and writing to it again would replace this failure by another one
                    text.clear();
                } finally {
                    queue.done();
                }
            }
        }

        void step(int t) {
            if (t >= sim.trace().endStep()) {
                return;
            }
            outputs(t, sim.trace().outputChanges(t));
            if (trace) {
                sim.trace().forEachValue(t, (its, op, port, v) -> {
                    String where = op + "." + port;
                    switch (format) {
                        case table -> table("  trace " + (its.isEmpty() ? "" : "iteration " + its + " ") + where + " =", printable(v));
                        case csv -> csv(where + "," + t + "," + String.join("/", its.stream().map(String::valueOf).toList()), printable(v));
                        case json -> {
                            ObjectNode o = ((ArrayNode) json.get("trace")).addObject();
                            o.put("step", t);
                            ArrayNode a = o.putArray("iterations");
                            its.forEach(a::add);
                            o.put("stream", where);
                            o.set("value", toJson(printable(v)));
                        }
                    }
                });
            }
            flush();
        }

        /** Prints the outputs' changes at step t (outputs without a change at t are skipped). */
        void outputs(int t, Map<String, StreamValue> changes) {
            for (String name : sim.outputs()) {
                StreamValue v = changes.get(name);
                if (v != null) {
                    output(t, name, printable(v));
                }
            }
            flush();
        }

        /** Prints output {@code name}'s change at step t ({@link #printable}). */
        private void output(int t, String name, Object v) {
            switch (format) {
                case table -> table("step " + t + "  " + name + ":", v);
                case csv -> csv(name + "," + t, v);
                case json -> ((ArrayNode) json.get("outputs").get(name)).add(toJson(v));
            }
        }

        /** A value as the printer holds it: a {@link ZInt} as it is, a Z-set's rows as {@link PrintedRows}. */
        private static Object printable(StreamValue v) {
            return v instanceof ZInt ? v : PrintedRows.of(v);
        }

        void end() {
            flush();
            if (format == Format.json) {
                try {
                    out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
            out.flush();
        }

        /** Adds a line to the step's text, writing the text out when it is large. */
        private void line(String s) {
            text.append(s);
            endLine();
        }

        private void endLine() {
            text.append(NL);
            if (text.length() >= CHUNK) {
                text.write(out);
            }
        }

        /** Writes the text printed so far and flushes {@code out} (after each step: a run's output shows step by step). */
        private void flush() {
            text.write(out);
            out.flush();
        }

        private void table(String prefix, Object v) {
            if (v instanceof ZInt z) {
                line(prefix + " " + z.value());
                return;
            }
            PrintedRows rows = (PrintedRows) v;
            if (rows.size() == 0) {
                line(prefix + " (no change)");
            }
            for (int i = 0; i < rows.size(); i++) {
                text.append(prefix).append(' ');
                long w = rows.weight(i);
                if (w > 0) {
                    text.append('+');
                }
                text.append(w).append(' ');
                if (rows.longs()) {
                    text.append('(');
                    for (int c = 0, k = rows.arity(i); c < k; c++) {
                        if (c > 0) {
                            text.append(", ");
                        }
                        text.append(rows.value(i, c));
                    }
                    text.append(')');
                } else {
                    text.append(String.valueOf(rows.row(i)));
                }
                endLine();
            }
        }

        private void csv(String prefix, Object v) {
            if (v instanceof ZInt z) {
                line(prefix + ",," + z.value());
                return;
            }
            PrintedRows rows = (PrintedRows) v;
            for (int i = 0; i < rows.size(); i++) {
                text.append(prefix).append(',').append(rows.weight(i));
                if (rows.longs()) {
                    for (int c = 0, k = rows.arity(i); c < k; c++) {
                        text.append(',').append(rows.value(i, c)); // a Long's digits, as csvValue prints them
                    }
                } else {
                    for (Object x : rows.row(i).asList()) {
                        text.append(',');
                        csvValue(text, x);
                    }
                }
                endLine();
            }
        }

        private static void csvValue(TextBuffer sb, Object x) {
            if (x == null) {
                sb.append("NULL");
                return;
            }
            if (x instanceof Long l) {
                sb.append(l.longValue()); // the same digits as Long.toString, without the String
                return;
            }
            String s = x.toString();
            if (x instanceof String && (s.contains(",") || s.contains("\"") || s.isEmpty() || s.equalsIgnoreCase("null"))) {
                sb.append('"').append(s.replace("\"", "\"\"")).append('"');
                return;
            }
            sb.append(s);
        }

        private static JsonNode toJson(Object v) {
            if (v instanceof ZInt z) {
                return Json.MAPPER.getNodeFactory().numberNode(z.value());
            }
            ArrayNode a = Json.MAPPER.createArrayNode();
            PrintedRows rows = (PrintedRows) v;
            for (int i = 0; i < rows.size(); i++) {
                ObjectNode o = a.addObject();
                ArrayNode r = o.putArray("row");
                for (Object x : rows.row(i).asList()) {
                    if (x == null) {
                        r.addNull();
                    } else if (x instanceof Long l) {
                        r.add(l);
                    } else if (x instanceof Double d) {
                        r.add(d);
                    } else if (x instanceof BigDecimal d) {
                        r.add(d);
                    } else if (x instanceof Boolean b) {
                        r.add(b);
                    } else {
                        r.add(x.toString());
                    }
                }
                o.put("weight", rows.weight(i));
            }
            return a;
        }
    }
}
