package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.verify.RandomChanges;

/**
 * Oracle properties of the debugger's view model: after editing the scenario from step k, every
 * recorded value equals that of a fresh session run on the edited scenario; stepping back and
 * forth returns the recorded values; contents are the sums of changes.
 */
class DebugSessionProperties {
    private static final List<StreamRef> STREAMS = List.of(StreamRef.top("users", "out"), StreamRef.top("orders", "out"),
            StreamRef.top("j", "out"));

    private static void await(java.util.concurrent.CompletableFuture<Void> f) throws Exception {
        f.get(30, TimeUnit.SECONDS);
    }

    private static Scenario splice(Scenario a, Scenario b, int k) {
        Scenario s = new Scenario();
        for (String name : a.streams().keySet()) {
            List<StepData> l = new ArrayList<>();
            for (int t = 0; t < Math.max(a.of(name).size(), b.of(name).size()); t++) {
                StepData d = t < k ? a.at(name, t) : b.at(name, t);
                l.add(d == null ? StepData.EMPTY_ROWS : d);
            }
            s.put(name, l);
        }
        return s;
    }

    @Property(tries = 25)
    void editingFromAStepMatchesAFreshRun(@ForAll @LongRange(min = 0, max = 1000) long seed,
                                          @ForAll @IntRange(min = 0, max = 5) int k) throws Exception {
        int steps = 6;
        CircuitDocument d = DebugFixtures.usersOrders();
        RandomChanges gen = new RandomChanges(steps, 3, 3);
        Scenario first = gen.generate(d.circuit(), seed);
        Scenario second = gen.generate(d.circuit(), seed + 7919);
        d.setScenario(first.copy());
        DebugSession s = new DebugSession(d, Runnable::run);
        await(s.seek(steps - 1));
        await(s.stepBack());
        Scenario edited = splice(first, second, k);
        ScenarioEdits.assign(d.scenario(), edited);
        await(s.documentChanged());

        CircuitDocument fresh = DebugFixtures.usersOrders();
        fresh.setScenario(edited.copy());
        DebugSession oracle = new DebugSession(fresh, Runnable::run);
        await(oracle.seek(steps - 1));

        assertThat(s.cursor()).isEqualTo(steps - 2);
        int rerun = DebugSession.firstDifference(first, edited);
        assertThat(s.lastRerunFromProperty().get()).isEqualTo(rerun < steps ? rerun : -1);
        for (int t = 0; t < steps; t++) {
            for (StreamRef r : STREAMS) {
                assertThat(s.value(r, t)).as(r + " at " + t).isEqualTo(oracle.value(r, t));
                assertThat(s.change(r, t)).as("change of " + r + " at " + t).isEqualTo(oracle.change(r, t));
            }
        }
        s.dispose();
        oracle.dispose();
    }

    @Property(tries = 15)
    void contentsOfAnIncrementalCircuitAreSumsOfItsChanges(@ForAll @LongRange(min = 0, max = 1000) long seed)
            throws Exception {
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(new RandomChanges(5, 3, 3).generate(d.circuit(), seed));
        CircuitDocument inc = new CircuitDocument("inc",
                org.dbspstudio.model.rewrite.Incrementalizer.incrementalize(d.circuit()).incremental());
        inc.setScenario(d.scenario());
        DebugSession snap = new DebugSession(d, Runnable::run);
        DebugSession delta = new DebugSession(inc, Runnable::run);
        await(snap.seek(4));
        await(delta.seek(4));
        StreamRef out = StreamRef.top("v", "in");
        StreamValue sum = null;
        for (int t = 0; t <= 4; t++) {
            StreamValue c = delta.value(out, t);
            sum = sum == null ? c : sum.plus(c);
            assertThat(delta.contents(out, t)).isEqualTo(sum);
            // the incremental circuit's output change is the change of the original's output
            assertThat(delta.change(out, t)).isEqualTo(snap.change(out, t));
            assertThat(delta.contents(out, t)).isEqualTo(snap.contents(out, t));
        }
        snap.dispose();
        delta.dispose();
    }
}
