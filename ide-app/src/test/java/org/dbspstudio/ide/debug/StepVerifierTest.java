package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.junit.jupiter.api.Test;

/** Per-step verification: the rewrite passes every step; a naive "incremental" join fails with its rows. */
class StepVerifierTest {
    @Test
    void theIncrementalizedCircuitPassesEveryStep() throws Exception {
        CircuitDocument d = DebugFixtures.paper45();
        Circuit inc = Incrementalizer.incrementalize(d.circuit()).incremental();
        List<StepVerifier.StepCheck> checks = StepVerifier.check(d.circuit(), inc, d.scenario());
        assertThat(checks).hasSize(d.scenario().steps() + org.dbspstudio.verify.Verifier.QUIET_STEPS);
        assertThat(checks).allMatch(StepVerifier.StepCheck::ok);
    }

    @Test
    void joiningOnlyTheChangesFailsWithTheMissingRows() throws Exception {
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(DebugFixtures.seedScenario());
        // the same circuit fed with changes: Δusers ⋈ Δorders misses the old rows on the other side
        Circuit naive = d.circuit().copy().setInputMode(Circuit.InputMode.CHANGES);
        List<StepVerifier.StepCheck> checks = StepVerifier.check(d.circuit(), naive, d.scenario());
        assertThat(checks.get(0).ok()).isTrue();
        StepVerifier.StepCheck t1 = checks.get(1);
        assertThat(t1.ok()).isFalse();
        assertThat(t1.differences()).containsExactly("(2, Bob, laptop): expected 1, got 0");
        StepVerifier.StepCheck t3 = checks.get(3);
        assertThat(t3.differences()).containsExactly("(1, Alice, pen): expected -1, got 0",
                "(1, Alicia, pen): expected 1, got 0");
    }
}
