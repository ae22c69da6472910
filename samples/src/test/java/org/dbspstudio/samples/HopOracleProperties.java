package org.dbspstudio.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;

/**
 * The Gupta–Mumick–Subrahmanian sample against the definitions computed with nested loops over
 * the current links: hop and tri_hop as derivation counts (the counting algorithm), only_tri_hop
 * as tri_hop minus hop (set semantics), min_cost_hop as the minimum summed cost per pair. Random
 * link histories insert and delete links, including the current minimum of a group.
 */
class HopOracleProperties {
    private static final Circuit HOPS = SampleFiles.load(SampleFiles.folder().resolve("12-hop-tri-hop-min-cost.json")).circuit();
    private static final List<String> OUTPUTS = List.of("hop", "tri_hop", "only_tri_hop", "min_cost_hop");

    /** A link toggle: inserted when absent, deleted when present. */
    record Link(String src, String dst, long cost) {
    }

    @Provide
    Arbitrary<List<List<Link>>> histories() {
        Arbitrary<String> node = Arbitraries.of("a", "b", "c", "d", "e");
        Arbitrary<Link> link = Combinators.combine(node, node, Arbitraries.longs().between(1, 4)).as(Link::new);
        return link.list().ofMinSize(1).ofMaxSize(6).list().ofMinSize(1).ofMaxSize(5);
    }

    @Property(tries = 40)
    void everyViewMatchesItsDefinition(@ForAll("histories") List<List<Link>> history) throws EngineException {
        List<StepData> steps = new ArrayList<>();
        List<Map<String, Map<Row, Long>>> answers = new ArrayList<>();
        Set<Link> links = new LinkedHashSet<>();
        for (List<Link> step : history) {
            Set<Link> before = new LinkedHashSet<>(links);
            for (Link l : step) {
                if (!links.remove(l)) {
                    links.add(l);
                }
            }
            List<Change> changes = new ArrayList<>();
            before.stream().filter(l -> !links.contains(l)).forEach(l -> changes.add(new Change(row(l), -1)));
            links.stream().filter(l -> !before.contains(l)).forEach(l -> changes.add(new Change(row(l), 1)));
            steps.add(StepData.rows(changes));
            answers.add(views(links));
        }
        Scenario scenario = new Scenario().put("link", steps);
        for (Circuit c : List.of(HOPS, Incrementalizer.incrementalize(HOPS).incremental())) {
            Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
            sim.setScenario(scenario);
            for (int t = 0; t < answers.size(); t++) {
                sim.step();
                for (String out : OUTPUTS) {
                    Map<Row, Long> now = answers.get(t).get(out);
                    Map<Row, Long> prev = t == 0 ? Map.of() : answers.get(t - 1).get(out);
                    ZSet expected = ZSet.ofMap(now).minus(ZSet.ofMap(prev));
                    String diff = Outcomes.difference(expected, sim.outputChange(out, t));
                    assertThat(diff).as("%s circuit, %s at step %d, links %s", c.inputMode(), out, t, history).isNull();
                }
            }
        }
    }

    private static Row row(Link l) {
        return Row.of(l.src(), l.dst(), l.cost());
    }

    /** The four views over the current links, each as row → weight. */
    static Map<String, Map<Row, Long>> views(Set<Link> links) {
        Map<Row, Long> hop = new HashMap<>();
        Map<Row, Long> minCost = new HashMap<>();
        for (Link x : links) {
            for (Link y : links) {
                if (x.dst().equals(y.src())) {
                    hop.merge(Row.of(x.src(), y.dst()), 1L, Long::sum);
                    minCost.merge(Row.of(x.src(), y.dst()), x.cost() + y.cost(), Math::min);
                }
            }
        }
        Map<Row, Long> triHop = new HashMap<>();
        hop.forEach((h, n) -> {
            for (Link z : links) {
                if (h.get(1).equals(z.src())) {
                    triHop.merge(Row.of(h.get(0), z.dst()), n, Long::sum);
                }
            }
        });
        Map<Row, Long> onlyTriHop = new HashMap<>();
        triHop.keySet().stream().filter(r -> !hop.containsKey(r)).forEach(r -> onlyTriHop.put(r, 1L));
        Map<Row, Long> minCostHop = new HashMap<>();
        minCost.forEach((k, v) -> minCostHop.put(Row.of(k.get(0), k.get(1), v), 1L));
        return Map.of("hop", hop, "tri_hop", triHop, "only_tri_hop", onlyTriHop, "min_cost_hop", minCostHop);
    }
}
