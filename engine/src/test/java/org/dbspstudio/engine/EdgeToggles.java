package org.dbspstudio.engine;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;

/**
 * Random edge toggles of a graph as a change stream, with the transitive closure after each step
 * computed by breadth-first search: the oracle of the recursive-closure properties.
 *
 * @param steps    the changes of each step (an edge absent so far is inserted, a present one deleted)
 * @param closures the closure of the graph after each step
 */
public record EdgeToggles(List<StepData> steps, List<Set<Row>> closures) {

    /** Each number {@code e} in a step toggles the edge {@code (e / nodes, e % nodes)}. */
    public static EdgeToggles of(List<List<Long>> toggles, int nodes) {
        Set<Row> edges = new HashSet<>();
        List<StepData> steps = new ArrayList<>();
        List<Set<Row>> closures = new ArrayList<>();
        for (List<Long> step : toggles) {
            List<Change> changes = new ArrayList<>();
            for (long e : new HashSet<>(step)) {
                Row r = Row.of(e / nodes, e % nodes);
                boolean present = edges.remove(r);
                if (!present) {
                    edges.add(r);
                }
                changes.add(new Change(r, present ? -1 : 1));
            }
            steps.add(StepData.rows(changes));
            closures.add(NestedCircuitTest.bfs(edges));
        }
        return new EdgeToggles(steps, closures);
    }
}
