package org.dbspstudio.model.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.AsUnmodifiableGraph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DirectedPseudograph;
import org.jgrapht.traverse.TopologicalOrderIterator;

/**
 * One level of a circuit (not its nested circuits) as a JGraphT graph: a vertex per operator id,
 * an edge per stream whose two ends are operators of this level. Streams that name unknown
 * operators, or operators of another level, are left out (validation reports them).
 *
 * <p>The <em>dependency graph</em> drops the streams leaving strict operators ({@code z⁻¹} on
 * this level's clock): within one step, a strict operator's output does not depend on its input.
 * It is acyclic exactly when the circuit has no algebraic loop.
 */
public final class CircuitGraph {

    /**
     * An edge of the graph: a stream, with its position in the circuit's stream list so that two
     * equal streams remain two edges.
     */
    public record Edge(Stream stream, int index) {
        @Override
        public String toString() {
            return stream.id();
        }
    }

    /**
     * A strongly connected set of operators without a strict operator on it.
     *
     * @param operators the ids of the operators on the loop, in circuit order
     * @param cycle     one cycle through them, as operator ids, first id repeated at the end
     * @param streams   the streams between operators of the loop
     */
    public record Loop(List<String> operators, List<String> cycle, List<Stream> streams) {
        public Loop {
            operators = List.copyOf(operators);
            cycle = List.copyOf(cycle);
            streams = List.copyOf(streams);
        }
    }

    private final Circuit circuit;
    private final Graph<String, Edge> graph;
    private final Graph<String, Edge> dependencies;
    private final Map<String, Integer> position = new HashMap<>();

    private CircuitGraph(Circuit circuit) {
        this.circuit = circuit;
        this.graph = new DirectedPseudograph<>(Edge.class);
        this.dependencies = new DirectedPseudograph<>(Edge.class);
        int i = 0;
        for (Operator op : circuit.operators()) {
            graph.addVertex(op.id());
            dependencies.addVertex(op.id());
            position.put(op.id(), i++);
        }
        List<Stream> streams = circuit.streams();
        for (int k = 0; k < streams.size(); k++) {
            Stream s = streams.get(k);
            String from = s.from().op();
            String to = s.to().op();
            if (!graph.containsVertex(from) || !graph.containsVertex(to)) {
                continue;
            }
            Edge e = new Edge(s, k);
            graph.addEdge(from, to, e);
            if (!circuit.op(from).isStrict()) {
                dependencies.addEdge(from, to, e);
            }
        }
    }

    /** The graph of this level of {@code circuit}. */
    public static CircuitGraph of(Circuit circuit) {
        return new CircuitGraph(circuit);
    }

    public Circuit circuit() {
        return circuit;
    }

    /** Every stream between operators of this level (unmodifiable view). */
    public Graph<String, Edge> graph() {
        return new AsUnmodifiableGraph<>(graph);
    }

    /** The streams that carry a same-step dependency: all but those leaving strict operators. */
    public Graph<String, Edge> dependencyGraph() {
        return new AsUnmodifiableGraph<>(dependencies);
    }

    /** Whether the dependency graph is acyclic (no algebraic loop). */
    public boolean isLoopFree() {
        return algebraicLoops().isEmpty();
    }

    /**
     * The algebraic loops: each non-trivial strongly connected component of the dependency graph,
     * and each operator feeding itself without a strict operator, in circuit order.
     */
    public List<Loop> algebraicLoops() {
        List<Loop> loops = new ArrayList<>();
        for (Set<String> scc : new KosarajuStrongConnectivityInspector<>(dependencies).stronglyConnectedSets()) {
            boolean selfLoop = scc.size() == 1 && !dependencies.getAllEdges(scc.iterator().next(), scc.iterator().next()).isEmpty();
            if (scc.size() < 2 && !selfLoop) {
                continue;
            }
            List<String> ops = new ArrayList<>(scc);
            ops.sort(Comparator.comparingInt(position::get));
            List<Edge> inside = new ArrayList<>();
            for (Edge e : dependencies.edgeSet()) {
                if (scc.contains(dependencies.getEdgeSource(e)) && scc.contains(dependencies.getEdgeTarget(e))) {
                    inside.add(e);
                }
            }
            inside.sort(Comparator.comparingInt(Edge::index));
            loops.add(new Loop(ops, cycleThrough(ops.get(0), scc), inside.stream().map(Edge::stream).toList()));
        }
        loops.sort(Comparator.comparingInt(l -> position.get(l.operators().get(0))));
        return loops;
    }

    /** A shortest cycle from {@code start} back to itself inside {@code scc} (breadth first). */
    private List<String> cycleThrough(String start, Set<String> scc) {
        Map<String, String> parent = new HashMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>();
        queue.add(start);
        Set<String> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            String v = queue.poll();
            for (String w : successors(v)) {
                if (!scc.contains(w)) {
                    continue;
                }
                if (w.equals(start)) {
                    List<String> path = new ArrayList<>();
                    path.add(start);
                    for (String u = v; !u.equals(start); u = parent.get(u)) {
                        path.add(u);
                    }
                    path.add(start);
                    Collections.reverse(path);
                    return path;
                }
                if (seen.add(w)) {
                    parent.put(w, v);
                    queue.add(w);
                }
            }
        }
        return List.of(start, start);
    }

    /** Successors in the dependency graph, in circuit order. */
    private List<String> successors(String v) {
        Set<String> out = new LinkedHashSet<>();
        for (Edge e : dependencies.outgoingEdgesOf(v)) {
            out.add(dependencies.getEdgeTarget(e));
        }
        List<String> list = new ArrayList<>(out);
        list.sort(Comparator.comparingInt(position::get));
        return list;
    }

    /**
     * The operators in an order where every operator comes after those it depends on within a
     * step (streams leaving strict operators do not count).
     *
     * @throws IllegalStateException when the circuit has an algebraic loop
     */
    public List<String> topologicalOrder() {
        List<Loop> loops = algebraicLoops();
        if (!loops.isEmpty()) {
            throw new IllegalStateException("algebraic loop through " + String.join(" → ", loops.get(0).cycle()));
        }
        return dependencyOrder();
    }

    /**
     * A total order of the operators that is topological between strongly connected components
     * of the dependency graph (ties and the members of a loop in circuit order). Defined even
     * when the circuit has algebraic loops.
     */
    public List<String> dependencyOrder() {
        var inspector = new KosarajuStrongConnectivityInspector<>(dependencies);
        Graph<Graph<String, Edge>, DefaultEdge> condensation = inspector.getCondensation();
        Map<Graph<String, Edge>, Integer> first = new java.util.IdentityHashMap<>();
        for (Graph<String, Edge> g : condensation.vertexSet()) {
            first.put(g, g.vertexSet().stream().mapToInt(position::get).min().orElse(0));
        }
        Comparator<Graph<String, Edge>> byPosition = Comparator.comparingInt(first::get);
        var it = new TopologicalOrderIterator<>(condensation, byPosition);
        List<String> order = new ArrayList<>();
        while (it.hasNext()) {
            List<String> members = new ArrayList<>(it.next().vertexSet());
            members.sort(Comparator.comparingInt(position::get));
            order.addAll(members);
        }
        return order;
    }
}
