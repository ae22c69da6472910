package org.dbspstudio.model.json;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.json.JsonValue.JArray;
import org.dbspstudio.model.json.JsonValue.JObject;
import org.dbspstudio.model.json.JsonValue.JString;
import org.dbspstudio.model.json.JsonValue.Pos;

/** The file being read, the diagnostics found so far, and shape checks that fail with a {@link LoadException}. */
final class ReadContext {
    private final String file;
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    ReadContext(String file) {
        this.file = file;
    }

    List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** How a diagnostic names its place: {@code opId at line:column}, or just {@code line:column}. */
    static String where(String opId, Pos pos) {
        return opId == null ? pos.toString() : opId + " at " + pos;
    }

    void error(String code, String opId, Pos pos, String message) {
        diagnostics.add(Diagnostic.error(code, where(opId, pos), message, opId == null ? List.of() : List.of(opId)));
    }

    void warning(String code, String opId, Pos pos, String message) {
        diagnostics.add(Diagnostic.warning(code, where(opId, pos), message, opId == null ? List.of() : List.of(opId)));
    }

    LoadException fail(JsonValue at, String message) {
        return new LoadException(file, at.pos().line(), at.pos().column(), message);
    }

    JObject object(JsonValue v, String what) throws LoadException {
        if (v instanceof JObject o) {
            return o;
        }
        throw fail(v, what + " must be an object, not " + v.describe());
    }

    JArray array(JsonValue v, String what) throws LoadException {
        if (v instanceof JArray a) {
            return a;
        }
        throw fail(v, what + " must be an array, not " + v.describe());
    }

    String string(JsonValue v, String what) throws LoadException {
        if (v instanceof JString s) {
            return s.value();
        }
        throw fail(v, what + " must be a string, not " + v.describe());
    }

    JsonValue required(JObject o, String field, String what) throws LoadException {
        JsonValue v = o.get(field);
        if (v == null) {
            throw fail(o, what + " is missing the field '" + field + "'");
        }
        return v;
    }

    /** Warns (UNKNOWN_FIELD) about every member of {@code o} not in {@code known}; they are ignored. */
    void checkFields(JObject o, String opId, String what, Set<String> known) {
        for (var e : o.members().entrySet()) {
            if (!known.contains(e.getKey())) {
                warning("UNKNOWN_FIELD", opId, e.getValue().pos(),
                        "unknown field '" + e.getKey() + "' in " + what + " (ignored)");
            }
        }
    }
}
