package org.dbspstudio.model;

import java.util.List;

/**
 * A parameter an operator kind accepts.
 *
 * @param defaultValue value used when absent (null when required or when absence means "none")
 * @param choices      allowed values for {@link ParamType#CHOICE}
 */
public record ParamSpec(String name, ParamType type, boolean required, Object defaultValue,
                        List<String> choices, String description) {

    public static ParamSpec required(String name, ParamType type, String description) {
        return new ParamSpec(name, type, true, null, List.of(), description);
    }

    public static ParamSpec optional(String name, ParamType type, Object defaultValue, String description) {
        return new ParamSpec(name, type, false, defaultValue, List.of(), description);
    }

    public static ParamSpec choice(String name, String defaultValue, String description, String... choices) {
        return new ParamSpec(name, ParamType.CHOICE, false, defaultValue, List.of(choices), description);
    }
}
