package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.verify.Mismatch;
import org.dbspstudio.verify.Verifier;

/**
 * The Verify panel's step-by-step check: {@link Verifier#stepByStep} over the document's
 * scenario ({@code Q^Δ(Δs)} against {@code D(Q(I(Δs)))}, every step and output), with the first
 * differing rows of each failing step as text. The random-stream part of the check is the
 * {@link Verifier} itself.
 */
public final class StepVerifier {
    /** Rows shown per failing step. */
    public static final int MAX_ROWS = 5;

    private StepVerifier() {
    }

    /** One step of one output: pass, or the first differing rows ("row: expected e, got a"). */
    public record StepCheck(int step, String output, boolean ok, List<String> differences) {
        public StepCheck {
            differences = List.copyOf(differences);
        }
    }

    /** Checks every step of {@code scenario} and {@link Verifier#QUIET_STEPS} quiet steps after it. */
    public static List<StepCheck> check(Circuit original, Circuit incremental, Scenario scenario) throws EngineException {
        List<StepCheck> out = new ArrayList<>();
        for (Verifier.StepOutcome o : Verifier.stepByStep(original, incremental, scenario)) {
            List<String> d = o.differences().stream().limit(MAX_ROWS).map(Mismatch.RowDiff::describe).toList();
            out.add(new StepCheck(o.step(), o.output(), o.ok(), d));
        }
        return out;
    }
}
