package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.WeightMaps.plus;
import static org.dbspstudio.engine.WeightMaps.rows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Plus and minus inside a nested circuit of a flat table over 1,024 rows and a much smaller one
 * (which stay a flat table instead of becoming a persistent trie: {@code ops.Linear}), both ways
 * round, with rows in common that cancel or add up, against plain maps of row → weight.
 */
class FlatSumsProperties {

    static final StreamType ROWS = TestCircuits.zset("k", SqlType.BIGINT, "v", SqlType.BIGINT);

    @Provide
    Arbitrary<List<Integer>> small() {
        return Arbitraries.integers().between(0, 2_999).list().ofMaxSize(40);
    }

    @Property(tries = 30)
    void largeFlatSumsMatchMaps(@ForAll("small") List<Integer> small, @ForAll("small") List<Integer> other) throws Exception {
        Circuit inner = TestCircuits.circuit(Circuit.InputMode.CHANGES,
                op("da", OpKind.DELTA0, "port", "a"), op("db", OpKind.DELTA0, "port", "b"),
                op("xa", OpKind.DISTINCT), op("xb", OpKind.DISTINCT),
                op("p", OpKind.PLUS), op("m", OpKind.MINUS), op("mr", OpKind.MINUS),
                op("ip", OpKind.INTEGRAL, "port", "p"), op("im", OpKind.INTEGRAL, "port", "m"),
                op("imr", OpKind.INTEGRAL, "port", "mr"));
        inner.connect("da.out", "xa.in").connect("db.out", "xb.in")
                .connect("xa.out", "p.a").connect("xb.out", "p.b")
                .connect("xa.out", "m.a").connect("xb.out", "m.b")
                .connect("xb.out", "mr.a").connect("xa.out", "mr.b")
                .connect("p.out", "ip.in").connect("m.out", "im.in").connect("mr.out", "imr.in");
        Circuit c = TestCircuits.circuit(Circuit.InputMode.CHANGES, TestCircuits.input("a", "a", ROWS),
                TestCircuits.input("b", "b", ROWS), Operator.nested("n", inner),
                TestCircuits.output("op", "p"), TestCircuits.output("om", "m"), TestCircuits.output("omr", "mr"));
        c.connect("a.out", "n.a").connect("b.out", "n.b").connect("n.p", "op.in").connect("n.m", "om.in")
                .connect("n.mr", "omr.in");
        // step 0: a has 2,000 rows, b a few (some of them a's); step 1: the other way round
        Map<Row, Long> large = new HashMap<>();
        for (long k = 0; k < 2_000; k++) {
            large.put(Row.of(k, k % 7), 1L);
        }
        List<Map<Row, Long>> as = List.of(large, set(other));
        List<Map<Row, Long>> bs = List.of(set(small), large);
        Scenario sc = new Scenario().put("a", steps(as)).put("b", steps(bs));
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(sc);
        for (int t = 0; t < 2; t++) {
            sim.step();
            // the inputs of the sums at iteration 0: distinct flat tables (else this tests nothing)
            ZSet xa = (ZSet) sim.trace().value("xa", "out", t, 0);
            ZSet xb = (ZSet) sim.trace().value("xb", "out", t, 0);
            ZSet big = xa.size() >= xb.size() ? xa : xb;
            assertThat(big.size()).isGreaterThan(1024);
            assertThat(big.persistent() || big.cells() != null).as("a flat table of rows").isFalse();
            Map<Row, Long> a = as.get(t);
            Map<Row, Long> b = bs.get(t);
            assertThat(rows(sim.lastOutputs().get("p"))).as("a + b, step %d", t).isEqualTo(plus(a, b, 1));
            assertThat(rows(sim.lastOutputs().get("m"))).as("a − b, step %d", t).isEqualTo(plus(a, b, -1));
            assertThat(rows(sim.lastOutputs().get("mr"))).as("b − a, step %d", t).isEqualTo(plus(b, a, -1));
            ZSet p = (ZSet) sim.trace().value("p", "out", t, 0);
            assertThat(p.size()).as("its size").isEqualTo(plus(a, b, 1).size());
        }
    }

    private static Map<Row, Long> set(List<Integer> ks) {
        Map<Row, Long> m = new HashMap<>();
        for (int k : ks) {
            m.put(Row.of((long) k, (long) (k % 7)), 1L);
        }
        return m;
    }

    private static List<StepData> steps(List<Map<Row, Long>> ms) {
        List<StepData> out = new ArrayList<>();
        for (Map<Row, Long> m : ms) {
            List<Change> cs = new ArrayList<>();
            m.forEach((r, w) -> cs.add(new Change(r, w)));
            out.add(StepData.rows(cs));
        }
        return out;
    }
}
