package org.dbspstudio.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Data per named stream per step. As a document's {@code scenario}: the changes fed to each input
 * (a snapshot circuit's inputs receive their running sum, an incremental circuit's the changes).
 * As a document's {@code expected}: each output's change per step.
 */
public final class Scenario {
    private final LinkedHashMap<String, List<StepData>> streams = new LinkedHashMap<>();

    public Map<String, List<StepData>> streams() {
        return Collections.unmodifiableMap(streams);
    }

    /** Steps of the longest stream. */
    public int steps() {
        return streams.values().stream().mapToInt(List::size).max().orElse(0);
    }

    public List<StepData> of(String name) {
        return streams.getOrDefault(name, List.of());
    }

    /** The data of {@code name} at {@code step}, or null when the stream has no entry there. */
    public StepData at(String name, int step) {
        List<StepData> l = streams.get(name);
        return l == null || step >= l.size() ? null : l.get(step);
    }

    public Scenario put(String name, List<StepData> steps) {
        streams.put(name, new ArrayList<>(steps));
        return this;
    }

    /** Sets one step, padding earlier missing steps with {@code empty}. */
    public Scenario set(String name, int step, StepData data, StepData empty) {
        List<StepData> l = streams.computeIfAbsent(name, k -> new ArrayList<>());
        while (l.size() <= step) {
            l.add(empty);
        }
        l.set(step, data);
        return this;
    }

    public Scenario remove(String name) {
        streams.remove(name);
        return this;
    }

    public boolean isEmpty() {
        return streams.isEmpty();
    }

    public Scenario copy() {
        Scenario s = new Scenario();
        streams.forEach((k, v) -> s.streams.put(k, new ArrayList<>(v)));
        return s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scenario s && s.streams.equals(streams);
    }

    @Override
    public int hashCode() {
        return Objects.hash(streams);
    }

    @Override
    public String toString() {
        return streams.toString();
    }
}
