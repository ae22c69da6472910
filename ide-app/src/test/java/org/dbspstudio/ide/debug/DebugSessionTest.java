package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.StepData;
import org.junit.jupiter.api.Test;

/** The debugger's view model without a window: stepping, stepping back, scenario edits, nesting. */
class DebugSessionTest {
    private static final StreamRef JOIN = StreamRef.top("j", "out");

    private static void await(java.util.concurrent.CompletableFuture<Void> f) throws Exception {
        f.get(30, TimeUnit.SECONDS);
    }

    @Test
    void seedScenarioRenameShowsNetChange() throws Exception {
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(DebugFixtures.seedScenario());
        DebugSession s = new DebugSession(d, Runnable::run);
        for (int i = 0; i < 4; i++) {
            await(s.step());
        }
        assertThat(s.cursor()).isEqualTo(3);
        StreamValue change = s.change(JOIN, 3);
        assertThat(change).isEqualTo(ZSet.ofChanges(List.of(DebugFixtures.ch(-1, 1, "Alice", "pen"),
                DebugFixtures.ch(1, 1, "Alicia", "pen"))));
        assertThat(ValueRows.summary(change, true)).isEqualTo("+1 −1");
        assertThat(s.contents(JOIN, 3)).isEqualTo(ZSet.ofChanges(List.of(DebugFixtures.ch(1, 1, "Alicia", "pen"),
                DebugFixtures.ch(1, 2, "Bob", "laptop"))));
        s.dispose();
    }

    @Test
    void stepBackAndForwardReproduceRecordedValues() throws Exception {
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(DebugFixtures.seedScenario());
        DebugSession s = new DebugSession(d, Runnable::run);
        await(s.seek(3));
        StreamValue[] recorded = new StreamValue[4];
        for (int t = 0; t < 4; t++) {
            recorded[t] = s.value(JOIN, t);
        }
        await(s.stepBack());
        await(s.stepBack());
        assertThat(s.cursor()).isEqualTo(1);
        assertThat(s.value(JOIN, s.cursor())).isSameAs(recorded[1]);
        await(s.step());
        await(s.step());
        assertThat(s.cursor()).isEqualTo(3);
        assertThat(s.stepsRun()).isEqualTo(4);
        assertThat(s.value(JOIN, 3)).isSameAs(recorded[3]);
        s.dispose();
    }

    @Test
    void editingTheScenarioAtStepTwoRerunsFromStepTwo() throws Exception {
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(DebugFixtures.seedScenario());
        DebugSession s = new DebugSession(d, Runnable::run);
        await(s.seek(3));
        StreamValue before1 = s.value(JOIN, 1);
        StreamValue before3 = s.value(JOIN, 3);
        // at step 2 Alice returns the pen instead of the book
        d.scenario().set("orders", 2, StepData.rows(List.of(DebugFixtures.ch(-1, 1, "pen"))), StepData.EMPTY_ROWS);
        await(s.documentChanged());
        assertThat(s.lastRerunFromProperty().get()).isEqualTo(2);
        assertThat(s.cursor()).isEqualTo(3);
        assertThat(s.value(JOIN, 1)).isEqualTo(before1);
        assertThat(s.value(JOIN, 3)).isNotEqualTo(before3);
        assertThat(s.change(JOIN, 3)).isEqualTo(ZSet.ofChanges(List.of(DebugFixtures.ch(-1, 1, "Alice", "book"),
                DebugFixtures.ch(1, 1, "Alicia", "book"))));
        s.dispose();
    }

    @Test
    void nestedStreamsHaveInnerIterations() throws Exception {
        DebugSession s = new DebugSession(DebugFixtures.transitiveClosure(), Runnable::run);
        await(s.step());
        int n = s.iterations("tc", 0);
        assertThat(n).isGreaterThanOrEqualTo(3);
        StreamRef r = new StreamRef(List.of("tc"), "o", "out");
        assertThat(s.value(r, 0, 0).rows()).isEqualTo(3);
        assertThat(s.value(r, 0, n - 1).rows()).isEqualTo(6);
        assertThat(s.change(r, 0, 1).rows()).isEqualTo(2);
        s.dispose();
    }

    @Test
    void failureStopsTheRunAndKeepsEarlierSteps() throws Exception {
        CircuitDocument d = DebugFixtures.usersOrdersFailingAtStep1();
        DebugSession s = new DebugSession(d, Runnable::run);
        await(s.seek(3));
        assertThat(s.failure()).isNotNull();
        assertThat(s.failure().operatorId()).isEqualTo("bad");
        assertThat(s.failure().step()).isEqualTo(1);
        assertThat(s.cursor()).isEqualTo(1);
        assertThat(s.value(JOIN, 0).rows()).isEqualTo(2);
        await(s.step());
        assertThat(s.cursor()).isEqualTo(1);
        s.dispose();
    }

    private static CircuitDocument counter(int steps) {
        org.dbspstudio.model.Circuit c = new org.dbspstudio.model.Circuit();
        c.add(org.dbspstudio.model.Operator.of("x", org.dbspstudio.model.OpKind.INPUT, "name", "x", "type",
                org.dbspstudio.model.types.StreamType.Z));
        c.add(org.dbspstudio.model.Operator.of("i", org.dbspstudio.model.OpKind.INTEGRATE));
        c.add(org.dbspstudio.model.Operator.of("o", org.dbspstudio.model.OpKind.OUTPUT, "name", "o"));
        c.connect("x.out", "i.in").connect("i.out", "o.in");
        CircuitDocument d = new CircuitDocument("counter", c);
        List<StepData> xs = new java.util.ArrayList<>();
        for (int t = 0; t < steps; t++) {
            xs.add(StepData.scalar(1));
        }
        d.scenario().put("x", xs);
        return d;
    }

    @Test
    void longRunsReportProgressAndCanBeCancelled() throws Exception {
        DebugSession s = new DebugSession(counter(10), Runnable::run);
        java.util.List<Double> progress = new java.util.concurrent.CopyOnWriteArrayList<>();
        s.addListener(x -> {
            if (x.progressProperty().get() >= 0) {
                progress.add(x.progressProperty().get());
                if (x.cursor() >= 20) {
                    x.cancel();
                }
            }
        });
        await(s.seek(2_000_000));
        assertThat(progress).isNotEmpty().allMatch(p -> p >= 0 && p < 1);
        assertThat(s.cursor()).isLessThan(2_000_000).isEqualTo(s.stepsRun() - 1);
        assertThat(s.messageProperty().get()).startsWith("Stopped at step");
        // a snapshot input receives the running sum of the scenario's changes: 10 ones, then nothing
        assertThat(s.cursor()).isGreaterThanOrEqualTo(9);
        assertThat(s.value(StreamRef.top("x", "out"), s.cursor())).isEqualTo(org.dbspstudio.engine.value.ZInt.of(10));
        s.dispose();
    }

    @Test
    void playStopsAtTheEndOfTheScenarioOrWhenPaused() throws Exception {
        DebugSession s = new DebugSession(counter(5), Runnable::run);
        await(s.play(0));
        assertThat(s.cursor()).isEqualTo(4);
        // inputs 1, 2, 3, 4, 5 (running sums); their integral 15
        assertThat(s.value(StreamRef.top("x", "out"), 4)).isEqualTo(org.dbspstudio.engine.value.ZInt.of(5));
        assertThat(s.value(StreamRef.top("i", "out"), 4)).isEqualTo(org.dbspstudio.engine.value.ZInt.of(15));
        DebugSession p = new DebugSession(counter(1000), Runnable::run);
        p.addListener(x -> {
            if (x.cursor() >= 3) {
                x.cancel();
            }
        });
        await(p.play(1));
        assertThat(p.cursor()).isBetween(3, 998);
        assertThat(p.messageProperty().get()).startsWith("Paused at step");
        s.dispose();
        p.dispose();
    }
}
