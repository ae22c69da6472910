package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VerifierTest {

    private static List<String> errors(Circuit c) {
        return Validator.validate(c).stream().filter(Diagnostic::isError).map(Diagnostic::format).toList();
    }

    static VerifyReport incrementalizeAndVerify(Circuit c, int runs, long seed) {
        assertThat(errors(c)).as("fixture validates").isEmpty();
        RewriteResult r = Incrementalizer.incrementalize(c);
        assertThat(errors(r.incremental())).as(r.explain()).isEmpty();
        VerifyReport report = new Verifier(new RandomChanges(10, 4, 8)).verify(c, r.incremental(), null, runs, seed);
        assertThat(report.nonEmpty()).as("the random streams changed some output").isPositive();
        return report;
    }

    @ParameterizedTest
    @EnumSource(OpKind.class)
    void everyOperatorKindIncrementalizesAndVerifies(OpKind kind) {
        VerifyReport report = incrementalizeAndVerify(Fixtures.oneOperator(kind), 25, 1000 + kind.ordinal());
        assertThat(report.equivalent()).as(report.describe()).isTrue();
        assertThat(report.runs()).isEqualTo(25);
    }

    @Test
    void globalAggregateVerifies() {
        VerifyReport report = incrementalizeAndVerify(Fixtures.globalAggregate(), 25, 7);
        assertThat(report.equivalent()).as(report.describe()).isTrue();
    }

    @Test
    void paperQueryVerifies() {
        VerifyReport report = incrementalizeAndVerify(Fixtures.paper45(), 40, 45);
        assertThat(report.equivalent()).as(report.describe()).isTrue();
    }

    @Test
    void transitiveClosureVerifiesOnRandomEdgeInsertionsAndDeletions() {
        VerifyReport report = new Verifier(new RandomChanges(12, 4, 6)).verify(Fixtures.transitiveClosure(),
                Incrementalizer.incrementalize(Fixtures.transitiveClosure()).incremental(), null, 30, 99);
        assertThat(report.equivalent()).as(report.describe()).isTrue();
        assertThat(report.nonEmpty()).isGreaterThan(100);
    }

    @Test
    void closureNestedTwiceIsSemiNaiveInsideAndVerifies() {
        RewriteResult r = Incrementalizer.incrementalize(Fixtures.nestedTwice());
        Circuit innerLoop = r.incremental().op("outer").child().op("tc").child();
        assertThat(innerLoop.operatorsOfKind(OpKind.H)).hasSize(1);
        assertThat(innerLoop.operatorsOfKind(OpKind.DISTINCT)).isEmpty();
        assertThat(r.explain()).contains("Semi-naive recursion").contains("Fallback");
        VerifyReport report = new Verifier(new RandomChanges(10, 4, 6)).verify(Fixtures.nestedTwice(),
                r.incremental(), null, 15, 11);
        assertThat(report.equivalent()).as(report.describe()).isTrue();
        assertThat(report.nonEmpty()).isPositive();
    }

    @Test
    void topLevelLoopWithJoinAndDistinctUsesTheCycleRuleAndVerifies() {
        RewriteResult r = Incrementalizer.incrementalize(Fixtures.topLevelLoop());
        assertThat(r.explain()).contains("Cycle rule");
        assertThat(r.incremental().operatorsOfKind(OpKind.H)).hasSize(1);
        VerifyReport report = incrementalizeAndVerify(Fixtures.topLevelLoop(), 25, 31);
        assertThat(report.equivalent()).as(report.describe()).isTrue();
    }
}
