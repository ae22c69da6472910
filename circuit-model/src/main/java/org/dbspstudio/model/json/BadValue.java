package org.dbspstudio.model.json;

import org.dbspstudio.model.json.JsonValue.Pos;

/** A value that does not fit where it appears; turned into a diagnostic by the reader. */
final class BadValue extends Exception {
    private final transient Pos pos;

    BadValue(JsonValue at, String message) {
        super(message, null, false, false);
        this.pos = at.pos();
    }

    Pos pos() {
        return pos;
    }
}
