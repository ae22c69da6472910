package org.dbspstudio.model.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;

class IncrementalizerTest {

    private static long count(Circuit c, OpKind k) {
        return c.operators().stream().filter(o -> o.kind() == k).count();
    }

    /** Every stream joins existing operators' declared ports; every input port is fed exactly once. */
    static void assertWellFormed(Circuit c) {
        for (Circuit level : Levels.all(c)) {
            Set<String> fed = new HashSet<>();
            for (Stream s : level.streams()) {
                Operator from = level.op(s.from().op());
                Operator to = level.op(s.to().op());
                assertThat(from).as("source of " + s).isNotNull();
                assertThat(to).as("target of " + s).isNotNull();
                assertThat(from.outputPorts()).as(s.toString()).contains(s.from().port());
                assertThat(to.inputPorts()).as(s.toString()).contains(s.to().port());
                assertThat(fed.add(s.to().toString())).as("fed twice: " + s.to()).isTrue();
            }
            for (Operator op : level.operators()) {
                for (String port : op.inputPorts()) {
                    assertThat(fed).as("unfed " + op.id() + "." + port).contains(op.id() + "." + port);
                }
            }
        }
    }

    /** The incremental version of {@code c}: well formed, made by {@code rules} and never by the fallback. */
    private static Circuit rewrittenBy(Circuit c, String... rules) {
        RewriteResult r = Incrementalizer.incrementalize(c);
        assertWellFormed(r.incremental());
        assertThat(r.log()).extracting(RewriteStep::rule).contains(rules).doesNotContain("Fallback");
        return r.incremental();
    }

    /** Inputs {@code left} and {@code right} into {@code kind} (as {@code id}) on key {@code k}, and its output {@code o}. */
    private static Circuit keyJoin(String left, StreamType leftType, String right, StreamType rightType, String id, OpKind kind) {
        Circuit c = new Circuit();
        c.add(Operator.of(left, OpKind.INPUT, "name", left, "type", leftType));
        c.add(Operator.of(right, OpKind.INPUT, "name", right, "type", rightType));
        c.add(Operator.of(id, kind, "leftKeys", List.of("k"), "rightKeys", List.of("k")));
        c.add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        return c.connect(left + ".out", id + ".left").connect(right + ".out", id + ".right").connect(id + ".out", "o.in");
    }

    @Test
    void paperQueryHasTwoJoinsThreeIntegratorsAndOneH() {
        RewriteResult r = Incrementalizer.incrementalize(TestCircuits.paper45());
        Circuit c = r.incremental();
        assertThat(c.inputMode()).isEqualTo(Circuit.InputMode.CHANGES);
        assertThat(count(c, OpKind.JOIN)).isEqualTo(2);
        assertThat(count(c, OpKind.INTEGRATE)).isEqualTo(3);
        assertThat(count(c, OpKind.H)).isEqualTo(1);
        assertThat(count(c, OpKind.DISTINCT)).isZero();
        assertThat(count(c, OpKind.DIFFERENTIATE)).isZero();
        assertThat(count(c, OpKind.DELAY)).isEqualTo(2);
        // the integrators feed the two joins and, delayed, the H
        Set<String> readers = new HashSet<>();
        for (Operator i : c.operatorsOfKind(OpKind.INTEGRATE)) {
            for (Stream s : c.streamsFrom(i.id())) {
                Operator to = c.op(s.to().op());
                if (to.kind() == OpKind.DELAY) {
                    c.streamsFrom(to.id()).forEach(t -> readers.add(c.op(t.to().op()).kind().json()));
                } else {
                    readers.add(to.kind().json());
                }
            }
        }
        assertThat(readers).containsExactlyInAnyOrder("join", "h");
        assertThat(c.contains("j_a")).isTrue();
        assertThat(c.contains("j_b")).isTrue();
        assertThat(c.contains("j_sum")).isTrue();
        assertThat(c.contains("d_H")).isTrue();
        assertWellFormed(c);
        assertThat(r.log()).extracting(RewriteStep::rule).contains("Wrap with I and D", "Linear", "Bilinear",
                "Distinct to H", "I∘D cancellation");
        assertThat(r.explain()).contains("Theorem 3.4").contains("Proposition 4.7");
    }

    @Test
    void everyLoggedSnapshotIsWellFormedAndTheInputIsUntouched() {
        Circuit original = TestCircuits.paper45();
        Circuit copy = original.copy();
        RewriteResult r = Incrementalizer.incrementalize(original);
        assertThat(original).isEqualTo(copy);
        for (RewriteStep step : r.log()) {
            assertWellFormed(step.after());
            step.created().forEach(id -> assertThat(id).doesNotContain("\u0000"));
        }
        assertThat(r.log().get(r.log().size() - 1).after()).isEqualTo(r.incremental());
    }

    @Test
    void deterministic() {
        for (Circuit c : List.of(TestCircuits.paper45(), TestCircuits.transitiveClosure(), TestCircuits.integratorLoop())) {
            RewriteResult a = Incrementalizer.incrementalize(c);
            RewriteResult b = Incrementalizer.incrementalize(c.copy());
            assertThat(a.incremental()).isEqualTo(b.incremental());
            assertThat(a.incremental().toString()).isEqualTo(b.incremental().toString());
            assertThat(a.explain()).isEqualTo(b.explain());
        }
    }

    @Test
    void feedbackLoopUsesTheCycleRuleAndKeepsTheDelay() {
        RewriteResult r = Incrementalizer.incrementalize(TestCircuits.integratorLoop());
        Circuit c = r.incremental();
        assertThat(r.log()).extracting(RewriteStep::rule).contains("Cycle rule");
        assertThat(count(c, OpKind.DELAY)).isEqualTo(1);
        assertThat(count(c, OpKind.PLUS)).isEqualTo(1);
        assertThat(count(c, OpKind.INTEGRATE)).isZero();
        assertThat(count(c, OpKind.DIFFERENTIATE)).isZero();
        assertWellFormed(c);
    }

    @Test
    void recursiveNestedCircuitGetsOuterClockStateInsideTheLoop() {
        RewriteResult r = Incrementalizer.incrementalize(TestCircuits.transitiveClosure());
        Circuit c = r.incremental();
        assertWellFormed(c);
        Circuit inner = c.op("tc").child();
        // semi-naive inside (the join's two inner-clock terms), each term lifted over the outer clock
        assertThat(inner.operatorsOfKind(OpKind.JOIN)).hasSize(4);
        assertThat(inner.operatorsOfKind(OpKind.H)).hasSize(1);
        assertThat(inner.operatorsOfKind(OpKind.DISTINCT)).isEmpty();
        assertThat(r.explain()).contains("Semi-naive recursion");
        // the inner-clock loop delay and the inner I over δ₀ stay, beside the semi-naive form's inner
        // integrals and delays of the loop's changes; new state is on the outer clock
        assertThat(inner.op("zo").clock() == Clock.OUTER).isFalse();
        assertThat(inner.op("E").clock() == Clock.OUTER).isFalse();
        long outerOps = inner.operators().stream().filter(o -> o.clock() == Clock.OUTER).count();
        assertThat(outerOps).isGreaterThanOrEqualTo(4);
        for (Operator op : inner.operators()) {
            if (op.kind() == OpKind.INTEGRATE || op.kind() == OpKind.DELAY || op.kind() == OpKind.DIFFERENTIATE) {
                assertThat(op.clock() == Clock.OUTER || Set.of("E", "zo", "zo_I", "E_z", "all_I", "all_I_z").contains(op.id()))
                        .as(op.id()).isTrue();
            }
        }
        assertThat(r.explain()).contains("Nested (incremental recursion)");
        // the top level needs no state of its own: the nested circuit reads changes directly
        assertThat(c.operatorsOfKind(OpKind.INTEGRATE)).isEmpty();
        assertThat(c.operatorsOfKind(OpKind.DIFFERENTIATE)).isEmpty();
    }

    @Test
    void alreadyIncrementalCircuitIsReturnedUnchanged() {
        Circuit c = TestCircuits.paper45().setInputMode(Circuit.InputMode.CHANGES);
        RewriteResult r = Incrementalizer.incrementalize(c);
        assertThat(r.incremental()).isEqualTo(c);
        assertThat(r.log()).hasSize(1);
        assertThat(r.log().get(0).rule()).isEqualTo("Already incremental");
    }

    @Test
    void circuitWithoutInputsTurnsConstantsIntoOnce() {
        Circuit c = new Circuit();
        c.add(Operator.of("k", OpKind.CONSTANT, "type", StreamType.Z, "value", 5L));
        c.add(Operator.of("acc", OpKind.INTEGRATE));
        c.add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        c.connect("k.out", "acc.in").connect("acc.out", "o.in");
        RewriteResult r = Incrementalizer.incrementalize(c);
        Circuit out = r.incremental();
        assertThat(out.op("k").params().bool("once")).isTrue();
        assertThat(out.op("acc").kind()).isEqualTo(OpKind.INTEGRATE);
        assertThat(r.log().get(0).rule()).isEqualTo("No inputs");
        assertWellFormed(out);
    }

    @Test
    void aggregateIsWrappedInDAndIAndTheAntijoinIsIncrementalizedThroughTheKeySet() {
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", TestCircuits.table("k", "v")));
        c.add(Operator.of("b", OpKind.INPUT, "name", "b", "type", TestCircuits.table("k")));
        c.add(Operator.of("anti", OpKind.ANTIJOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k")));
        c.add(Operator.of("agg", OpKind.AGGREGATE, "groupBy", TestCircuits.cols("k"),
                "aggregates", List.of(new AggCall(AggFunction.MIN, "v", "m"))));
        c.add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        c.connect("a.out", "anti.left").connect("b.out", "anti.right").connect("anti.out", "agg.in").connect("agg.out", "o.in");
        Circuit out = rewrittenBy(c, "Antijoin", "Aggregate");
        // Δ(a ▷ b) = Δa − Δ(a ⋉ b): the antijoin is gone, its change comes from a minus
        assertThat(out.operators()).noneMatch(o -> o.kind() == OpKind.ANTIJOIN);
        assertThat(count(out, OpKind.H)).isEqualTo(1);
        assertThat(count(out, OpKind.WEIGHTED_SEMIJOIN)).isEqualTo(2);
        String aggIn = out.feeding(new org.dbspstudio.model.PortRef("agg", "in")).orElseThrow().from().op();
        assertThat(out.op(aggIn).kind()).isEqualTo(OpKind.INTEGRATE);
        assertThat(out.feeding(new org.dbspstudio.model.PortRef(aggIn, "in")).orElseThrow().from().op()).isEqualTo("anti_minus");
        assertThat(out.feeding(new org.dbspstudio.model.PortRef("o", "in")).orElseThrow().from().op()).isEqualTo("agg_D");
    }

    @Test
    void semijoinIsBilinearInTheLeftInputAndTheKeySetOfTheRight() {
        Circuit c = keyJoin("a", TestCircuits.table("k", "v"), "b", TestCircuits.table("k"), "semi", OpKind.SEMIJOIN);
        Circuit out = rewrittenBy(c, "Semijoin");
        assertThat(count(out, OpKind.H)).isEqualTo(1);
        assertThat(count(out, OpKind.WEIGHTED_SEMIJOIN)).isEqualTo(2);
        assertThat(count(out, OpKind.DIFFERENTIATE)).isZero();
        assertThat(out.op("semi_keys").params().namedExprs("projection")).extracting(NamedExpr::expr).containsExactly("k");
    }

    @Test
    void anOuterJoinIsTheJoinsChangePlusThePaddedAntijoinsChange() {
        Circuit c = keyJoin("a", TestCircuits.table("k", "v"), "b", TestCircuits.table("k", "w"), "fj", OpKind.FULL_JOIN);
        Circuit out = rewrittenBy(c, "Outer join");
        assertThat(count(out, OpKind.JOIN)).isEqualTo(2);
        assertThat(count(out, OpKind.H)).as("one key set per side").isEqualTo(2);
        assertThat(count(out, OpKind.DIFFERENTIATE)).isZero();
        // the right rows padded on the left: typed NULLs in the left columns, the right columns as they are
        assertThat(out.op("fj_rpad").params().namedExprs("projection")).extracting(NamedExpr::expr)
                .containsExactly("CAST(NULL AS BIGINT)", "CAST(NULL AS BIGINT)", "\"k\"", "\"w\"");
        assertThat(out.op("fj_lpad").params().namedExprs("projection")).extracting(NamedExpr::name)
                .containsExactly("k", "v", "r_k", "w");
    }

    @Test
    void aStreamTableJoinJoinsTheStreamsChangeWithTheIntegratedTableOnly() {
        Circuit c = keyJoin("s", TestCircuits.table("k", "v"), "t", TestCircuits.table("k", "w"), "sj", OpKind.STREAM_JOIN);
        Circuit out = rewrittenBy(c, "Stream–table join");
        assertThat(count(out, OpKind.JOIN)).isEqualTo(1);
        assertThat(count(out, OpKind.INTEGRATE)).as("the table is integrated, the stream is not").isEqualTo(1);
        assertThat(out.feeding(new org.dbspstudio.model.PortRef("sj_join", "left")).orElseThrow().from().op()).isEqualTo("s");
    }

    @Test
    void unionIsDesugaredAndSharedIntegratorsAreReused() {
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", TestCircuits.table("k")));
        c.add(Operator.of("b", OpKind.INPUT, "name", "b", "type", TestCircuits.table("k")));
        c.add(Operator.of("u", OpKind.UNION));
        c.add(Operator.of("j1", OpKind.JOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k")));
        c.add(Operator.of("j2", OpKind.JOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k")));
        c.add(Operator.of("o1", OpKind.OUTPUT, "name", "o1"));
        c.add(Operator.of("o2", OpKind.OUTPUT, "name", "o2"));
        c.add(Operator.of("o3", OpKind.OUTPUT, "name", "o3"));
        c.connect("a.out", "u.a").connect("b.out", "u.b").connect("a.out", "j1.left").connect("b.out", "j1.right")
                .connect("a.out", "j2.left").connect("b.out", "j2.right")
                .connect("u.out", "o1.in").connect("j1.out", "o2.in").connect("j2.out", "o3.in");
        RewriteResult r = Incrementalizer.incrementalize(c);
        Circuit out = r.incremental();
        assertWellFormed(out);
        assertThat(r.log().get(0).rule()).isEqualTo("Desugar");
        assertThat(count(out, OpKind.UNION)).isZero();
        assertThat(count(out, OpKind.H)).isEqualTo(1);
        // a and b are each integrated once; b's integral is delayed once, shared by both joins and the H
        assertThat(count(out, OpKind.INTEGRATE)).isEqualTo(3);
        assertThat(out.contains("a_I")).isTrue();
        assertThat(out.contains("b_I")).isTrue();
        assertThat(out.contains("b_I_z")).isTrue();
        assertThat(count(out, OpKind.DELAY)).isEqualTo(2);
    }
}
