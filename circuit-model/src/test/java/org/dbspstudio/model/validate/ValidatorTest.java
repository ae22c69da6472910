package org.dbspstudio.model.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.model.Operator.of;
import static org.dbspstudio.model.validate.Fixtures.codes;
import static org.dbspstudio.model.validate.Fixtures.input;
import static org.dbspstudio.model.validate.Fixtures.output;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.typing.InferredTypes;

class ValidatorTest {

    @Test
    void theIntegratorIsValid() {
        assertThat(Validator.validate(Fixtures.integrator())).isEmpty();
    }

    @Test
    void withoutTheDelayThereIsExactlyOneLoopNamingItsOperators() {
        List<Diagnostic> ds = Validator.validate(Fixtures.integratorWithoutDelay());
        assertThat(codes(ds)).containsExactly("ALGEBRAIC_LOOP");
        Diagnostic d = ds.get(0);
        assertThat(d.isError()).isTrue();
        assertThat(d.operators()).containsExactly("plus", "neg");
        assertThat(d.streams()).containsExactlyInAnyOrder("plus.out->neg.in", "neg.out->plus.b");
        assertThat(d.message()).contains("plus → neg → plus").contains("z⁻¹");
    }

    @Test
    void aSelfLoopIsALoop() {
        Circuit c = new Circuit().add(input("x", "x", StreamType.Z)).add(of("plus", OpKind.PLUS)).add(output("y", "y"))
                .connect("x.out", "plus.a").connect("plus.out", "plus.b").connect("plus.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("ALGEBRAIC_LOOP");
        assertThat(ds.get(0).operators()).containsExactly("plus");
        assertThat(ds.get(0).message()).contains("plus → plus");
    }

    @Test
    void twoSeparateLoopsGiveTwoDiagnostics() {
        Circuit c = Fixtures.integratorWithoutDelay();
        c.add(input("x2", "x2", StreamType.Z)).add(of("m", OpKind.MINUS)).add(of("n1", OpKind.NEGATE))
                .add(of("n2", OpKind.NEGATE)).add(output("y2", "y2"))
                .connect("x2.out", "m.a").connect("m.out", "n1.in").connect("n1.out", "n2.in")
                .connect("n2.out", "m.b").connect("m.out", "y2.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("ALGEBRAIC_LOOP", "ALGEBRAIC_LOOP");
        assertThat(ds.get(0).operators()).containsExactly("plus", "neg");
        assertThat(ds.get(1).operators()).containsExactly("m", "n1", "n2");
        assertThat(ds.get(1).message()).contains("m → n1 → n2 → m");
    }

    @Test
    void twoCyclesSharingAnOperatorAreOneLoop() {
        // plus → n1 → plus and plus → n2 → m → plus: one strongly connected set, one diagnostic
        Circuit c = new Circuit().add(of("plus", OpKind.PLUS)).add(of("n1", OpKind.NEGATE)).add(of("n2", OpKind.NEGATE))
                .add(of("m", OpKind.NEGATE)).add(output("y", "y"))
                .connect("plus.out", "n1.in").connect("n1.out", "plus.a").connect("plus.out", "n2.in")
                .connect("n2.out", "m.in").connect("m.out", "plus.b").connect("plus.out", "y.in");
        List<Diagnostic> loops = Validator.validate(c).stream().filter(d -> d.code().equals("ALGEBRAIC_LOOP")).toList();
        assertThat(loops).hasSize(1);
        assertThat(loops.get(0).operators()).containsExactly("plus", "n1", "n2", "m");
        assertThat(loops.get(0).message()).contains("plus → n1 → plus").contains("operators on the loop: plus, n1, n2, m");
        assertThat(loops.get(0).streams()).hasSize(5);
    }

    @Test
    void aLoopThroughADelayOnTheOuterClockIsAnAlgebraicLoopInside() {
        Circuit c = Fixtures.nestedSum();
        Operator zz = c.op("n").child().op("zz");
        c.op("n").child().replace(zz.withParam("clock", "outer"));
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("ALGEBRAIC_LOOP");
        assertThat(ds.get(0).operators()).containsExactly("p", "zz");
    }

    @Test
    void unconnectedAndMultiplyFedInputs() {
        Circuit c = new Circuit().add(input("x", "x", StreamType.Z)).add(input("w", "w", StreamType.Z))
                .add(of("plus", OpKind.PLUS)).add(output("y", "y"))
                .connect("x.out", "plus.a").connect("w.out", "plus.a").connect("plus.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactlyInAnyOrder("UNCONNECTED_INPUT", "MULTIPLY_FED");
        Diagnostic unconnected = ds.stream().filter(d -> d.code().equals("UNCONNECTED_INPUT")).findFirst().orElseThrow();
        assertThat(unconnected.where()).isEqualTo("plus");
        assertThat(unconnected.message()).contains("'b'");
        Diagnostic twice = ds.stream().filter(d -> d.code().equals("MULTIPLY_FED")).findFirst().orElseThrow();
        assertThat(twice.streams()).containsExactly("x.out->plus.a", "w.out->plus.a");
        assertThat(twice.operators()).containsExactly("plus", "x", "w");
    }

    @Test
    void anOutputFeedingNothingIsAWarning() {
        Circuit c = new Circuit().add(input("x", "x", StreamType.Z)).add(of("neg", OpKind.NEGATE))
                .connect("x.out", "neg.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("UNUSED_OUTPUT");
        assertThat(ds.get(0).isError()).isFalse();
        assertThat(ds.get(0).where()).isEqualTo("neg");
        assertThat(Validator.hasErrors(ds)).isFalse();
    }

    @Test
    void streamsToUnknownOperatorsOrPortsOrTheWrongWay() {
        Circuit c = Fixtures.integrator().connect("ghost.out", "y.in").connect("x.out", "plus.c")
                .connect("plus.a", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).contains("UNKNOWN_OPERATOR", "UNKNOWN_PORT", "WRONG_DIRECTION");
        assertThat(ds).filteredOn(d -> d.code().equals("UNKNOWN_OPERATOR")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("ghost"));
        assertThat(ds).filteredOn(d -> d.code().equals("UNKNOWN_PORT")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("'c'").contains("a, b"));
        assertThat(ds).filteredOn(d -> d.code().equals("WRONG_DIRECTION")).singleElement()
                .satisfies(d -> assertThat(d.where()).isEqualTo("plus.a->y.in"));
        // the invalid streams do not count as feeding y.in, so it stays fed exactly once
        assertThat(codes(ds)).doesNotContain("MULTIPLY_FED");
    }

    @Test
    void typeMismatchNamesBothTypes() {
        Circuit c = new Circuit().add(input("x", "x", StreamType.Z)).add(input("t", "t", Fixtures.ROWS))
                .add(of("plus", OpKind.PLUS)).add(output("y", "y"))
                .connect("x.out", "plus.a").connect("t.out", "plus.b").connect("plus.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("TYPE_MISMATCH");
        Diagnostic d = ds.get(0);
        assertThat(d.where()).isEqualTo("t.out->plus.b");
        assertThat(d.message()).contains("Z").contains(Fixtures.ROWS.toString());
        assertThat(d.streams()).containsExactly("x.out->plus.a", "t.out->plus.b");
    }

    @Test
    void aStreamOfTheWrongGroupNamesBothSides() {
        Circuit c = new Circuit().add(input("x", "x", StreamType.Z))
                .add(of("d", OpKind.DISTINCT)).add(of("f", OpKind.FILTER, "predicate", "id > 1")).add(output("y", "y"))
                .connect("x.out", "d.in").connect("d.out", "f.in").connect("f.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("TYPE_MISMATCH");
        assertThat(ds.get(0).where()).isEqualTo("d.out->f.in");
        assertThat(ds.get(0).message()).contains("carries Z").contains("needs a Z-set");
    }

    @Test
    void aStreamIntoANestedCircuitMustGoThroughDelta0() {
        Circuit c = Fixtures.nestedSum();
        c.connect("x.out", "p.a"); // from the top level straight to an inner operator
        c.op("n").child().connect("ii.out", "y.in"); // from inside straight to a top-level output
        List<Diagnostic> ds = Validator.validate(c);
        List<Diagnostic> crossing = ds.stream().filter(d -> d.code().equals("BOUNDARY_CROSSING")).toList();
        assertThat(crossing).hasSize(2);
        assertThat(crossing.get(0).where()).isEqualTo("x.out->p.a");
        assertThat(crossing.get(0).message()).contains("nested circuit n").contains("δ₀").contains("∫");
        assertThat(crossing.get(1).where()).isEqualTo("ii.out->y.in");
        assertThat(crossing.get(1).message()).contains("the top-level circuit");
    }

    @Test
    void aNestedCircuitIsValidAndTypedFromItsChild() {
        Circuit c = Fixtures.nestedSum();
        assertThat(Validator.validate(c)).isEmpty();
        InferredTypes t = TypeInference.infer(c);
        assertThat(t.find("n", "o")).contains(StreamType.Z);
        assertThat(t.find("zz", "out")).contains(StreamType.Z);
        assertThat(t.find("d0", "out")).contains(StreamType.Z);
    }

    @Test
    void nestingRules() {
        Circuit c = Fixtures.nestedSum();
        Circuit child = c.op("n").child();
        child.add(of("c", OpKind.CONSTANT, "type", StreamType.Z, "value", 1L)).add(of("e2", OpKind.INTEGRAL, "port", "o"))
                .connect("c.out", "e2.in");
        c.add(of("top_d0", OpKind.DELTA0, "port", "q")).add(of("zt", OpKind.DELAY, "clock", "outer"));
        c.connect("top_d0.out", "zt.in");
        c.add(output("y2", "y2")).connect("zt.out", "y2.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(ds).filteredOn(d -> d.code().equals("MISPLACED_OPERATOR")).extracting(Diagnostic::where)
                .containsExactlyInAnyOrder("c", "top_d0");
        assertThat(ds).filteredOn(d -> d.code().equals("DUPLICATE_PORT")).singleElement()
                .satisfies(d -> assertThat(d.operators()).containsExactly("int", "e2"));
        assertThat(ds).filteredOn(d -> d.code().equals("BAD_PARAM")).singleElement()
                .satisfies(d -> assertThat(d.where()).isEqualTo("zt"));
    }

    @Test
    void aNestedInputPortNobodyFeedsNamesItsDelta0() {
        Circuit c = Fixtures.nestedSum();
        c.disconnect(org.dbspstudio.model.Stream.of("x.out", "n.i"));
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(ds).filteredOn(d -> d.code().equals("UNCONNECTED_INPUT")).singleElement()
                .satisfies(d -> {
                    assertThat(d.where()).isEqualTo("n");
                    assertThat(d.operators()).containsExactly("n", "d0");
                });
    }

    @Test
    void duplicateIdsAcrossLevelsAndBadIds() {
        Circuit c = Fixtures.nestedSum();
        c.op("n").child().add(of("x", OpKind.NEGATE)).add(of("bad id", OpKind.NEGATE));
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(ds).filteredOn(d -> d.code().equals("DUPLICATE_ID")).singleElement()
                .satisfies(d -> assertThat(d.where()).isEqualTo("x"));
        assertThat(ds).filteredOn(d -> d.code().equals("BAD_ID")).singleElement()
                .satisfies(d -> assertThat(d.where()).isEqualTo("bad id"));
    }

    @Test
    void inputAndOutputNamesAreUnique() {
        Circuit c = Fixtures.integrator().add(input("x2", "X", StreamType.Z)).add(output("y2", "y"))
                .connect("x2.out", "y2.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("DUPLICATE_NAME", "DUPLICATE_NAME");
        assertThat(ds.get(0).operators()).containsExactly("x", "x2");
        assertThat(ds.get(1).operators()).containsExactly("y", "y2");
    }
}
