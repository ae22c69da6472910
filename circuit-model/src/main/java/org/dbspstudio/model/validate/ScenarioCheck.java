package org.dbspstudio.model.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Diagnostics;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.ParamCheck;

/**
 * A document's {@code scenario} against its inputs and its {@code expected} section against its
 * outputs: every name is an input (output) of the circuit, and every step's data fits the stream's
 * type (an integer for Z, rows of the schema otherwise). Uses the loader's codes
 * (UNKNOWN_INPUT, UNKNOWN_OUTPUT, BAD_SCENARIO, BAD_EXPECTED).
 */
final class ScenarioCheck {
    private ScenarioCheck() {
    }

    static List<Diagnostic> check(CircuitDocument doc, InferredTypes types) {
        Map<String, Operator> inputs = new LinkedHashMap<>();
        Map<String, Operator> outputs = new LinkedHashMap<>();
        for (Operator op : doc.circuit().operators()) {
            if (op.params().values().get("name") instanceof String name) {
                if (op.kind() == OpKind.INPUT) {
                    inputs.putIfAbsent(name, op);
                } else if (op.kind() == OpKind.OUTPUT) {
                    outputs.putIfAbsent(name, op);
                }
            }
        }
        List<Diagnostic> out = new ArrayList<>();
        section(doc.scenario(), "scenario", inputs, "input", "UNKNOWN_INPUT", "BAD_SCENARIO", types, doc, out);
        section(doc.expected(), "expected", outputs, "output", "UNKNOWN_OUTPUT", "BAD_EXPECTED", types, doc, out);
        return out;
    }

    private static void section(Scenario sc, String section, Map<String, Operator> targets, String what, String unknownCode,
                                String badCode, InferredTypes types, CircuitDocument doc, List<Diagnostic> out) {
        for (var e : sc.streams().entrySet()) {
            String name = e.getKey();
            Operator op = targets.get(name);
            if (op == null) {
                out.add(Diagnostic.error(unknownCode, section + "." + name, section + " names '" + name + "', but the circuit has"
                        + " no " + what + " of that name (its " + what + "s: " + Diagnostics.list(targets.keySet(), ", ") + ")", List.of()));
                continue;
            }
            StreamType type = op.kind() == OpKind.INPUT ? op.params().values().get("type") instanceof StreamType t ? t : null
                    : doc.circuit().streamsInto(op.id()).stream().findFirst().map(types::typeOf).orElse(null);
            if (type == null) {
                continue;
            }
            List<StepData> steps = e.getValue();
            for (int i = 0; i < steps.size(); i++) {
                String p = problem(type, steps.get(i));
                if (p != null) {
                    out.add(Diagnostic.error(badCode, section + "." + name + "[" + i + "]", section + " of " + what + " '" + name
                            + "', step " + i + ": " + p, List.of(op.id())));
                }
            }
        }
    }

    private static String problem(StreamType type, StepData data) {
        if (data == null) {
            return "no data";
        }
        if (type instanceof StreamType.Integers) {
            return data instanceof StepData.Scalar ? null : "the stream is Z, so each step is an integer, not rows";
        }
        if (!(data instanceof StepData.Rows rows)) {
            return "the stream is " + type + ", so each step is a list of rows with weights, not an integer";
        }
        if (!(type instanceof StreamType.ZSet z)) {
            return null; // indexed streams: rows are not checked against a key/value pair
        }
        for (int j = 0; j < rows.changes().size(); j++) {
            Change c = rows.changes().get(j);
            String p = ParamCheck.rowProblem(z.row(), c);
            if (p != null) {
                return "row " + (j + 1) + ": " + p;
            }
        }
        return null;
    }
}
