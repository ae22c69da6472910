package org.dbspstudio.model.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.JsonValue.JArray;
import org.dbspstudio.model.json.JsonValue.JNumber;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.json.JsonValue.Pos;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;

/**
 * The {@code scenario} and {@code expected} sections: stream name → list of steps, a step being
 * an integer (Z streams) or an array of changes. Scenario rows are typed by their input's schema;
 * expected rows keep JSON's own types (see {@link RowValues} to type them).
 */
final class ScenarioCodec {
    /** A named stream the section may mention: its operator id and type (null when unknown). */
    record Target(String opId, StreamType type) {
    }

    private ScenarioCodec() {
    }

    /**
     * Reads a section. {@code targets} maps the names it may use; other names get an error
     * ({@code unknownCode}) in the typed scenario section, a warning otherwise, and raw values. Values that do not fit get {@code badCode} errors and are
     * left out (a bad step becomes an empty step, so later steps keep their numbers).
     */
    static Scenario read(JsonValue section, String what, Map<String, Target> targets, boolean typed,
                         String badCode, String unknownCode, ReadContext ctx) throws LoadException {
        JObject o = ctx.object(section, "'" + what + "'");
        Scenario s = new Scenario();
        for (var e : o.members().entrySet()) {
            String name = e.getKey();
            Target target = targets.get(name);
            String opId = target == null ? null : target.opId();
            if (target == null) {
                // feeding an input that does not exist is an error (a run refuses it); expected
                // values nobody compares with are only worth a warning
                String message = "'" + what + "' has data for '" + name + "', which is not a top-level "
                        + (typed ? "input" : "output") + " name (its " + (typed ? "inputs" : "outputs") + ": "
                        + (targets.isEmpty() ? "none" : org.dbspstudio.model.Diagnostics.list(targets.keySet(), ", ")) + ")";
                if (typed) {
                    ctx.error(unknownCode, null, e.getValue().pos(), message);
                } else {
                    ctx.warning(unknownCode, null, e.getValue().pos(), message);
                }
            }
            if (!(e.getValue() instanceof JArray steps)) {
                ctx.error(badCode, opId, e.getValue().pos(), what + " '" + name
                        + "' must be an array of steps, not " + e.getValue().describe() + " (left out)");
                continue;
            }
            StreamType type = target == null || !typed ? null : target.type();
            RowSchema schema = schemaOf(type);
            List<StepData> out = new ArrayList<>();
            for (int i = 0; i < steps.items().size(); i++) {
                JsonValue step = steps.items().get(i);
                String label = what + " '" + name + "' step " + i + ": ";
                if (step instanceof JNumber n && n.asLong() != null && schema == null) {
                    out.add(StepData.scalar(n.asLong()));
                } else if (step instanceof JArray changes && !(type instanceof StreamType.Integers)) {
                    List<Change> cs = new ArrayList<>();
                    for (JsonValue c : changes.items()) {
                        try {
                            cs.add(ValueCodec.change(c, schema, ctx, opId));
                        } catch (BadValue b) {
                            ctx.error(badCode, opId, b.pos(), label + b.getMessage() + " (change left out)");
                        }
                    }
                    out.add(StepData.rows(cs));
                } else {
                    boolean z = type instanceof StreamType.Integers;
                    ctx.error(badCode, opId, step.pos(), label + "expected "
                            + (type == null ? "an integer or an array of changes" : z ? "an integer" : "an array of changes")
                            + ", not " + step.describe() + " (read as an empty step)");
                    out.add(z ? StepData.scalar(0) : StepData.EMPTY_ROWS);
                }
            }
            s.put(name, out);
        }
        return s;
    }

    /** The row schema of a Z-set (an indexed Z-set's rows are its key columns then its value columns). */
    static RowSchema schemaOf(StreamType type) {
        if (type instanceof StreamType.ZSet z) {
            return z.row();
        }
        if (type instanceof StreamType.Indexed ix) {
            return ix.key().concat(ix.value());
        }
        return null;
    }

    static JsonValue write(Scenario s, List<String> preferredOrder) {
        List<String> names = new ArrayList<>();
        preferredOrder.stream().filter(n -> s.streams().containsKey(n) && !names.contains(n)).forEach(names::add);
        s.streams().keySet().stream().filter(n -> !names.contains(n)).sorted().forEach(names::add);
        Map<String, JsonValue> m = new LinkedHashMap<>();
        for (String name : names) {
            List<JsonValue> steps = new ArrayList<>();
            for (StepData d : s.of(name)) {
                steps.add(d instanceof StepData.Scalar sc ? JsonValue.num(sc.value())
                        : ValueCodec.encodeChanges(((StepData.Rows) d).changes()));
            }
            m.put(name, new JArray(steps, Pos.NONE));
        }
        return new JObject(m, Pos.NONE);
    }
}
