package org.dbspstudio.model.export;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.jgrapht.Graph;
import org.jgrapht.graph.DirectedPseudograph;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.dot.DOTExporter;

/**
 * Graphviz DOT of a circuit, written with jgrapht-io's {@link DOTExporter}, left to right.
 *
 * <p>Every operator is a node labelled with its glyph and main parameter ({@link Operator#label()});
 * every stream is an edge whose {@code id} is the stream's id and whose tail and head labels name
 * the ports when an operator has more than one. A nested circuit is drawn as a cluster
 * {@code cluster_<id>} holding its operators: an outer stream into nested port {@code p} goes to
 * the {@code δ₀} operators reading {@code p}, an outer stream from nested port {@code q} leaves
 * from the {@code ∫} writing {@code q}. (The exporter writes clusters side by side, so a circuit
 * nested two deep is a cluster of its own next to its parent's.) Streams naming unknown operators
 * are drawn to a dashed node "?".
 */
public final class DotExport {
    private DotExport() {
    }

    /** An edge of the exported graph: a stream as drawn, with the ports it names. */
    private record Edge(Stream stream, int index, String tailPort, String headPort) {
    }

    /** The DOT text of {@code circuit}. */
    public static String toDot(Circuit circuit) {
        return toDot(circuit, List.of());
    }

    /**
     * The DOT text of {@code circuit} with the operators and streams named by error diagnostics
     * drawn in red (for example an algebraic loop), and those named by warnings in orange.
     */
    public static String toDot(Circuit circuit, List<Diagnostic> marks) {
        Map<String, String> opColour = new HashMap<>();
        Map<String, String> streamColour = new HashMap<>();
        for (Diagnostic d : marks) {
            String colour = d.isError() ? "red" : "orange";
            d.operators().forEach(id -> opColour.merge(id, colour, (a, b) -> a.equals("red") ? a : b));
            d.streams().forEach(id -> streamColour.merge(id, colour, (a, b) -> a.equals("red") ? a : b));
        }
        Graph<String, Edge> g = new DirectedPseudograph<>(Edge.class);
        Map<String, Operator> ops = circuit.allOperators();
        ops.values().stream().filter(o -> o.kind() != OpKind.NESTED || !hasBoundary(o)).map(Operator::id).forEach(g::addVertex);
        Set<String> unknown = new HashSet<>();
        int[] index = {0};
        addStreams(circuit, g, ops, unknown, index);

        DOTExporter<String, Edge> exporter = new DOTExporter<>(DotExport::quote);
        exporter.setGraphIdProvider(() -> "circuit");
        exporter.setGraphAttributeProvider(() -> {
            Map<String, Attribute> a = new LinkedHashMap<>();
            a.put("rankdir", DefaultAttribute.createAttribute("LR"));
            a.put("fontname", DefaultAttribute.createAttribute("Helvetica"));
            return a;
        });
        exporter.setVertexAttributeProvider(v -> colour(vertex(ops.get(v)), opColour.get(v)));
        exporter.setEdgeAttributeProvider(e -> colour(edge(e), streamColour.get(e.stream().id())));
        StringWriter w = new StringWriter();
        exporter.exportGraph(g, w);
        String dot = w.toString();
        int end = dot.lastIndexOf('}');
        StringBuilder clusters = new StringBuilder();
        clusters(circuit, g, clusters, "  ");
        return dot.substring(0, end) + clusters + dot.substring(end);
    }

    private static void addStreams(Circuit c, Graph<String, Edge> g, Map<String, Operator> ops, Set<String> unknown, int[] index) {
        for (Stream s : c.streams()) {
            List<String> tails = ends(c, s.from(), true, g, unknown);
            List<String> heads = ends(c, s.to(), false, g, unknown);
            Operator from = ops.get(s.from().op());
            Operator to = ops.get(s.to().op());
            String tailPort = from != null && (ports(from, false) > 1 || from.kind() == OpKind.NESTED) ? s.from().port() : null;
            String headPort = to != null && (ports(to, true) > 1 || to.kind() == OpKind.NESTED) ? s.to().port() : null;
            for (String t : tails) {
                for (String h : heads) {
                    g.addEdge(t, h, new Edge(s, index[0]++, tailPort, headPort));
                }
            }
        }
        for (Operator op : c.operators()) {
            if (op.child() != null) {
                addStreams(op.child(), g, ops, unknown, index);
            }
        }
    }

    /** The nodes a stream end is drawn at: the operator, or for a nested port its δ₀ / ∫. */
    private static List<String> ends(Circuit c, PortRef ref, boolean source, Graph<String, Edge> g, Set<String> unknown) {
        Operator op = c.op(ref.op());
        if (op != null && op.kind() == OpKind.NESTED) {
            List<String> inside = new ArrayList<>();
            for (Operator o : op.child().operatorsOfKind(source ? OpKind.INTEGRAL : OpKind.DELTA0)) {
                if (ref.port().equals(o.params().values().get("port"))) {
                    inside.add(o.id());
                    if (source) {
                        break;
                    }
                }
            }
            if (!inside.isEmpty()) {
                return inside;
            }
            if (!g.containsVertex(op.id())) {
                g.addVertex(op.id()); // a port the nested circuit does not have: draw the stream to its node
            }
            return List.of(op.id());
        }
        if (!g.containsVertex(ref.op())) {
            g.addVertex(ref.op());
            unknown.add(ref.op());
        }
        return List.of(ref.op());
    }

    /** Whether a nested operator has δ₀ or ∫ operators to draw its outer streams to. */
    private static boolean hasBoundary(Operator nested) {
        return nested.child().operators().stream().anyMatch(o -> o.kind() == OpKind.DELTA0 || o.kind() == OpKind.INTEGRAL);
    }

    /**
     * Writes a {@code subgraph cluster_<id>} per nested circuit, nested like the circuits (the
     * exporter's own subgraph support writes neither nested nor quoted clusters).
     */
    private static void clusters(Circuit c, Graph<String, Edge> g, StringBuilder out, String indent) {
        for (Operator op : c.operators()) {
            if (op.child() == null) {
                continue;
            }
            out.append(indent).append("subgraph ").append(quote("cluster_" + op.id())).append(" {\n");
            out.append(indent).append("  label=").append(quote(label(op) + " " + op.id())).append(";\n");
            out.append(indent).append("  style=rounded;\n");
            if (!hasBoundary(op)) {
                out.append(indent).append("  ").append(quote(op.id())).append(";\n");
            }
            for (Operator inner : op.child().operators()) {
                if (g.containsVertex(inner.id()) && (inner.child() == null || !hasBoundary(inner))) {
                    out.append(indent).append("  ").append(quote(inner.id())).append(";\n");
                }
            }
            clusters(op.child(), g, out, indent + "  ");
            out.append(indent).append("}\n");
        }
    }

    private static Map<String, Attribute> colour(Map<String, Attribute> attrs, String colour) {
        if (colour != null) {
            attrs.put("color", DefaultAttribute.createAttribute(colour));
            attrs.put("fontcolor", DefaultAttribute.createAttribute(colour));
            attrs.put("penwidth", DefaultAttribute.createAttribute("2"));
        }
        return attrs;
    }

    private static Map<String, Attribute> vertex(Operator op) {
        Map<String, Attribute> a = new LinkedHashMap<>();
        if (op == null) {
            a.put("label", DefaultAttribute.createAttribute("?"));
            a.put("style", DefaultAttribute.createAttribute("dashed"));
            return a;
        }
        a.put("label", DefaultAttribute.createAttribute(text(label(op)) + "\\n" + text(op.id())));
        a.put("shape", DefaultAttribute.createAttribute(op.kind().spec().dotShape()));
        if (op.isStrict()) {
            a.put("style", DefaultAttribute.createAttribute("filled"));
            a.put("fillcolor", DefaultAttribute.createAttribute("lightgrey"));
        }
        return a;
    }

    private static Map<String, Attribute> edge(Edge e) {
        Map<String, Attribute> a = new LinkedHashMap<>();
        a.put("id", DefaultAttribute.createAttribute(text(e.stream().id())));
        if (e.tailPort() != null) {
            a.put("taillabel", DefaultAttribute.createAttribute(text(e.tailPort())));
        }
        if (e.headPort() != null) {
            a.put("headlabel", DefaultAttribute.createAttribute(text(e.headPort())));
        }
        return a;
    }

    /** How many input or output ports the operator has (0 when its parameters do not say). */
    private static int ports(Operator op, boolean inputs) {
        try {
            return inputs ? op.inputPorts().size() : op.outputPorts().size();
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** The operator's label, or its glyph when its parameters are too broken to describe. */
    private static String label(Operator op) {
        try {
            return op.label();
        } catch (RuntimeException e) {
            return op.kind().glyph();
        }
    }

    /**
     * Text for an attribute value, which JGraphT writes in double quotes escaping only the quotes:
     * a backslash is doubled (an id ending in one would otherwise escape the closing quote) and
     * line breaks become {@code \\n}.
     */
    private static String text(String s) {
        return s == null ? "" : s.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n");
    }

    private static String quote(String id) {
        // DOT strings cannot hold raw line breaks; ids with them are invalid (BAD_ID) but still exported
        return "\"" + id.replace("\\", "\\\\").replace("\"", "\\\"").replace("\r", "\\r").replace("\n", "\\n") + "\"";
    }
}
