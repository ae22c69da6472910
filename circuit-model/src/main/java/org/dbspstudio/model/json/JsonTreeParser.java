package org.dbspstudio.model.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
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
        JsonParser p = null;
        try {
            p = FACTORY.createParser(text);
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new LoadException(file, 1, 1, "the file is empty, expected a JSON object");
            }
            JsonValue root = tp.value(p, t);
            if (p.nextToken() != null) {
                throw tp.fail(p.currentTokenLocation(), "unexpected content after the end of the JSON document");
            }
            return root;
        } catch (StreamConstraintsException e) {
            // Jackson's limit errors carry no location: the parser's current one is where it stopped
            JsonLocation loc = p == null ? null : p.currentLocation();
            throw new LoadException(file, loc == null ? 0 : Math.max(loc.getLineNr(), 0),
                    loc == null ? 0 : Math.max(loc.getColumnNr(), 0), limitMessage(e), e);
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            int line = loc == null ? 0 : Math.max(loc.getLineNr(), 0);
            int col = loc == null ? 0 : Math.max(loc.getColumnNr(), 0);
            throw new LoadException(file, line, col, "malformed JSON: " + firstLine(e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw new LoadException(file, 0, 0, "cannot read: " + e.getMessage(), e);
        } finally {
            if (p != null) {
                try {
                    p.close();
                } catch (IOException e) {
                    // reading from a string: nothing to release
                }
            }
        }
    }

    /** Jackson's "... exceeds the maximum allowed (N, from `StreamReadConstraints.getX()`)" in words. */
    static String limitMessage(StreamConstraintsException e) {
        String m = String.valueOf(e.getOriginalMessage());
        java.util.regex.Matcher max = java.util.regex.Pattern.compile("maximum allowed \\((\\d+)").matcher(m);
        String n = max.find() ? String.format(java.util.Locale.ROOT, "%,d", Long.parseLong(max.group(1))) : null;
        String what;
        if (m.contains("NestingDepth")) {
            what = "arrays and objects are nested too deeply (the limit is " + n + " levels)";
        } else if (m.contains("NumberLength")) {
            what = "a number is too long (the limit is " + n + " characters)";
        } else if (m.contains("StringLength")) {
            what = "a string is too long (the limit is " + n + " characters)";
        } else if (m.contains("NameLength")) {
            what = "a field name is too long (the limit is " + n + " characters)";
        } else if (m.contains("DocumentLength")) {
            what = "the document is too long (the limit is " + n + " characters)";
        } else if (m.contains("TokenCount")) {
            what = "the document has too many JSON tokens (the limit is " + n + ")";
        } else {
            what = m.replaceAll("\\s*\\(?,? ?from `[^`]*`\\)?", "").trim();
        }
        return "too large: " + what;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable input";
        }
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        // Jackson names the start of an unclosed array/object as "[Source: ...; line: L, column: C]"
        line = line.replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]", "$1:$2");
        // and names its own switches ("enable `JsonReadFeature.ALLOW_...` to allow", "Feature 'ALLOW_COMMENTS'")
        line = line.replaceAll(":? ?enable `[^`]*` to allow", " (not allowed in JSON)")
                .replaceAll("\\(not recognized as one since Feature '[A-Z_]+' not enabled for parser\\)",
                        "(JSON has no comments)")
                .replaceAll("`[A-Za-z]+(\\.[A-Za-z_]+)+(\\(\\))?`", "a limit");
        return line;
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
