package org.dbspstudio.model;

import java.util.Objects;

/**
 * A saved file: metadata, the semantic circuit, and the optional layout, scenario and expected
 * outputs sections. See docs/json-format.md.
 */
public final class CircuitDocument {
    /** The file format name written in every document. */
    public static final String FORMAT = "dbsp-studio-circuit";
    /** The newest format version this build reads and the one it writes. */
    public static final int VERSION = 1;

    private String name = "";
    private String description = "";
    private Circuit circuit = new Circuit();
    private Layout layout = new Layout();
    private Scenario scenario = new Scenario();
    private Scenario expected = new Scenario();
    private final java.util.LinkedHashMap<String, SourceSpan> sources = new java.util.LinkedHashMap<>();

    public CircuitDocument() {
    }

    public CircuitDocument(String name, Circuit circuit) {
        this.name = name;
        this.circuit = circuit;
    }

    public String name() {
        return name;
    }

    public CircuitDocument setName(String name) {
        this.name = Objects.requireNonNullElse(name, "");
        return this;
    }

    public String description() {
        return description;
    }

    public CircuitDocument setDescription(String description) {
        this.description = Objects.requireNonNullElse(description, "");
        return this;
    }

    public Circuit circuit() {
        return circuit;
    }

    public CircuitDocument setCircuit(Circuit circuit) {
        this.circuit = Objects.requireNonNull(circuit);
        return this;
    }

    public Layout layout() {
        return layout;
    }

    public CircuitDocument setLayout(Layout layout) {
        this.layout = Objects.requireNonNull(layout);
        return this;
    }

    /** Input changes per input name per step. */
    public Scenario scenario() {
        return scenario;
    }

    public CircuitDocument setScenario(Scenario scenario) {
        this.scenario = Objects.requireNonNull(scenario);
        return this;
    }

    /** Expected output changes per output name per step (samples and tests). */
    public Scenario expected() {
        return expected;
    }

    public CircuitDocument setExpected(Scenario expected) {
        this.expected = Objects.requireNonNull(expected);
        return this;
    }

    /**
     * Operator id → the span of source text it was generated from (a document compiled from SQL);
     * empty for drawn circuits. Mutable.
     */
    public java.util.Map<String, SourceSpan> sources() {
        return sources;
    }

    public CircuitDocument copy() {
        CircuitDocument d = new CircuitDocument(name, circuit.copy());
        d.description = description;
        d.layout = layout.copy();
        d.scenario = scenario.copy();
        d.expected = expected.copy();
        d.sources.putAll(sources);
        return d;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CircuitDocument d && d.name.equals(name) && d.description.equals(description)
                && d.circuit.equals(circuit) && d.layout.equals(layout) && d.scenario.equals(scenario)
                && d.expected.equals(expected) && d.sources.equals(sources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, circuit);
    }
}
