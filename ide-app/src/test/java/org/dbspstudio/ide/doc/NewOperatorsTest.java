package org.dbspstudio.ide.doc;

import static org.assertj.core.api.Assertions.assertThat;

import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.junit.jupiter.api.Test;

/**
 * New boundaries dropped into a nested circuit name a port it has no boundary for yet, so each adds
 * a port to the nested operator outside; other kinds come out as the catalog starts them.
 */
class NewOperatorsTest {

    @Test
    void eachNewBoundaryAddsAPortToTheNestedOperator() {
        Circuit top = new Circuit();
        Operator nested = NewOperators.create(top, OpKind.NESTED);
        top.add(nested);
        Circuit inside = nested.child();
        assertThat(nested.inputPorts()).containsExactly("in");
        assertThat(nested.outputPorts()).containsExactly("out");

        for (int i = 0; i < 3; i++) {
            inside.add(NewOperators.create(top, inside, OpKind.DELTA0));
            inside.add(NewOperators.create(top, inside, OpKind.INTEGRAL));
        }
        assertThat(top.op(nested.id()).inputPorts()).containsExactlyInAnyOrder("in", "in2", "in3", "in4");
        assertThat(top.op(nested.id()).outputPorts()).containsExactlyInAnyOrder("out", "out2", "out3", "out4");
    }

    @Test
    void aFreedNameIsUsedAgainAndOtherKindsAreAsTheCatalogStartsThem() {
        Circuit top = new Circuit();
        Circuit inside = new Circuit();
        inside.add(Operator.of("a", OpKind.DELTA0, "port", "in2"));
        top.add(Operator.nested("n", inside));
        assertThat(NewOperators.create(top, inside, OpKind.DELTA0).params().string("port")).isEqualTo("in");
        inside.add(Operator.of("b", OpKind.DELTA0, "port", "in"));
        assertThat(NewOperators.create(top, inside, OpKind.DELTA0).params().string("port")).isEqualTo("in3");
        assertThat(NewOperators.create(top, inside, OpKind.DISTINCT))
                .isEqualTo(NewOperators.create(top, OpKind.DISTINCT));
    }
}
