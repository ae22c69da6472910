package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.EdgeToggles;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;

/**
 * The closure's join of {@code zo_I_2} (H's output one iteration later) with the edges' change, run
 * by {@link IterationIndexedJoin} (no trace recorded), against the closure recomputed by breadth-first
 * search at every step of random edge toggles: on small graphs (loops of varying length, empty steps,
 * insertions and deletions) and on graphs of 100–150 nodes whose values outgrow a small table; the
 * node must keep its index throughout (the values it indexes are the bases of the next step's
 * changes), and a node forced to give its index up at a random tick must go on as the plain join.
 */
class IterationIndexedJoinProperties {

    private static Circuit incrementalClosure() {
        Circuit closure = FixtureDocuments.read(FixtureDocuments.TRANSITIVE_CLOSURE, DocumentReader::read).document().circuit();
        return Incrementalizer.incrementalize(closure).incremental();
    }

    @Provide
    Arbitrary<List<List<Long>>> toggles() {
        return Arbitraries.longs().between(0, 48).list().ofMaxSize(6).list().ofMinSize(1).ofMaxSize(10);
    }

    @Property(tries = 60)
    void smallGraphsEqualBfsAndKeepTheIndex(@ForAll("toggles") List<List<Long>> toggles) throws Exception {
        long before = IterationIndexedJoin.GIVE_UPS.get();
        run(EdgeToggles.of(toggles, 7), toggles.size());
        assertThat(IterationIndexedJoin.GIVE_UPS.get()).as("index given up").isEqualTo(before);
    }

    @Property(tries = 8)
    void largerGraphsEqualBfsAndKeepTheIndex(@ForAll long seed) throws Exception {
        long before = IterationIndexedJoin.GIVE_UPS.get();
        run(randomGraph(seed), -1);
        assertThat(IterationIndexedJoin.GIVE_UPS.get()).as("index given up").isEqualTo(before);
    }

    @Property(tries = 30)
    void aNodeThatGivesItsIndexUpGoesOnAsThePlainJoin(@ForAll("toggles") List<List<Long>> toggles,
                                                      @ForAll @IntRange(min = 0, max = 40) int after) throws Exception {
        IterationIndexedJoin.giveUpAfter = after;
        try {
            run(EdgeToggles.of(toggles, 7), toggles.size());
        } finally {
            IterationIndexedJoin.giveUpAfter = -1;
        }
    }

    /** A graph of 100–150 nodes loaded at step 0, then single edges and small batches toggled. */
    private static EdgeToggles randomGraph(long seed) {
        Random rnd = new Random(seed);
        int nodes = 100 + rnd.nextInt(51);
        List<List<Long>> steps = new ArrayList<>();
        Set<Long> first = new HashSet<>();
        int edges = nodes + rnd.nextInt(nodes / 2);
        while (first.size() < edges) {
            first.add((long) rnd.nextInt(nodes * nodes));
        }
        steps.add(new ArrayList<>(first));
        for (int t = 0; t < 8; t++) {
            List<Long> s = new ArrayList<>();
            int n = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(10) : 1;
            for (int i = 0; i < n; i++) {
                s.add((long) rnd.nextInt(nodes * nodes));
            }
            steps.add(s);
        }
        return EdgeToggles.of(steps, nodes);
    }

    private static void run(EdgeToggles toggled, int steps) throws Exception {
        Simulation sim = Simulation.compile(incrementalClosure(), EngineOptions.DEFAULT.withRecordTrace(false));
        sim.setScenario(new Scenario().put("edges", toggled.steps()));
        ZSet acc = ZSet.EMPTY;
        int n = steps < 0 ? toggled.steps().size() : steps;
        for (int t = 0; t < n; t++) {
            sim.step();
            ZSet.Builder expected = ZSet.builder();
            toggled.closures().get(t).forEach(r -> expected.add(r, 1));
            acc = acc.plus((ZSet) sim.lastOutputs().get("reach"));
            assertThat(acc).as("step %d", t).isEqualTo(expected.build());
        }
    }
}
