package org.dbspstudio.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The catalog's entries are consistent with themselves. */
class KindSpecTest {
    private static Operator starting(OpKind k) {
        return new Operator("x", k, Params.of(k, k.spec().starting().apply("x")), null);
    }

    @Test
    void kindsWhoseInputsShareAGroupHaveSeveralFixedInputsAndOneOutput() {
        for (OpKind k : OpKind.values()) {
            if (k.spec().sharedGroup()) {
                assertThat(k.spec().inputs()).as(k.json()).hasSizeGreaterThan(1);
                assertThat(k.spec().outputs()).as(k.json()).hasSize(1);
            }
        }
    }

    @Test
    void inversesArePairedAndTakeTheSamePorts() {
        for (OpKind k : OpKind.values()) {
            k.inverse().ifPresent(inv -> {
                assertThat(inv.inverse()).as(k.json()).contains(k);
                assertThat(inv.spec().inputs()).isEqualTo(k.spec().inputs());
                assertThat(inv.spec().outputs()).isEqualTo(k.spec().outputs());
            });
        }
        assertThat(OpKind.INTEGRATE.inverse()).contains(OpKind.DIFFERENTIATE);
    }

    @Test
    void declaredNamesAreParameters() {
        for (OpKind k : OpKind.values()) {
            if (k.spec().portParam() != null) {
                assertThat(k.param(k.spec().portParam())).as(k.json()).isPresent();
            }
            assertThat(k.param("clock").isPresent()).as(k.json()).isEqualTo(k.spec().clocked());
            for (String name : k.spec().starting().apply("x").keySet()) {
                assertThat(k.param(name)).as(k.json() + "." + name).isPresent();
            }
            if (k.spec().clocked()) {
                assertThat(k.stateful()).as(k.json()).isTrue();
            }
        }
    }

    @Test
    void theAlgebraFollowsTheIncrementalization() {
        assertThat(OpKind.JOIN.algebra()).isEqualTo(Algebra.BILINEAR);
        assertThat(OpKind.FILTER.algebra()).isEqualTo(Algebra.LINEAR);
        assertThat(OpKind.DISTINCT.algebra()).isEqualTo(Algebra.NON_LINEAR);
        for (OpKind k : OpKind.values()) {
            assertThat(k.algebra()).as(k.json()).isEqualTo(k.incrementalization().algebra());
            if (k.algebra() == Algebra.LINEAR) {
                assertThat(k.incrementalization()).as(k.json()).isEqualTo(Incrementalization.UNCHANGED);
            }
        }
    }

    @Test
    void everyKindLabelsItsStartingOperator() {
        for (OpKind k : OpKind.values()) {
            assertThat(starting(k).label()).as(k.json()).isNotBlank();
        }
        assertThat(starting(OpKind.INPUT).label()).isEqualTo("in x");
        assertThat(starting(OpKind.DELAY).withParam("clock", "outer").label()).isEqualTo("z⁻¹ (outer)");
        assertThat(starting(OpKind.SCALAR).label()).isEqualTo("x");
    }
}
