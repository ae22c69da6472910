package org.dbspstudio.model.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.model.validate.Fixtures.codes;

import java.util.List;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

class DocumentValidationTest {

    @Test
    void aScenarioFittingTheInputsIsValid() {
        CircuitDocument doc = new CircuitDocument("integrator", Fixtures.integrator());
        doc.setScenario(new Scenario().put("x", List.of(StepData.scalar(1), StepData.scalar(2))));
        doc.setExpected(new Scenario().put("y", List.of(StepData.scalar(1), StepData.scalar(3))));
        assertThat(Validator.validate(doc)).isEmpty();
    }

    @Test
    void unknownNamesAndDataOfTheWrongShape() {
        CircuitDocument doc = new CircuitDocument("integrator", Fixtures.integrator());
        doc.setScenario(new Scenario().put("x", List.of(StepData.scalar(1), StepData.EMPTY_ROWS))
                .put("nope", List.of(StepData.scalar(1))));
        doc.setExpected(new Scenario().put("y", List.of(StepData.rows(List.of(new Change(Row.of(1L), 1))))));
        List<Diagnostic> ds = Validator.validate(doc);
        assertThat(codes(ds)).containsExactly("BAD_SCENARIO", "UNKNOWN_INPUT", "BAD_EXPECTED");
        assertThat(ds.get(0).where()).isEqualTo("scenario.x[1]");
        assertThat(ds.get(0).operators()).containsExactly("x");
        assertThat(ds.get(1).message()).contains("'nope'");
        assertThat(ds.get(2).where()).isEqualTo("expected.y[0]");
    }

    @Test
    void rowsMustFitTheInputSchema() {
        Circuit c = new Circuit().add(Fixtures.input("t", "t", Fixtures.ROWS)).add(Fixtures.output("y", "y")).connect("t.out", "y.in");
        CircuitDocument doc = new CircuitDocument("rows", c);
        doc.setScenario(new Scenario().put("t", List.of(StepData.rows(List.of(new Change(Row.of(1L, "a"), 1))),
                StepData.rows(List.of(new Change(Row.of(1L, "a"), 1), new Change(Row.of("1", "a"), -1))))));
        doc.setExpected(new Scenario().put("y", List.of(StepData.rows(List.of(new Change(Row.of(1L, "a"), 1))))));
        List<Diagnostic> ds = Validator.validate(doc);
        assertThat(codes(ds)).containsExactly("BAD_SCENARIO");
        assertThat(ds.get(0).message()).contains("step 1").contains("row 2").contains("BIGINT");
    }
}
