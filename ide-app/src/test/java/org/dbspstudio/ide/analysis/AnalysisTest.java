package org.dbspstudio.ide.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.api.Test;

/** What the properties panel and the hover tips read from an analysis, built on the model's inference. */
class AnalysisTest {
    private static final StreamType ROWS = StreamType.zset(RowSchema.of(Column.of("id", SqlType.BIGINT)));

    private static Circuit inputs() {
        return new Circuit()
                .add(Operator.of("z", OpKind.INPUT, "name", "z", "type", StreamType.Z))
                .add(Operator.of("rows", OpKind.INPUT, "name", "rows", "type", ROWS));
    }

    @Test
    void aMismatchOnAnInputIsTheConsumersTypeError() {
        Circuit c = inputs().add(Operator.of("p", OpKind.PLUS)).connect("z.out", "p.a").connect("rows.out", "p.b");
        Analysis a = Analysis.of(c, Validator::validate);
        assertThat(a.typeError("p")).contains("p").contains("same type");
        assertThat(a.typeError("z")).isNull();
        assertThat(a.typeError("rows")).isNull();
        assertThat(a.inputTypes(c, c.op("p"))).containsEntry("a", StreamType.Z).containsEntry("b", ROWS);
        // the same message is among the diagnostics the problems panel lists
        assertThat(a.diagnostics()).extracting(Diagnostic::message).contains(a.typeError("p"));
    }

    @Test
    void anExpressionErrorIsTheOperatorsOwn() {
        Circuit c = inputs().add(Operator.of("f", OpKind.FILTER, "predicate", "nosuch > 1")).connect("rows.out", "f.in");
        Analysis a = Analysis.of(c, Validator::validate);
        assertThat(a.typeError("f")).contains("nosuch");
        Circuit ok = inputs().add(Operator.of("f", OpKind.FILTER, "predicate", "id > 1")).connect("rows.out", "f.in");
        Analysis b = Analysis.of(ok, Validator::validate);
        assertThat(b.typeError("f")).isNull();
        assertThat(b.typeOf(Stream.of("rows.out", "f.in"))).isEqualTo(ROWS);
    }

    @Test
    void streamsInsideANestedCircuitAreTyped() {
        Circuit inner = new Circuit()
                .add(Operator.of("d", OpKind.DELTA0, "port", "in"))
                .add(Operator.of("n", OpKind.NEGATE))
                .add(Operator.of("i", OpKind.INTEGRAL, "port", "out"))
                .connect("d.out", "n.in").connect("n.out", "i.in");
        Circuit c = inputs().add(Operator.nested("loop", inner)).add(Operator.of("y", OpKind.OUTPUT, "name", "y"))
                .connect("rows.out", "loop.in").connect("loop.out", "y.in");
        Analysis a = Analysis.of(c, Validator::validate);
        assertThat(a.typeOf(Stream.of("d.out", "n.in"))).isEqualTo(ROWS);
        assertThat(a.typeOf(Stream.of("loop.out", "y.in"))).isEqualTo(ROWS);
        assertThat(a.inputTypes(inner, inner.op("n"))).containsEntry("in", ROWS);
    }

    @Test
    void theEmptyAnalysisKnowsNothing() {
        assertThat(Analysis.EMPTY.typeOf(Stream.of("z.out", "p.a"))).isNull();
        assertThat(Analysis.EMPTY.typeError("p")).isNull();
        assertThat(Analysis.EMPTY.inputTypes(inputs(), inputs().op("z"))).isEmpty();
        assertThat(Analysis.EMPTY.diagnostics()).isEqualTo(List.of());
    }
}
