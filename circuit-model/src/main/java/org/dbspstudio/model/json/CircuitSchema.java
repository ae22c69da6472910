package org.dbspstudio.model.json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.ParamSpec;
import org.dbspstudio.model.json.JsonValue.JArray;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.json.JsonValue.Pos;
import org.dbspstudio.model.types.SqlType;

/**
 * The JSON Schema (draft 2020-12) of circuit documents, generated from the operator catalog so
 * that it lists every kind with its parameters. The committed copy is the classpath resource
 * {@value #RESOURCE}; a test checks that it equals {@link #generate()}.
 */
public final class CircuitSchema {
    /** Classpath location of the committed schema. */
    public static final String RESOURCE = "/org/dbspstudio/model/json/circuit.schema.json";

    private CircuitSchema() {
    }

    /** The committed schema text. */
    public static String committed() {
        try (InputStream in = CircuitSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Prints the generated schema (to regenerate the committed file). */
    public static void main(String[] args) {
        System.out.print(generate());
    }

    /** The schema for the current catalog, printed like documents are. */
    public static String generate() {
        Map<String, JsonValue> defs = new LinkedHashMap<>();
        defs.put("circuit", circuit(true));
        defs.put("nestedCircuit", circuit(false));
        defs.put("operator", operator());
        for (OpKind k : OpKind.values()) {
            defs.put("params-" + k.json(), params(k));
        }
        defs.put("stream", obj("type", "object", "required", arr("from", "to"), "additionalProperties", false,
                "properties", obj("from", ref("port"), "to", ref("port"))));
        defs.put("port", obj("description", "operator id, a dot, and port name", "type", "string",
                "pattern", "^[\\s\\S]+\\.[^.]+$"));
        defs.put("type", obj("description", "Z (integers), a Z-set over columns, or an indexed Z-set",
                "oneOf", arr(obj("const", "Z"),
                        obj("type", "object", "required", arr("columns"), "additionalProperties", false,
                                "properties", obj("columns", ref("columns"))),
                        obj("type", "object", "required", arr("key", "value"), "additionalProperties", false,
                                "properties", obj("key", ref("columns"), "value", ref("columns"))))));
        defs.put("columns", obj("type", "array", "items", ref("column")));
        List<Object> sqlTypes = new ArrayList<>();
        for (SqlType t : SqlType.values()) {
            sqlTypes.add(t.name());
        }
        defs.put("column", obj("type", "object", "required", arr("name", "type"), "additionalProperties", false,
                "properties", obj("name", obj("type", "string"), "type", obj("enum", new JArray(strs(sqlTypes), Pos.NONE)),
                        "nullable", obj("type", "boolean"))));
        defs.put("namedExprs", obj("type", "array", "items", obj("type", "object", "required", arr("name", "expr"),
                "additionalProperties", false, "properties",
                obj("name", obj("type", "string"), "expr", obj("type", "string", "description", "SQL expression")))));
        List<Object> fns = new ArrayList<>();
        for (AggFunction f : AggFunction.values()) {
            fns.add(f.name());
        }
        defs.put("aggregates", obj("type", "array", "items", obj("type", "object", "required", arr("function", "name"),
                "additionalProperties", false, "properties", obj("function", obj("enum", new JArray(strs(fns), Pos.NONE)),
                        "expr", obj("type", "string", "description", "SQL expression; omitted for COUNT(*)"),
                        "name", obj("type", "string")))));
        defs.put("value", obj("description", "a column value; DATE and TIMESTAMP as ISO strings",
                "type", arr("number", "string", "boolean", "null")));
        defs.put("change", obj("oneOf", arr(
                obj("type", "object", "required", arr("row"), "additionalProperties", false,
                        "properties", obj("row", obj("type", "array", "items", ref("value")),
                                "weight", obj("type", "integer", "not", obj("const", 0), "description", "default 1"))),
                obj("description", "compact form: [row, weight]", "type", "array", "minItems", 2, "maxItems", 2,
                        "prefixItems", arr(obj("type", "array", "items", ref("value")),
                                obj("type", "integer", "not", obj("const", 0)))))));
        defs.put("changes", obj("type", "array", "items", ref("change")));
        defs.put("streamData", obj("description", "stream name → steps: an integer (Z) or the changes of that step",
                "type", "object", "additionalProperties", obj("type", "array", "items",
                        obj("oneOf", arr(obj("type", "integer"), ref("changes"))))));
        defs.put("point", obj("type", "object", "required", arr("x", "y"), "additionalProperties", false,
                "properties", obj("x", obj("type", "number"), "y", obj("type", "number"))));

        JObject root = obj(
                "$schema", "https://json-schema.org/draft/2020-12/schema",
                "title", "DBSP Studio circuit document, format version " + CircuitDocument.VERSION,
                "description", "See docs/json-format.md. Generated from the operator catalog by "
                        + CircuitSchema.class.getName() + ".",
                "type", "object",
                "required", arr("format", "version", "circuit"),
                "additionalProperties", false,
                "properties", obj(
                        "format", obj("const", CircuitDocument.FORMAT),
                        "version", obj("const", (long) CircuitDocument.VERSION),
                        "name", obj("type", "string"),
                        "description", obj("type", "string"),
                        "circuit", ref("circuit"),
                        "layout", obj("description", "operator id → top-left corner of its box",
                                "type", "object", "additionalProperties", ref("point")),
                        "sources", obj("description", "operator id → the span of SQL it was translated from, line:column-line:column",
                                "type", "object", "additionalProperties",
                                obj("type", "string", "pattern", "^[0-9]+:[0-9]+-[0-9]+:[0-9]+$")),
                        "scenario", ref("streamData"),
                        "expected", ref("streamData")),
                "$defs", new JObject(defs, Pos.NONE));
        return JsonPrinter.print(root);
    }

    private static JObject circuit(boolean top) {
        Map<String, JsonValue> props = new LinkedHashMap<>();
        if (top) {
            props.put("inputMode", obj("enum", arr("snapshots", "changes")));
        }
        props.put("operators", obj("type", "array", "items", ref("operator")));
        props.put("streams", obj("type", "array", "items", ref("stream")));
        return obj("type", "object", "additionalProperties", false, "properties", new JObject(props, Pos.NONE));
    }

    private static JObject operator() {
        List<Object> kinds = new ArrayList<>();
        List<Object> rules = new ArrayList<>();
        for (OpKind k : OpKind.values()) {
            kinds.add(k.json());
            Map<String, JsonValue> then = new LinkedHashMap<>();
            then.put("properties", obj("params", ref("params-" + k.json()),
                    "circuit", k == OpKind.NESTED ? ref("nestedCircuit") : JsonValue.bool(false)));
            if (k.params().stream().anyMatch(ParamSpec::required)) {
                then.put("required", arr("params"));
            }
            rules.add(obj("if", obj("properties", obj("kind", obj("const", k.json()))),
                    "then", new JObject(then, Pos.NONE)));
        }
        return obj("type", "object", "required", arr("id", "kind"), "additionalProperties", false,
                "properties", obj("id", obj("type", "string", "minLength", 1L),
                        "kind", obj("enum", new JArray(strs(kinds), Pos.NONE)),
                        "params", obj("type", "object"),
                        "circuit", obj("type", "object")),
                "allOf", new JArray(toJson(rules), Pos.NONE));
    }

    private static JObject params(OpKind k) {
        Map<String, JsonValue> props = new LinkedHashMap<>();
        List<Object> required = new ArrayList<>();
        for (ParamSpec p : k.params()) {
            JObject schema = switch (p.type()) {
                case STRING -> obj("type", "string");
                case EXPR -> obj("type", "string");
                case INT -> obj("type", "integer");
                case BOOL -> obj("type", "boolean");
                case CHOICE -> obj("enum", new JArray(strs(new ArrayList<>(p.choices())), Pos.NONE));
                case EXPR_LIST, STRINGS -> obj("type", "array", "items", obj("type", "string"));
                case NAMED_EXPRS -> ref("namedExprs");
                case NAMED_EXPR_LISTS -> obj("type", "array", "items", ref("namedExprs"));
                case AGGREGATES -> ref("aggregates");
                case TYPE -> ref("type");
                case CHANGES -> ref("changes");
            };
            Map<String, JsonValue> withDoc = new LinkedHashMap<>();
            withDoc.put("description", JsonValue.str(p.description()));
            withDoc.putAll(schema.members());
            props.put(p.name(), new JObject(withDoc, Pos.NONE));
            if (p.required()) {
                required.add(p.name());
            }
        }
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("description", JsonValue.str(k.title() + " (" + k.glyph() + ")"));
        m.put("type", JsonValue.str("object"));
        if (!required.isEmpty()) {
            m.put("required", new JArray(strs(required), Pos.NONE));
        }
        m.put("additionalProperties", JsonValue.bool(false));
        m.put("properties", new JObject(props, Pos.NONE));
        return new JObject(m, Pos.NONE);
    }

    private static JObject ref(String def) {
        return obj("$ref", "#/$defs/" + def);
    }

    private static JArray arr(Object... items) {
        return new JArray(toJson(List.of(items)), Pos.NONE);
    }

    private static List<JsonValue> strs(List<Object> items) {
        return toJson(items);
    }

    private static List<JsonValue> toJson(List<Object> items) {
        List<JsonValue> out = new ArrayList<>();
        items.forEach(i -> out.add(json(i)));
        return out;
    }

    private static JsonValue json(Object v) {
        if (v instanceof JsonValue j) {
            return j;
        }
        if (v instanceof String s) {
            return JsonValue.str(s);
        }
        if (v instanceof Boolean b) {
            return JsonValue.bool(b);
        }
        if (v instanceof Number n) {
            return JsonValue.num(n.longValue());
        }
        throw new IllegalArgumentException(String.valueOf(v));
    }

    private static JObject obj(Object... kv) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], json(kv[i + 1]));
        }
        return new JObject(m, Pos.NONE);
    }
}
