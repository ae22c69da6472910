package org.dbspstudio.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
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
 * The two recursive samples against plain-Java graph algorithms on random edge histories: the
 * transitive closure sample against breadth-first search from every node, the connected
 * components sample against the minimum node of each undirected component. Both the circuit as
 * drawn and its incremental version must output exactly the changes of the oracle's answer.
 */
class RecursionOracleProperties {
    private static final Circuit CLOSURE = SampleFiles.load(SampleFiles.folder().resolve("05-transitive-closure.json")).circuit();
    private static final Circuit COMPONENTS = SampleFiles.load(SampleFiles.folder().resolve("10-connected-components.json")).circuit();

    /** An edge toggle: inserted when absent, deleted when present. */
    record Toggle(long src, long dst) {
    }

    @Provide
    Arbitrary<List<List<Toggle>>> histories() {
        Arbitrary<Toggle> toggle = Arbitraries.longs().between(1, 6).tuple2()
                .map(t -> new Toggle(t.get1(), t.get2()));
        return toggle.list().ofMinSize(1).ofMaxSize(5).list().ofMinSize(1).ofMaxSize(6);
    }

    @Property(tries = 40)
    void transitiveClosureMatchesReachability(@ForAll("histories") List<List<Toggle>> history) throws EngineException {
        check(CLOSURE, "closure", history, RecursionOracleProperties::reachability);
    }

    @Property(tries = 40)
    void connectedComponentsMatchMinimumNodeOfEachComponent(@ForAll("histories") List<List<Toggle>> history)
            throws EngineException {
        check(COMPONENTS, "component", history, RecursionOracleProperties::components);
    }

    interface Oracle {
        Set<Row> answer(Set<List<Long>> edges);
    }

    private static void check(Circuit drawn, String output, List<List<Toggle>> history, Oracle oracle)
            throws EngineException {
        Scenario scenario = new Scenario();
        List<StepData> steps = new ArrayList<>();
        List<Set<Row>> answers = new ArrayList<>();
        Set<List<Long>> edges = new LinkedHashSet<>();
        for (List<Toggle> step : history) {
            Set<List<Long>> before = new LinkedHashSet<>(edges);
            for (Toggle t : step) {
                List<Long> e = List.of(t.src(), t.dst());
                if (!edges.remove(e)) {
                    edges.add(e);
                }
            }
            List<Change> changes = new ArrayList<>();
            before.stream().filter(e -> !edges.contains(e)).forEach(e -> changes.add(new Change(Row.of(e), -1)));
            edges.stream().filter(e -> !before.contains(e)).forEach(e -> changes.add(new Change(Row.of(e), 1)));
            steps.add(StepData.rows(changes));
            answers.add(oracle.answer(edges));
        }
        scenario.put("edges", steps);
        Circuit incremental = Incrementalizer.incrementalize(drawn).incremental();
        for (Circuit c : List.of(drawn, incremental)) {
            Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
            sim.setScenario(scenario);
            Set<Row> previous = Set.of();
            for (int t = 0; t < answers.size(); t++) {
                sim.step();
                ZSet.Builder expected = ZSet.builder();
                for (Row r : previous) {
                    if (!answers.get(t).contains(r)) {
                        expected.add(r, -1);
                    }
                }
                for (Row r : answers.get(t)) {
                    if (!previous.contains(r)) {
                        expected.add(r, 1);
                    }
                }
                String diff = Outcomes.difference(expected.build(), sim.outputChange(output, t));
                assertThat(diff).as("%s circuit, step %d, edges %s", c.inputMode(), t, history).isNull();
                previous = answers.get(t);
            }
        }
    }

    /** Every (a, b) with a path of one or more edges from a to b. */
    static Set<Row> reachability(Set<List<Long>> edges) {
        Map<Long, List<Long>> out = new HashMap<>();
        edges.forEach(e -> out.computeIfAbsent(e.get(0), k -> new ArrayList<>()).add(e.get(1)));
        Set<Row> pairs = new HashSet<>();
        for (Long start : out.keySet()) {
            Set<Long> seen = new HashSet<>();
            ArrayDeque<Long> queue = new ArrayDeque<>(out.get(start));
            while (!queue.isEmpty()) {
                Long n = queue.poll();
                if (seen.add(n)) {
                    pairs.add(Row.of(start, n));
                    queue.addAll(out.getOrDefault(n, List.of()));
                }
            }
        }
        return pairs;
    }

    /** (node, the smallest node of its undirected component) for every endpoint of an edge. */
    static Set<Row> components(Set<List<Long>> edges) {
        Map<Long, List<Long>> adj = new HashMap<>();
        for (List<Long> e : edges) {
            adj.computeIfAbsent(e.get(0), k -> new ArrayList<>()).add(e.get(1));
            adj.computeIfAbsent(e.get(1), k -> new ArrayList<>()).add(e.get(0));
        }
        Set<Row> labels = new HashSet<>();
        for (Long start : adj.keySet()) {
            Set<Long> seen = new HashSet<>();
            ArrayDeque<Long> queue = new ArrayDeque<>(List.of(start));
            while (!queue.isEmpty()) {
                Long n = queue.poll();
                if (seen.add(n)) {
                    queue.addAll(adj.get(n));
                }
            }
            labels.add(Row.of(start, seen.stream().min(Long::compare).orElseThrow()));
        }
        return labels;
    }
}
