package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.ch;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;
import static org.dbspstudio.engine.TestCircuits.rows;

import java.util.List;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;

/** The set operators, index, aggregate over an index, and constants, on small exact examples. */
class OperatorCatalogTest {

    @Test
    void unionDifferenceIndexAndAggregateOverAnIndex() throws Exception {
        Circuit c = circuit(Circuit.InputMode.SNAPSHOTS, input("a", "a", Gen.AB), input("b", "b", Gen.AB),
                op("u", OpKind.UNION), op("d", OpKind.DIFFERENCE), op("ix", OpKind.INDEX, "keys", named("k", "a")),
                op("g", OpKind.AGGREGATE, "aggregates", List.of(TestCircuits.agg(AggFunction.COUNT, null, "n"),
                        TestCircuits.agg(AggFunction.MAX, "b", "hi"))),
                output("ou", "union"), output("od", "difference"), output("oi", "index"), output("og", "agg"));
        c.connect("a.out", "u.a").connect("b.out", "u.b").connect("a.out", "d.a").connect("b.out", "d.b")
                .connect("a.out", "ix.in").connect("ix.out", "g.in")
                .connect("u.out", "ou.in").connect("d.out", "od.in").connect("ix.out", "oi.in").connect("g.out", "og.in");
        for (boolean tracking : List.of(true, false)) {
            Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT.withDeltaTracking(tracking));
            sim.setScenario(new Scenario()
                    .put("a", List.of(rows(ch(2, 1L, 1L), ch(1, 1L, 2L), ch(-1, 2L, 2L)), rows(ch(-2, 1L, 1L))))
                    .put("b", List.of(rows(ch(1, 1L, 2L), ch(1, 3L, 3L)), rows())));
            sim.run(2);
            assertThat(sim.outputValue("union", 0)).isEqualTo(ZSet.ofChanges(List.of(ch(1, 1L, 1L), ch(1, 1L, 2L), ch(1, 3L, 3L))));
            assertThat(sim.outputValue("difference", 0)).isEqualTo(ZSet.of(Row.of(1L, 1L), 1));
            assertThat(sim.outputValue("difference", 1)).isEqualTo(ZSet.EMPTY);
            IndexedZSet ix = (IndexedZSet) sim.outputValue("index", 0);
            assertThat(ix.keyCount()).isEqualTo(2);
            assertThat(ix.get(Row.of(1L))).isEqualTo(ZSet.ofChanges(List.of(ch(2, 1L, 1L), ch(1, 1L, 2L))));
            // per key: COUNT = sum of weights, MAX over rows of positive weight
            assertThat(sim.outputValue("agg", 0)).isEqualTo(ZSet.ofChanges(List.of(ch(1, 1L, 3L, 2L), ch(1, 2L, -1L, null))));
            assertThat(sim.outputValue("agg", 1)).isEqualTo(ZSet.ofChanges(List.of(ch(1, 1L, 1L, 2L), ch(1, 2L, -1L, null))));
        }
    }

    @Test
    void constantsAndOnce() throws Exception {
        Circuit c = circuit(Circuit.InputMode.CHANGES,
                op("k", OpKind.CONSTANT, "type", StreamType.Z, "value", 7L),
                op("k1", OpKind.CONSTANT, "type", StreamType.Z, "value", 7L, "once", true),
                op("r", OpKind.CONSTANT, "type", Gen.AB, "rows", List.of(ch(2, 1L, 1L))),
                op("i", OpKind.INTEGRATE), output("ok", "k"), output("o1", "once"), output("oi", "integral"), output("or", "rows"));
        c.connect("k.out", "ok.in").connect("k1.out", "o1.in").connect("k1.out", "i.in").connect("i.out", "oi.in")
                .connect("r.out", "or.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.run(3);
        for (int t = 0; t < 3; t++) {
            assertThat(sim.outputValue("k", t)).isEqualTo(ZInt.of(7));
            assertThat(sim.outputValue("once", t)).isEqualTo(ZInt.of(t == 0 ? 7 : 0));
            assertThat(sim.outputValue("integral", t)).isEqualTo(ZInt.of(7));
            assertThat(sim.outputValue("rows", t)).isEqualTo(ZSet.of(Row.of(1L, 1L), 2));
        }
    }
}
