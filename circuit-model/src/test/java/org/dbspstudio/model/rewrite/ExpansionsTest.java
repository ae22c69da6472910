package org.dbspstudio.model.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.dbspstudio.model.Operator.of;
import static org.dbspstudio.model.validate.Fixtures.input;
import static org.dbspstudio.model.validate.Fixtures.output;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;
import org.dbspstudio.model.validate.Validator;
import org.dbspstudio.model.validate.Fixtures;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.typing.InferredTypes;

class ExpansionsTest {

    /** {@code x → I1 → D1 → y}, plus {@code I1 → y2}: both kinds, an output used twice. */
    private static Circuit chain(StreamType type) {
        return new Circuit().add(input("x", "x", type)).add(of("I1", OpKind.INTEGRATE)).add(of("D1", OpKind.DIFFERENTIATE))
                .add(output("y", "y")).add(output("y2", "y2"))
                .connect("x.out", "I1.in").connect("I1.out", "D1.in").connect("D1.out", "y.in").connect("I1.out", "y2.in");
    }

    /** The type of the stream feeding each output, by output id. */
    private static List<StreamType> outputTypes(Circuit c) {
        InferredTypes t = TypeInference.infer(c);
        return c.operatorsOfKind(OpKind.OUTPUT).stream()
                .map(o -> t.typeOf(c.streamsInto(o.id()).get(0))).toList();
    }

    @Test
    void integrateExpandsIntoPlusWithDelayedFeedback() {
        for (StreamType type : List.of(StreamType.Z, Fixtures.ROWS)) {
            Circuit c = chain(type);
            List<StreamType> types = outputTypes(c);
            var e = Expansions.expand(c, "I1");
            assertThat(e.created()).containsExactly("I1_plus", "I1_z");
            assertThat(c.operatorIds()).containsExactly("x", "I1_plus", "I1_z", "D1", "y", "y2");
            assertThat(c.streams()).containsExactly(Stream.of("x.out", "I1_plus.a"), Stream.of("I1_plus.out", "D1.in"),
                    Stream.of("D1.out", "y.in"), Stream.of("I1_plus.out", "y2.in"), Stream.of("I1_plus.out", "I1_z.in"),
                    Stream.of("I1_z.out", "I1_plus.b"));
            assertThat(Validator.validate(c)).isEmpty();
            assertThat(outputTypes(c)).isEqualTo(types).doesNotContainNull();
        }
    }

    @Test
    void differentiateExpandsIntoMinusOfTheDelayedInput() {
        Circuit c = chain(Fixtures.ROWS);
        List<StreamType> types = outputTypes(c);
        var e = Expansions.expand(c, "D1");
        assertThat(e.created()).containsExactly("D1_minus", "D1_z");
        assertThat(c.streamsInto("D1_minus")).containsExactly(Stream.of("I1.out", "D1_minus.a"), Stream.of("D1_z.out", "D1_minus.b"));
        assertThat(c.streamsInto("D1_z")).containsExactly(Stream.of("I1.out", "D1_z.in"));
        assertThat(Validator.validate(c)).isEmpty();
        assertThat(outputTypes(c)).isEqualTo(types);
    }

    @Test
    void undoAndRedoRestoreTheCircuitExactly() {
        Circuit c = chain(StreamType.Z);
        Circuit original = c.copy();
        var e = Expansions.expand(c, "I1");
        Circuit expanded = c.copy();
        e.undo();
        assertThat(c).isEqualTo(original);
        e.redo();
        assertThat(c).isEqualTo(expanded);
    }

    @Test
    void insideANestedCircuitTheNewIdsAreFreshDocumentWide() {
        Circuit c = Fixtures.nestedSum();
        c.add(of("ii_plus", OpKind.NEGATE)).add(output("y3", "y3")).connect("x.out", "ii_plus.in").connect("ii_plus.out", "y3.in");
        var i = Expansions.expand(c, "ii");
        var d = Expansions.expand(c, "dd");
        assertThat(i.created()).containsExactly("ii_plus_2", "ii_z");
        assertThat(d.created()).containsExactly("dd_minus", "dd_z");
        assertThat(i.level()).isSameAs(c.op("n").child());
        assertThat(Validator.validate(c)).isEmpty();
        assertThat(TypeInference.infer(c).find("n", "o")).contains(StreamType.Z);
    }

    @Test
    void anOuterClockDifferentiateKeepsItsClock() {
        Circuit c = Fixtures.nestedSum();
        Circuit child = c.op("n").child();
        child.replace(child.op("dd").withParam("clock", "outer"));
        Expansions.expand(c, "dd");
        assertThat(child.op("dd_z").clock() == Clock.OUTER).isTrue();
        assertThat(Validator.validate(c)).isEmpty();
    }

    @Test
    void onlyInnerIntegratesAndDifferentiatesExpand() {
        Circuit c = Fixtures.nestedSum();
        Circuit child = c.op("n").child();
        child.replace(child.op("ii").withParam("clock", "outer"));
        assertThatThrownBy(() -> Expansions.expand(c, "ii")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outer-clock");
        assertThatThrownBy(() -> Expansions.expand(c, "p")).hasMessageContaining("only I and D");
        assertThatThrownBy(() -> Expansions.expand(c, "nope")).hasMessageContaining("no operator nope");
    }

    /**
     * A stream into {@code D1.a} or out of {@code I1.a} (ports they do not have) is a wiring error;
     * expanding would turn it into a valid-looking stream into {@code D1_minus.a} or out of
     * {@code I1_plus.out}, so the expansion is refused and the circuit left as it was.
     */
    @Test
    void aStreamThroughAPortTheOperatorDoesNotHaveIsNotRewired() {
        Circuit intoD = chain(StreamType.Z).connect("x.out", "D1.a");
        List<Stream> before = List.copyOf(intoD.streams());
        assertThatThrownBy(() -> Expansions.expand(intoD, "D1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot expand D1: the stream x.out->D1.a uses a port D1 does not have"
                        + " (it has only 'in' and 'out'); fix that stream first");
        assertThat(intoD.streams()).isEqualTo(before);
        assertThat(intoD.operatorIds()).contains("D1").doesNotContain("D1_minus", "D1_z");

        Circuit outOfI = chain(StreamType.Z).add(output("y3", "y3")).connect("I1.a", "y3.in");
        assertThatThrownBy(() -> Expansions.expand(outOfI, "I1")).hasMessageContaining("the stream I1.a->y3.in");
        assertThat(outOfI.operatorIds()).contains("I1").doesNotContain("I1_plus");
        Circuit intoOut = chain(StreamType.Z).connect("x.out", "I1.out");
        assertThatThrownBy(() -> Expansions.expand(intoOut, "I1")).hasMessageContaining("x.out->I1.out");
    }
}
