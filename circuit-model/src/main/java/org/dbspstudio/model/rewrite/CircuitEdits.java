package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.graph.CircuitGraph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.AsSubgraph;

/** Small graph edits and queries on one circuit level, shared by the rules. */
final class CircuitEdits {
    private CircuitEdits() {
    }

    static PortRef out(String op) {
        return new PortRef(op, "out");
    }

    static PortRef in(String op) {
        return new PortRef(op, "in");
    }

    /** The source feeding an input port, or null. */
    static PortRef source(Circuit c, PortRef input) {
        for (Stream s : c.streams()) {
            if (s.to().equals(input)) {
                return s.from();
            }
        }
        return null;
    }

    /** The input ports fed by an output port, in stream order. */
    static List<PortRef> consumers(Circuit c, PortRef output) {
        List<PortRef> l = new ArrayList<>();
        for (Stream s : c.streams()) {
            if (s.from().equals(output)) {
                l.add(s.to());
            }
        }
        return l;
    }

    /** Makes every consumer of {@code from} read {@code to} instead. */
    static void moveConsumers(Circuit c, PortRef from, PortRef to) {
        for (PortRef dest : consumers(c, from)) {
            c.disconnect(new Stream(from, dest));
            c.connect(new Stream(to, dest));
        }
    }

    /** Re-points the stream entering {@code input} to come from {@code newSource}. */
    static void refeed(Circuit c, PortRef input, PortRef newSource) {
        PortRef old = source(c, input);
        if (old != null) {
            c.disconnect(new Stream(old, input));
        }
        c.connect(new Stream(newSource, input));
    }

    /** Parameters for a created delay/integrate/differentiate on the given clock. */
    static Params clockParams(OpKind kind, Clock clock) {
        return clock == Clock.OUTER ? Params.of(kind, "clock", Clock.OUTER.json()) : Params.of(kind);
    }

    /** Whether any stream reads an output of this operator. */
    static boolean hasConsumers(Circuit c, String op) {
        return c.streams().stream().anyMatch(s -> s.from().op().equals(op));
    }

    /**
     * Strongly connected components of the subgraph induced by {@code ops}, each listed in circuit
     * order, the components ordered by their first operator's position (deterministic).
     */
    static List<List<String>> components(Circuit c, Set<String> ops) {
        var sub = new AsSubgraph<>(CircuitGraph.of(c).graph(), ops);
        Map<String, Integer> position = new HashMap<>();
        List<String> ids = c.operatorIds();
        for (int i = 0; i < ids.size(); i++) {
            position.put(ids.get(i), i);
        }
        List<List<String>> comps = new ArrayList<>();
        for (Set<String> comp : new KosarajuStrongConnectivityInspector<>(sub).stronglyConnectedSets()) {
            List<String> sorted = new ArrayList<>(comp);
            sorted.sort((a, b) -> Integer.compare(position.get(a), position.get(b)));
            comps.add(sorted);
        }
        comps.sort((a, b) -> Integer.compare(position.get(a.get(0)), position.get(b.get(0))));
        return comps;
    }
}
