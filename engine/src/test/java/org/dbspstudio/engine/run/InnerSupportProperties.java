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
        Set<String> zero = InnerSupport.alwaysZeroJoins(inner, ops, feeder);
        assertThat(zero).as("one of the four joins of the semi-naive closure").hasSize(1);
        Operator join = inner.op(zero.iterator().next());
        // δ₀(ΔE), non-zero at iteration 0 only, against I_outer(I(z⁻¹ …)), zero at iteration 0
        assertThat(source(inner, feeder, join, "right").kind()).isEqualTo(OpKind.DELTA0);
        Operator left = source(inner, feeder, join, "left");
        assertThat(left.kind()).isEqualTo(OpKind.INTEGRATE);
        assertThat(left.clock()).isEqualTo(Clock.OUTER);
        Map<String, InnerSupport.Support> sup = InnerSupport.supports(inner, ops, feeder);
        assertThat(sup.get(left.id())).isEqualTo(InnerSupport.Support.NOT_FIRST);
        // the join of z⁻¹_outer(I_outer(δ₀ ΔE)) is not proven zero: an outer step of one iteration
        // would make its outer-clock state repeat iteration 0's value at later iterations
        boolean found = false;
        for (Operator op : inner.operatorsOfKind(OpKind.JOIN)) {
            Operator right = source(inner, feeder, op, "right");
            Operator under = right.clock() == Clock.OUTER ? source(inner, feeder, right, "in") : null;
            if (under != null && under.clock() == Clock.OUTER && source(inner, feeder, under, "in").kind() == OpKind.DELTA0) {
                found = true;
                assertThat(zero).doesNotContain(op.id());
                assertThat(sup.get(right.id())).isEqualTo(InnerSupport.Support.ANY);
            }
        }
        assertThat(found).as("a join of z⁻¹_outer(I_outer(δ₀ ΔE))").isTrue();
        // the outer sum read only by that join is not evaluated when no trace is recorded
        assertThat(InnerSupport.unread(inner, ops, zero)).containsExactly(left.id());
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
