package org.dbspstudio.model.json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.ParamSpec;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.json.JsonValue.JArray;
import org.dbspstudio.model.json.JsonValue.JNumber;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.json.JsonValue.Pos;

/**
 * Writes circuit documents (docs/json-format.md) deterministically so files diff well: fixed
 * field order, parameters in the catalog's order, operators and streams in the circuit's order,
 * layout in operator order, scenario in input order (expected in output order; other names
 * sorted), 2-space indentation, and short arrays and objects on one line. Writing what
 * {@link DocumentReader} read gives back the same bytes.
 *
 * <p>Only parameters the operator's kind declares are written, and null values are skipped.
 * Layout coordinates that are not finite are written as 0.
 */
public final class DocumentWriter {
    private DocumentWriter() {
    }

    /** The document as JSON text, ending with a newline. */
    public static String write(CircuitDocument doc) {
        return JsonPrinter.print(toJson(doc));
    }

    /** Writes the document to a UTF-8 file. */
    public static void write(CircuitDocument doc, Path file) throws IOException {
        Files.writeString(file, write(doc), StandardCharsets.UTF_8);
    }

    static JObject toJson(CircuitDocument doc) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("format", JsonValue.str(CircuitDocument.FORMAT));
        m.put("version", JsonValue.num(CircuitDocument.VERSION));
        m.put("name", JsonValue.str(doc.name()));
        if (!doc.description().isEmpty()) {
            m.put("description", JsonValue.str(doc.description()));
        }
        m.put("circuit", circuit(doc.circuit(), true));
        if (!doc.layout().isEmpty()) {
            m.put("layout", layout(doc.layout(), doc.circuit()));
        }
        if (!doc.sources().isEmpty()) {
            Map<String, JsonValue> src = new LinkedHashMap<>();
            doc.sources().forEach((id, span) -> src.put(id, JsonValue.str(span.toString())));
            m.put("sources", new JObject(src, Pos.NONE));
        }
        if (!doc.scenario().isEmpty()) {
            m.put("scenario", ScenarioCodec.write(doc.scenario(), names(doc.circuit(), OpKind.INPUT)));
        }
        if (!doc.expected().isEmpty()) {
            m.put("expected", ScenarioCodec.write(doc.expected(), names(doc.circuit(), OpKind.OUTPUT)));
        }
        return new JObject(m, Pos.NONE);
    }

    private static List<String> names(Circuit c, OpKind kind) {
        List<String> names = new ArrayList<>();
        for (Operator op : c.operatorsOfKind(kind)) {
            String n = op.params().string("name");
            if (n != null) {
                names.add(n);
            }
        }
        return names;
    }

    private static JObject circuit(Circuit c, boolean top) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        if (top) {
            m.put("inputMode", JsonValue.str(c.inputMode() == Circuit.InputMode.CHANGES ? "changes" : "snapshots"));
        }
        List<JsonValue> ops = new ArrayList<>();
        c.operators().forEach(op -> ops.add(operator(op)));
        m.put("operators", new JArray(ops, Pos.NONE));
        List<JsonValue> streams = new ArrayList<>();
        for (Stream s : c.streams()) {
            Map<String, JsonValue> sm = new LinkedHashMap<>();
            sm.put("from", JsonValue.str(s.from().toString()));
            sm.put("to", JsonValue.str(s.to().toString()));
            streams.add(new JObject(sm, Pos.NONE));
        }
        m.put("streams", new JArray(streams, Pos.NONE));
        return new JObject(m, Pos.NONE);
    }

    private static JObject operator(Operator op) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("id", JsonValue.str(op.id()));
        m.put("kind", JsonValue.str(op.kind().json()));
        Map<String, JsonValue> params = new LinkedHashMap<>();
        for (ParamSpec spec : op.kind().params()) {
            Object v = op.params().values().get(spec.name());
            if (v != null) {
                params.put(spec.name(), ParamCodec.encode(op.id(), spec, v));
            }
        }
        if (!params.isEmpty()) {
            m.put("params", new JObject(params, Pos.NONE));
        }
        if (op.kind() == OpKind.NESTED && op.child() != null) {
            m.put("circuit", circuit(op.child(), false));
        }
        return new JObject(m, Pos.NONE);
    }

    private static JObject layout(Layout layout, Circuit circuit) {
        List<String> ids = new ArrayList<>();
        for (String id : circuit.allOperators().keySet()) {
            if (layout.get(id) != null) {
                ids.add(id);
            }
        }
        layout.positions().keySet().stream().filter(id -> !ids.contains(id)).sorted().forEach(ids::add);
        Map<String, JsonValue> m = new LinkedHashMap<>();
        for (String id : ids) {
            Layout.Point p = layout.get(id);
            Map<String, JsonValue> pm = new LinkedHashMap<>();
            pm.put("x", coordinate(p.x()));
            pm.put("y", coordinate(p.y()));
            m.put(id, new JObject(pm, Pos.NONE));
        }
        return new JObject(m, Pos.NONE);
    }

    private static JsonValue coordinate(double d) {
        if (!Double.isFinite(d)) {
            return JsonValue.num(0);
        }
        boolean negativeZero = d == 0 && Double.doubleToRawLongBits(d) != 0;
        if (d == Math.rint(d) && Math.abs(d) < 1e15 && !negativeZero) {
            return JsonValue.num((long) d);
        }
        return new JNumber(Double.toString(d), false, Pos.NONE);
    }
}
