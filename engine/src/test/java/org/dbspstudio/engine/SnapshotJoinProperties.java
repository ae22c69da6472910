package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.agg;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;

/**
 * A snapshot circuit's join updates its output by the change of the join when both inputs'
 * changes are known ({@code Δ(a ⋈ b) = Δa ⋈ b + a ⋈ Δb − Δa ⋈ Δb}) and reports that change to the
 * aggregate and the differentiator after it: on random snapshot streams every output equals, at
 * every step, what the same circuit computes with delta tracking off (everything recomputed from
 * whole values).
 */
class SnapshotJoinProperties {

    @Provide
    Arbitrary<List<List<Change>>> stream() {
        return Gen.stream(false);
    }

    @Property(tries = 150)
    void joinsOverSnapshotsMatchRecomputation(@ForAll("stream") List<List<Change>> a, @ForAll("stream") List<List<Change>> b)
            throws Exception {
        List<Operator> qs = List.of(
                op("q", OpKind.JOIN, "leftKeys", List.of("a"), "rightKeys", List.of("b")),
                op("q", OpKind.JOIN, "leftKeys", List.of("b", "a"), "rightKeys", List.of("a", "b"),
                        "projection", named("a", "l.a", "b", "r.b * 10 + l.b")),
                op("q", OpKind.WEIGHTED_SEMIJOIN, "leftKeys", List.of("a"), "rightKeys", List.of("a")));
        Scenario s = Gen.scenario("a", a).put("b", Gen.steps(b));
        for (Operator q : qs) {
            Circuit c = circuit(Circuit.InputMode.SNAPSHOTS, input("a", "a", Gen.AB), input("b", "b", Gen.AB),
                    q.withId("j"), op("g", OpKind.AGGREGATE, "groupBy", named("a", "a"),
                            "aggregates", List.of(agg(AggFunction.COUNT, null, "n"), agg(AggFunction.SUM, "b", "s"))),
                    op("d", OpKind.DIFFERENTIATE), output("joined", "joined"), output("grouped", "grouped"),
                    output("changes", "changes"));
            c.connect("a.out", "j.left").connect("b.out", "j.right").connect("j.out", "g.in")
                    .connect("j.out", "d.in").connect("j.out", "joined.in").connect("g.out", "grouped.in")
                    .connect("d.out", "changes.in");
            Simulation tracked = Simulation.compile(c, EngineOptions.DEFAULT);
            Simulation whole = Simulation.compile(c, EngineOptions.DEFAULT.withDeltaTracking(false));
            tracked.setScenario(s);
            whole.setScenario(s);
            tracked.runScenario();
            whole.runScenario();
            assertThat(tracked.stepsRun()).isEqualTo(whole.stepsRun());
            for (int t = 0; t < whole.stepsRun(); t++) {
                for (String out : List.of("joined", "grouped", "changes")) {
                    assertThat(tracked.outputValue(out, t)).as("%s at step %d, %s", out, t, q).isEqualTo(whole.outputValue(out, t));
                }
            }
        }
    }
}
