package org.dbspstudio.model.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.junit.jupiter.api.Test;

class DistinctEliminationRuleTest {

    private static Circuit chain(OpKind middle, Object... params) {
        Circuit c = new Circuit();
        c.add(Operator.of("x", OpKind.INPUT, "name", "x", "type", TestCircuits.table("k")));
        c.add(Operator.of("d1", OpKind.DISTINCT));
        c.add(Operator.of("q", middle, params));
        c.add(Operator.of("d2", OpKind.DISTINCT));
        c.add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        c.connect("x.out", "d1.in").connect("d1.out", "q.in").connect("q.out", "d2.in").connect("d2.out", "o.in");
        return c;
    }

    private static RewriteContext run(Circuit c) {
        RewriteContext ctx = new RewriteContext(c);
        new DistinctEliminationRule().apply(ctx);
        return ctx;
    }

    @Test
    void distinctUnderFilterUnderDistinctIsRemoved() {
        RewriteContext ctx = run(chain(OpKind.FILTER, "predicate", "k > 1"));
        assertThat(ctx.root().operatorsOfKind(OpKind.DISTINCT)).extracting(Operator::id).containsExactly("d2");
        assertThat(ctx.root().feeding(new PortRef("q", "in")).orElseThrow().from().op()).isEqualTo("x");
        assertThat(ctx.log()).hasSize(1);
        assertThat(ctx.log().get(0).theorem()).contains("4.5");
    }

    @Test
    void distinctOfDistinctIsRemoved() {
        Circuit c = new Circuit();
        c.add(Operator.of("x", OpKind.INPUT, "name", "x", "type", TestCircuits.table("k")));
        c.add(Operator.of("d1", OpKind.DISTINCT));
        c.add(Operator.of("d2", OpKind.DISTINCT));
        c.add(Operator.of("d3", OpKind.DISTINCT));
        c.add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        c.connect("x.out", "d1.in").connect("d1.out", "d2.in").connect("d2.out", "d3.in").connect("d3.out", "o.in");
        RewriteContext ctx = run(c);
        assertThat(ctx.root().operatorsOfKind(OpKind.DISTINCT)).hasSize(1);
        assertThat(ctx.log()).hasSize(2);
    }

    @Test
    void mapOverANonPositiveInputKeepsTheInnerDistinct() {
        RewriteContext ctx = run(chain(OpKind.MAP, "projection", TestCircuits.cols("k")));
        assertThat(ctx.root().operatorsOfKind(OpKind.DISTINCT)).hasSize(2);
        assertThat(ctx.log()).isEmpty();
    }

    @Test
    void mapOverAPositiveInputLosesTheInnerDistinct() {
        Circuit c = chain(OpKind.MAP, "projection", TestCircuits.cols("k"));
        // make d1's input positive: x → distinct d0 → d1; d0 then d1 collapse, then d1 under map goes
        c.add(Operator.of("d0", OpKind.DISTINCT));
        c.disconnect(org.dbspstudio.model.Stream.of("x.out", "d1.in"));
        c.connect("x.out", "d0.in").connect("d0.out", "d1.in");
        RewriteContext ctx = run(c);
        assertThat(ctx.root().operatorsOfKind(OpKind.DISTINCT)).hasSize(2);
        assertThat(ctx.root().feeding(new PortRef("q", "in")).orElseThrow().from().op()).isEqualTo("d0");
    }

    @Test
    void filterWithAnotherReaderIsLeftAlone() {
        Circuit c = chain(OpKind.FILTER, "predicate", "k > 1");
        c.add(Operator.of("o2", OpKind.OUTPUT, "name", "o2"));
        c.connect("q.out", "o2.in");
        RewriteContext ctx = run(c);
        assertThat(ctx.root().operatorsOfKind(OpKind.DISTINCT)).hasSize(2);
        assertThat(List.copyOf(ctx.log())).isEmpty();
    }
}
