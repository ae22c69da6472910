package org.dbspstudio.model;

import org.dbspstudio.model.types.StreamType;

/** Which group of streams an input port accepts (checked on the stream before the kind's typing rule). */
public enum Accepts {
    /** Any stream type. */
    ANY(null),
    /** A Z-set of rows (not an indexed Z-set, not integers). */
    ROWS("a Z-set of rows"),
    /** A Z-set of rows or an indexed Z-set. */
    ROWS_OR_INDEXED("a Z-set or an indexed Z-set"),
    /** A stream of integers (type Z). */
    INTEGERS("a Z stream (integers)");

    private final String needs;

    Accepts(String needs) {
        this.needs = needs;
    }

    /** Whether a stream of type {@code t} may feed a port accepting this. */
    public boolean accepts(StreamType t) {
        return switch (this) {
            case ANY -> true;
            case ROWS -> t instanceof StreamType.ZSet;
            case ROWS_OR_INDEXED -> t instanceof StreamType.ZSet || t instanceof StreamType.Indexed;
            case INTEGERS -> t instanceof StreamType.Integers;
        };
    }

    /** What the port needs, as words for a message ("a Z-set of rows"); null for {@link #ANY}. */
    public String needs() {
        return needs;
    }
}
