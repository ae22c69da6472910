package org.dbspstudio.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Screen positions of operators by id (the top-left corner of the box), kept apart from the circuit. */
public final class Layout {
    public record Point(double x, double y) {
    }

    private final LinkedHashMap<String, Point> positions = new LinkedHashMap<>();

    public Map<String, Point> positions() {
        return Collections.unmodifiableMap(positions);
    }

    public Point get(String id) {
        return positions.get(id);
    }

    public Layout put(String id, double x, double y) {
        positions.put(id, new Point(x, y));
        return this;
    }

    public Layout remove(String id) {
        positions.remove(id);
        return this;
    }

    public boolean isEmpty() {
        return positions.isEmpty();
    }

    public Layout copy() {
        Layout l = new Layout();
        l.positions.putAll(positions);
        return l;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Layout l && l.positions.equals(positions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(positions);
    }
}
