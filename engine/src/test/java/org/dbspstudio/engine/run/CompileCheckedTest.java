package org.dbspstudio.engine.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.api.Test;

/** {@link Simulation#compile(org.dbspstudio.model.Circuit, EngineOptions, Validator.Result)}: compiling what was validated. */
class CompileCheckedTest {
    private static CircuitDocument doc(String name) throws Exception {
        return DocumentReader.read(FixtureDocuments.text(name), name).document();
    }

    @Test
    void aValidatedCircuitRunsAsOneCompiledWithoutTheResult() throws Exception {
        CircuitDocument d = doc(FixtureDocuments.TRANSITIVE_CLOSURE);
        Simulation checked = Simulation.compile(d.circuit(), EngineOptions.DEFAULT, Validator.check(d.circuit()));
        Simulation plain = Simulation.compile(d.circuit(), EngineOptions.DEFAULT);
        checked.setScenario(d.scenario());
        plain.setScenario(d.scenario());
        assertThat(plain.scenarioSteps()).isPositive();
        for (int t = 0; t < plain.scenarioSteps(); t++) {
            checked.step();
            plain.step();
            assertThat(checked.trace().outputChanges(t)).as("step " + t).isEqualTo(plain.trace().outputChanges(t));
        }
    }

    @Test
    void aResultWithErrorsIsRefusedAsWithoutIt() throws Exception {
        CircuitDocument d = doc("format/integrator-algebraic-loop.json");
        Validator.Result r = Validator.check(d.circuit());
        assertThat(r.hasErrors()).isTrue();
        String own = null;
        try {
            Simulation.compile(d.circuit(), EngineOptions.DEFAULT);
        } catch (EngineException e) {
            own = e.getMessage();
        }
        assertThat(own).contains("the circuit is invalid");
        assertThatThrownBy(() -> Simulation.compile(d.circuit(), EngineOptions.DEFAULT, r))
                .isInstanceOf(EngineException.class).hasMessage(own);
    }
}
