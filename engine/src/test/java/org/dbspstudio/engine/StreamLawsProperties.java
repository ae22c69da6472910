package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;

/**
 * The theorems of docs/theory.md checked by running circuits on random finite streams of Z-sets:
 * each circuit computes both sides of an equation on separate outputs, compared step by step,
 * with and without the engine's delta tracking.
 */
class StreamLawsProperties {

    @Provide
    Arbitrary<List<List<Change>>> stream() {
        return Gen.stream(false);
    }

    @Provide
    Arbitrary<List<List<Change>>> positiveStream() {
        return Gen.stream(true);
    }


    /** Runs {@code c} on the scenario (both engine modes) and asserts outputs "lhs" and "rhs" agree at every step. */
    static void assertSides(Circuit c, Scenario s) throws Exception {
        for (boolean tracking : List.of(true, false)) {
            Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT.withDeltaTracking(tracking));
            sim.setScenario(s);
            sim.runScenario();
            for (int t = 0; t < sim.stepsRun(); t++) {
                StreamValue l = sim.outputValue("lhs", t);
                StreamValue r = sim.outputValue("rhs", t);
                assertThat(l).as("step %d (tracking %s)", t, tracking).isEqualTo(r);
            }
        }
    }

    private static Circuit changes(Operator... ops) {
        return circuit(Circuit.InputMode.CHANGES, ops);
    }

    @Property(tries = 150)
    void integrateAndDifferentiateAreInverse(@ForAll("stream") List<List<Change>> s) throws Exception {
        Circuit c = changes(input("s", "s", Gen.AB), op("i1", OpKind.INTEGRATE), op("d1", OpKind.DIFFERENTIATE),
                op("d2", OpKind.DIFFERENTIATE), op("i2", OpKind.INTEGRATE), output("lhs", "lhs"), output("rhs", "rhs"),
                output("id", "id"));
        c.connect("s.out", "i1.in").connect("i1.out", "d1.in").connect("d1.out", "lhs.in")
                .connect("s.out", "d2.in").connect("d2.out", "i2.in").connect("i2.out", "rhs.in").connect("s.out", "id.in");
        assertSides(c, Gen.scenario("s", s));
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(Gen.scenario("s", s));
        sim.runScenario();
        for (int t = 0; t < sim.stepsRun(); t++) {
            assertThat(sim.outputValue("lhs", t)).isEqualTo(sim.outputValue("id", t));
        }
    }

    /** Q(a + b) = Q(a) + Q(b) for each linear operator Q. */
    @Property(tries = 60)
    void linearOperatorsCommuteWithPlus(@ForAll("stream") List<List<Change>> a, @ForAll("stream") List<List<Change>> b)
            throws Exception {
        List<Operator> qs = List.of(
                op("q", OpKind.FILTER, "predicate", "a > b OR b = 2"),
                op("q", OpKind.MAP, "projection", named("x", "a + b", "y", "a * 2")),
                op("q", OpKind.NEGATE),
                op("q", OpKind.FLATMAP, "projections", List.of(named("v", "a"), named("v", "b + 10"))),
                op("q", OpKind.INTEGRATE), op("q", OpKind.DELAY), op("q", OpKind.DIFFERENTIATE));
        Scenario s = Gen.scenario("a", a).put("b", Gen.steps(b));
        for (Operator q : qs) {
            Circuit c = changes(input("a", "a", Gen.AB), input("b", "b", Gen.AB), op("sum", OpKind.PLUS),
                    q, q.withId("qa"), q.withId("qb"), op("sum2", OpKind.PLUS), output("lhs", "lhs"), output("rhs", "rhs"));
            c.connect("a.out", "sum.a").connect("b.out", "sum.b").connect("sum.out", "q.in").connect("q.out", "lhs.in")
                    .connect("a.out", "qa.in").connect("b.out", "qb.in").connect("qa.out", "sum2.a")
                    .connect("qb.out", "sum2.b").connect("sum2.out", "rhs.in");
            assertSides(c, s);
        }
    }

    /** Theorem 3.4: I(Δa) ⋈ Δb + Δa ⋈ z⁻¹(I(Δb)) = D(I(Δa) ⋈ I(Δb)), for join and product. */
    @Property(tries = 80)
    void bilinearExpansion(@ForAll("stream") List<List<Change>> a, @ForAll("stream") List<List<Change>> b)
            throws Exception {
        List<Operator> qs = List.of(
                op("q", OpKind.JOIN, "leftKeys", List.of("a"), "rightKeys", List.of("b")),
                op("q", OpKind.JOIN, "leftKeys", List.of("b", "a"), "rightKeys", List.of("a", "b"),
                        "projection", named("x", "l.a", "y", "r.b * 10 + l.b")),
                op("q", OpKind.PRODUCT));
        Scenario s = Gen.scenario("a", a).put("b", Gen.steps(b));
        for (Operator q : qs) {
            Circuit c = changes(input("a", "a", Gen.AB), input("b", "b", Gen.AB),
                    op("ia", OpKind.INTEGRATE), op("ib", OpKind.INTEGRATE), op("zib", OpKind.DELAY),
                    q.withId("j1"), q.withId("j2"), op("p", OpKind.PLUS), output("lhs", "lhs"),
                    q.withId("jf"), op("d", OpKind.DIFFERENTIATE), output("rhs", "rhs"));
            c.connect("a.out", "ia.in").connect("b.out", "ib.in").connect("ib.out", "zib.in")
                    .connect("ia.out", "j1.left").connect("b.out", "j1.right")
                    .connect("a.out", "j2.left").connect("zib.out", "j2.right")
                    .connect("j1.out", "p.a").connect("j2.out", "p.b").connect("p.out", "lhs.in")
                    .connect("ia.out", "jf.left").connect("ib.out", "jf.right").connect("jf.out", "d.in")
                    .connect("d.out", "rhs.in");
            assertSides(c, s);
        }
    }

    /** Proposition 4.7: ↑H(z⁻¹(I(d)), d) = D(distinct(I(d))). */
    @Property(tries = 150)
    void incrementalDistinct(@ForAll("stream") List<List<Change>> d) throws Exception {
        Circuit c = changes(input("d", "d", Gen.AB), op("i", OpKind.INTEGRATE), op("z", OpKind.DELAY), op("h", OpKind.H),
                op("dist", OpKind.DISTINCT), op("D", OpKind.DIFFERENTIATE), output("lhs", "lhs"), output("rhs", "rhs"));
        c.connect("d.out", "i.in").connect("i.out", "z.in").connect("z.out", "h.integrated").connect("d.out", "h.delta")
                .connect("h.out", "lhs.in").connect("i.out", "dist.in").connect("dist.out", "D.in").connect("D.out", "rhs.in");
        assertSides(c, Gen.scenario("d", d));
    }

    /** Propositions 4.4/4.5 on positive inputs: Q(distinct(i)) = distinct(Q(i)); distinct(Q(distinct(i))) = distinct(Q(i)). */
    @Property(tries = 60)
    void distinctElimination(@ForAll("positiveStream") List<List<Change>> a, @ForAll("positiveStream") List<List<Change>> b)
            throws Exception {
        Scenario s = Gen.scenario("a", a).put("b", Gen.steps(b));
        List<Operator> pushable = List.of(op("q", OpKind.FILTER, "predicate", "a <> b"),
                op("q", OpKind.JOIN, "leftKeys", List.of("a"), "rightKeys", List.of("a")), op("q", OpKind.PRODUCT));
        List<Operator> redundant = List.of(op("q", OpKind.FILTER, "predicate", "a <> b"),
                op("q", OpKind.MAP, "projection", named("s", "a + b")), op("q", OpKind.PLUS),
                op("q", OpKind.JOIN, "leftKeys", List.of("a"), "rightKeys", List.of("a")), op("q", OpKind.PRODUCT));
        for (Operator q : pushable) {
            assertSides(distinctCircuit(q, true), s);
        }
        for (Operator q : redundant) {
            assertSides(distinctCircuit(q, false), s);
        }
    }

    /** pushed: lhs = Q(distinct(i)), rhs = distinct(Q(i)); else lhs = distinct(Q(distinct(i))), rhs = distinct(Q(i)). */
    private static Circuit distinctCircuit(Operator q, boolean pushed) {
        boolean binary = q.inputPorts().size() == 2;
        Circuit c = circuit(Circuit.InputMode.SNAPSHOTS, input("a", "a", Gen.AB), input("b", "b", Gen.AB),
                op("da", OpKind.DISTINCT), op("db", OpKind.DISTINCT), q.withId("q1"), q.withId("q2"),
                op("o1", OpKind.DISTINCT), output("lhs", "lhs"), output("rhs", "rhs"));
        List<String> ports = q.inputPorts();
        c.connect("a.out", "da.in").connect("b.out", "db.in");
        c.connect("da.out", "q1." + ports.get(0)).connect("a.out", "q2." + ports.get(0));
        if (binary) {
            c.connect("db.out", "q1." + ports.get(1)).connect("b.out", "q2." + ports.get(1));
        }
        c.connect("q2.out", "o1.in").connect("o1.out", "rhs.in");
        if (pushed) {
            c.connect("q1.out", "lhs.in");
        } else {
            c.add(op("o2", OpKind.DISTINCT));
            c.connect("q1.out", "o2.in").connect("o2.out", "lhs.in");
        }
        return c;
    }
}
