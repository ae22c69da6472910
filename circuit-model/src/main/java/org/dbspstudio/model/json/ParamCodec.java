package org.dbspstudio.model.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.ParamSpec;
import org.dbspstudio.model.ParamType;
import org.dbspstudio.model.json.JsonValue.JArray;
import org.dbspstudio.model.json.JsonValue.JBool;
import org.dbspstudio.model.json.JsonValue.JNull;
import org.dbspstudio.model.json.JsonValue.JNumber;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.json.JsonValue.JString;
import org.dbspstudio.model.json.JsonValue.Pos;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Parameter values in JSON, by {@link ParamType}: STRING, EXPR and CHOICE are strings; INT an
 * integer; BOOL a boolean; EXPR_LIST and STRINGS arrays of strings; NAMED_EXPRS
 * {@code [{"name": .., "expr": ..}]}; NAMED_EXPR_LISTS an array of those; AGGREGATES
 * {@code [{"function": "SUM", "expr": "amount", "name": "total"}]} (no expr for COUNT(*));
 * TYPE {@code "Z"}, {@code {"columns": [..]}} or {@code {"key": [..], "value": [..]}};
 * CHANGES an array of changes typed by {@code rowSchema}.
 */
final class ParamCodec {
    private static final Set<String> NAMED_FIELDS = Set.of("name", "expr");
    private static final Set<String> AGG_FIELDS = Set.of("function", "expr", "name");
    private static final Set<String> COLUMN_FIELDS = Set.of("name", "type", "nullable");

    private final ReadContext ctx;
    private final String opId;

    ParamCodec(ReadContext ctx, String opId) {
        this.ctx = ctx;
        this.opId = opId;
    }

    /** Decodes one parameter; {@code rowSchema} types CHANGES (null: raw values). */
    Object decode(ParamSpec spec, JsonValue v, RowSchema rowSchema) throws BadValue {
        return switch (spec.type()) {
            case STRING, EXPR -> string(v, spec.name());
            case CHOICE -> {
                String s = string(v, spec.name());
                if (!spec.choices().contains(s)) {
                    throw new BadValue(v, "'" + spec.name() + "' must be one of " + String.join(", ", spec.choices())
                            + ", not '" + s + "'");
                }
                yield s;
            }
            case INT -> {
                Long n = v instanceof JNumber num ? num.asLong() : null;
                if (n == null) {
                    throw new BadValue(v, "'" + spec.name() + "' must be an integer, not " + show(v));
                }
                yield n;
            }
            case BOOL -> {
                if (!(v instanceof JBool b)) {
                    throw new BadValue(v, "'" + spec.name() + "' must be true or false, not " + show(v));
                }
                yield b.value();
            }
            case EXPR_LIST, STRINGS -> strings(v, spec.name());
            case NAMED_EXPRS -> namedExprs(v, spec.name());
            case NAMED_EXPR_LISTS -> {
                List<List<NamedExpr>> lists = new ArrayList<>();
                for (JsonValue item : array(v, spec.name())) {
                    lists.add(namedExprs(item, spec.name() + " item"));
                }
                yield List.copyOf(lists);
            }
            case AGGREGATES -> aggregates(v, spec.name());
            case TYPE -> type(v);
            case CHANGES -> {
                List<Change> changes = new ArrayList<>();
                for (JsonValue item : array(v, spec.name())) {
                    changes.add(ValueCodec.change(item, rowSchema, ctx, opId));
                }
                yield List.copyOf(changes);
            }
        };
    }

    private static String show(JsonValue v) {
        return v instanceof JString s ? "the string '" + s.value() + "'" : v.describe();
    }

    private static String string(JsonValue v, String what) throws BadValue {
        if (v instanceof JString s) {
            return s.value();
        }
        throw new BadValue(v, "'" + what + "' must be a string, not " + show(v));
    }

    private static List<JsonValue> array(JsonValue v, String what) throws BadValue {
        if (v instanceof JArray a) {
            return a.items();
        }
        throw new BadValue(v, "'" + what + "' must be an array, not " + show(v));
    }

    private static JObject object(JsonValue v, String what) throws BadValue {
        if (v instanceof JObject o) {
            return o;
        }
        throw new BadValue(v, what + " must be an object, not " + show(v));
    }

    private static List<String> strings(JsonValue v, String what) throws BadValue {
        List<String> out = new ArrayList<>();
        for (JsonValue item : array(v, what)) {
            out.add(string(item, what + " item"));
        }
        return List.copyOf(out);
    }

    private static JsonValue field(JObject o, String name, String what) throws BadValue {
        JsonValue v = o.get(name);
        if (v == null) {
            throw new BadValue(o, what + " needs \"" + name + "\"");
        }
        return v;
    }

    private List<NamedExpr> namedExprs(JsonValue v, String what) throws BadValue {
        List<NamedExpr> out = new ArrayList<>();
        for (JsonValue item : array(v, what)) {
            JObject o = object(item, "each entry of '" + what + "' ({\"name\": .., \"expr\": ..})");
            ctx.checkFields(o, opId, "'" + what + "'", NAMED_FIELDS);
            out.add(new NamedExpr(string(field(o, "name", "an entry of '" + what + "'"), "name"),
                    string(field(o, "expr", "an entry of '" + what + "'"), "expr")));
        }
        return List.copyOf(out);
    }

    private List<AggCall> aggregates(JsonValue v, String what) throws BadValue {
        List<AggCall> out = new ArrayList<>();
        for (JsonValue item : array(v, what)) {
            JObject o = object(item, "each aggregate ({\"function\": .., \"expr\": .., \"name\": ..})");
            ctx.checkFields(o, opId, "an aggregate", AGG_FIELDS);
            JsonValue fn = field(o, "function", "an aggregate");
            AggFunction f = enumValue(AggFunction.class, string(fn, "function"), fn);
            JsonValue e = o.get("expr");
            String expr = e == null || e instanceof JNull ? null : string(e, "expr");
            out.add(new AggCall(f, expr, string(field(o, "name", "an aggregate"), "name")));
        }
        return List.copyOf(out);
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String s, JsonValue at) throws BadValue {
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(s)) {
                return e;
            }
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name());
        }
        throw new BadValue(at, "'" + s + "' is not one of " + String.join(", ", names));
    }

    StreamType type(JsonValue v) throws BadValue {
        if (v instanceof JString s && s.value().equals("Z")) {
            return StreamType.Z;
        }
        if (v instanceof JObject o) {
            if (o.members().keySet().equals(Set.of("columns"))) {
                return StreamType.zset(schema(o.get("columns"), "columns"));
            }
            if (o.members().keySet().equals(Set.of("key", "value"))) {
                return StreamType.indexed(schema(o.get("key"), "key"), schema(o.get("value"), "value"));
            }
        }
        throw new BadValue(v, "a type must be \"Z\", {\"columns\": [..]} or {\"key\": [..], \"value\": [..]}, not "
                + show(v));
    }

    private RowSchema schema(JsonValue v, String what) throws BadValue {
        List<Column> cols = new ArrayList<>();
        for (JsonValue item : array(v, what)) {
            JObject o = object(item, "a column ({\"name\": .., \"type\": .., \"nullable\": ..})");
            ctx.checkFields(o, opId, "a column", COLUMN_FIELDS);
            String name = string(field(o, "name", "a column"), "name");
            JsonValue t = field(o, "type", "column " + name);
            SqlType type = enumValue(SqlType.class, string(t, "type"), t);
            JsonValue n = o.get("nullable");
            if (n != null && !(n instanceof JBool)) {
                throw new BadValue(n, "'nullable' must be true or false, not " + show(n));
            }
            cols.add(new Column(name, type, n != null && ((JBool) n).value()));
        }
        return new RowSchema(cols);
    }

    // ---- writing ----

    /** A parameter value as JSON; throws IllegalArgumentException when the value has the wrong class. */
    static JsonValue encode(String opId, ParamSpec spec, Object value) {
        try {
            return encode(spec.type(), value);
        } catch (ClassCastException e) {
            throw new IllegalArgumentException("operator " + opId + ": parameter '" + spec.name() + "' of type "
                    + spec.type() + " holds a " + value.getClass().getSimpleName(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static JsonValue encode(ParamType type, Object value) {
        return switch (type) {
            case STRING, EXPR, CHOICE -> JsonValue.str((String) value);
            case INT -> JsonValue.num(((Number) value).longValue());
            case BOOL -> JsonValue.bool((Boolean) value);
            case EXPR_LIST, STRINGS -> list((List<String>) value, JsonValue::str);
            case NAMED_EXPRS -> list((List<NamedExpr>) value, ParamCodec::namedExpr);
            case NAMED_EXPR_LISTS -> list((List<List<NamedExpr>>) value, l -> list(l, ParamCodec::namedExpr));
            case AGGREGATES -> list((List<AggCall>) value, ParamCodec::aggCall);
            case TYPE -> encodeType((StreamType) value);
            case CHANGES -> ValueCodec.encodeChanges((List<Change>) value);
        };
    }

    private static <T> JArray list(List<T> items, java.util.function.Function<T, JsonValue> f) {
        List<JsonValue> out = new ArrayList<>();
        items.forEach(i -> out.add(f.apply(i)));
        return new JArray(out, Pos.NONE);
    }

    private static JsonValue namedExpr(NamedExpr e) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("name", JsonValue.str(e.name()));
        m.put("expr", JsonValue.str(e.expr()));
        return new JObject(m, Pos.NONE);
    }

    private static JsonValue aggCall(AggCall a) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("function", JsonValue.str(a.function().name()));
        if (a.expr() != null) {
            m.put("expr", JsonValue.str(a.expr()));
        }
        m.put("name", JsonValue.str(a.name()));
        return new JObject(m, Pos.NONE);
    }

    static JsonValue encodeType(StreamType t) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        if (t instanceof StreamType.ZSet z) {
            m.put("columns", encodeSchema(z.row()));
        } else if (t instanceof StreamType.Indexed ix) {
            m.put("key", encodeSchema(ix.key()));
            m.put("value", encodeSchema(ix.value()));
        } else {
            return JsonValue.str("Z");
        }
        return new JObject(m, Pos.NONE);
    }

    private static JArray encodeSchema(RowSchema s) {
        return list(s.columns(), c -> {
            Map<String, JsonValue> m = new LinkedHashMap<>();
            m.put("name", JsonValue.str(c.name()));
            m.put("type", JsonValue.str(c.type().name()));
            m.put("nullable", JsonValue.bool(c.nullable()));
            return new JObject(m, Pos.NONE);
        });
    }
}
