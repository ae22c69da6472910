package org.dbspstudio.engine.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.OperatorRules;
import org.dbspstudio.model.rewrite.WaterlineRule;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * The waterline benchmark (docs/theory.md §8): an unbounded stream of events, one per step at time
 * t = step, counted and summed per tumbling window of 10 while the window starts at or above
 * θ − 100, with the waterline θ = step. Incrementalized with the waterline rule, W sits inside the
 * integral and the state is the live windows' rows; without it (the rule left out, so W falls to
 * {@code D ∘ W ∘ I}) the integral keeps every event. Reports the engine's state rows and the heap
 * used (after a full collection) at every tenth of the run, for both circuits.
 */
final class WaterlineBench {
    private WaterlineBench() {
    }

    static Circuit windowedAggregate() {
        Circuit c = new Circuit();
        c.add(Operator.of("events", OpKind.INPUT, "name", "events", "type",
                StreamType.zset(new RowSchema(List.of(Column.of("id", SqlType.BIGINT), Column.of("t", SqlType.BIGINT))))));
        c.add(Operator.of("theta", OpKind.INPUT, "name", "theta", "type", StreamType.Z));
        c.add(Operator.of("tumble", OpKind.TIME_WINDOW, "timestamp", "t", "size", 10L));
        c.add(Operator.of("live", OpKind.WINDOW, "timestamp", "window_start", "bound", 100L));
        c.add(Operator.of("agg", OpKind.AGGREGATE, "groupBy", List.of(new NamedExpr("window_start", "window_start")),
                "aggregates", List.of(new AggCall(AggFunction.COUNT, null, "n"), new AggCall(AggFunction.SUM, "id", "total"))));
        c.add(Operator.of("out", OpKind.OUTPUT, "name", "per_window"));
        c.connect("events.out", "tumble.in").connect("tumble.out", "live.in").connect("theta.out", "live.waterline")
                .connect("live.out", "agg.in").connect("agg.out", "out.in");
        return c;
    }

    static List<Benchmarks.Figure> run(int steps, Consumer<String> log) throws EngineException {
        Circuit snapshot = windowedAggregate();
        Circuit with = Incrementalizer.standard().run(snapshot).incremental();
        Circuit without = Incrementalizer.standard()
                .withOperatorRules(OperatorRules.standard().without(WaterlineRule.class)).run(snapshot).incremental();
        List<Benchmarks.Figure> out = new ArrayList<>();
        out.add(measure("with the waterline rule (D ∘ I_W)", with, steps, log));
        out.add(measure("without it (D ∘ W ∘ I)", without, steps, log));
        return out;
    }

    private static Benchmarks.Figure measure(String what, Circuit inc, int steps, Consumer<String> log) throws EngineException {
        // no trace, and the driver keeps the output changes of the last 1,000 steps only: a stream runs for ever
        Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT.withRecordTrace(false).withRetention(1000, 0));
        int every = Math.max(1, steps / 10);
        Measure.settleHeap();
        long base = Measure.usedHeap();
        List<String> points = new ArrayList<>();
        long firstState = -1;
        long firstHeap = -1;
        long lastState = 0;
        long lastHeap = 0;
        Measure m = Measure.start();
        for (int step = 0; step < steps; step++) {
            sim.stepWith(Map.of("events", ZSet.of(Row.of((long) step, (long) step), 1), "theta", ZInt.of(step == 0 ? 0 : 1)));
            if ((step + 1) % every == 0) {
                long state = sim.stateSize();
                long heap = Math.max(0, Measure.usedHeap() - base);
                if (firstState < 0) {
                    firstState = state;
                    firstHeap = heap;
                }
                lastState = state;
                lastHeap = heap;
                points.add(String.format("%d: %d rows, %.1f MB", step + 1, state, heap / 1e6));
            }
        }
        double[] s = m.stop();
        log.accept("waterline " + what + ", state rows and heap above the start (after GC) per tenth: " + String.join("; ", points));
        log.accept(String.format("waterline %s: %d steps in %s (%.0f steps/s, heap measurements included)", what, steps,
                Measure.seconds(s[0]), steps / s[0]));
        return new Benchmarks.Figure(String.format("W1 windowed COUNT/SUM, %,d steps, %s", steps, what),
                String.format("state %,d → %,d rows, heap %.1f → %.1f MB (at %,d → %,d steps)", firstState, lastState,
                        firstHeap / 1e6, lastHeap / 1e6, every, steps), "", "");
    }
}
