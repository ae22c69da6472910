package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/** Deliberately wrong rewrites must be caught, with the first differing step, output and rows. */
class NegativeVerifierTest {
    /** Values 0..7, so that the filters a > 2 and s > 5 let rows through and ids match. */
    private static final RandomChanges WIDE = new RandomChanges(10, 4, 8);

    /** The §4.5 rewrite with the join's second term reading I(Δb) instead of z⁻¹(I(Δb)): Δa ⋈ Δb counted twice. */
    private static Circuit undelayedJoin() {
        Circuit inc = Incrementalizer.incrementalize(Fixtures.paper45()).incremental();
        Stream s = inc.feeding(new PortRef("j_b", "right")).orElseThrow();
        Operator delay = inc.op(s.from().op());
        assertThat(delay.kind()).isEqualTo(OpKind.DELAY);
        PortRef integral = inc.feeding(new PortRef(delay.id(), "in")).orElseThrow().from();
        inc.disconnect(s);
        inc.connect(new Stream(integral, s.to()));
        return inc;
    }

    @Test
    void nonDelayedIntegralOnBothJoinSidesIsCaughtOnRandomStreams() {
        VerifyReport r = new Verifier(WIDE).verify(Fixtures.paper45(), undelayedJoin(), null, 50, 1);
        assertThat(r.equivalent()).isFalse();
        assertThat(r.error()).isNull();
        Mismatch m = r.mismatch();
        assertThat(m.output()).isEqualTo("v");
        assertThat(m.rows()).isNotEmpty();
        assertThat(m.seed()).isGreaterThanOrEqualTo(1);
        // replaying the reported seed alone reproduces the same mismatch
        VerifyReport again = new Verifier(WIDE).verify(Fixtures.paper45(), undelayedJoin(), null, 1, m.seed());
        assertThat(again.mismatch().step()).isEqualTo(m.step());
        assertThat(again.mismatch().rows()).isEqualTo(m.rows());
        assertThat(r.describe()).contains("step " + m.step()).contains("'v'");
    }

    @Test
    void mismatchNamesTheStepTheOutputAndBothWeights() {
        // t1 gets (x=1,id=1,a=3) and t2 gets (id=1,s=6,y=2) in the same step: both join terms see Δa ⋈ Δb
        Scenario sc = new Scenario();
        sc.put("t1", List.of(StepData.EMPTY_ROWS, StepData.rows(List.of(new Change(Row.of(1L, 1L, 3L), 1)))));
        sc.put("t2", List.of(StepData.EMPTY_ROWS, StepData.rows(List.of(new Change(Row.of(1L, 6L, 2L), 1)))));
        Circuit wrong = undelayedJoin();
        // and without the distinct's H the double count shows: read the join's sum directly
        PortRef hOut = new PortRef("d_H", "out");
        PortRef sum = new PortRef("j_sum", "out");
        for (Stream s : wrong.streams().stream().filter(x -> x.from().equals(hOut)).toList()) {
            wrong.disconnect(s);
            wrong.connect(new Stream(sum, s.to()));
        }
        VerifyReport r = new Verifier().verify(Fixtures.paper45(), wrong, sc, 0, 0);
        assertThat(r.equivalent()).isFalse();
        Mismatch m = r.mismatch();
        assertThat(m.run()).isEqualTo("scenario");
        assertThat(m.step()).isEqualTo(1);
        assertThat(m.output()).isEqualTo("v");
        assertThat(m.rows()).containsExactly(new Mismatch.RowDiff(Row.of(1L, 2L), 1, 2));
    }

    @Test
    void correctRewriteOfTheSameScenarioPasses() {
        Scenario sc = new Scenario();
        sc.put("t1", List.of(StepData.EMPTY_ROWS, StepData.rows(List.of(new Change(Row.of(1L, 1L, 3L), 1)))));
        sc.put("t2", List.of(StepData.EMPTY_ROWS, StepData.rows(List.of(new Change(Row.of(1L, 6L, 2L), 1)))));
        Circuit inc = Incrementalizer.incrementalize(Fixtures.paper45()).incremental();
        VerifyReport r = new Verifier().verify(Fixtures.paper45(), inc, sc, 0, 0);
        assertThat(r.equivalent()).as(r.describe()).isTrue();
    }

    @Test
    void missingOutputIsReportedAsAnError() {
        Circuit inc = Incrementalizer.incrementalize(Fixtures.paper45()).incremental();
        inc.replace(inc.op("v").withParam("name", "renamed"));
        VerifyReport r = new Verifier().verify(Fixtures.paper45(), inc, null, 1, 0);
        assertThat(r.equivalent()).isFalse();
        assertThat(r.error()).contains("no output named 'v'");
    }
}
