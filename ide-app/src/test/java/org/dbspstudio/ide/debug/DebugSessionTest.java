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
        StreamRef r = new StreamRef(List.of("tc"), "r", "out");
        assertThat(s.value(r, 0, 0).rows()).isEqualTo(3);
        assertThat(s.value(r, 0, n - 1).rows()).isEqualTo(6);
        assertThat(s.change(r, 0, 1).rows()).isEqualTo(2);
        s.dispose();
    }

    @Test
    void failureStopsTheRunAndKeepsEarlierSteps() throws Exception {
        CircuitDocument d = DebugFixtures.usersOrders();
        d.circuit().remove("v");
        d.circuit().add(org.dbspstudio.model.Operator.of("bad", org.dbspstudio.model.OpKind.FILTER,
                "predicate", "100 / (id - 2) > 0"));
        d.circuit().add(org.dbspstudio.model.Operator.of("v", org.dbspstudio.model.OpKind.OUTPUT, "name", "v"));
        d.circuit().connect("j.out", "bad.in").connect("bad.out", "v.in");
        d.setScenario(DebugFixtures.seedScenario());
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
}
