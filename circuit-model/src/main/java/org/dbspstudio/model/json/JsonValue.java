package org.dbspstudio.model.json;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON tree that remembers where each value started in the file (line and column, 1-based)
 * and the exact text of each number. The reader navigates it; the writer builds one and prints it.
 */
sealed interface JsonValue permits JsonValue.JObject, JsonValue.JArray, JsonValue.JString,
        JsonValue.JNumber, JsonValue.JBool, JsonValue.JNull {

    /** A position in the source text; {@link #NONE} for values built in memory. */
    record Pos(int line, int column) {
        static final Pos NONE = new Pos(0, 0);

        @Override
        public String toString() {
            return line + ":" + column;
        }
    }

    Pos pos();

    /** How the value is named in messages: "an object", "a string", ... */
    String describe();

    record JObject(Map<String, JsonValue> members, Pos pos) implements JsonValue {
        public JObject {
            members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        }

        JsonValue get(String name) {
            return members.get(name);
        }

        @Override
        public String describe() {
            return "an object";
        }
    }

    record JArray(List<JsonValue> items, Pos pos) implements JsonValue {
        public JArray {
            items = List.copyOf(items);
        }

        @Override
        public String describe() {
            return "an array";
        }
    }

    record JString(String value, Pos pos) implements JsonValue {
        @Override
        public String describe() {
            return "a string";
        }
    }

    /** A number as written; {@code integral} when it has neither fraction nor exponent. */
    record JNumber(String text, boolean integral, Pos pos) implements JsonValue {
        /** The value as a long, or null when it is not an integer literal or does not fit. */
        Long asLong() {
            if (!integral) {
                return null;
            }
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                return null;
            }
        }

        BigDecimal asDecimal() {
            return new BigDecimal(text);
        }

        double asDouble() {
            return Double.parseDouble(text);
        }

        @Override
        public String describe() {
            return "a number";
        }
    }

    record JBool(boolean value, Pos pos) implements JsonValue {
        @Override
        public String describe() {
            return "a boolean";
        }
    }

    record JNull(Pos pos) implements JsonValue {
        @Override
        public String describe() {
            return "null";
        }
    }

    static JString str(String s) {
        return new JString(s, Pos.NONE);
    }

    static JNumber num(long n) {
        return new JNumber(Long.toString(n), true, Pos.NONE);
    }

    static JBool bool(boolean b) {
        return new JBool(b, Pos.NONE);
    }

    JNull NULL = new JNull(Pos.NONE);
}
