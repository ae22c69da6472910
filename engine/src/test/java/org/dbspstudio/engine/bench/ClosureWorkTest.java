package org.dbspstudio.engine.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/** The closure's change in both times, which the benchmark logs beside each step's time. */
class ClosureWorkTest {

    @Test
    void aShortcutMovesAPairAndADeletionTakesOneOut() {
        // 0→1→2: pairs (0,1) (1,2) at iteration 1, (0,2) at 2. Adding 0→2 moves (0,2) from 2 to 1
        // (two entries); deleting 1→2 takes (1,2) out (one entry), (0,2) stays at 1.
        Scenario sc = new Scenario().put("edges", List.of(
                StepData.rows(List.of(edge(0, 1, 1), edge(1, 2, 1))),
                StepData.rows(List.of(edge(0, 2, 1))),
                StepData.rows(List.of(edge(1, 2, -1)))));
        assertArrayEquals(new long[] {3, 2, 1}, ClosureWork.entries(sc, 3));
    }

    @Test
    void equalsTheChangeOfTheIteratedReachOnRandomGraphs() {
        Random rnd = new Random(7);
        for (int round = 0; round < 30; round++) {
            int nodes = 2 + rnd.nextInt(8);
            Scenario sc = Closure.workload(nodes, Math.min(nodes * nodes / 2, 1 + rnd.nextInt(12)), 4, 2,
                    1 + rnd.nextInt(3), rnd.nextLong());
            assertArrayEquals(byDefinition(sc, nodes), ClosureWork.entries(sc, nodes), "round " + round);
        }
    }

    /**
     * Σ over iterations k and pairs of |D_in reach(t) − D_in reach(t−1)|, with reach_k the pairs
     * joined by at most k edges, computed by joining sets k times.
     */
    private static long[] byDefinition(Scenario sc, int nodes) {
        long[] out = new long[sc.steps()];
        Set<List<Long>> graph = new HashSet<>();
        Map<Integer, Set<List<Long>>> before = newFacts(graph, nodes);
        for (int t = 0; t < sc.steps(); t++) {
            for (Change c : ((StepData.Rows) sc.at("edges", t)).changes()) {
                List<Long> e = List.of((Long) c.row().get(0), (Long) c.row().get(1));
                if (c.weight() > 0) {
                    graph.add(e);
                } else {
                    graph.remove(e);
                }
            }
            Map<Integer, Set<List<Long>>> after = newFacts(graph, nodes);
            long n = 0;
            for (int k = 1; k <= nodes + 1; k++) {
                Set<List<Long>> a = after.getOrDefault(k, Set.of());
                Set<List<Long>> b = before.getOrDefault(k, Set.of());
                for (List<Long> p : a) {
                    n += b.contains(p) ? 0 : 1;
                }
                for (List<Long> p : b) {
                    n += a.contains(p) ? 0 : 1;
                }
            }
            out[t] = n;
            before = after;
        }
        return out;
    }

    /** k → reach_k − reach_{k−1}. */
    private static Map<Integer, Set<List<Long>>> newFacts(Set<List<Long>> graph, int nodes) {
        Map<Integer, Set<List<Long>>> out = new HashMap<>();
        Set<List<Long>> reach = new HashSet<>(graph);
        out.put(1, new HashSet<>(graph));
        for (int k = 2; k <= nodes + 1; k++) {
            Set<List<Long>> next = new HashSet<>(reach);
            for (List<Long> r : reach) {
                for (List<Long> e : graph) {
                    if (r.get(1).equals(e.get(0))) {
                        next.add(List.of(r.get(0), e.get(1)));
                    }
                }
            }
            Set<List<Long>> fresh = new HashSet<>(next);
            fresh.removeAll(reach);
            out.put(k, fresh);
            reach = next;
        }
        return out;
    }

    private static Change edge(long a, long b, int w) {
        return new Change(Row.of(a, b), w);
    }
}
