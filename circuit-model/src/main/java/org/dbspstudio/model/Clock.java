package org.dbspstudio.model;

import java.util.Arrays;
import java.util.Optional;

/**
 * The clock a {@code z⁻¹}, {@code I} or {@code D} runs on: its own circuit's ({@link #INNER}), or,
 * inside a nested circuit, the outer one ({@link #OUTER}, kept per inner iteration). In JSON the
 * {@code clock} parameter holds {@code "inner"} or {@code "outer"}.
 */
public enum Clock {
    INNER("inner"),
    OUTER("outer");

    private final String json;

    Clock(String json) {
        this.json = json;
    }

    /** The name in JSON files. */
    public String json() {
        return json;
    }

    /** The clock with this JSON name. */
    public static Optional<Clock> fromJson(String name) {
        return Arrays.stream(values()).filter(c -> c.json.equals(name)).findFirst();
    }

    static String[] jsonNames() {
        return Arrays.stream(values()).map(Clock::json).toArray(String[]::new);
    }
}
