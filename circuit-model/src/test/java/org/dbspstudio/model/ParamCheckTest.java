package org.dbspstudio.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.model.Operator.of;
import static org.dbspstudio.model.validate.Fixtures.codes;
import static org.dbspstudio.model.validate.Fixtures.input;
import static org.dbspstudio.model.validate.Fixtures.output;

import java.util.List;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;
import org.dbspstudio.model.validate.Validator;
import org.dbspstudio.model.validate.Fixtures;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.export.DotExport;

class ParamCheckTest {

    /** {@code t → op → y} over rows. */
    private static Circuit around(Operator op) {
        return new Circuit().add(input("t", "t", Fixtures.ROWS)).add(op).add(output("y", "y"))
                .connect("t.out", op.id() + ".in").connect(op.id() + ".out", "y.in");
    }

    private static Diagnostic only(List<Diagnostic> ds, String code) {
        assertThat(codes(ds)).containsExactly(code);
        return ds.get(0);
    }

    @Test
    void aMissingRequiredParameter() {
        Diagnostic d = only(Validator.validate(around(of("f", OpKind.FILTER))), "MISSING_PARAM");
        assertThat(d.where()).isEqualTo("f");
        assertThat(d.message()).contains("'predicate'");
        assertThat(codes(Validator.validate(around(of("f", OpKind.FILTER, "predicate", "  "))))).containsExactly("MISSING_PARAM");
    }

    @Test
    void aValueOfTheWrongClass() {
        Diagnostic d = only(Validator.validate(around(of("f", OpKind.FILTER, "predicate", 5L))), "BAD_PARAM");
        assertThat(d.message()).contains("'predicate'").contains("expected a string").contains("Long");
        d = only(Validator.validate(around(of("m", OpKind.MAP, "projection", List.of("id AS k")))), "BAD_PARAM");
        assertThat(d.message()).contains("named expressions").contains("String");
        Circuit c = Fixtures.integrator();
        c.replace(input("x", "x", StreamType.Z).withParam("type", "Z"));
        d = only(Validator.validate(c), "BAD_PARAM");
        assertThat(d.message()).contains("'type'").contains("stream type");
    }

    @Test
    void aChoiceOutsideTheChoices() {
        Circuit c = Fixtures.integrator();
        c.replace(c.op("z").withParam("clock", "sideways"));
        Diagnostic d = only(Validator.validate(c), "BAD_PARAM");
        assertThat(d.where()).isEqualTo("z");
        assertThat(d.message()).contains("'sideways'").contains("inner, outer");
    }

    @Test
    void anUnknownParameterIsAWarning() {
        Circuit c = Fixtures.integrator();
        c.replace(c.op("plus").withParam("colour", "red"));
        Diagnostic d = only(Validator.validate(c), "UNKNOWN_PARAM");
        assertThat(d.isError()).isFalse();
    }

    @Test
    void constantRowsMustFitTheType() {
        Operator k = of("k", OpKind.CONSTANT, "type", Fixtures.ROWS,
                "rows", List.of(new Change(Row.of(1L, "a"), 1), new Change(Row.of(2L), 1), new Change(Row.of("3", "c"), 1),
                        new Change(Row.of(4L, null), 1)));
        Circuit c = new Circuit().add(k).add(output("y", "y")).connect("k.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("BAD_PARAM", "BAD_PARAM", "BAD_PARAM");
        assertThat(ds.get(0).message()).contains("row 2").contains("1 values");
        assertThat(ds.get(1).message()).contains("row 3").contains("BIGINT");
        assertThat(ds.get(2).message()).contains("row 4").contains("NOT NULL");
    }

    @Test
    void brokenPortParametersAreReportedWithoutCrashing() {
        Circuit c = new Circuit().add(input("x", "x", StreamType.Z)).add(of("f", OpKind.SCALAR, "inputs", "u", "expr", "u"))
                .add(output("y", "y")).connect("x.out", "f.u").connect("f.out", "y.in");
        Diagnostic d = only(Validator.validate(c), "BAD_PARAM");
        assertThat(d.message()).contains("'inputs'");
        assertThat(DotExport.toDot(c)).contains("\"f\"");
        assertThat(TypeInference.infer(c).all()).isEmpty();
    }

    @Test
    void scalarInputNamesAreIdentifiersAndUnique() {
        Circuit c = new Circuit().add(input("x", "x", StreamType.Z))
                .add(of("f", OpKind.SCALAR, "inputs", List.of("u", "U"), "expr", "u")).add(output("y", "y"))
                .connect("x.out", "f.u").connect("x.out", "f.U").connect("f.out", "y.in");
        Diagnostic d = only(Validator.validate(c), "BAD_PARAM");
        assertThat(d.message()).contains("'U'").contains("twice");
    }
}
