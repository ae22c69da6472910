package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;

/**
 * Pure edits of a scenario, each returning a new scenario: add or remove rows of one input at
 * one step, insert or remove a whole step (for every input), merge imported changes. Changes of
 * the same row at one step are merged (weights summed, zero dropped).
 */
public final class ScenarioEdits {
    private ScenarioEdits() {
    }

    /** The changes of {@code input} at {@code step} (empty when there are none). */
    public static List<Change> changes(Scenario s, String input, int step) {
        StepData d = s.at(input, step);
        return d instanceof StepData.Rows r ? r.changes() : List.of();
    }

    /** Adds a change of {@code row} with {@code weight} at {@code step} (merging with an existing change of the row). */
    public static Scenario addChange(Scenario s, String input, int step, Row row, long weight) {
        List<Change> l = new ArrayList<>(changes(s, input, step));
        l.add(new Change(row, weight));
        return setChanges(s, input, step, l);
    }

    /** Replaces the changes of {@code input} at {@code step}. */
    public static Scenario setChanges(Scenario s, String input, int step, List<Change> changes) {
        Scenario n = s.copy();
        n.set(input, step, StepData.rows(merge(changes)), StepData.EMPTY_ROWS);
        return n;
    }

    /** Sets an integer input's value at {@code step}. */
    public static Scenario setScalar(Scenario s, String input, int step, long value) {
        Scenario n = s.copy();
        n.set(input, step, StepData.scalar(value), StepData.scalar(0));
        return n;
    }

    /** Merges changes of equal rows, keeping first-seen order and dropping zero weights. */
    public static List<Change> merge(List<Change> changes) {
        Map<Row, Long> m = new LinkedHashMap<>();
        for (Change c : changes) {
            m.merge(c.row(), c.weight(), Math::addExact);
        }
        List<Change> out = new ArrayList<>();
        m.forEach((r, w) -> {
            if (w != 0) {
                out.add(new Change(r, w));
            }
        });
        return out;
    }

    /** Inserts an empty step at {@code step} for every input (later steps move one later). */
    public static Scenario insertStep(Scenario s, int step, Map<String, StepData> empties) {
        Scenario n = new Scenario();
        s.streams().forEach((name, steps) -> {
            List<StepData> l = new ArrayList<>(steps);
            if (step <= l.size()) {
                l.add(step, empties.getOrDefault(name, StepData.EMPTY_ROWS));
            }
            n.put(name, l);
        });
        return n;
    }

    /** Removes step {@code step} of every input (later steps move one earlier). */
    public static Scenario removeStep(Scenario s, int step) {
        Scenario n = new Scenario();
        s.streams().forEach((name, steps) -> {
            List<StepData> l = new ArrayList<>(steps);
            if (step < l.size()) {
                l.remove(step);
            }
            n.put(name, l);
        });
        return n;
    }

    /** Adds imported changes per step to {@code input}. */
    public static Scenario addAll(Scenario s, String input, Map<Integer, List<Change>> perStep) {
        Scenario n = s;
        for (var e : perStep.entrySet()) {
            List<Change> l = new ArrayList<>(changes(n, input, e.getKey()));
            l.addAll(e.getValue());
            n = setChanges(n, input, e.getKey(), l);
        }
        return n;
    }

    /** Copies every stream of {@code from} into {@code target} in place (so sharers of {@code target} see it). */
    public static void assign(Scenario target, Scenario from) {
        for (String name : List.copyOf(target.streams().keySet())) {
            target.remove(name);
        }
        from.streams().forEach(target::put);
    }
}
