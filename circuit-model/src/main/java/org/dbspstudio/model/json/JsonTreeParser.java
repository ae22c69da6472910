package org.dbspstudio.model.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.json.JsonValue.JArray;
import org.dbspstudio.model.json.JsonValue.JBool;
import org.dbspstudio.model.json.JsonValue.JNull;
import org.dbspstudio.model.json.JsonValue.JNumber;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.json.JsonValue.JString;
import org.dbspstudio.model.json.JsonValue.Pos;

/**
 * Parses strict JSON (Jackson's streaming parser, default limits: nesting depth, number and
 * string length) into a {@link JsonValue} tree with positions. Duplicate field names and
 * content after the root value are errors.
 */
final class JsonTreeParser {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final String file;

    private JsonTreeParser(String file) {
        this.file = file;
    }

    static JsonValue parse(String text, String file) throws LoadException {
        JsonTreeParser tp = new JsonTreeParser(file);
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new LoadException(file, 1, 1, "the file is empty, expected a JSON object");
            }
            JsonValue root = tp.value(p, t);
            if (p.nextToken() != null) {
                throw tp.fail(p.currentTokenLocation(), "unexpected content after the end of the JSON document");
            }
            return root;
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            int line = loc == null ? 0 : Math.max(loc.getLineNr(), 0);
            int col = loc == null ? 0 : Math.max(loc.getColumnNr(), 0);
            throw new LoadException(file, line, col, "malformed JSON: " + firstLine(e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw new LoadException(file, 0, 0, "cannot read: " + e.getMessage(), e);
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable input";
        }
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        // Jackson names the start of an unclosed array/object as "[Source: ...; line: L, column: C]"
        return line.replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]", "$1:$2");
    }

    private LoadException fail(JsonLocation loc, String message) {
        return new LoadException(file, loc.getLineNr(), loc.getColumnNr(), message);
    }

    private static Pos pos(JsonParser p) {
        JsonLocation loc = p.currentTokenLocation();
        return new Pos(loc.getLineNr(), loc.getColumnNr());
    }

    private JsonValue value(JsonParser p, JsonToken t) throws IOException, LoadException {
        Pos pos = pos(p);
        return switch (t) {
            case START_OBJECT -> object(p, pos);
            case START_ARRAY -> array(p, pos);
            case VALUE_STRING -> new JString(p.getText(), pos);
            case VALUE_NUMBER_INT -> new JNumber(p.getText(), true, pos);
            case VALUE_NUMBER_FLOAT -> new JNumber(p.getText(), false, pos);
            case VALUE_TRUE -> new JBool(true, pos);
            case VALUE_FALSE -> new JBool(false, pos);
            case VALUE_NULL -> new JNull(pos);
            default -> throw fail(p.currentTokenLocation(), "unexpected JSON token " + t);
        };
    }

    private JObject object(JsonParser p, Pos pos) throws IOException, LoadException {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonLocation at = p.currentTokenLocation();
            JsonToken vt = p.nextToken();
            if (vt == null) {
                throw fail(p.currentLocation(), "unexpected end of input after field '" + name + "'");
            }
            JsonValue v = value(p, vt);
            if (members.put(name, v) != null) {
                throw fail(at, "duplicate field '" + name + "'");
            }
        }
        if (t != JsonToken.END_OBJECT) {
            throw fail(p.currentLocation(), "unexpected end of input inside an object");
        }
        return new JObject(members, pos);
    }

    private JArray array(JsonParser p, Pos pos) throws IOException, LoadException {
        List<JsonValue> items = new ArrayList<>();
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw fail(p.currentLocation(), "unexpected end of input inside an array");
            }
            items.add(value(p, t));
        }
        return new JArray(items, pos);
    }
}
