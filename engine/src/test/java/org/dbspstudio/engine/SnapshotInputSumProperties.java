package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.types.Row;

/**
 * A snapshot circuit's input is the running sum of the changes fed to it, kept like an integral's
 * (sorted runs of packed rows once large). On random streams, a large first change then small ones
 * (inserts, deletions, weights cancelling, NULLs and strings), the value of every step — read back
 * from the trace after the whole run, so earlier versions must stay intact — equals a plain map of
 * row → weight summed step by step, and so does a filter over it.
 */
class SnapshotInputSumProperties {

    private static Row row(Random r) {
        Object a = r.nextInt(20) == 0 ? null : (long) r.nextInt(3000);
        Object b = r.nextInt(20) == 0 ? null : "s" + r.nextInt(7);
        return Row.of(a, b);
    }

    @Property(tries = 25)
    void snapshotInputsAreTheRunningSums(@ForAll @IntRange(min = 0, max = 3000) int first,
                                         @ForAll @IntRange(min = 1, max = 12) int steps, @ForAll long seed) throws Exception {
        Random r = new Random(seed);
        Circuit c = circuit(Circuit.InputMode.SNAPSHOTS,
                input("x", "x", TestCircuits.zset("a", org.dbspstudio.model.types.SqlType.BIGINT, "b",
                        org.dbspstudio.model.types.SqlType.VARCHAR)),
                op("f", OpKind.FILTER, "predicate", "a > 1000 OR b = 's1'"), output("all", "all"), output("some", "some"));
        c.connect("x.out", "all.in").connect("x.out", "f.in").connect("f.out", "some.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT);
        Map<Row, Long> sum = new HashMap<>();
        List<Map<Row, Long>> expected = new ArrayList<>();
        List<Row> seen = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            ZSet.Builder d = ZSet.builder();
            int n = t == 0 ? first : r.nextInt(40);
            for (int i = 0; i < n; i++) {
                Row x = !seen.isEmpty() && r.nextInt(3) == 0 ? seen.get(r.nextInt(seen.size())) : row(r);
                long w = r.nextInt(4) == 0 ? -sum.getOrDefault(x, 0L) : r.nextInt(5) - 2;
                if (w == 0) {
                    continue;
                }
                seen.add(x);
                d.add(x, w);
            }
            ZSet change = d.build();
            change.forEach((x, w) -> sum.merge(x, w, (p, q) -> p + q == 0 ? null : p + q));
            expected.add(new HashMap<>(sum));
            sim.stepWith(Map.of("x", change));
        }
        for (int t = 0; t < steps; t++) {
            StreamValue all = sim.outputValue("all", t);
            assertThat(all).as("input at step %d", t).isEqualTo(ZSet.ofMap(expected.get(t)));
            Map<Row, Long> some = new HashMap<>();
            expected.get(t).forEach((x, w) -> {
                if (x.get(0) != null && (Long) x.get(0) > 1000 || "s1".equals(x.get(1))) {
                    some.put(x, w);
                }
            });
            assertThat(sim.outputValue("some", t)).as("filter at step %d", t).isEqualTo(ZSet.ofMap(some));
        }
    }
}
