package org.dbspstudio.model.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.jgrapht.Graph;
import org.jgrapht.graph.DirectedPseudograph;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.dot.DOTImporter;
import org.junit.jupiter.api.Test;
import org.dbspstudio.model.validate.Validator;
import org.dbspstudio.model.validate.Fixtures;

class DotExportTest {

    /** A parsed DOT graph: node ids, node labels and edge ids (each edge's {@code id} attribute). */
    private record Parsed(Graph<String, Integer> graph, Map<String, String> labels, Map<Integer, String> edgeIds) {
    }

    private static Parsed parse(String dot) {
        Graph<String, Integer> g = new DirectedPseudograph<>(null, new java.util.function.Supplier<>() {
            int next;

            @Override
            public Integer get() {
                return next++;
            }
        }, false);
        DOTImporter<String, Integer> importer = new DOTImporter<>();
        importer.setVertexFactory(id -> id);
        Map<String, String> labels = new HashMap<>();
        Map<Integer, String> edgeIds = new HashMap<>();
        importer.addVertexAttributeConsumer((p, a) -> {
            if (p.getSecond().equals("label")) {
                labels.put(p.getFirst(), a.getValue());
            }
        });
        importer.addEdgeAttributeConsumer((p, a) -> {
            if (p.getSecond().equals("id")) {
                edgeIds.put(p.getFirst(), a.getValue());
            }
        });
        importer.importGraph(g, new StringReader(dot));
        return new Parsed(g, labels, edgeIds);
    }

    @Test
    void everyOperatorAndStreamOfTheIntegratorIsDrawn() {
        Circuit c = Fixtures.integrator();
        String dot = DotExport.toDot(c);
        Parsed p = parse(dot);
        assertThat(p.graph().vertexSet()).containsExactlyInAnyOrderElementsOf(c.operatorIds());
        assertThat(p.edgeIds().values()).containsExactlyInAnyOrderElementsOf(c.streams().stream().map(Stream::id).toList());
        for (Operator op : c.operators()) {
            assertThat(p.labels().get(op.id())).contains(op.label());
        }
        for (Stream s : c.streams()) {
            Integer e = p.edgeIds().entrySet().stream().filter(x -> x.getValue().equals(s.id())).findFirst().orElseThrow().getKey();
            assertThat(p.graph().getEdgeSource(e)).isEqualTo(s.from().op());
            assertThat(p.graph().getEdgeTarget(e)).isEqualTo(s.to().op());
        }
        assertThat(dot).contains("rankdir=LR").contains("headlabel=\"b\"");
    }

    @Test
    void aNestedCircuitIsAClusterEnteredThroughItsDelta0() {
        Circuit c = Fixtures.nestedSum();
        String dot = DotExport.toDot(c);
        assertThat(dot).contains("subgraph \"cluster_n\"");
        Parsed p = parse(dot);
        Set<String> all = new HashSet<>(c.allOperators().keySet());
        all.remove("n"); // drawn as the cluster
        assertThat(p.graph().vertexSet()).containsExactlyInAnyOrderElementsOf(all);
        Set<String> streams = new HashSet<>();
        c.streams().forEach(s -> streams.add(s.id()));
        c.op("n").child().streams().forEach(s -> streams.add(s.id()));
        assertThat(new HashSet<>(p.edgeIds().values())).isEqualTo(streams);
        Integer in = p.edgeIds().entrySet().stream().filter(x -> x.getValue().equals("x.out->n.i")).findFirst().orElseThrow().getKey();
        assertThat(p.graph().getEdgeTarget(in)).isEqualTo("d0");
        Integer out = p.edgeIds().entrySet().stream().filter(x -> x.getValue().equals("n.o->y.in")).findFirst().orElseThrow().getKey();
        assertThat(p.graph().getEdgeSource(out)).isEqualTo("int");
    }

    @Test
    void aCircuitNestedTwoDeepIsAClusterInsideItsParentsCluster() {
        Circuit inner = new Circuit().add(Operator.of("d1", OpKind.DELTA0, "port", "i")).add(Operator.of("neg", OpKind.NEGATE))
                .add(Operator.of("e1", OpKind.INTEGRAL, "port", "o")).connect("d1.out", "neg.in").connect("neg.out", "e1.in");
        Circuit c = Fixtures.nestedSum();
        Circuit child = c.op("n").child();
        child.add(Operator.nested("m", inner)).connect("dd.out", "m.i");
        child.add(Operator.of("e2", OpKind.INTEGRAL, "port", "o2")).connect("m.o", "e2.in");
        String dot = DotExport.toDot(c);
        int outer = dot.indexOf("subgraph \"cluster_n\"");
        int nested = dot.indexOf("subgraph \"cluster_m\"");
        assertThat(outer).isPositive();
        assertThat(nested).isGreaterThan(outer);
        String between = dot.substring(nested);
        assertThat(between).contains("\"d1\";", "\"neg\";", "\"e1\";");
        // cluster_m is the last thing in cluster_n: it closes, then cluster_n, then the graph
        assertThat(between.replaceAll("\\s", "")).endsWith("\"e1\";}}}");
        Parsed p = parse(dot);
        Integer into = p.edgeIds().entrySet().stream().filter(x -> x.getValue().equals("dd.out->m.i")).findFirst().orElseThrow().getKey();
        assertThat(p.graph().getEdgeTarget(into)).isEqualTo("d1");
        Integer from = p.edgeIds().entrySet().stream().filter(x -> x.getValue().equals("m.o->e2.in")).findFirst().orElseThrow().getKey();
        assertThat(p.graph().getEdgeSource(from)).isEqualTo("e1");
    }

    @Test
    void anAlgebraicLoopIsDrawnInRed() {
        Circuit c = Fixtures.integratorWithoutDelay();
        String dot = DotExport.toDot(c, Validator.validate(c));
        assertThat(dot).containsPattern("\"plus\" \\[[^\\]]*color=\"red\"")
                .containsPattern("\"neg\" \\[[^\\]]*color=\"red\"")
                .containsPattern("id=\"neg.out->plus.b\"[^\\]]*color=\"red\"")
                .doesNotContainPattern("\"x\" \\[[^\\]]*color=")
                .doesNotContainPattern("id=\"x.out->plus.a\"[^\\]]*color=");
        parse(dot);
    }

    @Test
    void oddIdsQuotesAndUnknownOperatorsStillGiveValidDot() {
        Circuit c = new Circuit().add(Operator.of("a b", OpKind.INPUT, "name", "say \"hi\"", "type", org.dbspstudio.model.types.StreamType.Z))
                .add(Operator.of("o", OpKind.OUTPUT, "name", "o")).connect("a b.out", "o.in").connect("ghost.out", "o.in");
        Parsed p = parse(DotExport.toDot(c));
        assertThat(p.graph().vertexSet()).containsExactlyInAnyOrder("a b", "o", "ghost");
        assertThat(p.labels().get("a b")).contains("say \"hi\"");
        assertThat(p.edgeIds().values()).containsExactlyInAnyOrder("a b.out->o.in", "ghost.out->o.in");
    }

    @Test
    void operatorIdsWithLineBreaksAndQuotesStillExport() {
        // such ids are invalid (BAD_ID), but exporting a broken circuit must not crash
        Circuit c = new Circuit().add(Operator.of("a\nb", OpKind.NEGATE)).add(Operator.of("q\"x", OpKind.NEGATE))
                .connect(new Stream(new org.dbspstudio.model.PortRef("a\nb", "out"), new org.dbspstudio.model.PortRef("q\"x", "in")));
        Parsed p = parse(DotExport.toDot(c));
        assertThat(p.graph().vertexSet()).hasSize(2);
        assertThat(p.graph().edgeSet()).hasSize(1);
    }

    /**
     * The quoted strings of a DOT line as Graphviz's scanner reads them (in a quoted string
     * {@code \"} is a quote and {@code \\} a backslash pair), decoded as labels are
     * ({@code \\} → backslash, {@code \"} → quote, {@code \n} → line break). JGraphT's own
     * importer cannot serve here: its lexer does not know {@code \\}.
     */
    private static List<String> graphvizStrings(String line) {
        List<String> out = new java.util.ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            if (line.charAt(i) != '"') {
                i++;
                continue;
            }
            StringBuilder sb = new StringBuilder();
            i++;
            while (true) {
                assertThat(i).as("unterminated string in: " + line).isLessThan(line.length());
                char ch = line.charAt(i);
                if (ch == '"') {
                    i++;
                    break;
                }
                if (ch == '\\' && i + 1 < line.length()) {
                    char next = line.charAt(i + 1);
                    sb.append(next == 'n' ? "\n" : String.valueOf(next));
                    i += 2;
                    continue;
                }
                sb.append(ch);
                i++;
            }
            out.add(sb.toString());
        }
        return out;
    }

    @Test
    void idsEndingInABackslashStayInsideTheirQuotes() {
        // an id ending in \ used to escape the closing quote of its label, so the file did not parse
        String a = "a\\";
        String b = "b\\\"";
        Circuit c = new Circuit().add(Operator.of(a, OpKind.NEGATE)).add(Operator.of(b, OpKind.NEGATE))
                .connect(new Stream(new org.dbspstudio.model.PortRef(a, "out"), new org.dbspstudio.model.PortRef(b, "in")));
        List<String> lines = DotExport.toDot(c).lines().toList();
        List<String> nodeA = graphvizStrings(lines.stream().filter(l -> l.contains("label=")).toList().get(0));
        List<String> nodeB = graphvizStrings(lines.stream().filter(l -> l.contains("label=")).toList().get(1));
        List<String> edge = graphvizStrings(lines.stream().filter(l -> l.contains("->")).findFirst().orElseThrow());
        assertThat(nodeA).containsExactly(a, "−x\n" + a, "box");
        assertThat(nodeB).containsExactly(b, "−x\n" + b, "box");
        assertThat(edge).containsExactly(a, b, a + ".out->" + b + ".in");
    }
}
