package org.dbspstudio.engine.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;

/**
 * The least change a step of the incremental transitive closure must process, whatever the engine:
 * the size of the closure's change in both times. With {@code reach_k(t)} the pairs joined by a
 * path of at most {@code k} edges in the graph of step {@code t}, differentiating over the
 * iterations leaves each pair at one iteration, its shortest path's length, and differentiating
 * that over the steps leaves a pair whose shortest path changed from {@code d} to {@code d'} at two
 * iterations (−1 at {@code d}, +1 at {@code d'}; one when it enters or leaves the closure). That
 * many entries reach the distinct operator ({@code H}) of the incremental closure at that step (step
 * 0: one per pair of the closure). Computed by breadth-first search from every node over the graphs
 * before and after each step, outside the timed steps; it explains why a batch that changes little
 * of the closure can cost as much as the first step.
 */
final class ClosureWork {
    private ClosureWork() {
    }

    /** For each step of {@code sc}'s {@code edges} (rows of two node numbers below {@code nodes}), its entries. */
    static long[] entries(Scenario sc, int nodes) {
        long[] out = new long[sc.steps()];
        Set<Long> graph = new HashSet<>();
        int[][] before = adjacency(graph, nodes);
        for (int t = 0; t < sc.steps(); t++) {
            for (Change c : ((StepData.Rows) sc.at("edges", t)).changes()) {
                long e = (Long) c.row().get(0) << 32 | (Long) c.row().get(1);
                if (c.weight() > 0) {
                    graph.add(e);
                } else {
                    graph.remove(e);
                }
            }
            int[][] after = adjacency(graph, nodes);
            int[] d0 = new int[nodes];
            int[] d1 = new int[nodes];
            int[] queue = new int[nodes];
            long n = 0;
            for (int s = 0; s < nodes; s++) {
                distances(before, s, d0, queue);
                distances(after, s, d1, queue);
                for (int x = 0; x < nodes; x++) {
                    if (d0[x] != d1[x]) {
                        n += (d0[x] > 0 ? 1 : 0) + (d1[x] > 0 ? 1 : 0);
                    }
                }
            }
            out[t] = n;
            before = after;
        }
        return out;
    }

    private static int[][] adjacency(Set<Long> graph, int nodes) {
        List<List<Integer>> adj = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            adj.add(new ArrayList<>());
        }
        for (long e : graph) {
            adj.get((int) (e >>> 32)).add((int) e);
        }
        int[][] a = new int[nodes][];
        for (int i = 0; i < nodes; i++) {
            a[i] = adj.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return a;
    }

    /** Shortest path lengths (at least one edge) from {@code s}; 0 where no path leads. */
    private static void distances(int[][] adj, int s, int[] d, int[] queue) {
        Arrays.fill(d, 0);
        int head = 0;
        int tail = 0;
        for (int x : adj[s]) {
            if (d[x] == 0) {
                d[x] = 1;
                queue[tail++] = x;
            }
        }
        while (head < tail) {
            int u = queue[head++];
            for (int x : adj[u]) {
                if (d[x] == 0) {
                    d[x] = d[u] + 1;
                    queue[tail++] = x;
                }
            }
        }
    }
}
