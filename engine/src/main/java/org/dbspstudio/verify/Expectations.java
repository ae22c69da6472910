package org.dbspstudio.verify;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.RowValues;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.validate.Validator;

/**
 * Checks what a document promises: its circuit, run on its scenario, produces the output changes
 * of its {@code expected} section at every step — as drawn, and (for a circuit over snapshots)
 * incrementalized by Algorithm 4.6 and fed the scenario's changes. After the scenario a circuit
 * over snapshots runs {@link Verifier#QUIET_STEPS} more steps, in which no output may change.
 */
public final class Expectations {
    private Expectations() {
    }

    /**
     * One way a run disagrees with the document.
     *
     * @param run    "snapshot" (the circuit as drawn over snapshots), "stream" (as drawn, reading
     *               changes) or "incremental"
     * @param step   the step, or -1 when the problem is not a step's
     * @param output the output's name, or null
     * @param rows   the rows whose weights differ (expected = the document's)
     * @param reason what is wrong when it is not a row difference (a missing expectation, a failed run), else null
     */
    public record Failure(String run, int step, String output, List<Mismatch.RowDiff> rows, String reason) {
        public Failure {
            rows = List.copyOf(rows);
        }

        /** One line, e.g. {@code incremental step 3 output 'v': row (1, a) expected 1, got 0}. */
        public String describe() {
            StringBuilder sb = new StringBuilder(run);
            if (step >= 0) {
                sb.append(" step ").append(step);
            }
            if (output != null) {
                sb.append(" output '").append(output).append("'");
            }
            sb.append(": ");
            if (reason != null) {
                return sb.append(reason).toString();
            }
            List<String> parts = new ArrayList<>();
            for (Mismatch.RowDiff d : rows) {
                parts.add((d.row().size() == 0 ? "value" : "row " + d.row()) + " expected " + d.expected()
                        + ", got " + d.actual());
            }
            return sb.append(String.join("; ", parts)).toString();
        }
    }

    /** Every disagreement of the document with its expected outputs (empty when it keeps its promise). */
    public static List<Failure> check(CircuitDocument doc) {
        List<Failure> failures = new ArrayList<>();
        Circuit c = doc.circuit();
        boolean snapshots = c.inputMode() == Circuit.InputMode.SNAPSHOTS;
        Map<String, StreamType> types = outputTypes(c);
        int steps = doc.scenario().steps();
        for (String out : types.keySet()) {
            List<StepData> data = doc.expected().of(out);
            if (data.size() < steps) {
                failures.add(new Failure("expected", -1, out, List.of(), "the expected section has "
                        + (data.isEmpty() ? "no values" : data.size() + " steps") + " for it, the scenario " + steps));
            }
        }
        if (!failures.isEmpty()) {
            return failures;
        }
        failures.addAll(run(snapshots ? "snapshot" : "stream", doc, types, snapshots));
        if (snapshots) {
            Circuit inc;
            try {
                inc = Incrementalizer.incrementalize(c).incremental();
            } catch (RuntimeException e) {
                failures.add(new Failure("incremental", -1, null, List.of(), "the rewrite failed: " + e.getMessage()));
                return failures;
            }
            List<Diagnostic> errors = Validator.validate(inc).stream().filter(Diagnostic::isError).toList();
            if (!errors.isEmpty()) {
                failures.add(new Failure("incremental", -1, null, List.of(), "the incremental circuit is invalid: "
                        + errors.get(0).format()));
                return failures;
            }
            failures.addAll(run("incremental", doc.copy().setCircuit(inc), types, true));
        }
        return failures;
    }

    private static List<Failure> run(String label, CircuitDocument doc, Map<String, StreamType> types, boolean quiet) {
        List<Failure> failures = new ArrayList<>();
        int steps = doc.scenario().steps();
        int t = 0;
        try {
            Simulation sim = Simulation.of(doc);
            for (; t < steps + (quiet ? Verifier.QUIET_STEPS : 0); t++) {
                sim.step();
                for (var e : types.entrySet()) {
                    String out = e.getKey();
                    StepData d = t < steps ? doc.expected().of(out).get(t) : StepData.EMPTY_ROWS;
                    StreamValue expected;
                    try {
                        expected = value(d, e.getValue());
                    } catch (IllegalArgumentException bad) {
                        failures.add(new Failure(label, t, out, List.of(), bad.getMessage()));
                        continue;
                    }
                    List<Mismatch.RowDiff> diff = Comparison.diff(expected, sim.outputChange(out, t));
                    if (!diff.isEmpty()) {
                        failures.add(new Failure(label, t, out, diff, null));
                    }
                }
            }
        } catch (EngineException e) {
            failures.add(new Failure(label, t, null, List.of(), "the run failed: " + e.getMessage()));
        }
        return failures;
    }

    /** The stream type of each named output of a top-level circuit (in the circuit's order). */
    public static Map<String, StreamType> outputTypes(Circuit c) {
        InferredTypes types = TypeInference.infer(c);
        Map<String, StreamType> out = new LinkedHashMap<>();
        for (Operator op : c.operatorsOfKind(OpKind.OUTPUT)) {
            StreamType t = c.feeding(new PortRef(op.id(), "in")).map(types::typeOf).orElse(null);
            out.put(op.params().string("name"), t);
        }
        return out;
    }

    /**
     * One step of an expectation as a value of the output's type (rows coerced to its schema);
     * throws {@link IllegalArgumentException} when the step does not fit the type.
     */
    public static StreamValue value(StepData d, StreamType type) {
        if (d instanceof StepData.Scalar s) {
            if (!(type instanceof StreamType.Integers)) {
                throw new IllegalArgumentException("an integer is expected, but the output is " + type);
            }
            return ZInt.of(s.value());
        }
        List<Change> changes = ((StepData.Rows) d).changes();
        if (type instanceof StreamType.Integers) {
            if (!changes.isEmpty()) {
                throw new IllegalArgumentException("rows are expected, but the output is an integer stream");
            }
            return ZInt.ZERO;
        }
        if (!(type instanceof StreamType.ZSet z)) {
            throw new IllegalArgumentException("expectations are written for Z-set or integer outputs, not " + type);
        }
        List<Change> typed = new ArrayList<>();
        for (Change ch : changes) {
            typed.add(new Change(RowValues.coerce(ch.row(), z.row()), ch.weight()));
        }
        return ZSet.ofChanges(typed);
    }
}
