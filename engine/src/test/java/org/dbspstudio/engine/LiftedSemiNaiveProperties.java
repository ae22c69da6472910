package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;

/**
 * The incremental closure as {@code incrementalize} produces it — semi-naive inside, lifted over
 * the outer clock, its outer-clock state holding each iteration's new facts and H reporting its own
 * outer change — against a plain set of reachable pairs recomputed by BFS after every step of
 * random edge toggles (insertions and deletions), with change tracking on and off.
 */
class LiftedSemiNaiveProperties {

    @Provide
    Arbitrary<List<List<Long>>> toggles() {
        // each step toggles up to 5 edges among 6 nodes (insert if absent, delete if present)
        return Arbitraries.longs().between(0, 35).list().ofMaxSize(5).list().ofMinSize(1).ofMaxSize(9);
    }

    @Property(tries = 60)
    void incrementalClosureEqualsBfs(@ForAll("toggles") List<List<Long>> toggles) throws Exception {
        Circuit inc = Incrementalizer.incrementalize(NestedCircuitTest.naive()).incremental();
        assertThat(inc.op("tc").child().operatorsOfKind(OpKind.H)).hasSize(1);
        EdgeToggles toggled = EdgeToggles.of(toggles, 6);
        List<Set<Row>> closures = toggled.closures();
        Scenario s = new Scenario().put("edges", toggled.steps());
        Simulation tracked = Simulation.compile(inc, EngineOptions.DEFAULT);
        Simulation untracked = Simulation.compile(inc, EngineOptions.DEFAULT.withDeltaTracking(false));
        tracked.setScenario(s);
        untracked.setScenario(s);
        ZSet acc = ZSet.EMPTY;
        for (int t = 0; t < toggles.size(); t++) {
            tracked.step();
            untracked.step();
            ZSet.Builder expected = ZSet.builder();
            closures.get(t).forEach(r -> expected.add(r, 1));
            acc = acc.plus(tracked.outputChange("closure", t));
            assertThat(acc).as("step %d", t).isEqualTo(expected.build());
            assertThat(untracked.outputChange("closure", t)).as("untracked, step %d", t)
                    .isEqualTo(tracked.outputChange("closure", t));
        }
    }
}
