package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.rewrite.Incrementalizer;

/**
 * Feeding a scenario one change per step or all changes at once gives the same integrated
 * output, for incremental circuits with joins, distinct and grouped aggregates; and the
 * incremental circuit's integrated output equals the snapshot circuit's output.
 */
class BatchingProperties {

    @Provide
    Arbitrary<List<Change>> changes() {
        return Gen.change(false).list().ofMaxSize(12);
    }

    /** a ⋈ b on a, then distinct, and a grouped aggregate of the join: as snapshots. */
    static Circuit snapshot() {
        Circuit c = TestCircuits.circuit(Circuit.InputMode.SNAPSHOTS,
                TestCircuits.input("a", "a", Gen.AB), TestCircuits.input("b", "b", Gen.AB),
                TestCircuits.op("j", OpKind.JOIN, "leftKeys", List.of("a"), "rightKeys", List.of("a"),
                        "projection", TestCircuits.named("k", "l.a", "x", "l.b", "y", "r.b")),
                TestCircuits.op("d", OpKind.DISTINCT),
                TestCircuits.op("g", OpKind.AGGREGATE, "groupBy", TestCircuits.named("k", "k"),
                        "aggregates", AggregateProperties.CALLS.subList(0, 4).stream()
                                .map(c2 -> c2.expr() == null ? c2 : TestCircuits.agg(c2.function(), "x + y", c2.name())).toList()),
                TestCircuits.output("o1", "distinct"), TestCircuits.output("o2", "agg"));
        c.connect("a.out", "j.left").connect("b.out", "j.right").connect("j.out", "d.in").connect("d.out", "o1.in")
                .connect("j.out", "g.in").connect("g.out", "o2.in");
        return c;
    }

    @Property(tries = 60)
    void oneChangePerStepEqualsAllAtOnce(@ForAll("changes") List<Change> a, @ForAll("changes") List<Change> b)
            throws Exception {
        Circuit inc = Incrementalizer.incrementalize(snapshot()).incremental();
        // one change per step: a's changes first, then b's
        Scenario perStep = new Scenario();
        List<StepData> as = new ArrayList<>();
        List<StepData> bs = new ArrayList<>();
        for (Change c : a) {
            as.add(StepData.rows(List.of(c)));
            bs.add(StepData.EMPTY_ROWS);
        }
        for (Change c : b) {
            as.add(StepData.EMPTY_ROWS);
            bs.add(StepData.rows(List.of(c)));
        }
        perStep.put("a", as).put("b", bs);
        Scenario once = new Scenario().put("a", List.of(StepData.rows(a))).put("b", List.of(StepData.rows(b)));
        for (String out : List.of("distinct", "agg")) {
            StreamValue x = integrated(inc, perStep, out);
            StreamValue y = integrated(inc, once, out);
            assertThat(x).as(out).isEqualTo(y);
            Simulation snap = Simulation.compile(snapshot(), EngineOptions.DEFAULT);
            snap.setScenario(once);
            snap.runScenario();
            if (snap.stepsRun() > 0) {
                assertThat(y).as(out + " vs snapshot").isEqualTo(snap.outputValue(out, snap.stepsRun() - 1));
            }
        }
    }

    private static StreamValue integrated(Circuit c, Scenario s, String out) throws Exception {
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(s);
        sim.run(Math.max(1, s.steps()));
        StreamValue sum = ZSet.EMPTY;
        for (int t = 0; t < sim.stepsRun(); t++) {
            sum = sum.plus(sim.outputChange(out, t));
        }
        return sum;
    }
}
