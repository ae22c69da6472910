package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.EdgeToggles;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.Scenario;
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
        Circuit closure = FixtureDocuments.read(FixtureDocuments.TRANSITIVE_CLOSURE, DocumentReader::read).document().circuit();
        Circuit inc = Incrementalizer.incrementalize(closure).incremental();
        EdgeToggles toggled = EdgeToggles.of(toggles, 7);
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
     * The leader's trace index (OuterIntegrate, TraceIndex) built at the end of a later step than the
     * first, because the first step left the trace empty: the closure still equals BFS at every step.
     */
    @Example
    void aTraceEmptyAfterTheFirstStepIsIndexedLaterAndStaysExact() throws Exception {
        closureOverNestedTracesEqualsBfs(List.of(List.of(), List.of(1L, 9L, 17L, 25L), List.of(33L, 41L, 8L),
                List.of(9L, 2L), List.of(17L), List.of(1L, 3L, 10L)));
    }
}
