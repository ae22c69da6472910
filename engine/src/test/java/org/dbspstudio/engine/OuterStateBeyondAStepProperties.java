package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.WeightMaps.plus;
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
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Outer-clock state of streams entering a nested circuit through δ₀ — non-zero at inner iteration 0
 * only — across outer steps of different loop lengths, including steps whose loop reaches its
 * fixpoint at iteration 0 (nothing in the loop but δ₀ inputs summed or differenced over the outer
 * clock). Beyond the iterations a step ran, outer-clock state repeats the step's last value; such a
 * stream's value at iteration 0 must not be repeated at later iterations, where it is zero.
 *
 * <p>The circuit has no join (so nothing {@code run.InnerSupport} proves zero): {@code x} is summed
 * ({@code I_outer}), delayed ({@code z⁻¹_outer}), summed over the inner clock and over the outer clock
 * again, and collected by a ∫; {@code y} is differenced over the outer clock ({@code D_outer}) and
 * collected by a ∫; a naive closure of a chain of random length (zero included) sets the loop's
 * length. Oracle: every stream's value at every (step, iteration) the loop ran, and every output,
 * computed from the definitions with plain maps of row → weight ({@code δ₀ x(t, j)} is {@code x(t)}
 * at {@code j = 0} and zero after, {@code I_outer s(t, j) = Σ_{t' ≤ t} s(t', j)},
 * {@code z⁻¹_outer s(t, j) = s(t − 1, j)}, {@code D_outer s(t, j) = s(t, j) − s(t − 1, j)}).
 */
class OuterStateBeyondAStepProperties {

    static final StreamType ROWS = TestCircuits.zset("k", SqlType.BIGINT, "v", SqlType.BIGINT);

    /** One outer step: x's change (codes k·3 + w': row (k, 0) with weight w' − 1), y's change (one of a few), the chain's length. */
    record Step(List<Integer> x, int y, int chain) {
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<List<Integer>> codes = Arbitraries.integers().between(0, 14).list().ofMaxSize(4);
        // chains of length 0 most often: a step whose loop may stop at iteration 0
        Arbitrary<Integer> chain = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.just(0)), net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(1, 4)));
        return Combinators.combine(codes, Arbitraries.integers().between(0, 2), chain).as(Step::new)
                .list().ofMinSize(2).ofMaxSize(8);
    }

    static Circuit circuit() {
        Circuit inner = TestCircuits.circuit(Circuit.InputMode.CHANGES,
                op("dx", OpKind.DELTA0, "port", "x"), op("ix", OpKind.INTEGRATE, "clock", "outer"),
                op("zx", OpKind.DELAY, "clock", "outer"), op("izx", OpKind.INTEGRATE),
                op("oizx", OpKind.INTEGRATE, "clock", "outer"), op("seen", OpKind.INTEGRAL, "port", "seen"),
                op("dy", OpKind.DELTA0, "port", "y"), op("Dy", OpKind.DIFFERENTIATE, "clock", "outer"),
                op("dseen", OpKind.INTEGRAL, "port", "dseen"),
                // o = distinct(E + π(E ⋈ z⁻¹ o)) over the step's chain, naive
                op("d0", OpKind.DELTA0, "port", "e"), op("ie", OpKind.INTEGRATE), op("zo", OpKind.DELAY),
                op("j", OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"),
                        "projection", TestCircuits.named("src", "l.src", "dst", "r.dst")),
                op("u", OpKind.PLUS), op("o", OpKind.DISTINCT), op("D", OpKind.DIFFERENTIATE),
                op("int", OpKind.INTEGRAL, "port", "closure"));
        inner.connect("dx.out", "ix.in").connect("ix.out", "zx.in").connect("zx.out", "izx.in")
                .connect("izx.out", "oizx.in").connect("zx.out", "seen.in")
                .connect("dy.out", "Dy.in").connect("Dy.out", "dseen.in")
                .connect("d0.out", "ie.in").connect("ie.out", "j.left").connect("zo.out", "j.right")
                .connect("ie.out", "u.a").connect("j.out", "u.b").connect("u.out", "o.in").connect("o.out", "zo.in")
                .connect("o.out", "D.in").connect("D.out", "int.in");
        Circuit c = TestCircuits.circuit(Circuit.InputMode.CHANGES, TestCircuits.input("x", "x", ROWS),
                TestCircuits.input("y", "y", ROWS), TestCircuits.input("edges", "edges", NestedCircuitTest.EDGES),
                Operator.nested("n", inner, "maxIterations", 40L), TestCircuits.output("oseen", "seen"),
                TestCircuits.output("odseen", "dseen"), TestCircuits.output("oclosure", "closure"));
        c.connect("x.out", "n.x").connect("y.out", "n.y").connect("edges.out", "n.e")
                .connect("n.seen", "oseen.in").connect("n.dseen", "odseen.in").connect("n.closure", "oclosure.in");
        return c;
    }

    @Property(tries = 150)
    void deltaZeroInputsOverTheOuterClockMatchTheirDefinitions(@ForAll("steps") List<Step> steps) throws Exception {
        Circuit c = circuit();
        List<StepData> xs = new ArrayList<>();
        List<StepData> ys = new ArrayList<>();
        List<StepData> es = new ArrayList<>();
        List<Map<Row, Long>> x = new ArrayList<>();
        List<Map<Row, Long>> y = new ArrayList<>();
        for (Step st : steps) {
            x.add(decode(st.x()));
            y.add(ySet(st.y()));
            xs.add(StepData.rows(changes(x.get(x.size() - 1))));
            ys.add(StepData.rows(changes(y.get(y.size() - 1))));
            List<Change> chain = new ArrayList<>();
            for (long n = 0; n < st.chain(); n++) {
                chain.add(new Change(Row.of(n, n + 1), 1));
            }
            es.add(StepData.rows(chain));
        }
        Scenario sc = new Scenario().put("x", xs).put("y", ys).put("edges", es);
        for (EngineOptions options : List.of(EngineOptions.DEFAULT, EngineOptions.DEFAULT.withDeltaTracking(false),
                EngineOptions.DEFAULT.withRecordTrace(false))) {
            Simulation sim = Simulation.compile(c, options);
            sim.setScenario(sc);
            Map<Row, Long> xSum = new HashMap<>(); // X(t) = Σ_{t' ≤ t} x(t')
            Map<Row, Long> xBefore = new HashMap<>(); // X(t − 1)
            Map<Row, Long> sums = new HashMap<>(); // Σ_{t' ≤ t} X(t' − 1)
            Map<Row, Long> yBefore = new HashMap<>();
            for (int t = 0; t < steps.size(); t++) {
                String at = options + ", step " + t;
                sim.step();
                xBefore = xSum;
                xSum = plus(xSum, x.get(t), 1);
                sums = plus(sums, xBefore, 1);
                Map<Row, Long> dy = plus(y.get(t), yBefore, -1);
                yBefore = y.get(t);
                Map<String, StreamValue> out = sim.lastOutputs();
                // ∫ over the iterations: the value at iteration 0 (izx and oizx are constant over the
                // iterations, so the ∫ of oizx is not collected: it would never converge)
                assertThat(rows(out.get("seen"))).as("seen, %s", at).isEqualTo(xBefore);
                assertThat(rows(out.get("dseen"))).as("dseen, %s", at).isEqualTo(dy);
                assertThat(rows(out.get("closure"))).as("closure, %s", at).isEqualTo(chainClosure(steps.get(t).chain()));
                if (!options.recordTrace()) {
                    continue;
                }
                int its = sim.trace().iterations("n", t);
                for (int j = 0; j < its; j++) {
                    String where = at + ", iteration " + j + " of " + its;
                    Map<Row, Long> none = Map.of();
                    assertThat(value(sim, "dx", t, j)).as("δ₀ x, %s", where).isEqualTo(j == 0 ? x.get(t) : none);
                    assertThat(value(sim, "ix", t, j)).as("I_outer δ₀ x, %s", where).isEqualTo(j == 0 ? xSum : none);
                    assertThat(value(sim, "zx", t, j)).as("z⁻¹_outer I_outer δ₀ x, %s", where).isEqualTo(j == 0 ? xBefore : none);
                    assertThat(value(sim, "izx", t, j)).as("I z⁻¹_outer I_outer δ₀ x, %s", where).isEqualTo(xBefore);
                    assertThat(value(sim, "oizx", t, j)).as("I_outer I z⁻¹_outer I_outer δ₀ x, %s", where).isEqualTo(sums);
                    assertThat(value(sim, "Dy", t, j)).as("D_outer δ₀ y, %s", where).isEqualTo(j == 0 ? dy : none);
                }
            }
        }
    }

    private static Map<Row, Long> value(Simulation sim, String op, int t, int j) {
        return rows(sim.trace().value(op, "out", t, j));
    }

    /** The pairs (a, b), a < b, of the chain 0 → 1 → … → n. */
    private static Map<Row, Long> chainClosure(int n) {
        Map<Row, Long> m = new HashMap<>();
        for (long a = 0; a < n; a++) {
            for (long b = a + 1; b <= n; b++) {
                m.put(Row.of(a, b), 1L);
            }
        }
        return m;
    }

    private static Map<Row, Long> ySet(int which) {
        Map<Row, Long> m = new HashMap<>();
        if (which == 1) {
            m.put(Row.of(1L, 1L), 1L);
        } else if (which == 2) {
            m.put(Row.of(1L, 1L), -1L);
            m.put(Row.of(2L, 1L), 2L);
        }
        return m;
    }

    private static Map<Row, Long> decode(List<Integer> codes) {
        Map<Row, Long> m = new HashMap<>();
        for (int code : codes) {
            m.merge(Row.of((long) (code / 3), 0L), (long) (code % 3) - 1, Long::sum);
        }
        m.values().removeIf(w -> w == 0);
        return m;
    }

    private static List<Change> changes(Map<Row, Long> m) {
        List<Change> out = new ArrayList<>();
        m.forEach((r, w) -> out.add(new Change(r, w)));
        return out;
    }
}
