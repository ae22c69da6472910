package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.agg;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.types.Row;

/**
 * Aggregates against a Java oracle over the integrated input: grouped and global, COUNT/SUM/AVG/
 * MIN/MAX, recomputed (no delta tracking) and maintained per changed group (delta tracking), and
 * the incremental chain I → aggregate → D.
 */
class AggregateProperties {

    static final List<AggCall> CALLS = List.of(agg(AggFunction.COUNT, null, "n"), agg(AggFunction.SUM, "b", "s"),
            agg(AggFunction.MIN, "b", "lo"), agg(AggFunction.MAX, "b", "hi"), agg(AggFunction.AVG, "b", "m"));

    @Provide
    Arbitrary<List<List<Change>>> stream() {
        return Gen.stream(false);
    }

    @Property(tries = 120)
    void groupedAndGlobalAggregatesMatchTheOracle(@ForAll("stream") List<List<Change>> s) throws Exception {
        for (boolean grouped : List.of(true, false)) {
            Circuit c = circuit(Circuit.InputMode.SNAPSHOTS, input("t", "t", Gen.AB),
                    grouped ? op("g", OpKind.AGGREGATE, "groupBy", named("a", "a"), "aggregates", CALLS)
                            : op("g", OpKind.AGGREGATE, "aggregates", CALLS),
                    output("o", "o"));
            c.connect("t.out", "g.in").connect("g.out", "o.in");
            for (boolean tracking : List.of(true, false)) {
                Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT.withDeltaTracking(tracking));
                sim.setScenario(Gen.scenario("t", s));
                sim.runScenario();
                Map<Row, Long> db = new HashMap<>();
                for (int t = 0; t < s.size(); t++) {
                    for (Change ch : s.get(t)) {
                        db.merge(ch.row(), ch.weight(), (x, y) -> x + y == 0 ? null : x + y);
                    }
                    assertThat(sim.outputValue("o", t)).as("step %d grouped %s tracking %s", t, grouped, tracking)
                            .isEqualTo(oracle(db, grouped));
                }
            }
        }
    }

    @Property(tries = 80)
    void incrementalChainEqualsDifferenceOfSnapshots(@ForAll("stream") List<List<Change>> s) throws Exception {
        Circuit c = circuit(Circuit.InputMode.CHANGES, input("t", "t", Gen.AB), op("i", OpKind.INTEGRATE),
                op("g", OpKind.AGGREGATE, "groupBy", named("a", "a"), "aggregates", CALLS), op("d", OpKind.DIFFERENTIATE),
                output("o", "o"));
        c.connect("t.out", "i.in").connect("i.out", "g.in").connect("g.out", "d.in").connect("d.out", "o.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        sim.setScenario(Gen.scenario("t", s));
        sim.runScenario();
        Map<Row, Long> db = new HashMap<>();
        ZSet prev = ZSet.EMPTY;
        for (int t = 0; t < s.size(); t++) {
            for (Change ch : s.get(t)) {
                db.merge(ch.row(), ch.weight(), (x, y) -> x + y == 0 ? null : x + y);
            }
            ZSet now = oracle(db, true);
            assertThat(sim.outputValue("o", t)).as("step %d", t).isEqualTo(now.minus(prev));
            prev = now;
        }
    }

    /** SQL-like aggregation of a Z-set of (a, b) rows. */
    static ZSet oracle(Map<Row, Long> db, boolean grouped) {
        Map<Row, List<Map.Entry<Row, Long>>> groups = new TreeMap<>();
        if (!grouped) {
            groups.put(Row.EMPTY, new ArrayList<>());
        }
        db.forEach((r, w) -> groups.computeIfAbsent(grouped ? Row.of(r.get(0)) : Row.EMPTY, k -> new ArrayList<>())
                .add(Map.entry(r, w)));
        ZSet.Builder out = ZSet.builder();
        groups.forEach((k, rows) -> {
            long n = 0;
            long sum = 0;
            Long lo = null;
            Long hi = null;
            for (var e : rows) {
                long b = (Long) e.getKey().get(1);
                n += e.getValue();
                sum += b * e.getValue();
                if (e.getValue() > 0) {
                    lo = lo == null ? b : Math.min(lo, b);
                    hi = hi == null ? b : Math.max(hi, b);
                }
            }
            Object s = rows.isEmpty() ? null : sum;
            Object avg = rows.isEmpty() || n == 0 ? null : (double) sum / n;
            out.add(k.concat(Row.of(n, s, lo, hi, avg)), 1);
        });
        return out.build();
    }
}
