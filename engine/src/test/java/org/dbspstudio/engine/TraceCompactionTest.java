package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.ch;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;
import static org.dbspstudio.engine.TestCircuits.zset;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;

/**
 * A snapshot circuit's join output is a new flat Z-set at every step: the trace keeps it as its
 * change between checkpoints and rebuilds it on demand. Read back in random order (forward, back,
 * jumps), with and without old steps evicted, every step's value equals the one the engine
 * produced at that step (taken from a run that records nothing), and so does its change.
 */
class TraceCompactionTest {
    static Circuit usersOrders() {
        Circuit c = new Circuit();
        c.add(input("users", "users", zset("id", SqlType.BIGINT, "name", SqlType.VARCHAR)));
        c.add(input("orders", "orders", zset("user_id", SqlType.BIGINT, "item", SqlType.VARCHAR)));
        c.add(op("j", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("user_id"),
                "projection", named("id", "l.id", "name", "l.name", "item", "r.item")));
        c.add(output("v", "user_orders"));
        c.connect("users.out", "j.left").connect("orders.out", "j.right").connect("j.out", "v.in");
        return c;
    }

    static Scenario scenario(int n, int steps, long seed) {
        Random r = new Random(seed);
        List<Change> users = new ArrayList<>();
        List<Change> orders = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            users.add(ch(1, i, "user" + i));
            orders.add(ch(1, i, "item" + i));
        }
        List<StepData> us = new ArrayList<>(List.of(StepData.rows(users)));
        List<StepData> os = new ArrayList<>(List.of(StepData.rows(orders)));
        for (int t = 1; t < steps; t++) {
            long u = r.nextInt(n);
            us.add(StepData.rows(List.of(ch(-1, u, "user" + u), ch(1, u, "user" + u + "@" + t))));
            os.add(StepData.rows(List.of(ch(1, (long) r.nextInt(n), "extra" + t))));
        }
        return new Scenario().put("users", renames(us, n)).put("orders", os);
    }

    /** Makes each rename delete the name the user has at that step (the scenario above renames blindly). */
    private static List<StepData> renames(List<StepData> us, int n) {
        String[] name = new String[n];
        for (int i = 0; i < n; i++) {
            name[i] = "user" + i;
        }
        List<StepData> out = new ArrayList<>(List.of(us.get(0)));
        for (int t = 1; t < us.size(); t++) {
            List<Change> cs = ((StepData.Rows) us.get(t)).changes();
            int u = (int) (long) (Long) cs.get(0).row().get(0);
            String next = (String) cs.get(1).row().get(1);
            out.add(StepData.rows(List.of(ch(-1, (long) u, name[u]), ch(1, (long) u, next))));
            name[u] = next;
        }
        return out;
    }

    @Test
    void valuesKeptAsChangesAreRebuiltExactlyInAnyOrder() throws Exception {
        for (boolean tracking : new boolean[] {true, false}) {
            for (int retain : new int[] {0, 45}) {
                readBackInAnyOrder(tracking, retain);
            }
        }
    }

    private static void readBackInAnyOrder(boolean tracking, int retain) throws Exception {
        {
            Scenario sc = scenario(2000, 100, 7 + retain);
            Simulation plain = Simulation.compile(usersOrders(), EngineOptions.DEFAULT.withRecordTrace(false));
            plain.setScenario(sc);
            List<StreamValue> truth = new ArrayList<>();
            for (int t = 0; t < sc.steps(); t++) {
                plain.step();
                truth.add(plain.lastOutputs().get("user_orders"));
            }
            Simulation sim = Simulation.compile(usersOrders(),
                    EngineOptions.DEFAULT.withDeltaTracking(tracking).withRetention(retain, 0));
            sim.setScenario(sc);
            sim.runScenario();
            if (tracking) {
                // the join updates its output by its inputs' changes: it shares its structure step to step
                StreamValue lastOut = sim.trace().value("j", "out", sc.steps() - 1);
                assertThat(sim.trace().compactedValues() > 50
                        || lastOut instanceof org.dbspstudio.engine.value.ZSet z && z.persistent())
                        .as("join outputs kept as changes, or sharing their structure step to step").isTrue();
            } else {
                // recomputed flat at every step: kept as its change between checkpoints
                assertThat(sim.trace().compactedValues()).as("recomputed join outputs kept as changes").isGreaterThan(50);
            }
            int first = sim.trace().firstStep();
            assertThat(first).isEqualTo(retain == 0 ? 0 : sc.steps() - retain);
            Random r = new Random(retain);
            List<Integer> order = new ArrayList<>();
            for (int t = sc.steps() - 1; t >= first; t--) {
                order.add(t);
            }
            for (int t = first; t < sc.steps(); t++) {
                order.add(t);
            }
            for (int k = 0; k < 60; k++) {
                order.add(first + r.nextInt(sc.steps() - first));
            }
            for (int t : order) {
                // compared with equals: a failure would print two Z-sets of 2,000 rows
                assertThat(sim.trace().value("j", "out", t).equals(truth.get(t))).as("j.out at step " + t).isTrue();
                if (t > first) {
                    assertThat(sim.trace().change("j", "out", t)).as("its change at step " + t)
                            .isEqualTo(truth.get(t).minus(truth.get(t - 1)));
                }
            }
            List<StreamValue> visited = new ArrayList<>();
            sim.trace().forEachValue(sc.steps() - 1, (its, opId, port, v) -> {
                if (opId.equals("j")) {
                    visited.add(v);
                }
            });
            assertThat(visited).hasSize(1);
            assertThat(visited.get(0).equals(truth.get(sc.steps() - 1))).as("the last step's j.out, visited").isTrue();
        }
    }
}
