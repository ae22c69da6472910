package org.dbspstudio.model.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The rewrite of a valid circuit is valid, and so is every intermediate circuit of its log. */
class RewriteValidatesTest {

    static Stream<Circuit> circuits() {
        return Stream.of(TestCircuits.paper45(), TestCircuits.integratorLoop(), TestCircuits.transitiveClosure());
    }

    private static List<String> errors(Circuit c) {
        return Validator.validate(c).stream().filter(Diagnostic::isError).map(Diagnostic::format).toList();
    }

    @ParameterizedTest
    @MethodSource("circuits")
    void validCircuitStaysValidAtEveryStep(Circuit c) {
        assertThat(errors(c)).as("the original").isEmpty();
        RewriteResult r = Incrementalizer.incrementalize(c);
        assertThat(errors(r.incremental())).isEmpty();
        for (RewriteStep step : r.log()) {
            assertThat(errors(step.after())).as(step.summary()).isEmpty();
        }
    }
}
