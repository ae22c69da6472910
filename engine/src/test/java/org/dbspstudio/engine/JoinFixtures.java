package org.dbspstudio.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;

/** Random two-column tables and a plain join over maps, for the join properties' oracles. */
public final class JoinFixtures {
    private JoinFixtures() {
    }

    /**
     * {@code n} random changes to {@code table} (kept up to date), some of them cancelling rows it
     * holds; column {@code key} is the join key (of {@code keys} values), the other a value; with
     * {@code nullOneIn} > 0 about one cell in that many is NULL.
     */
    public static List<Change> changes(Random rnd, Map<Row, Long> table, int n, int keys, int values, int nullOneIn, int key) {
        Map<Row, Long> d = new HashMap<>();
        List<Row> present = new ArrayList<>(table.keySet());
        for (int i = 0; i < n; i++) {
            if (!present.isEmpty() && rnd.nextInt(4) == 0) {
                Row r = present.get(rnd.nextInt(present.size()));
                d.merge(r, -table.get(r), Long::sum);
                continue;
            }
            Long v = nullOneIn > 0 && rnd.nextInt(nullOneIn) == 0 ? null : (long) (rnd.nextInt(values) - values / 3);
            Long k = nullOneIn > 0 && rnd.nextInt(nullOneIn) == 0 ? null : (long) rnd.nextInt(keys);
            d.merge(key == 0 ? Row.of(k, v) : Row.of(v, k), (long) (rnd.nextInt(5) - 2), Long::sum);
        }
        List<Change> out = new ArrayList<>();
        d.forEach((r, w) -> {
            if (w != 0) {
                out.add(new Change(r, w));
                table.merge(r, w, Long::sum);
            }
        });
        table.values().removeIf(w -> w == 0);
        return out;
    }

    /** left ⋈ right on left's column 1 = right's column 0 (NULL keys match nothing), each match projected by {@code project(l, r)}. */
    public static Map<Row, Long> join(Map<Row, Long> left, Map<Row, Long> right, BiFunction<Row, Row, Row> project) {
        Map<Object, List<Map.Entry<Row, Long>>> byKey = new HashMap<>();
        right.entrySet().forEach(e -> {
            if (e.getKey().get(0) != null) {
                byKey.computeIfAbsent(e.getKey().get(0), k -> new ArrayList<>()).add(e);
            }
        });
        Map<Row, Long> out = new HashMap<>();
        left.forEach((l, w) -> {
            if (l.get(1) == null) {
                return;
            }
            for (Map.Entry<Row, Long> e : byKey.getOrDefault(l.get(1), List.of())) {
                out.merge(project.apply(l, e.getKey()), Math.multiplyExact(w, e.getValue()), Long::sum);
            }
        });
        out.values().removeIf(w -> w == 0);
        return out;
    }
}
