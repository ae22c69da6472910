package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * {@code H}'s own output at every (outer step, inner iteration) of the incremental closure — the
 * per-iteration values it keeps in a nested-time trace from step to step, corrected by its outer
 * change — against the same circuit run with change tracking off, where {@code H} is computed from
 * whole values at every iteration: row by row, as a plain map of row → weight. Random edge toggles
 * among few nodes make loops run fewer iterations than the step before and then more again, so
 * iterations the previous step did not reach are read (the stored outputs there must have been
 * cleared: the closure built from the output changes does not see them, these values do).
 */
class HOutputsProperties {

    @Provide
    Arbitrary<List<List<Long>>> toggles() {
        // each step toggles up to 5 edges among 6 nodes (insert if absent, delete if present)
        return Arbitraries.longs().between(0, 35).list().ofMaxSize(5).list().ofMinSize(1).ofMaxSize(10);
    }

    @Property(tries = 120)
    void hOutputsPerIterationEqualTheUntrackedOnes(@ForAll("toggles") List<List<Long>> toggles) throws Exception {
        Circuit inc = Incrementalizer.incrementalize(NestedCircuitTest.naive()).incremental();
        List<org.dbspstudio.model.Operator> hs = inc.op("tc").child().operatorsOfKind(OpKind.H);
        assertThat(hs).hasSize(1);
        String h = hs.get(0).id();
        Scenario s = new Scenario().put("edges", EdgeToggles.of(toggles, 6).steps());
        Simulation tracked = Simulation.compile(inc, EngineOptions.DEFAULT);
        Simulation untracked = Simulation.compile(inc, EngineOptions.DEFAULT.withDeltaTracking(false));
        tracked.setScenario(s);
        untracked.setScenario(s);
        for (int t = 0; t < toggles.size(); t++) {
            tracked.step();
            untracked.step();
            int its = tracked.trace().iterations("tc", t);
            assertThat(untracked.trace().iterations("tc", t)).as("iterations of step %d", t).isEqualTo(its);
            for (int j = 0; j < its; j++) {
                Map<Row, Long> want = rows((ZSet) untracked.trace().value(h, "out", t, j));
                Map<Row, Long> got = rows((ZSet) tracked.trace().value(h, "out", t, j));
                assertThat(got).as("H's output at step %d, iteration %d", t, j).isEqualTo(want);
                assertThat(((ZSet) tracked.trace().value(h, "out", t, j)).size()).as("its size").isEqualTo(want.size());
            }
        }
    }

    /**
     * A nested circuit where {@code H} is fed the outer sums of two inputs that are constant over the
     * inner iterations (so its output is the same, non-zero, at every iteration) and the loop's
     * length is set by a chain of edges of random length per step: a step that runs fewer
     * iterations than the one before leaves outputs stored at iterations it did not reach, and the
     * next, longer step reads those iterations. Oracle: {@code h} of the two inputs' sums, from
     * plain maps of row → weight, at every iteration of every step.
     */
    @Property(tries = 80)
    void hOutputsBeyondAShorterStepEqualHOfTheSums(@ForAll("hSteps") List<HStep> steps) throws Exception {
        StreamType rows = TestCircuits.zset("k", SqlType.BIGINT, "v", SqlType.BIGINT);
        Circuit inner = TestCircuits.circuit(Circuit.InputMode.CHANGES,
                TestCircuits.op("da", OpKind.DELTA0, "port", "a"), TestCircuits.op("ia", OpKind.INTEGRATE),
                TestCircuits.op("oa", OpKind.INTEGRATE, "clock", "outer"),
                TestCircuits.op("db", OpKind.DELTA0, "port", "b"), TestCircuits.op("ib", OpKind.INTEGRATE),
                TestCircuits.op("ob", OpKind.INTEGRATE, "clock", "outer"), TestCircuits.op("h", OpKind.H),
                // the closure of the step's chain, naive: it runs as many iterations as the chain is long
                TestCircuits.op("d0", OpKind.DELTA0, "port", "e"), TestCircuits.op("ie", OpKind.INTEGRATE),
                TestCircuits.op("zo", OpKind.DELAY),
                TestCircuits.op("j", OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"),
                        "projection", TestCircuits.named("src", "l.src", "dst", "r.dst")),
                TestCircuits.op("u", OpKind.PLUS), TestCircuits.op("o", OpKind.DISTINCT),
                TestCircuits.op("D", OpKind.DIFFERENTIATE), TestCircuits.op("int", OpKind.INTEGRAL, "port", "closure"));
        inner.connect("da.out", "ia.in").connect("ia.out", "oa.in").connect("oa.out", "h.integrated")
                .connect("db.out", "ib.in").connect("ib.out", "ob.in").connect("ob.out", "h.delta")
                .connect("d0.out", "ie.in").connect("ie.out", "j.left").connect("zo.out", "j.right")
                .connect("ie.out", "u.a").connect("j.out", "u.b").connect("u.out", "o.in").connect("o.out", "zo.in")
                .connect("o.out", "D.in").connect("D.out", "int.in");
        Circuit c = TestCircuits.circuit(Circuit.InputMode.CHANGES, TestCircuits.input("a", "a", rows),
                TestCircuits.input("b", "b", rows), TestCircuits.input("edges", "edges", NestedCircuitTest.EDGES),
                org.dbspstudio.model.Operator.nested("tc", inner), TestCircuits.output("out", "closure"));
        c.connect("a.out", "tc.a").connect("b.out", "tc.b").connect("edges.out", "tc.e").connect("tc.closure", "out.in");
        List<StepData> as = new ArrayList<>();
        List<StepData> bs = new ArrayList<>();
        List<StepData> es = new ArrayList<>();
        for (HStep st : steps) {
            as.add(StepData.rows(changes(st.a())));
            bs.add(StepData.rows(changes(st.b())));
            List<Change> chain = new ArrayList<>();
            for (long n = 0; n < st.chain(); n++) {
                chain.add(new Change(Row.of(n, n + 1), 1));
            }
            es.add(StepData.rows(chain));
        }
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(new Scenario().put("a", as).put("b", bs).put("edges", es));
        Map<Row, Long> sumA = new HashMap<>();
        Map<Row, Long> sumB = new HashMap<>();
        for (int t = 0; t < steps.size(); t++) {
            sim.step();
            for (Change ch : changes(steps.get(t).a())) {
                sumA.merge(ch.row(), ch.weight(), Long::sum);
            }
            for (Change ch : changes(steps.get(t).b())) {
                sumB.merge(ch.row(), ch.weight(), Long::sum);
            }
            Map<Row, Long> want = new HashMap<>();
            java.util.Set<Row> keys = new java.util.HashSet<>(sumA.keySet());
            keys.addAll(sumB.keySet());
            for (Row x : keys) {
                int v = h(sumA.getOrDefault(x, 0L), sumB.getOrDefault(x, 0L));
                if (v != 0) {
                    want.put(x, (long) v);
                }
            }
            int its = sim.trace().iterations("tc", t);
            for (int j = 0; j < its; j++) {
                ZSet got = (ZSet) sim.trace().value("h", "out", t, j);
                assertThat(rows(got)).as("H's output at step %d, iteration %d of %d", t, j, its).isEqualTo(want);
                assertThat(got.size()).as("its size").isEqualTo(want.size());
            }
        }
    }

    /** H's weight at a row whose integrated weight is i and change d. */
    private static int h(long i, long d) {
        long now = i + d;
        return i > 0 && now <= 0 ? -1 : i <= 0 && now > 0 ? 1 : 0;
    }

    /** One step: the changes to a and b (each number k·3 + w': row (k, 0) with weight w' − 1), the chain's length. */
    record HStep(List<Integer> a, List<Integer> b, int chain) {
    }

    private static List<Change> changes(List<Integer> codes) {
        Map<Row, Long> m = new HashMap<>();
        for (int code : codes) {
            m.merge(Row.of((long) (code / 3), 0L), (long) (code % 3) - 1, Long::sum);
        }
        List<Change> out = new ArrayList<>();
        m.forEach((r, w) -> {
            if (w != 0) {
                out.add(new Change(r, w));
            }
        });
        return out;
    }

    @Provide
    Arbitrary<List<HStep>> hSteps() {
        Arbitrary<List<Integer>> codes = Arbitraries.integers().between(0, 23).list().ofMaxSize(6);
        return Combinators.combine(codes, codes, Arbitraries.integers().between(0, 6)).as(HStep::new)
                .list().ofMinSize(2).ofMaxSize(10);
    }

    /** The value's rows and weights, read one by one (not through its size or its equality). */
    private static Map<Row, Long> rows(ZSet z) {
        Map<Row, Long> m = new HashMap<>();
        z.forEach((r, w) -> {
            if (w != 0) {
                m.merge(r, w, Long::sum);
            }
        });
        m.values().removeIf(w -> w == 0);
        return m;
    }
}
