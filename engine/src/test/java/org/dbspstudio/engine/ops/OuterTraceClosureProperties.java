package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.EdgeToggles;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;

/**
 * Outer-clock integrals that keep their state as a nested-time trace (per iteration the change
 * summed over outer steps, read by accumulation) must give every iteration's sum exactly: the
 * incremental closure of random edge toggles against a plain set recomputed by BFS (insertions and
 * deletions, loops that run fewer or more iterations than the step before), and the integrals'
 * values read through the trace equal to the same sums computed as plain Z-sets.
 */
class OuterTraceClosureProperties {

    @Provide
    Arbitrary<List<List<Long>>> toggles() {
        // each step toggles up to 6 edges among 7 nodes (insert if absent, delete if present)
        return Arbitraries.longs().between(0, 48).list().ofMaxSize(6).list().ofMinSize(1).ofMaxSize(10);
    }

    @Property(tries = 80)
    void closureOverNestedTracesEqualsBfs(@ForAll("toggles") List<List<Long>> toggles) throws Exception {
        assertClosureEqualsBfs(toggles, 7);
    }

    /** The incremental closure of {@code toggles} over {@code nodes} nodes, step by step, against BFS. */
    private static void assertClosureEqualsBfs(List<List<Long>> toggles, int nodes) throws Exception {
        Circuit closure = FixtureDocuments.read(FixtureDocuments.TRANSITIVE_CLOSURE, DocumentReader::read).document().circuit();
        Circuit inc = Incrementalizer.incrementalize(closure).incremental();
        EdgeToggles toggled = EdgeToggles.of(toggles, nodes);
        List<Set<Row>> closures = toggled.closures();
        Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("edges", toggled.steps()));
        ZSet acc = ZSet.EMPTY;
        for (int t = 0; t < toggles.size(); t++) {
            sim.step();
            ZSet.Builder expected = ZSet.builder();
            closures.get(t).forEach(r -> expected.add(r, 1));
            acc = acc.plus(sim.outputChange("reach", t));
            assertThat(acc).as("step %d", t).isEqualTo(expected.build());
        }
    }

    /**
     * The same closure over VARCHAR node names ("node 3"): rows with a string cell are packed with a tag word, so H's change (Distincts.PackedChange),
     * the leader's and follower's packed words and the joins after H take their paths for rows that
     * are not all integers (the integer closure above never does). Against the same BFS, names mapped.
     */
    @Property(tries = 40)
    void closureOverStringNodesEqualsBfs(@ForAll("toggles") List<List<Long>> toggles) throws Exception {
        Circuit closure = FixtureDocuments.read(FixtureDocuments.TRANSITIVE_CLOSURE,
                (text, name) -> DocumentReader.read(text.replace("\"BIGINT\"", "\"VARCHAR\""), name)).document().circuit();
        Circuit inc = Incrementalizer.incrementalize(closure).incremental();
        EdgeToggles toggled = EdgeToggles.of(toggles, 7);
        List<StepData> steps = new ArrayList<>();
        for (StepData d : toggled.steps()) {
            List<Change> named = new ArrayList<>();
            for (Change c : ((StepData.Rows) d).changes()) {
                named.add(new Change(named(c.row()), c.weight()));
            }
            steps.add(StepData.rows(named));
        }
        Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("edges", steps));
        ZSet acc = ZSet.EMPTY;
        for (int t = 0; t < toggles.size(); t++) {
            sim.step();
            ZSet.Builder expected = ZSet.builder();
            toggled.closures().get(t).forEach(r -> expected.add(named(r), 1));
            acc = acc.plus(sim.outputChange("reach", t));
            assertThat(acc).as("step %d", t).isEqualTo(expected.build());
        }
    }

    private static Row named(Row edge) {
        return Row.of("node " + edge.get(0), "node " + edge.get(1));
    }

    @Provide
    Arbitrary<List<List<Long>>> denseToggles() {
        // each step toggles up to 14 edges among 12 nodes: rows change at several iterations of one step
        return Arbitraries.longs().between(0, 143).list().ofMaxSize(14).list().ofMinSize(2).ofMaxSize(12);
    }

    /**
     * Denser toggles over more nodes, so that within a step many pairs change at several iterations: the
     * rows the follower follows from an earlier tick of the step, told to the leader by their ids in its
     * trace index (the marks OuterIntegrate.mapFollowed sets, TraceIndex.mark), must be told as followed (else the follower follows a row
     * twice, and H pairs its earlier change with nothing). Against BFS.
     */
    @Property(tries = 40)
    void denserClosureOverNestedTracesEqualsBfs(@ForAll("denseToggles") List<List<Long>> toggles) throws Exception {
        assertClosureEqualsBfs(toggles, 12);
    }

    /**
     * A step after the first in which pairs change at several iterations: the leader is told by their ids in its
     * index that its follower follows some of its rows already (their marks, TraceIndex.mark, set as the follower
     * follows rows; the closure stays exact either way, so this counts that the map is used at all).
     */
    @Example
    void theLeaderIsToldFollowedRowsByTheirIndexIds() throws Exception {
        long before = OuterIntegrate.FOLLOWED_BY_INDEX.sum();
        // a chain 0 → 1 → … → 11, then shortcuts 0 → 5 and 3 → 9 with 6 → 7 removed, then 11 → 0 and 2 → 8
        denserClosureOverNestedTracesEqualsBfs(List.of(List.of(1L, 14L, 27L, 40L, 53L, 66L, 79L, 92L, 105L, 118L, 131L),
                List.of(5L, 45L, 79L), List.of(132L, 32L)));
        assertThat(OuterIntegrate.FOLLOWED_BY_INDEX.sum()).isGreaterThan(before);
    }

    /**
     * The leader's index near its maximum (lowered to a few rows, so that the closure's index is built and
     * then filled by later steps): an addition that might take it past its maximum reads the rows from the
     * index row by row (OuterIntegrate.observedFromIndex) and mirrors them, and one that does take it past
     * is dropped with the index, the runs searched from then on. Against BFS at every step.
     */
    @Property(tries = 60)
    void closureWithAnIndexNearItsMaximumEqualsBfs(@ForAll("denseToggles") List<List<Long>> toggles,
                                                    @ForAll @IntRange(min = 1, max = 80) int maxRows) throws Exception {
        long before = OuterIntegrate.indexMaxRows;
        OuterIntegrate.indexMaxRows = maxRows;
        try {
            denserClosureOverNestedTracesEqualsBfs(toggles);
        } finally {
            OuterIntegrate.indexMaxRows = before;
        }
    }

    /** The same on a graph that reaches the path: fails when no addition reads from an index near its maximum. */
    @Example
    void anIndexNearItsMaximumIsReadRowByRow() throws Exception {
        long read = OuterIntegrate.READ_NEAR_MAXIMUM.sum();
        closureWithAnIndexNearItsMaximumEqualsBfs(List.of(List.of(1L, 14L, 27L, 40L, 53L, 66L, 79L, 92L, 105L, 118L, 131L),
                List.of(5L, 45L, 79L), List.of(132L, 32L), List.of(1L, 2L, 3L), List.of(66L, 14L)), 70);
        assertThat(OuterIntegrate.READ_NEAR_MAXIMUM.sum()).isGreaterThan(read);
    }

    /**
     * The leader's trace index (OuterIntegrate, TraceIndex) built at the end of a later step than the
     * first, because the first step left the trace empty: the closure still equals BFS at every step.
     */
    @Example
    void aTraceEmptyAfterTheFirstStepIsIndexedLaterAndStaysExact() throws Exception {
        closureOverNestedTracesEqualsBfs(List.of(List.of(), List.of(1L, 9L, 17L, 25L), List.of(33L, 41L, 8L),
                List.of(9L, 2L), List.of(17L), List.of(1L, 3L, 10L)));
    }
}
