package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Windows against a direct reading of their definitions on random streams: the tumbling/hopping
 * window assigns each row to every window {@code [s, s + size)}, {@code s} a multiple of slide,
 * that contains its time; {@code W(v, θ)} keeps the rows with time ≥ θ − bound. The incremental
 * circuit (the window moved inside the integral, {@code I_W}) equals {@code D} of the snapshot
 * circuit while θ rises, keeps bounded state over an unbounded stream, and refuses a falling θ.
 */
class WindowOracleTest {
    private static final int STEPS = 40;

    /** events(id, t) → ⊞(t, size, slide) → W(window_start ≥ θ − bound) → count per window_start. */
    static Circuit windowedCount(long size, long slide, long bound) {
        Circuit c = new Circuit();
        c.add(Operator.of("events", OpKind.INPUT, "name", "events", "type", Fixtures.table("id", "t")));
        c.add(Operator.of("theta", OpKind.INPUT, "name", "theta", "type", StreamType.Z));
        c.add(Operator.of("win", OpKind.TIME_WINDOW, "timestamp", "t", "size", size, "slide", slide));
        c.add(Operator.of("w", OpKind.WINDOW, "timestamp", "window_start", "bound", bound));
        c.add(Operator.of("agg", OpKind.AGGREGATE, "groupBy", List.of(new NamedExpr("window_start", "window_start")),
                "aggregates", List.of(new AggCall(AggFunction.COUNT, null, "n"), new AggCall(AggFunction.SUM, "id", "s"))));
        c.add(Operator.of("kept", OpKind.OUTPUT, "name", "kept"));
        c.add(Operator.of("counts", OpKind.OUTPUT, "name", "counts"));
        c.connect("events.out", "win.in").connect("win.out", "w.in").connect("theta.out", "w.waterline")
                .connect("w.out", "agg.in").connect("w.out", "kept.in").connect("agg.out", "counts.in");
        return c;
    }

    @ParameterizedTest
    @CsvSource({"10,10,0", "10,5,5", "6,4,3", "3,5,0"})
    void windowsFollowTheirDefinitionAndIncrementalizeWithBoundedState(long size, long slide, long bound) throws EngineException {
        Circuit snapshot = windowedCount(size, slide, bound);
        Circuit incremental = Incrementalizer.incrementalize(snapshot).incremental();
        assertThat(incremental.operators()).as("W moved inside the integral")
                .anyMatch(o -> o.kind() == OpKind.WINDOW_INTEGRATE).noneMatch(o -> o.kind() == OpKind.WINDOW);
        Random rnd = new Random(size * 31 + slide * 7 + bound);
        for (int run = 0; run < 10; run++) {
            Simulation snap = Simulation.compile(snapshot, EngineOptions.DEFAULT);
            Simulation inc = Simulation.compile(incremental, EngineOptions.DEFAULT);
            Map<Row, Long> events = new HashMap<>();
            long theta = 0;
            long id = 0;
            for (int step = 0; step < STEPS; step++) {
                ZSet.Builder b = ZSet.builder();
                for (int i = rnd.nextInt(4); i > 0; i--) {
                    if (!events.isEmpty() && rnd.nextInt(4) == 0) {
                        Row r = events.keySet().iterator().next();
                        b.add(r, -events.remove(r));
                    } else {
                        // mostly around the waterline, some late, some in the future
                        Row r = Row.of(id++, theta + rnd.nextInt(3 * (int) size + 1) - size - bound);
                        events.put(r, 1L);
                        b.add(r, 1);
                    }
                }
                long dTheta = rnd.nextInt(3);
                theta += dTheta;
                Map<String, StreamValue> changes = Map.of("events", b.build(), "theta", ZInt.of(dTheta));
                snap.stepWith(changes);
                inc.stepWith(changes);
                assertThat(snap.outputValue("kept", step)).as("W(⊞(events), θ) at step %d", step)
                        .isEqualTo(expectedKept(events, size, slide, theta - bound));
                for (String out : List.of("kept", "counts")) {
                    assertThat(inc.outputChange(out, step)).as("%s at step %d: incremental vs D(snapshot)", out, step)
                            .isEqualTo(snap.outputChange(out, step));
                }
            }
        }
    }

    /** The definitions, read directly: every window containing t, kept when its start ≥ edge. */
    private static ZSet expectedKept(Map<Row, Long> events, long size, long slide, long edge) {
        ZSet.Builder b = ZSet.builder();
        events.forEach((r, w) -> {
            long t = (Long) r.get(1);
            for (long s = Math.floorDiv(t - size, slide) * slide - slide; s <= t; s += slide) {
                if (s <= t && t < s + size && s >= edge) {
                    b.add(r.concat(Row.of(s, s + size)), w);
                }
            }
        });
        return b.build();
    }

    @Test
    void theIncrementalWindowKeepsBoundedStateOverAnUnboundedStream() throws EngineException {
        Circuit incremental = Incrementalizer.incrementalize(windowedCount(10, 10, 20)).incremental();
        Simulation sim = Simulation.compile(incremental, EngineOptions.DEFAULT.withRecordTrace(false));
        long atThousand = 0;
        for (int step = 0; step < 5000; step++) {
            Map<String, StreamValue> changes = Map.of("events", ZSet.of(Row.of((long) step, (long) step), 1),
                    "theta", ZInt.of(step == 0 ? 0 : 1));
            sim.stepWith(changes);
            if (step == 999) {
                atThousand = sim.stateSize();
            }
        }
        assertThat(atThousand).isPositive();
        assertThat(sim.stateSize()).as("state after 5000 steps vs after 1000").isEqualTo(atThousand);
    }

    @Test
    void aFallingWaterlineIsRefusedNamingTheOperator() throws EngineException {
        Circuit incremental = Incrementalizer.incrementalize(windowedCount(10, 10, 0)).incremental();
        Simulation sim = Simulation.compile(incremental, EngineOptions.DEFAULT);
        sim.stepWith(Map.of("theta", ZInt.of(5)));
        assertThatThrownBy(() -> sim.stepWith(Map.of("theta", ZInt.of(-1))))
                .isInstanceOf(EngineException.class).hasMessageContaining("w_IW").hasMessageContaining("step 1")
                .hasMessageContaining("waterline decreased from 5 to 4");
    }
}
