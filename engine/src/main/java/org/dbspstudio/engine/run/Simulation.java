package org.dbspstudio.engine.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.validate.Validator;

/**
 * Runs a compiled top-level circuit step by step over a scenario, recording a {@link Trace}.
 * A SNAPSHOTS circuit's inputs receive the running sum of the scenario's changes and its reported
 * output changes are D(output); a CHANGES circuit's inputs receive the changes and its outputs are
 * the changes. Steps past the end of the scenario feed zero changes.
 *
 * <p>A failed step ({@link EngineException}) leaves the trace readable up to and including the
 * partial step; further steps need {@link #reset()}. Editing the scenario re-runs from step 0 up
 * to the step reached before (operator state is not snapshotted; correctness first).
 */
public final class Simulation {
    private final Circuit circuit;
    private final EngineOptions options;
    private CircuitRun run;
    private Trace trace;
    private Scenario scenario = new Scenario();
    private final List<InputFeed> inputs = new ArrayList<>();
    private final Map<String, Integer> outputSlots = new LinkedHashMap<>();
    private final Map<String, StreamValue> lastOutputs = new LinkedHashMap<>();
    private int nextStep;
    private int cursor = -1;
    private EngineException failure;

    private static final class InputFeed {
        final String name;
        final int orderIndex;
        final StreamType type;
        StreamValue sum;

        InputFeed(String name, int orderIndex, StreamType type) {
            this.name = name;
            this.orderIndex = orderIndex;
            this.type = type;
            this.sum = StreamValue.zero(type);
        }
    }

    private Simulation(Circuit circuit, EngineOptions options, Validator.Result checked) throws EngineException {
        this.circuit = circuit;
        this.options = options;
        build(checked != null ? checked : Validator.check(circuit));
    }

    /** Compiles a circuit (failing with the operator at fault when it is invalid). */
    public static Simulation compile(Circuit circuit, EngineOptions options) throws EngineException {
        return new Simulation(circuit, options, null);
    }

    /**
     * Compiles a circuit that was validated already: {@code checked} is what
     * {@link Validator#check} returned for this very circuit (unchanged since), so the circuit
     * is compiled from its inferred types instead of being validated a second time (the command
     * line validates a file to print its diagnostics before it runs it). Fails, as
     * {@link #compile(Circuit, EngineOptions)} does, when {@code checked} holds an error.
     */
    public static Simulation compile(Circuit circuit, EngineOptions options, Validator.Result checked)
            throws EngineException {
        return new Simulation(circuit, options, java.util.Objects.requireNonNull(checked, "checked"));
    }

    /** Compiles a document's circuit and loads its scenario. */
    public static Simulation of(CircuitDocument doc, EngineOptions options) throws EngineException {
        Simulation s = new Simulation(doc.circuit(), options, null);
        s.setScenario(doc.scenario());
        return s;
    }

    public static Simulation of(CircuitDocument doc) throws EngineException {
        return of(doc, EngineOptions.DEFAULT);
    }

    private void build(Validator.Result checked) throws EngineException {
        if (checked.hasErrors()) {
            List<Diagnostic> errors = checked.diagnostics().stream().filter(Diagnostic::isError).toList();
            Diagnostic first = errors.get(0);
            throw EngineException.compile(first.operators().isEmpty() ? null : first.operators().get(0),
                    "the circuit is invalid: " + org.dbspstudio.model.Diagnostics.list(errors.stream().map(Diagnostic::format).toList(), "; "));
        }
        run = new Compiler(options, checked.types()).compile(circuit, InferredTypes.TOP);
        trace = new Trace(run.slotMap, circuit.inputMode() == Circuit.InputMode.CHANGES, options.maxRetainedSteps(),
                options.maxRetainedBytes());
        inputs.clear();
        outputSlots.clear();
        for (int k = 0; k < run.order.length; k++) {
            Operator op = run.order[k].operator();
            if (op.kind() == OpKind.INPUT) {
                int slot = run.slotMap.slot(op.id(), "out");
                inputs.add(new InputFeed(op.params().string("name"), k, run.slotMap.types[slot]));
            } else if (op.kind() == OpKind.OUTPUT) {
                String name = op.params().string("name");
                if (outputSlots.put(name, run.slotMap.slot(op.id(), "in")) != null) {
                    throw EngineException.compile(op.id(), "two outputs are named '" + name + "'");
                }
            }
        }
    }

    public Circuit circuit() {
        return circuit;
    }

    /** Rows held in the state of all operators now (the statistics' state sizes, summed). */
    public long stateSize() {
        return run.stateSize();
    }

    public boolean snapshots() {
        return circuit.inputMode() == Circuit.InputMode.SNAPSHOTS;
    }

    /** Input names with their stream types, in evaluation order. */
    public Map<String, StreamType> inputTypes() {
        Map<String, StreamType> m = new LinkedHashMap<>();
        inputs.forEach(i -> m.put(i.name, i.type));
        return m;
    }

    /** Output names, in evaluation order. */
    public List<String> outputs() {
        return List.copyOf(outputSlots.keySet());
    }

    public Scenario scenario() {
        return scenario;
    }

    /** Replaces the scenario without running (checked against the input types). */
    public void setScenario(Scenario s) throws EngineException {
        ScenarioCheck.check(s, inputTypes());
        this.scenario = s.copy();
    }

    /**
     * Replaces the scenario after editing it at step {@code fromStep}: the run restarts and is
     * replayed up to the step reached before, so every recorded step reflects the new scenario.
     */
    public void editScenario(Scenario s, int fromStep) throws EngineException {
        setScenario(s);
        int reached = nextStep;
        int at = cursor;
        reset();
        run(Math.max(reached, fromStep + 1));
        cursor = Math.min(at < 0 ? nextStep - 1 : at, nextStep - 1);
    }

    /** Back to before step 0: clears all state and the trace. */
    public void reset() {
        run.resetAll();
        trace.clear();
        inputs.forEach(i -> i.sum = StreamValue.zero(i.type));
        lastOutputs.clear();
        nextStep = 0;
        cursor = -1;
        failure = null;
    }

    /** Steps run so far (the next step's index). */
    public int stepsRun() {
        return nextStep;
    }

    /** The step being inspected (the last one run, unless {@link #seek} moved back); -1 before any. */
    public int cursor() {
        return cursor;
    }

    /** Steps in the scenario. */
    public int scenarioSteps() {
        return scenario.steps();
    }

    public Trace trace() {
        return trace;
    }

    /** The failure that stopped the run, or null. */
    public EngineException failure() {
        return failure;
    }

    /** Runs the next step; returns its index. */
    public int step() throws EngineException {
        return step(null);
    }

    /**
     * Runs the next step with these input changes instead of the scenario's (inputs not named get
     * zero changes); the scenario is not modified. For drivers that stream changes (benchmarks).
     */
    public int stepWith(Map<String, StreamValue> changes) throws EngineException {
        return step(changes);
    }

    private int step(Map<String, StreamValue> given) throws EngineException {
        if (failure != null) {
            throw new IllegalStateException("the run failed at step " + failure.step() + "; reset it first");
        }
        int t = nextStep;
        try {
            for (InputFeed in : inputs) {
                StreamValue change = given == null ? change(in, t)
                        : given.getOrDefault(in.name, StreamValue.zero(in.type));
                if (snapshots()) {
                    // the running sum as an integral keeps it (sorted runs of packed rows once large):
                    // every earlier version stays valid (runs are immutable and shared), so the trace
                    // may keep them, and a small change after a large one does not convert a flat copy
                    // (deferred: added up when an operator reads it, as a top-level integral's sum)
                    in.sum = in.sum instanceof ZSet s && change instanceof ZSet c ? s.plusDeferred(c) : in.sum.plus(change);
                    run.feed(in.orderIndex, in.sum, change);
                } else {
                    run.feed(in.orderIndex, change, null);
                }
            }
            run.runTick(t, t, List.of());
        } catch (EngineException e) {
            failure = e;
            recordFailed(t);
            throw e;
        } catch (ArithmeticException e) {
            failure = new EngineException(null, t, List.of(), "input weight overflow: " + e.getMessage(), e);
            throw failure;
        } catch (OutOfMemoryError e) {
            failure = new EngineException(null, t, List.of(), CircuitRun.OUT_OF_MEMORY, e);
            recordFailed(t);
            throw failure;
        }
        try {
            recordFrames(t, true);
        } catch (OutOfMemoryError e) {
            failure = new EngineException(null, t, List.of(), CircuitRun.OUT_OF_MEMORY + " (recording the step)", e);
            nextStep = t + 1;
            cursor = t;
            throw failure;
        }
        nextStep = t + 1;
        cursor = t;
        return t;
    }

    /** Records what a failed step computed; when even that does not fit in memory, an empty frame. */
    private void recordFailed(int t) {
        try {
            recordFrames(t, false);
        } catch (OutOfMemoryError e) {
            trace.add(new Frame(new StreamValue[0], new StreamValue[0], new OpStats[0], Map.of()), Map.of());
        }
        nextStep = t + 1;
        cursor = t;
    }

    private void recordFrames(int t, boolean complete) {
        Map<String, StreamValue> changes = new LinkedHashMap<>();
        List<Object> frames = run.takeFrames();
        Frame last = frames.isEmpty() ? null : (Frame) frames.get(frames.size() - 1);
        for (var e : outputSlots.entrySet()) {
            StreamValue v = run.value(e.getValue());
            StreamValue d = run.delta(e.getValue());
            if (snapshots()) {
                StreamValue prev = lastOutputs.get(e.getKey());
                StreamValue change = d != null ? d : prev == null ? v : v.minus(prev);
                changes.put(e.getKey(), change);
                if (d == null && prev != null && last != null && last.values().length > e.getValue()
                        && last.values()[e.getValue()] == v) {
                    // the change computed here is the stream's known change: the debugger does not compute it again
                    last.deltas()[e.getValue()] = change;
                }
            } else {
                changes.put(e.getKey(), v);
            }
            lastOutputs.put(e.getKey(), v);
        }
        if (last != null) {
            trace.add(last, changes, complete);
        } else {
            trace.add(new Frame(new StreamValue[0], new StreamValue[0], new OpStats[0], Map.of()), changes);
        }
    }

    private StreamValue change(InputFeed in, int t) {
        StepData d = scenario.at(in.name, t);
        if (d == null) {
            return StreamValue.zero(in.type);
        }
        if (d instanceof StepData.Scalar s) {
            return ZInt.of(s.value());
        }
        List<Change> changes = ((StepData.Rows) d).changes();
        return ZSet.ofChanges(changes);
    }

    /** Runs {@code n} more steps. */
    public void run(int n) throws EngineException {
        for (int i = 0; i < n; i++) {
            step();
        }
    }

    /** Runs every remaining step of the scenario. */
    public void runScenario() throws EngineException {
        while (nextStep < scenario.steps()) {
            step();
        }
    }

    /** Moves the cursor to step t: a lookup when t was recorded, else runs forward to t. */
    public void seek(int t) throws EngineException {
        if (t < trace.firstStep()) {
            throw new IllegalArgumentException("step " + t + " was evicted from the trace; " + trace.retentionNote());
        }
        while (nextStep <= t) {
            step();
        }
        cursor = t;
    }

    /** An output's change at a recorded step. */
    public StreamValue outputChange(String name, int t) {
        StreamValue v = trace.outputChanges(t).get(name);
        if (v == null) {
            throw new IllegalArgumentException("no output named '" + name + "'");
        }
        return v;
    }

    /** An output's value (snapshot or change, as the circuit computes it) at a recorded step. */
    public StreamValue outputValue(String name, int t) {
        for (Operator op : circuit.operatorsOfKind(OpKind.OUTPUT)) {
            if (name.equals(op.params().string("name"))) {
                return trace.value(op.id(), "in", t);
            }
        }
        throw new IllegalArgumentException("no output named '" + name + "'");
    }

    /** The output values after the last step run (available even when the trace is not recorded). */
    public Map<String, StreamValue> lastOutputs() {
        return Map.copyOf(lastOutputs);
    }
}
