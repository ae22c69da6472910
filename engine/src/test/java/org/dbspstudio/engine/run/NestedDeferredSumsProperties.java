package org.dbspstudio.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.EdgeToggles;
import org.dbspstudio.engine.bench.Closure;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.rewrite.Incrementalizer;

/**
 * Inner running sums of nested circuits run without a trace defer their additions from the second
 * tick of each outer step on ({@code Clocked.Integrate.deferInner}). Graphs large enough that those
 * sums outgrow a flat table (so additions really are deferred, in chains), toggled at random: the
 * closure of the incremental circuit, with delta tracking (where the closure's {@code all_I} is read
 * by nobody after the first step) and without it, and a snapshot closure that also reads an inner
 * running sum's whole value at every tick, must equal a breadth-first search at every step.
 */
class NestedDeferredSumsProperties {

    /** A first step of many edges among {@code nodes} (edge e is (e / nodes, e % nodes)), then small steps of toggles. */
    record Graph(int nodes, List<List<Long>> toggles) {
    }

    @Provide
    Arbitrary<Graph> graphs() {
        return Arbitraries.integers().between(60, 90).flatMap(n -> {
            Arbitrary<Long> edge = Arbitraries.longs().between(0, (long) n * n - 1);
            Arbitrary<List<Long>> load = edge.list().ofMinSize(2 * n).ofMaxSize(3 * n);
            Arbitrary<List<List<Long>>> later = edge.list().ofMinSize(0).ofMaxSize(8).list().ofMinSize(1).ofMaxSize(6);
            return Combinators.combine(load, later).as((l, rest) -> {
                List<List<Long>> all = new ArrayList<>();
                all.add(l);
                all.addAll(rest);
                return new Graph(n, all);
            });
        });
    }

    @Property(tries = 12)
    void theIncrementalClosureWithoutATraceEqualsBfs(@ForAll("graphs") Graph g) throws Exception {
        Circuit inc = Incrementalizer.incrementalize(Closure.transitiveClosure()).incremental();
        EdgeToggles toggled = EdgeToggles.of(g.toggles(), g.nodes());
        Scenario sc = new Scenario().put("edges", toggled.steps());
        for (boolean tracking : new boolean[] {true, false}) {
            Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT.withRecordTrace(false).withDeltaTracking(tracking));
            sim.setScenario(sc);
            ZSet acc = ZSet.EMPTY;
            for (int t = 0; t < g.toggles().size(); t++) {
                sim.step();
                acc = acc.plus((ZSet) sim.lastOutputs().get("reach"));
                ZSet.Builder expected = ZSet.builder();
                toggled.closures().get(t).forEach(r -> expected.add(r, 1));
                assertThat(acc).as("delta tracking %s, step %d", tracking, t).isEqualTo(expected.build());
            }
        }
    }

    /**
     * The snapshot closure with a second way out of its loop that reads an inner running sum at every
     * tick: {@code acc = I(D(o))} (the paths found so far, o itself), then {@code ∫ D(distinct(acc))}.
     * Without delta tracking the distinct reads acc's whole value, the sum deferred from tick 1 on.
     */
    private static Circuit closureReadingAnInnerSum() {
        Circuit c = Closure.transitiveClosure();
        Circuit inner = c.op("tc").child();
        inner.add(Operator.of("newAgain", OpKind.DIFFERENTIATE));
        inner.add(Operator.of("acc", OpKind.INTEGRATE));
        inner.add(Operator.of("accSet", OpKind.DISTINCT));
        inner.add(Operator.of("accNew", OpKind.DIFFERENTIATE));
        inner.add(Operator.of("leave2", OpKind.INTEGRAL, "port", "closure2"));
        inner.connect("o.out", "newAgain.in").connect("newAgain.out", "acc.in").connect("acc.out", "accSet.in")
                .connect("accSet.out", "accNew.in").connect("accNew.out", "leave2.in");
        c.add(Operator.of("reach2", OpKind.OUTPUT, "name", "reach2"));
        c.connect("tc.closure2", "reach2.in");
        return c;
    }

    @Property(tries = 6)
    void aSnapshotClosureReadingAnInnerSumWithoutATraceEqualsBfs(@ForAll("graphs") Graph g) throws Exception {
        EdgeToggles toggled = EdgeToggles.of(g.toggles(), g.nodes());
        Circuit c = closureReadingAnInnerSum();
        for (boolean tracking : new boolean[] {true, false}) {
            Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT.withRecordTrace(false).withDeltaTracking(tracking));
            sim.setScenario(new Scenario().put("edges", toggled.steps()));
            for (int t = 0; t < g.toggles().size(); t++) {
                sim.step();
                ZSet.Builder expected = ZSet.builder();
                toggled.closures().get(t).forEach(r -> expected.add(r, 1));
                ZSet bfs = expected.build();
                assertThat((ZSet) sim.lastOutputs().get("reach")).as("delta tracking %s, step %d", tracking, t).isEqualTo(bfs);
                assertThat((ZSet) sim.lastOutputs().get("reach2")).as("delta tracking %s, step %d", tracking, t).isEqualTo(bfs);
            }
        }
    }
}
