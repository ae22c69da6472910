package org.dbspstudio.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.EdgeToggles;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * Joins of a nested circuit that its wiring proves zero at every inner tick, and the operators only
 * they read, which a run that records no trace does not evaluate ({@link InnerSupport}): which ones
 * are found in the incremental closure, and that runs with and without them agree with each other
 * and with the closure recomputed by breadth-first search.
 */
class InnerSupportProperties {

    private static Circuit incrementalClosure() {
        Circuit closure = FixtureDocuments.read(FixtureDocuments.TRANSITIVE_CLOSURE, DocumentReader::read).document().circuit();
        return Incrementalizer.incrementalize(closure).incremental();
    }

    private static Circuit child(Circuit c) {
        return c.operatorsOfKind(OpKind.NESTED).get(0).child();
    }

    private static Map<PortRef, PortRef> feeder(Circuit c) {
        Map<PortRef, PortRef> f = new HashMap<>();
        c.streams().forEach(s -> f.put(s.to(), s.from()));
        return f;
    }

    private static Operator source(Circuit c, Map<PortRef, PortRef> feeder, Operator op, String port) {
        return c.op(feeder.get(new PortRef(op.id(), port)).op());
    }

    @Test
    void theClosureJoinsOfEdgesEnteringAtIterationZeroWithTheClosureSoFarAreZero() {
        Circuit inner = child(incrementalClosure());
        Map<PortRef, PortRef> feeder = feeder(inner);
        List<Operator> ops = new ArrayList<>(inner.operators());
        Set<String> zero = InnerSupport.zeroJoins(inner, ops, feeder);
        assertThat(zero).as("two of the four joins of the semi-naive closure").hasSize(2);
        Map<String, InnerSupport.Support> sup = InnerSupport.supports(inner, ops, feeder, true);
        Map<String, InnerSupport.Support> anyLength = InnerSupport.supports(inner, ops, feeder, false);
        List<String> unreadExpected = new ArrayList<>();
        for (String id : zero) {
            Operator join = inner.op(id);
            // ΔE entering through δ₀ (directly, or through outer sums and delays), non-zero at iteration 0
            // only, against the closure so far (I(z⁻¹ Δo), or its outer sum), zero at iteration 0
            Operator right = source(inner, feeder, join, "right");
            Operator left = source(inner, feeder, join, "left");
            assertThat(sup.get(right.id())).isEqualTo(InnerSupport.Support.ONLY_FIRST);
            assertThat(sup.get(left.id())).isEqualTo(InnerSupport.Support.NOT_FIRST);
            assertThat(left.kind()).isEqualTo(OpKind.INTEGRATE);
            if (right.kind() != OpKind.DELTA0) {
                // through outer-clock state only when every outer step runs two iterations: a step of one
                // would make that state repeat iteration 0's value at later iterations
                assertThat(right.clock()).isEqualTo(Clock.OUTER);
                assertThat(anyLength.get(right.id())).isEqualTo(InnerSupport.Support.ANY);
            }
            unreadExpected.add(left.id());
        }
        // the sums read only by those joins (the closure so far, inner and outer; the edges' outer sums)
        // are not evaluated when no trace is recorded: operators all of whose readers are such joins
        // or such operators, never a δ₀, a ∫ or an inner z⁻¹ (whose settling ends the loop)
        Set<String> unread = InnerSupport.unread(inner, ops, zero);
        assertThat(unread).containsAll(unreadExpected);
        for (String id : unread) {
            Operator op = inner.op(id);
            assertThat(op.kind()).isNotIn(OpKind.DELTA0, OpKind.INTEGRAL);
            assertThat(op.kind() == OpKind.DELAY && op.clock() == Clock.INNER).isFalse();
            assertThat(inner.streamsFrom(id)).isNotEmpty().allSatisfy(st ->
                    assertThat(zero.contains(st.to().op()) || unread.contains(st.to().op())).isTrue());
        }
    }

    /**
     * A nested circuit whose first outer step reaches its fixpoint at iteration 0 while a δ₀ input
     * summed over the outer clock is not zero there: {@code I(z⁻¹ δ₀ y) ⋈ z⁻¹_outer(I_outer(δ₀ x))} is
     * zero at every iteration (the left side at iteration 0, the right side after it), but with one
     * iteration run, the outer sum of x would repeat iteration 0's value at iteration 1 of the next
     * step (and a ∫ of that sum would never see zero). The circuit runs two iterations per step, so
     * the join is zero and the sum is x's at iteration 0 only, with a trace and without.
     */
    @Test
    void aStepOfOneIterationDoesNotLetOuterStateRepeatIterationZero() throws Exception {
        org.dbspstudio.model.types.StreamType pair = org.dbspstudio.model.types.StreamType.zset(
                org.dbspstudio.model.types.RowSchema.of(
                        org.dbspstudio.model.types.Column.of("src", org.dbspstudio.model.types.SqlType.BIGINT),
                        org.dbspstudio.model.types.Column.of("dst", org.dbspstudio.model.types.SqlType.BIGINT)));
        Circuit inner = new Circuit();
        inner.add(Operator.of("a", OpKind.DELTA0, "port", "x"));
        inner.add(Operator.of("aI", OpKind.INTEGRATE, "clock", "outer"));
        inner.add(Operator.of("aIz", OpKind.DELAY, "clock", "outer"));
        inner.add(Operator.of("b", OpKind.DELTA0, "port", "y"));
        inner.add(Operator.of("bz", OpKind.DELAY));
        inner.add(Operator.of("bzI", OpKind.INTEGRATE));
        inner.add(Operator.of("j", OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"),
                "projection", List.of(new org.dbspstudio.model.NamedExpr("src", "l.src"),
                        new org.dbspstudio.model.NamedExpr("dst", "r.dst"))));
        inner.add(Operator.of("leave", OpKind.INTEGRAL, "port", "out"));
        inner.add(Operator.of("peek", OpKind.INTEGRAL, "port", "seen"));
        inner.connect("a.out", "aI.in").connect("aI.out", "aIz.in").connect("b.out", "bz.in").connect("bz.out", "bzI.in")
                .connect("bzI.out", "j.left").connect("aIz.out", "j.right").connect("j.out", "leave.in")
                .connect("aIz.out", "peek.in");
        Circuit c = new Circuit();
        c.add(Operator.of("x", OpKind.INPUT, "name", "x", "type", pair));
        c.add(Operator.of("y", OpKind.INPUT, "name", "y", "type", pair));
        c.add(Operator.nested("n", inner, "maxIterations", 100L));
        c.add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        c.add(Operator.of("seen", OpKind.OUTPUT, "name", "seen"));
        c.connect("x.out", "n.x").connect("y.out", "n.y").connect("n.out", "o.in").connect("n.seen", "seen.in");
        c.setInputMode(Circuit.InputMode.CHANGES);
        assertThat(InnerSupport.zeroJoins(inner, new ArrayList<>(inner.operators()), feeder(inner))).containsExactly("j");
        Scenario sc = new Scenario()
                .put("x", List.of(org.dbspstudio.model.StepData.rows(List.of(new org.dbspstudio.model.Change(Row.of(2L, 7L), 1))),
                        org.dbspstudio.model.StepData.rows(List.of()), org.dbspstudio.model.StepData.rows(List.of())))
                .put("y", List.of(org.dbspstudio.model.StepData.rows(List.of()),
                        org.dbspstudio.model.StepData.rows(List.of(new org.dbspstudio.model.Change(Row.of(1L, 2L), 1))),
                        org.dbspstudio.model.StepData.rows(List.of(new org.dbspstudio.model.Change(Row.of(3L, 2L), 1)))));
        for (EngineOptions options : List.of(EngineOptions.DEFAULT, EngineOptions.DEFAULT.withRecordTrace(false))) {
            Simulation sim = Simulation.compile(c, options);
            sim.setScenario(sc);
            for (int t = 0; t < 3; t++) {
                sim.step();
                assertThat((ZSet) sim.lastOutputs().get("o")).as("step %d", t).isEqualTo(ZSet.EMPTY);
                // Σ_j z⁻¹_outer(I_outer(δ₀ x)) at (t, j): x's sum before step t, at iteration 0 only
                assertThat((ZSet) sim.lastOutputs().get("seen")).as("step %d", t)
                        .isEqualTo(t == 0 ? ZSet.EMPTY : ZSet.of(Row.of(2L, 7L), 1));
            }
        }
    }

    @Test
    void supportsCombineAsTheTicksTheyMayBeNonZeroAt() {
        InnerSupport.Support z = InnerSupport.Support.ZERO;
        InnerSupport.Support f = InnerSupport.Support.ONLY_FIRST;
        InnerSupport.Support n = InnerSupport.Support.NOT_FIRST;
        InnerSupport.Support a = InnerSupport.Support.ANY;
        assertThat(f.meet(n)).isEqualTo(z);
        assertThat(n.meet(f)).isEqualTo(z);
        assertThat(f.meet(a)).isEqualTo(f);
        assertThat(a.meet(n)).isEqualTo(n);
        assertThat(f.meet(f)).isEqualTo(f);
        assertThat(z.meet(a)).isEqualTo(z);
        assertThat(f.join(n)).isEqualTo(a);
        assertThat(z.join(n)).isEqualTo(n);
        assertThat(f.join(z)).isEqualTo(f);
        assertThat(a.join(z)).isEqualTo(a);
    }

    @Provide
    Arbitrary<List<List<Long>>> toggles() {
        // up to 6 edges among 7 nodes toggled per step; empty steps too (a step of one iteration)
        return Arbitraries.longs().between(0, 48).list().ofMaxSize(6).list().ofMinSize(1).ofMaxSize(10);
    }

    @Property(tries = 80)
    void theClosureWithoutTheZeroJoinsEqualsBfsAndTheRecordedRun(@ForAll("toggles") List<List<Long>> toggles) throws Exception {
        Circuit inc = incrementalClosure();
        EdgeToggles toggled = EdgeToggles.of(toggles, 7);
        Simulation pruned = Simulation.compile(inc, EngineOptions.DEFAULT.withRecordTrace(false));
        Simulation recorded = Simulation.compile(inc, EngineOptions.DEFAULT);
        Scenario sc = new Scenario().put("edges", toggled.steps());
        pruned.setScenario(sc);
        recorded.setScenario(sc);
        ZSet acc = ZSet.EMPTY;
        for (int t = 0; t < toggles.size(); t++) {
            pruned.step();
            recorded.step();
            ZSet change = (ZSet) pruned.lastOutputs().get("reach");
            assertThat(change).as("step %d", t).isEqualTo(recorded.lastOutputs().get("reach"));
            ZSet.Builder expected = ZSet.builder();
            toggled.closures().get(t).forEach(r -> expected.add(r, 1));
            acc = acc.plus(change);
            assertThat(acc).as("step %d", t).isEqualTo(expected.build());
        }
    }

    /** Every sample with a nested circuit, incrementalized: the same outputs at every step with and without a trace. */
    @Test
    void recursiveSamplesGiveTheSameOutputsWithoutATrace() throws Exception {
        List<Path> docs = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("../samples"))) {
            s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(docs::add);
        }
        int nestedSeen = 0;
        for (Path p : docs) {
            CircuitDocument doc = DocumentReader.read(p).document();
            Circuit c = doc.circuit();
            if (c.operatorsOfKind(OpKind.NESTED).isEmpty()) {
                continue;
            }
            Circuit inc = c.inputMode() == Circuit.InputMode.CHANGES ? c : Incrementalizer.incrementalize(c).incremental();
            nestedSeen++;
            Simulation pruned = Simulation.compile(inc, EngineOptions.DEFAULT.withRecordTrace(false));
            Simulation recorded = Simulation.compile(inc, EngineOptions.DEFAULT);
            pruned.setScenario(doc.scenario());
            recorded.setScenario(doc.scenario());
            for (int t = 0; t < doc.scenario().steps(); t++) {
                pruned.step();
                recorded.step();
                Map<String, StreamValue> a = pruned.lastOutputs();
                assertThat(a).as("%s step %d", p.getFileName(), t).isEqualTo(recorded.lastOutputs());
            }
        }
        assertThat(nestedSeen).as("samples with nested circuits").isGreaterThanOrEqualTo(2);
    }
}
