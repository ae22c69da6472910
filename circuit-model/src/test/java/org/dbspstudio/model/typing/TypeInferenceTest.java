package org.dbspstudio.model.typing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.model.Operator.of;
import static org.dbspstudio.model.validate.Fixtures.codes;
import static org.dbspstudio.model.validate.Fixtures.input;
import static org.dbspstudio.model.validate.Fixtures.output;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.json.DocumentReader;
import org.junit.jupiter.api.Test;
import org.dbspstudio.model.validate.Validator;
import org.dbspstudio.model.validate.Fixtures;

class TypeInferenceTest {
    static final StreamType EDGES = StreamType.zset(RowSchema.of(Column.of("src", SqlType.BIGINT), Column.of("dst", SqlType.BIGINT)));

    /**
     * Transitive closure as a nested circuit (docs/theory.md §6): {@code o = distinct(E + π(z⁻¹(o) ⋈ E))}
     * with {@code E = I(δ₀(edges))}, leaving through {@code D} and {@code ∫} as {@code tc.closure}
     * (the shared fixture).
     */
    static Circuit closure() {
        return FixtureDocuments.read(FixtureDocuments.TRANSITIVE_CLOSURE, DocumentReader::read).document().circuit();
    }

    @Test
    void theTransitiveClosureIsValidAndItsFeedbackIsTyped() {
        Circuit c = closure();
        assertThat(Validator.validate(c)).isEmpty();
        InferredTypes t = TypeInference.infer(c);
        assertThat(t.ok()).isTrue();
        assertThat(t.find("tc", "closure")).contains(EDGES);
        assertThat(t.find("zo", "out")).contains(EDGES);
        assertThat(t.find("step", "out")).contains(EDGES);
        assertThat(t.typeOf(c.streams().get(1))).isEqualTo(EDGES);
    }

    @Test
    void aFeedbackLoopOverRowsIsTypedFromTheLoopInput() {
        Circuit c = Fixtures.integrator();
        c.replace(input("x", "x", Fixtures.ROWS));
        InferredTypes t = TypeInference.infer(c);
        assertThat(t.diagnostics()).isEmpty();
        assertThat(t.typeOf(new PortRef("z", "out"))).isEqualTo(Fixtures.ROWS);
        assertThat(t.typeOf(new PortRef("plus", "out"))).isEqualTo(Fixtures.ROWS);
    }

    @Test
    void aFeedbackThroughSingleInputOperatorsIsTypedFromWhatEntersTheLoop() {
        // x → p.a; p → z → neg → distinct → p.b: the delay feeds no operator with a typed sibling input
        Circuit c = new Circuit().add(input("x", "x", Fixtures.ROWS)).add(of("p", OpKind.PLUS)).add(of("z", OpKind.DELAY))
                .add(of("neg", OpKind.NEGATE)).add(of("dist", OpKind.DISTINCT)).add(output("y", "y"))
                .connect("x.out", "p.a").connect("p.out", "z.in").connect("z.out", "neg.in").connect("neg.out", "dist.in")
                .connect("dist.out", "p.b").connect("p.out", "y.in");
        assertThat(Validator.validate(c)).isEmpty();
        InferredTypes t = TypeInference.infer(c);
        for (String id : List.of("p", "z", "neg", "dist")) {
            assertThat(t.find(id, "out")).as(id).contains(Fixtures.ROWS);
        }
    }

    @Test
    void aLoopWhoseInputHasTheWrongTypeIsAMismatchNotASilentGap() {
        Circuit c = new Circuit().add(input("x", "x", Fixtures.ROWS)).add(input("w", "w", StreamType.Z))
                .add(of("p", OpKind.PLUS)).add(of("z", OpKind.DELAY)).add(of("q", OpKind.PLUS)).add(output("y", "y"))
                .connect("x.out", "p.a").connect("p.out", "z.in").connect("z.out", "q.a").connect("w.out", "q.b")
                .connect("q.out", "p.b").connect("p.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("TYPE_MISMATCH");
        assertThat(ds.get(0).message()).contains("Z").contains(Fixtures.ROWS.toString());
    }

    @Test
    void aFeedbackWhoseTypeGrowsForeverIsReported() {
        Circuit c = new Circuit().add(input("x", "x", Fixtures.ROWS)).add(of("prod", OpKind.PRODUCT)).add(of("z", OpKind.DELAY))
                .add(output("y", "y"))
                .connect("x.out", "prod.left").connect("z.out", "prod.right").connect("prod.out", "z.in").connect("prod.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("TYPE_MISMATCH");
        assertThat(ds.get(0).where()).isEqualTo("z");
        assertThat(ds.get(0).message()).contains("does not settle");
    }

    @Test
    void aClosedLoopWithNothingTypedEnteringIt() {
        Circuit c = new Circuit().add(of("z", OpKind.DELAY)).add(of("neg", OpKind.NEGATE)).add(output("y", "y"))
                .connect("z.out", "neg.in").connect("neg.out", "z.in").connect("neg.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("TYPE_UNKNOWN");
        assertThat(ds.get(0).where()).isEqualTo("z");
    }

    @Test
    void nothingIsReportedDownstreamOfAnError() {
        Circuit c = new Circuit().add(input("t", "t", Fixtures.ROWS)).add(of("f", OpKind.FILTER, "predicate", "nme = 'a'"))
                .add(of("z", OpKind.DELAY)).add(of("m", OpKind.MAP, "projection", List.of(new NamedExpr("k", "id"))))
                .add(output("y", "y"))
                .connect("t.out", "f.in").connect("f.out", "z.in").connect("z.out", "m.in").connect("m.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("EXPR_ERROR");
        Diagnostic d = ds.get(0);
        assertThat(d.where()).isEqualTo("f");
        assertThat(d.message()).contains("f").contains("'predicate'").contains("nme");
        assertThat(TypeInference.infer(c).find("m", "out")).isEmpty();
    }

    @Test
    void aPredicateThatIsNotBooleanIsATypeError() {
        Circuit c = new Circuit().add(input("t", "t", Fixtures.ROWS)).add(of("f", OpKind.FILTER, "predicate", "id + 1"))
                .add(output("y", "y")).connect("t.out", "f.in").connect("f.out", "y.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("TYPE_ERROR");
        assertThat(ds.get(0).message()).contains("BOOLEAN").contains("id + 1");
    }

    @Test
    void aScalarFunctionIsTypedFromItsNamedInputs() {
        Circuit c = new Circuit().add(input("x", "x", StreamType.Z)).add(input("w", "w", StreamType.Z))
                .add(of("f", OpKind.SCALAR, "inputs", List.of("u", "v"), "expr", "u * 2 + v")).add(output("y", "y"))
                .connect("x.out", "f.u").connect("w.out", "f.v").connect("f.out", "y.in");
        assertThat(Validator.validate(c)).isEmpty();
        assertThat(TypeInference.infer(c).find("f", "out")).contains(StreamType.Z);
        c.replace(input("w", "w", Fixtures.ROWS));
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactly("TYPE_MISMATCH");
        assertThat(ds.get(0).where()).isEqualTo("w.out->f.v");
    }

    @Test
    void aNestedCircuitWithAnUnfedPortIsStillTypedInside() {
        Circuit c = closure();
        Circuit child = c.op("tc").child();
        child.add(of("d1", OpKind.DELTA0, "port", "extra")).add(of("neg", OpKind.NEGATE)).add(of("leave2", OpKind.INTEGRAL, "port", "o2"))
                .connect("d1.out", "neg.in").connect("neg.out", "leave2.in");
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(codes(ds)).containsExactlyInAnyOrder("UNCONNECTED_INPUT", "UNUSED_OUTPUT");
        InferredTypes t = TypeInference.infer(c);
        assertThat(t.find("tc", "closure")).contains(EDGES);
        assertThat(t.find("tc", "o2")).isEmpty();
    }

    @Test
    void aLoopThroughAJoinIsTypedFromThePlusThatClosesItNotFromTheJoinsOtherSide() {
        // labels = MIN(label) GROUP BY node over (initial labels + propagate(z⁻¹(labels) ⋈ edges)):
        // the delay feeds a join whose other input (edges) has a different schema
        StreamType labels = StreamType.zset(RowSchema.of(Column.of("node", SqlType.BIGINT), Column.of("label", SqlType.BIGINT)));
        Circuit child = new Circuit()
                .add(of("d0l", OpKind.DELTA0, "port", "l")).add(of("il", OpKind.INTEGRATE))
                .add(of("d0e", OpKind.DELTA0, "port", "e")).add(of("ie", OpKind.INTEGRATE))
                .add(of("zo", OpKind.DELAY))
                .add(of("j", OpKind.JOIN, "leftKeys", List.of("node"), "rightKeys", List.of("src"),
                        "projection", List.of(new NamedExpr("node", "r.dst"), new NamedExpr("label", "l.label"))))
                .add(of("p", OpKind.PLUS))
                .add(of("m", OpKind.AGGREGATE, "groupBy", List.of(new NamedExpr("node", "node")),
                        "aggregates", List.of(new org.dbspstudio.model.AggCall(org.dbspstudio.model.AggFunction.MIN, "label", "label"))))
                .add(of("dd", OpKind.DIFFERENTIATE)).add(of("leave", OpKind.INTEGRAL, "port", "o"))
                .connect("d0l.out", "il.in").connect("d0e.out", "ie.in")
                .connect("zo.out", "j.left").connect("ie.out", "j.right")
                .connect("il.out", "p.a").connect("j.out", "p.b").connect("p.out", "m.in")
                .connect("m.out", "zo.in").connect("m.out", "dd.in").connect("dd.out", "leave.in");
        Circuit c = new Circuit().add(input("labels", "labels", labels)).add(input("edges", "edges", EDGES))
                .add(Operator.nested("cc", child)).add(output("components", "components"))
                .connect("labels.out", "cc.l").connect("edges.out", "cc.e").connect("cc.o", "components.in");
        assertThat(Validator.validate(c)).isEmpty();
        InferredTypes t = TypeInference.infer(c);
        // MIN makes the label column nullable; the schema is the labels' one
        StreamType minLabels = StreamType.zset(RowSchema.of(Column.of("node", SqlType.BIGINT), Column.nullable("label", SqlType.BIGINT)));
        assertThat(t.find("zo", "out")).contains(minLabels);
        assertThat(t.find("cc", "o")).contains(minLabels);
    }
}
