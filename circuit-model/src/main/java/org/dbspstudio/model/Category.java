package org.dbspstudio.model;

/** Palette groups. */
public enum Category {
    SOURCES_AND_SINKS("Sources & sinks"),
    STREAM_CALCULUS("Stream calculus"),
    RELATIONAL("Relational"),
    SCALAR("Scalar"),
    INCREMENTAL("Incremental primitives"),
    NESTED("Nested circuit");

    private final String title;

    Category(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
