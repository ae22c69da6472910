package org.dbspstudio.model.json;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.Iterator;
import java.util.Map;
import org.dbspstudio.model.json.JsonValue.JArray;
import org.dbspstudio.model.json.JsonValue.JBool;
import org.dbspstudio.model.json.JsonValue.JNumber;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.json.JsonValue.JString;

/**
 * Prints a {@link JsonValue} deterministically for diff-friendly files: 2-space indentation,
 * members in the tree's order, and any array or object whose one-line form fits within
 * {@value #WIDTH} columns written on one line ({@code {"from": "a.out", "to": "b.in"}}).
 */
final class JsonPrinter {
    static final int WIDTH = 100;

    private JsonPrinter() {
    }

    /** The printed text, ending with a newline. */
    static String print(JsonValue v) {
        StringBuilder sb = new StringBuilder();
        write(sb, v, 0, 0);
        return sb.append('\n').toString();
    }

    private static void write(StringBuilder sb, JsonValue v, int indent, int prefix) {
        int room = WIDTH - indent * 2 - prefix - 1;
        StringBuilder flat = new StringBuilder();
        if (flat(flat, v, room)) {
            sb.append(flat);
            return;
        }
        if (v instanceof JObject o) {
            sb.append("{\n");
            Iterator<Map.Entry<String, JsonValue>> it = o.members().entrySet().iterator();
            while (it.hasNext()) {
                var e = it.next();
                pad(sb, indent + 1);
                String key = quote(e.getKey()) + ": ";
                sb.append(key);
                write(sb, e.getValue(), indent + 1, key.length());
                sb.append(it.hasNext() ? ",\n" : "\n");
            }
            pad(sb, indent);
            sb.append('}');
        } else if (v instanceof JArray a) {
            sb.append("[\n");
            for (int i = 0; i < a.items().size(); i++) {
                pad(sb, indent + 1);
                write(sb, a.items().get(i), indent + 1, 0);
                sb.append(i + 1 < a.items().size() ? ",\n" : "\n");
            }
            pad(sb, indent);
            sb.append(']');
        } else {
            sb.append(flat);
        }
    }

    private static void pad(StringBuilder sb, int indent) {
        sb.append("  ".repeat(indent));
    }

    /** Appends the one-line form; false (and stops early) once it exceeds {@code room} for a container. */
    private static boolean flat(StringBuilder sb, JsonValue v, int room) {
        if (v instanceof JObject o) {
            sb.append('{');
            boolean first = true;
            for (var e : o.members().entrySet()) {
                if (!first) {
                    sb.append(", ");
                }
                first = false;
                sb.append(quote(e.getKey())).append(": ");
                if (!flat(sb, e.getValue(), room) || sb.length() > room) {
                    return false;
                }
            }
            sb.append('}');
        } else if (v instanceof JArray a) {
            sb.append('[');
            for (int i = 0; i < a.items().size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                if (!flat(sb, a.items().get(i), room) || sb.length() > room) {
                    return false;
                }
            }
            sb.append(']');
        } else if (v instanceof JString s) {
            sb.append(quote(s.value()));
        } else if (v instanceof JNumber n) {
            sb.append(n.text());
        } else if (v instanceof JBool b) {
            sb.append(b.value());
        } else {
            sb.append("null");
        }
        return !(v instanceof JObject || v instanceof JArray) || sb.length() <= room;
    }

    static String quote(String s) {
        return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + '"';
    }
}
