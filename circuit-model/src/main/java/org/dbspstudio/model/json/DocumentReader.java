package org.dbspstudio.model.json;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.ParamSpec;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.json.JsonValue.JNumber;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.types.StreamType;

/**
 * Reads circuit documents (docs/json-format.md). A file that is not JSON, not a circuit document,
 * from a newer format version, or of the wrong shape fails with a {@link LoadException} naming
 * line:column. Problems inside an otherwise readable document become diagnostics, and the
 * document is loaded without the offending part:
 * <ul>
 * <li>UNKNOWN_KIND (error): the operator is left out, with the streams attached to it;
 * <li>UNKNOWN_PARAM (warning) and UNKNOWN_FIELD (warning): ignored;
 * <li>BAD_PARAM (error): a parameter value of the wrong JSON shape is left out (its default applies);
 * <li>DUPLICATE_ID (error): the second operator with an id is left out;
 * <li>BAD_STREAM (error): a stream whose endpoints are not {@code op.port} is left out;
 * <li>BAD_SCENARIO / BAD_EXPECTED (error): values that do not fit are left out;
 *     UNKNOWN_INPUT (error) / UNKNOWN_OUTPUT (warning): data for names no input/output has (kept).
 * </ul>
 * Each diagnostic's {@code where} is {@code operatorId at line:column} (or just line:column).
 * Whether the circuit itself is well formed is for {@code org.dbspstudio.model.validate}.
 */
public final class DocumentReader {
    private static final Set<String> TOP_FIELDS =
            Set.of("format", "version", "name", "description", "circuit", "layout", "sources", "scenario", "expected");
    private static final Set<String> CIRCUIT_FIELDS = Set.of("inputMode", "operators", "streams");
    private static final Set<String> NESTED_CIRCUIT_FIELDS = Set.of("operators", "streams");
    private static final Set<String> OP_FIELDS = Set.of("id", "kind", "params");
    private static final Set<String> NESTED_OP_FIELDS = Set.of("id", "kind", "params", "circuit");
    private static final Set<String> STREAM_FIELDS = Set.of("from", "to");
    private static final Set<String> POINT_FIELDS = Set.of("x", "y");

    private final ReadContext ctx;
    private final Set<String> allIds = new HashSet<>();

    private DocumentReader(String file) {
        this.ctx = new ReadContext(file);
    }

    /** Reads a UTF-8 file. */
    public static LoadResult read(Path file) throws LoadException {
        String name = file.toString();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new LoadException(name, 0, 0, "cannot read: no such file", e);
        } catch (IOException | SecurityException e) {
            throw new LoadException(name, 0, 0, "cannot read: " + e, e);
        }
        return read(decode(bytes, name), name);
    }

    /** The UTF-8 text of {@code bytes}; an invalid byte fails naming its offset, line and column. */
    static String decode(byte[] bytes, String name) throws LoadException {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 16L, bytes.length + 1L));
        CoderResult r = dec.decode(in, out, true);
        if (!r.isError()) {
            r = dec.flush(out);
        }
        if (r.isError()) {
            int at = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            // the column counts characters, as the JSON parser's columns do (the bytes before are valid)
            int column = new String(bytes, lineStart, at - lineStart, StandardCharsets.UTF_8).length() + 1;
            throw new LoadException(name, line, column, String.format(java.util.Locale.ROOT,
                    "the file is not UTF-8 text: invalid byte 0x%02X at byte offset %d", bytes[at] & 0xff, at));
        }
        out.flip();
        return out.toString();
    }

    /** Reads a document from text; {@code fileName} is used in messages. */
    public static LoadResult read(String text, String fileName) throws LoadException {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        DocumentReader r = new DocumentReader(fileName);
        CircuitDocument doc = r.document(JsonTreeParser.parse(t, fileName));
        return new LoadResult(doc, r.ctx.diagnostics());
    }

    private CircuitDocument document(JsonValue root) throws LoadException {
        JObject top = ctx.object(root, "a circuit document");
        JsonValue format = top.get("format");
        if (format == null) {
            throw ctx.fail(top, "not a DBSP Studio circuit: the field \"format\": \""
                    + CircuitDocument.FORMAT + "\" is missing");
        }
        if (!(format instanceof JsonValue.JString fs) || !fs.value().equals(CircuitDocument.FORMAT)) {
            throw ctx.fail(format, "not a DBSP Studio circuit: \"format\" is "
                    + (format instanceof JsonValue.JString fs2 ? "'" + fs2.value() + "'" : format.describe())
                    + ", expected '" + CircuitDocument.FORMAT + "'");
        }
        JsonValue version = ctx.required(top, "version", "the document");
        Long v = version instanceof JNumber n ? n.asLong() : null;
        if (v == null || v < 1) {
            throw ctx.fail(version, "\"version\" must be a positive integer, not "
                    + (version instanceof JNumber n ? n.text() : version.describe()));
        }
        if (v > CircuitDocument.VERSION) {
            throw ctx.fail(version, "written by a newer version of DBSP Studio (format version " + v
                    + "; this build reads up to " + CircuitDocument.VERSION + ")");
        }
        ctx.checkFields(top, null, "the document", TOP_FIELDS);
        CircuitDocument doc = new CircuitDocument();
        if (top.get("name") != null) {
            doc.setName(ctx.string(top.get("name"), "\"name\""));
        }
        if (top.get("description") != null) {
            doc.setDescription(ctx.string(top.get("description"), "\"description\""));
        }
        doc.setCircuit(circuit(ctx.object(ctx.required(top, "circuit", "the document"), "\"circuit\""), true));
        if (top.get("layout") != null) {
            doc.setLayout(layout(top.get("layout")));
        }
        if (top.get("sources") != null) {
            for (var e : ctx.object(top.get("sources"), "\"sources\"").members().entrySet()) {
                String text = ctx.string(e.getValue(), "the source span of " + e.getKey());
                var span = org.dbspstudio.model.SourceSpan.parse(text);
                if (span.isEmpty()) {
                    throw ctx.fail(e.getValue(), "the source span of " + e.getKey()
                            + " must be \"line:column-line:column\", not \"" + text + "\"");
                }
                doc.sources().put(e.getKey(), span.get());
            }
        }
        Map<String, ScenarioCodec.Target> inputs = new LinkedHashMap<>();
        Map<String, ScenarioCodec.Target> outputs = new LinkedHashMap<>();
        for (Operator op : doc.circuit().operators()) {
            String name = op.params().string("name");
            if (name != null && op.kind() == OpKind.INPUT) {
                inputs.putIfAbsent(name, new ScenarioCodec.Target(op.id(), op.params().type("type")));
            } else if (name != null && op.kind() == OpKind.OUTPUT) {
                outputs.putIfAbsent(name, new ScenarioCodec.Target(op.id(), null));
            }
        }
        if (top.get("scenario") != null) {
            doc.setScenario(ScenarioCodec.read(top.get("scenario"), "scenario", inputs, true,
                    "BAD_SCENARIO", "UNKNOWN_INPUT", ctx));
        }
        if (top.get("expected") != null) {
            doc.setExpected(ScenarioCodec.read(top.get("expected"), "expected", outputs, false,
                    "BAD_EXPECTED", "UNKNOWN_OUTPUT", ctx));
        }
        return doc;
    }

    private Circuit circuit(JObject o, boolean top) throws LoadException {
        ctx.checkFields(o, null, top ? "\"circuit\"" : "a nested \"circuit\"", top ? CIRCUIT_FIELDS : NESTED_CIRCUIT_FIELDS);
        Circuit c = new Circuit();
        JsonValue mode = top ? o.get("inputMode") : null;
        if (mode != null) {
            String m = ctx.string(mode, "\"inputMode\"");
            switch (m) {
                case "snapshots" -> c.setInputMode(Circuit.InputMode.SNAPSHOTS);
                case "changes" -> c.setInputMode(Circuit.InputMode.CHANGES);
                default -> throw ctx.fail(mode, "\"inputMode\" must be \"snapshots\" or \"changes\", not '" + m + "'");
            }
        }
        Set<String> leftOut = new HashSet<>();
        if (o.get("operators") != null) {
            for (JsonValue item : ctx.array(o.get("operators"), "\"operators\"").items()) {
                Operator op = operator(ctx.object(item, "an operator"), leftOut);
                if (op != null) {
                    c.add(op);
                }
            }
        }
        if (o.get("streams") != null) {
            for (JsonValue item : ctx.array(o.get("streams"), "\"streams\"").items()) {
                JObject s = ctx.object(item, "a stream");
                ctx.checkFields(s, null, "a stream", STREAM_FIELDS);
                JsonValue fromV = ctx.required(s, "from", "a stream");
                JsonValue toV = ctx.required(s, "to", "a stream");
                String from = ctx.string(fromV, "\"from\"");
                String to = ctx.string(toV, "\"to\"");
                PortRef f;
                PortRef t;
                try {
                    f = PortRef.parse(from);
                    t = PortRef.parse(to);
                } catch (IllegalArgumentException e) {
                    ctx.error("BAD_STREAM", null, s.pos(), "stream " + from + " -> " + to
                            + ": endpoints must be written operator.port (left out)");
                    continue;
                }
                if (!leftOut.contains(f.op()) && !leftOut.contains(t.op())) {
                    c.connect(new Stream(f, t));
                }
            }
        }
        return c;
    }

    /** The operator, or null when it is left out (its id then goes to {@code leftOut}). */
    private Operator operator(JObject o, Set<String> leftOut) throws LoadException {
        JsonValue idV = ctx.required(o, "id", "an operator");
        String id = ctx.string(idV, "an operator's \"id\"");
        if (id.isEmpty()) {
            throw ctx.fail(idV, "an operator's \"id\" must not be empty");
        }
        String kindName = ctx.string(ctx.required(o, "kind", "operator " + id), "\"kind\" of operator " + id);
        OpKind kind = OpKind.fromJson(kindName).orElse(null);
        if (kind == null) {
            ctx.error("UNKNOWN_KIND", id, o.get("kind").pos(), "unknown operator kind '" + kindName
                    + "'; the operator is left out, with the streams attached to it");
            leftOut.add(id);
            return null;
        }
        if (!allIds.add(id)) {
            ctx.error("DUPLICATE_ID", id, idV.pos(), "another operator already has the id '" + id
                    + "'; this one (" + kind.json() + ") is left out");
            return null;
        }
        ctx.checkFields(o, id, "operator " + id, kind == OpKind.NESTED ? NESTED_OP_FIELDS : OP_FIELDS);
        Params params = params(kind, id, o.get("params") == null ? null : ctx.object(o.get("params"), "\"params\" of " + id));
        Circuit child = null;
        if (kind == OpKind.NESTED && o.get("circuit") != null) {
            child = circuit(ctx.object(o.get("circuit"), "\"circuit\" of " + id), false);
        }
        return new Operator(id, kind, params, child);
    }

    private Params params(OpKind kind, String id, JObject o) {
        Map<String, Object> values = new LinkedHashMap<>();
        if (o == null) {
            return Params.of(kind, values);
        }
        for (var e : o.members().entrySet()) {
            if (kind.param(e.getKey()).isEmpty()) {
                ctx.warning("UNKNOWN_PARAM", id, e.getValue().pos(), "operator kind '" + kind.json()
                        + "' has no parameter '" + e.getKey() + "' (ignored)");
            }
        }
        ParamCodec codec = new ParamCodec(ctx, id);
        StreamType declared = null;
        for (ParamSpec spec : kind.params()) {
            JsonValue v = o.get(spec.name());
            if (v == null) {
                continue;
            }
            try {
                Object value = codec.decode(spec, v, ScenarioCodec.schemaOf(declared));
                if (value instanceof StreamType t) {
                    declared = t;
                }
                values.put(spec.name(), value);
            } catch (BadValue b) {
                ctx.error("BAD_PARAM", id, b.pos(), "parameter '" + spec.name() + "': " + b.getMessage()
                        + " (left out)");
            }
        }
        return Params.of(kind, values);
    }

    private Layout layout(JsonValue v) throws LoadException {
        Layout layout = new Layout();
        for (var e : ctx.object(v, "\"layout\"").members().entrySet()) {
            JObject p = ctx.object(e.getValue(), "the layout of " + e.getKey());
            ctx.checkFields(p, e.getKey(), "a layout position", POINT_FIELDS);
            layout.put(e.getKey(), coordinate(p, "x", e.getKey()), coordinate(p, "y", e.getKey()));
        }
        return layout;
    }

    private double coordinate(JObject p, String axis, String id) throws LoadException {
        JsonValue v = ctx.required(p, axis, "the layout of " + id);
        if (v instanceof JNumber n && Double.isFinite(n.asDouble())) {
            return n.asDouble();
        }
        throw ctx.fail(v, "layout " + axis + " of " + id + " must be a finite number, not " + v.describe());
    }
}
