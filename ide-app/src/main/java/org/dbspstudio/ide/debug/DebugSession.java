package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.OpStats;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Scenario;

/**
 * The debugger's view model for one document: it owns a {@link Simulation} that runs on a single
 * background thread and publishes what happened (current step, steps run, failure, progress) to
 * properties on the UI thread. Views never touch the engine; they call the operations here
 * (each returns a future completed after the result is published) and read recorded values
 * with {@link #value}, {@link #change} and {@link #contents}.
 *
 * <p>Every operation is a job on the engine thread, so they happen in the order asked. A new
 * request cancels a long run or play in progress. The engine's trace makes stepping back and
 * forth over recorded steps a lookup.
 */
public final class DebugSession {
    private final CircuitDocument document;
    private final Executor ui;
    private final ExecutorService worker;
    private final Object lock = new Object();
    private final AtomicBoolean cancel = new AtomicBoolean();

    // engine-side state, guarded by lock
    private Simulation sim;
    private final RecordedValues recorded = new RecordedValues();
    private int engineCursor = -1;
    /** Written under the lock, read without it. */
    private volatile long runId;

    // document copies the engine runs (UI thread)
    private Circuit compiledCircuit;
    private Scenario runScenario;

    private final ReadOnlyIntegerWrapper cursor = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyIntegerWrapper stepsRun = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyIntegerWrapper firstStep = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyIntegerWrapper lastRerunFrom = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(-1);
    private final ReadOnlyObjectWrapper<EngineException> failure = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyLongWrapper version = new ReadOnlyLongWrapper();
    private final List<Consumer<DebugSession>> listeners = new ArrayList<>();
    private int pendingJobs;
    private volatile EngineOptions options = EngineOptions.DEFAULT;

    /** A session publishing to the JavaFX application thread. */
    public DebugSession(CircuitDocument document) {
        this(document, Platform::runLater);
    }

    /** A session publishing through {@code ui} (the JavaFX thread in the IDE). */
    public DebugSession(CircuitDocument document, Executor ui) {
        this.document = document;
        this.ui = ui;
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "dbsp-engine-" + document.name());
            t.setDaemon(true);
            return t;
        });
    }

    public CircuitDocument document() {
        return document;
    }

    /**
     * How much of the run the trace keeps for stepping back: the newest {@code steps} steps and
     * about {@code bytes} of recorded values (0 = no limit). Used from the next compile (Reset, or
     * an edit of the circuit); older steps are then evicted and the time controls start later.
     */
    public void setRetention(int steps, long bytes) {
        options = EngineOptions.DEFAULT.withRetention(Math.max(0, steps), Math.max(0, bytes));
    }

    /** The engine settings the next compile uses. */
    public EngineOptions options() {
        return options;
    }

    // ------------------------------------------------------------------ published state

    /** The step being inspected; -1 before the first step. */
    public ReadOnlyIntegerProperty cursorProperty() {
        return cursor.getReadOnlyProperty();
    }

    public int cursor() {
        return cursor.get();
    }

    /** Steps recorded (the next step to run). */
    public ReadOnlyIntegerProperty stepsRunProperty() {
        return stepsRun.getReadOnlyProperty();
    }

    public int stepsRun() {
        return stepsRun.get();
    }

    /** The first step still recorded. */
    public int firstStep() {
        return firstStep.get();
    }

    /** The step from which the last scenario edit re-ran the circuit (-1 when none did). */
    public ReadOnlyIntegerProperty lastRerunFromProperty() {
        return lastRerunFrom.getReadOnlyProperty();
    }

    /** True while a job runs on the engine thread. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Progress of a long run (0..1), or -1 when none is going on. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** The failure that stopped the run (compile or step error), or null. */
    public ReadOnlyObjectProperty<EngineException> failureProperty() {
        return failure.getReadOnlyProperty();
    }

    public EngineException failure() {
        return failure.get();
    }

    /** A sentence about the last thing that happened, for the status bar. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Increases after every publication; views refresh on it. */
    public ReadOnlyLongProperty versionProperty() {
        return version.getReadOnlyProperty();
    }

    /** Called on the UI thread after every publication. */
    public void addListener(Consumer<DebugSession> l) {
        listeners.add(l);
    }

    /** Stops calling {@code l} after publications (on the UI thread). */
    public void removeListener(Consumer<DebugSession> l) {
        listeners.remove(l);
    }

    /** Whether the running circuit is an incremental (CHANGES) one. */
    public boolean changesMode() {
        Circuit c = compiledCircuit != null ? compiledCircuit : document.circuit();
        return c.inputMode() == Circuit.InputMode.CHANGES;
    }

    /** Steps in the document's scenario. */
    public int scenarioSteps() {
        return document.scenario().steps();
    }

    // ------------------------------------------------------------------ operations (UI thread)

    /** Back to before step 0 (recompiling the circuit as it is now). */
    public CompletableFuture<Void> reset() {
        prepare(true);
        return submit(() -> {
            compileIfNeeded();
            if (sim != null) {
                synchronized (lock) {
                    sim.reset();
                    engineCursor = -1;
                    runId++;
                }
            }
            return "Reset";
        });
    }

    /** The next step: a lookup when it is recorded, else runs it. */
    public CompletableFuture<Void> step() {
        prepare(false);
        return submit(() -> {
            compileIfNeeded();
            return advance();
        });
    }

    /** The previous recorded step. */
    public CompletableFuture<Void> stepBack() {
        prepare(false);
        return submit(() -> {
            synchronized (lock) {
                if (sim != null && engineCursor > sim.trace().firstStep()) {
                    engineCursor--;
                    return "Step " + engineCursor;
                }
            }
            return "At the first recorded step";
        });
    }

    /** Moves to step {@code t}, running forward (with progress, cancellable) when it is not recorded yet. */
    public CompletableFuture<Void> seek(int t) {
        prepare(false);
        return submit(() -> {
            compileIfNeeded();
            return runTo(t);
        });
    }

    /** Runs forward step by step with {@code delayMillis} between steps until the scenario ends or it is cancelled. */
    public CompletableFuture<Void> play(long delayMillis) {
        prepare(false);
        return submit(() -> {
            compileIfNeeded();
            while (!cancel.get()) {
                int end = Math.max(scenarioStepsEngine(), 1);
                if (engineCursor + 1 >= end) {
                    return "Played to step " + engineCursor;
                }
                String m = advance();
                if (failureEngine() != null) {
                    return m;
                }
                String hit = breakAt(engineCursor);
                if (hit != null) {
                    return "Breakpoint: " + hit;
                }
                publish(m, -1);
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            return "Paused at step " + engineCursor;
        });
    }

    private volatile java.util.function.IntFunction<String> breakCheck = t -> null;

    /**
     * What Play and Run to check after each step they run forward (on the engine's thread): a
     * reason to stop there, or null to go on.
     */
    public void setBreakCheck(java.util.function.IntFunction<String> check) {
        breakCheck = check == null ? t -> null : check;
    }

    private String breakAt(int step) {
        try {
            return breakCheck.apply(step);
        } catch (RuntimeException e) {
            return "A breakpoint could not be checked: " + e.getMessage();
        }
    }

    /** Stops a long run or play in progress (the steps done so far stay recorded). */
    public void cancel() {
        cancel.set(true);
    }

    /**
     * Brings the engine up to date with the document after a change: a changed circuit is
     * recompiled and replayed to the current step; a changed scenario re-runs from the first step
     * whose data changed (steps not run yet just use the new data).
     */
    public CompletableFuture<Void> documentChanged() {
        if (compiledCircuit == null || unchangedSinceLastCheck()) {
            return CompletableFuture.completedFuture(null);
        }
        if (!compiledCircuit.equals(document.circuit())) {
            prepare(true);
            int back = cursor.get();
            return submit(() -> {
                compileIfNeeded();
                return back >= 0 ? runTo(back) + " (circuit changed: recompiled and re-ran)" : "Circuit changed: recompiled";
            });
        }
        if (!runScenario.equals(document.scenario())) {
            int from = firstDifference(runScenario, document.scenario());
            Scenario s = document.scenario().copy();
            runScenario = s.copy();
            cancel.set(true);
            return submit(() -> rerun(s, from));
        }
        return CompletableFuture.completedFuture(null);
    }

    /**
     * Lets the session skip comparing the document with what it runs (a large scenario costs a
     * full comparison) while {@code revision} has not changed; see {@link #changedElsewhere}.
     */
    public void setRevision(LongSupplier revision) {
        this.revision = revision;
    }

    /** The document changed without its revision changing (a scenario shared with another tab was edited). */
    public void changedElsewhere() {
        checkedRevision = Long.MIN_VALUE;
    }

    private boolean unchangedSinceLastCheck() {
        if (revision == null) {
            return false;
        }
        long r = revision.getAsLong();
        boolean same = r == checkedRevision;
        checkedRevision = r;
        return same;
    }

    private LongSupplier revision;
    private long checkedRevision = Long.MIN_VALUE;

    /** Stops the engine thread. */
    public void dispose() {
        cancel.set(true);
        worker.shutdownNow();
    }

    // ------------------------------------------------------------------ reading recorded values (any thread)

    /** What the views read from the recorded run (without this session's lock: see {@link RecordedValues}). */
    public RecordedValues recorded() {
        return recorded;
    }

    /** The value of a stream at a recorded step (and inner iterations for nested streams), or null: {@link RecordedValues#value}. */
    public StreamValue value(StreamRef ref, int step, int... iterations) {
        return recorded.value(ref, step, iterations);
    }

    /** The change of a stream at a step, or null: {@link RecordedValues#change}. */
    public StreamValue change(StreamRef ref, int step, int... iterations) {
        return recorded.change(ref, step, iterations);
    }

    /** The contents of a stream up to a step, or null: {@link RecordedValues#contents}. */
    public StreamValue contents(StreamRef ref, int step, int... iterations) {
        return recorded.contents(ref, step, iterations);
    }

    StreamValue knownDelta(StreamRef ref, int step) {
        return recorded.knownDelta(ref, step);
    }

    /** Inner iterations a nested operator ran at a step (at the given enclosing iterations), or 0. */
    public int iterations(String nestedOp, int step, int... outer) {
        return recorded.iterations(nestedOp, step, outer);
    }

    /** Statistics of an operator at a recorded step, or null. */
    public OpStats stats(String opId, int step) {
        return recorded.stats(opId, step);
    }

    /** Each output's change at a recorded step, or an empty map. */
    public Map<String, StreamValue> outputChanges(int step) {
        return recorded.outputChanges(step);
    }

    /** Increases whenever the recorded steps are replaced (reset, recompiled, re-run after a scenario edit). */
    long runId() {
        return runId;
    }

    // ------------------------------------------------------------------ engine thread

    private interface Job {
        String run() throws EngineException;
    }

    /** Takes copies of the document on the UI thread before queueing a job; cancels a running one. */
    private void prepare(boolean forceRecompile) {
        cancel.set(true);
        if (!forceRecompile && compiledCircuit != null && unchangedSinceLastCheck()) {
            toCompile = compiledCircuit;
            scenarioForJob = runScenario;
            return;
        }
        if (forceRecompile || compiledCircuit == null || !compiledCircuit.equals(document.circuit())) {
            compiledCircuit = document.circuit().copy();
            runScenario = document.scenario().copy();
            pendingCompile = true;
        } else if (!runScenario.equals(document.scenario())) {
            runScenario = document.scenario().copy();
            pendingScenario = runScenario.copy();
        }
        toCompile = compiledCircuit;
        scenarioForJob = runScenario;
    }

    private volatile boolean pendingCompile;
    private volatile Scenario pendingScenario;
    private volatile Circuit toCompile;
    private volatile Scenario scenarioForJob;

    private CompletableFuture<Void> submit(Job job) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        pendingJobs++;
        busy.set(true);
        worker.execute(() -> {
            cancel.set(false);
            String m;
            try {
                m = job.run();
            } catch (EngineException e) {
                m = e.outOfMemory() ? dropAfterOutOfMemory(e) : e.getMessage();
            } catch (RuntimeException e) {
                m = "The engine failed: " + e;
            } catch (OutOfMemoryError e) {
                m = dropAfterOutOfMemory(new EngineException(null, -1, List.of(), "out of memory: the Java heap is full", e));
            }
            publish(m, -1, done);
        });
        return done;
    }

    /**
     * After the heap filled up: drops the run (its trace is what fills the heap) so the IDE keeps
     * working; the failure stays shown until Reset recompiles. The document is never touched by
     * the engine (it runs on copies), so it stays as it was.
     */
    private String dropAfterOutOfMemory(EngineException e) {
        synchronized (lock) {
            sim = null;
            recorded.attach(null, false);
            engineCursor = -1;
            runId++;
            compileFailure = e;
        }
        return e.getMessage() + " — the run was dropped to free memory; the document is unchanged."
                + " Press Reset to run again (with fewer steps or less data, or more memory: -Xmx)";
    }

    private void compileIfNeeded() throws EngineException {
        if (pendingCompile) {
            pendingCompile = false;
            pendingScenario = null;
            synchronized (lock) {
                sim = null;
                recorded.attach(null, false);
                engineCursor = -1;
                runId++;
                compileFailure = null;
            }
            try {
                Simulation s = Simulation.compile(toCompile.copy(), options);
                s.setScenario(scenarioForJob);
                synchronized (lock) {
                    sim = s;
                    recorded.attach(s.trace(), toCompile.inputMode() == Circuit.InputMode.CHANGES);
                }
            } catch (EngineException e) {
                compileFailure = e;
                throw e;
            }
        } else if (pendingScenario != null && sim != null) {
            Scenario s = pendingScenario;
            pendingScenario = null;
            rerun(s, firstDifference(sim.scenario(), s));
        }
        if (sim == null && compileFailure != null) {
            throw compileFailure;
        }
    }

    private EngineException compileFailure;

    private String advance() throws EngineException {
        synchronized (lock) {
            if (sim == null) {
                return "Nothing to run";
            }
            if (engineCursor + 1 < sim.trace().endStep()) {
                engineCursor++;
                return "Step " + engineCursor + " (recorded)";
            }
            if (sim.failure() != null) {
                return "The run failed at step " + sim.failure().step() + "; press Reset to run again";
            }
            try {
                sim.step();
            } finally {
                engineCursor = sim.stepsRun() - 1;
            }
            return "Step " + engineCursor;
        }
    }

    private String runTo(int t) throws EngineException {
        int start = engineCursor;
        while (engineCursor < t && !cancel.get()) {
            advance();
            if (failureEngine() != null && engineCursor >= failureEngine().step()) {
                return failureEngine().getMessage();
            }
            if (engineCursor < t) {
                String hit = breakAt(engineCursor);
                if (hit != null) {
                    return "Breakpoint: " + hit;
                }
            }
            long now = System.nanoTime();
            if (t - start > 1 && now - lastProgress > PROGRESS_NANOS) {
                lastProgress = now;
                publish(null, (engineCursor - start) / (double) (t - start));
            }
        }
        synchronized (lock) {
            if (sim != null && t < engineCursor) {
                engineCursor = Math.max(t, sim.trace().firstStep());
            }
        }
        return cancel.get() ? "Stopped at step " + engineCursor : "At step " + engineCursor;
    }

    private String rerun(Scenario s, int from) throws EngineException {
        synchronized (lock) {
            if (sim == null) {
                return "Scenario changed";
            }
            if (from >= sim.stepsRun()) {
                sim.setScenario(s);
                return "Scenario changed after the last step run";
            }
            int at = engineCursor;
            runId++;
            try {
                sim.editScenario(s, from);
            } finally {
                engineCursor = Math.min(at, sim.stepsRun() - 1);
            }
            rerunFrom = from;
            return "Scenario changed at step " + from + ": re-ran steps " + from + ".." + (sim.stepsRun() - 1);
        }
    }

    private volatile int rerunFrom = -1;
    private long lastProgress;
    /** Long runs report progress at most this often (each report refreshes the views). */
    private static final long PROGRESS_NANOS = 150_000_000L;

    private int scenarioStepsEngine() {
        synchronized (lock) {
            return sim == null ? 0 : sim.scenarioSteps();
        }
    }

    private EngineException failureEngine() {
        synchronized (lock) {
            return sim == null ? compileFailure : sim.failure();
        }
    }

    private void publish(String msg, double prog) {
        publish(msg, prog, null);
    }

    private void publish(String msg, double prog, CompletableFuture<Void> done) {
        int c;
        int n;
        int first;
        EngineException f;
        synchronized (lock) {
            c = engineCursor;
            n = sim == null ? 0 : sim.stepsRun();
            first = sim == null ? 0 : sim.trace().firstStep();
            f = sim == null ? compileFailure : sim.failure();
        }
        int rf = rerunFrom;
        ui.execute(() -> {
            stepsRun.set(n);
            firstStep.set(first);
            failure.set(f);
            lastRerunFrom.set(rf);
            cursor.set(c);
            if (msg != null) {
                message.set(msg);
            }
            if (done != null) {
                pendingJobs--;
                busy.set(pendingJobs > 0);
                progress.set(-1);
            } else {
                progress.set(prog);
            }
            version.set(version.get() + 1);
            for (Consumer<DebugSession> l : List.copyOf(listeners)) {
                l.accept(this);
            }
            if (done != null) {
                done.complete(null);
            }
        });
    }

    /** The first step at which two scenarios differ (their common length when one extends the other). */
    static int firstDifference(Scenario a, Scenario b) {
        int n = Math.max(a.steps(), b.steps());
        java.util.Set<String> names = new java.util.LinkedHashSet<>(a.streams().keySet());
        names.addAll(b.streams().keySet());
        for (int t = 0; t < n; t++) {
            for (String name : names) {
                if (!java.util.Objects.equals(norm(a.at(name, t)), norm(b.at(name, t)))) {
                    return t;
                }
            }
        }
        return n;
    }

    private static Object norm(org.dbspstudio.model.StepData d) {
        if (d instanceof org.dbspstudio.model.StepData.Rows r && r.changes().isEmpty()) {
            return null;
        }
        return d;
    }
}
