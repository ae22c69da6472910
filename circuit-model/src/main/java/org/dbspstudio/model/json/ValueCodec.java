package org.dbspstudio.model.json;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.json.JsonValue.JArray;
import org.dbspstudio.model.json.JsonValue.JBool;
import org.dbspstudio.model.json.JsonValue.JNull;
import org.dbspstudio.model.json.JsonValue.JNumber;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.json.JsonValue.JString;
import org.dbspstudio.model.json.JsonValue.Pos;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;

/**
 * Row values and changes in JSON. A change is {@code {"row": [v, ...], "weight": w}} (weight
 * defaults to 1, never 0) or, in the compact form, {@code [[v, ...], w]}. With a schema, values are typed by their column; without one they stay
 * as JSON gives them: integers → Long, other numbers → BigDecimal, strings, booleans, null.
 */
final class ValueCodec {
    private static final Set<String> CHANGE_FIELDS = Set.of("row", "weight");

    private ValueCodec() {
    }

    /** Decodes a change; unknown fields are warned about through {@code ctx}. */
    static Change change(JsonValue v, RowSchema schema, ReadContext ctx, String opId) throws BadValue {
        if (v instanceof JArray compact) {
            return compact(compact, schema);
        }
        if (!(v instanceof JObject o)) {
            throw new BadValue(v, "a change must be an object {\"row\": [...], \"weight\": n} or [row, weight], not "
                    + v.describe());
        }
        ctx.checkFields(o, opId, "a change", CHANGE_FIELDS);
        JsonValue rowV = o.get("row");
        if (!(rowV instanceof JArray rowA)) {
            throw new BadValue(rowV == null ? o : rowV, "a change needs \"row\": an array of column values");
        }
        JsonValue w = o.get("weight");
        return new Change(row(rowA, schema), w == null ? 1 : weight(w));
    }

    /** The compact form {@code [[v, ...], w]}. */
    private static Change compact(JArray a, RowSchema schema) throws BadValue {
        if (a.items().size() != 2 || !(a.items().get(0) instanceof JArray rowA)) {
            throw new BadValue(a, "a compact change is [row, weight]: an array of column values and an integer,"
                    + " but this array has " + a.items().size() + (a.items().size() == 1 ? " item" : " items")
                    + (a.items().isEmpty() || a.items().get(0) instanceof JArray ? "" : " and does not start with a row"));
        }
        return new Change(row(rowA, schema), weight(a.items().get(1)));
    }

    private static long weight(JsonValue w) throws BadValue {
        Long n = w instanceof JNumber num ? num.asLong() : null;
        if (n == null) {
            throw new BadValue(w, "the weight must be an integer, not " + w.describe());
        }
        if (n == 0) {
            throw new BadValue(w, "the weight must not be 0 (a Z-set holds only non-zero weights)");
        }
        return n;
    }

    static Row row(JArray a, RowSchema schema) throws BadValue {
        if (schema != null && a.items().size() != schema.size()) {
            throw new BadValue(a, "row has " + a.items().size() + " values but the schema " + schema
                    + " has " + schema.size() + " columns");
        }
        Object[] values = new Object[a.items().size()];
        for (int i = 0; i < values.length; i++) {
            JsonValue item = a.items().get(i);
            values[i] = schema == null ? raw(item) : typed(item, schema.column(i));
        }
        return Row.wrap(values);
    }

    static Object raw(JsonValue v) throws BadValue {
        if (v instanceof JNumber n) {
            Long l = n.asLong();
            if (l != null) {
                return l;
            }
            // no column type holds more (a DOUBLE column reads the number itself, see typed)
            BigDecimal d = n.asDecimal();
            String problem = org.dbspstudio.model.expr.Limits.decimalProblem(d);
            if (problem != null) {
                throw new BadValue(v, problem.replace("DECIMAL value", "number"));
            }
            return org.dbspstudio.model.expr.Limits.rounded(d);
        }
        if (v instanceof JString s) {
            return s.value();
        }
        if (v instanceof JBool b) {
            return b.value();
        }
        if (v instanceof JNull) {
            return null;
        }
        throw new BadValue(v, "a row value must be a number, string, boolean or null, not " + v.describe());
    }

    static Object typed(JsonValue v, Column c) throws BadValue {
        if (v instanceof JNull) {
            if (!c.nullable()) {
                throw new BadValue(v, "column " + c.name() + " is NOT NULL but the value is null");
            }
            return null;
        }
        if (c.type() == org.dbspstudio.model.types.SqlType.DOUBLE && v instanceof JNumber n) {
            return n.asDouble();
        }
        try {
            return RowValues.coerce(raw(v), c.type());
        } catch (IllegalArgumentException e) {
            throw new BadValue(v, "column " + c.name() + ": " + e.getMessage());
        }
    }

    static JsonValue encodeChange(Change c) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("row", encodeRow(c.row()));
        m.put("weight", JsonValue.num(c.weight()));
        return new JObject(m, Pos.NONE);
    }

    static JsonValue encodeChanges(List<Change> changes) {
        List<JsonValue> l = new ArrayList<>();
        changes.forEach(c -> l.add(encodeChange(c)));
        return new JArray(l, Pos.NONE);
    }

    static JArray encodeRow(Row r) {
        List<JsonValue> l = new ArrayList<>();
        for (int i = 0; i < r.size(); i++) {
            l.add(encode(r.get(i)));
        }
        return new JArray(l, Pos.NONE);
    }

    /** A value as JSON; strings for DATE/TIMESTAMP (ISO) and non-finite doubles. */
    static JsonValue encode(Object v) {
        if (v == null) {
            return JsonValue.NULL;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return JsonValue.num(((Number) v).longValue());
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isFinite(d) ? new JNumber(Double.toString(d), false, Pos.NONE) : JsonValue.str(Double.toString(d));
        }
        if (v instanceof BigDecimal d) {
            return new JNumber(decimalText(d), false, Pos.NONE);
        }
        if (v instanceof Boolean b) {
            return JsonValue.bool(b);
        }
        if (v instanceof String || v instanceof LocalDate || v instanceof LocalDateTime) {
            return JsonValue.str(v.toString());
        }
        throw new IllegalArgumentException("cannot write a value of class " + v.getClass().getName() + ": " + v);
    }

    /**
     * Decimal text that reads back as a decimal (never as an integer literal): integral values get
     * a {@code .0}, very large or very small exponents use scientific notation.
     */
    static String decimalText(BigDecimal d) {
        BigDecimal n = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        if (n.scale() <= 0) {
            return n.precision() - n.scale() <= 30 ? n.toPlainString() + ".0" : n.toString();
        }
        return n.scale() < 50 ? n.toPlainString() : n.toString();
    }
}
