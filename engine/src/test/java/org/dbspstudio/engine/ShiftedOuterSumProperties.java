package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.WeightMaps.rows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.bench.Closure;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;

/**
 * The closure's {@code zo_I_2} — the outer sum of the inner {@code z⁻¹} of the outer {@code D} of
 * {@code H}'s output — is computed as {@code H}'s output one iteration earlier ({@code
 * ops.ShiftedOuterSum}). On graphs large enough that its values outgrow small tables (so they are
 * {@code H}'s values read from its trace), toggled at random, with a trace recorded, its value at every
 * (step, iteration) must equal its definition computed with plain maps from its input's recorded
 * values, {@code Σ_{t' ≤ t} in(t', min(j, n(t') − 1))} ({@code n(t)} the iterations step t ran), and
 * the closure must equal a breadth-first search; where the first step left a value of more than
 * 1,024 rows, the next step's value there must be read from {@code H}'s trace (the rewrite is used).
 */
class ShiftedOuterSumProperties {

    record Graph(int nodes, List<List<Long>> toggles) {
    }

    @Provide
    Arbitrary<Graph> graphs() {
        // the first step's edges drawn uniformly from a seed (jqwik's own numbers favour small values,
        // which piles the edges on a few nodes and keeps the closure small)
        Arbitrary<Integer> nodes = Arbitraries.integers().between(100, 120);
        Arbitrary<Long> seeds = Arbitraries.longs();
        Arbitrary<List<List<Long>>> later = Arbitraries.longs().between(0, 90L * 90 - 1).list().ofMinSize(0).ofMaxSize(6)
                .list().ofMinSize(1).ofMaxSize(4);
        return Combinators.combine(nodes, seeds, later).as((n, seed, rest) -> {
            java.util.Random rnd = new java.util.Random(seed);
            List<Long> load = new ArrayList<>();
            for (int k = 0; k < 2 * n + rnd.nextInt(n); k++) {
                load.add((long) rnd.nextInt(n * n));
            }
            List<List<Long>> all = new ArrayList<>();
            all.add(load);
            all.addAll(rest);
            return new Graph(n, all);
        });
    }

    @Property(tries = 5)
    void theShiftedSumMatchesItsDefinition(@ForAll("graphs") Graph g) throws Exception {
        Circuit inc = Incrementalizer.incrementalize(Closure.transitiveClosure()).incremental();
        Operator nested = inc.operatorsOfKind(OpKind.NESTED).get(0);
        Circuit inner = nested.child();
        Map<PortRef, PortRef> feeder = new HashMap<>();
        inner.streams().forEach(s -> feeder.put(s.to(), s.from()));
        List<Operator> shifted = new ArrayList<>();
        for (Operator op : inner.operators()) {
            if (op.kind() == OpKind.INTEGRATE && op.clock() == Clock.OUTER) {
                Operator z = inner.op(feeder.get(new PortRef(op.id(), "in")).op());
                if (z.kind() == OpKind.DELAY && z.clock() == Clock.INNER) {
                    Operator d = inner.op(feeder.get(new PortRef(z.id(), "in")).op());
                    if (d.kind() == OpKind.DIFFERENTIATE && d.clock() == Clock.OUTER) {
                        shifted.add(op);
                    }
                }
            }
        }
        assertThat(shifted).as("outer sums of z⁻¹(D_outer(x))").hasSize(1);
        Operator sum = shifted.get(0);
        PortRef from = feeder.get(new PortRef(sum.id(), "in"));
        EdgeToggles toggled = EdgeToggles.of(g.toggles(), g.nodes());
        Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("edges", toggled.steps()));
        List<Integer> n = new ArrayList<>();
        ZSet closure = ZSet.EMPTY;
        int fromTrace = 0;
        int largestFirst = 0;
        for (int t = 0; t < g.toggles().size(); t++) {
            sim.step();
            n.add(sim.trace().iterations(nested.id(), t));
            for (int j = 0; j < n.get(t); j++) {
                Map<Row, Long> want = new HashMap<>();
                for (int u = 0; u <= t; u++) {
                    ZSet in = (ZSet) sim.trace().value(from.op(), from.port(), u, Math.min(j, n.get(u) - 1));
                    in.forEach((r, w) -> want.merge(r, w, Long::sum));
                    want.values().removeIf(w -> w == 0);
                }
                ZSet got = (ZSet) sim.trace().value(sum.id(), "out", t, j);
                String at = sum.id() + ", step " + t + ", iteration " + j + " of " + n.get(t);
                assertThat(rows(got)).as(at).isEqualTo(want);
                assertThat(got.size()).as("its number of rows, %s", at).isEqualTo(want.size());
                fromTrace += got.accumulated() ? 1 : 0;
                largestFirst = t == 0 ? Math.max(largestFirst, want.size()) : largestFirst;
            }
            closure = closure.plus((ZSet) sim.lastOutputs().get("reach"));
            ZSet.Builder bfs = ZSet.builder();
            toggled.closures().get(t).forEach(r -> bfs.add(r, 1));
            assertThat(closure).as("closure after step %d", t).isEqualTo(bfs.build());
        }
        if (g.toggles().size() > 1 && largestFirst > 1024) {
            // the next step's value at that iteration: a large table as its basis, so H's value is taken
            assertThat(fromTrace).as("values of %s read from H's trace", sum.id()).isPositive();
        }
    }
}
