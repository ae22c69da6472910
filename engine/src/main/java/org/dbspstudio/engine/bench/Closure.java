package org.dbspstudio.engine.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * The transitive-closure workload of B3/B4: the drawn snapshot circuit and a random graph with a
 * stream of edge changes (deterministic for a seed).
 */
public final class Closure {
    private Closure() {
    }

    /** The closure {@code o = distinct(E + π(z⁻¹(o) ⋈ E))} as a nested circuit over snapshots. */
    public static Circuit transitiveClosure() {
        StreamType edge = StreamType.zset(RowSchema.of(Column.of("src", SqlType.BIGINT), Column.of("dst", SqlType.BIGINT)));
        Circuit inner = new Circuit();
        inner.add(Operator.of("e0", OpKind.DELTA0, "port", "edges"));
        inner.add(Operator.of("E", OpKind.INTEGRATE));
        inner.add(Operator.of("zo", OpKind.DELAY));
        inner.add(Operator.of("step", OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"),
                "projection", List.of(new NamedExpr("src", "l.src"), new NamedExpr("dst", "r.dst"))));
        inner.add(Operator.of("all", OpKind.PLUS));
        inner.add(Operator.of("o", OpKind.DISTINCT));
        inner.add(Operator.of("newFacts", OpKind.DIFFERENTIATE));
        inner.add(Operator.of("leave", OpKind.INTEGRAL, "port", "closure"));
        inner.connect("e0.out", "E.in").connect("o.out", "zo.in").connect("zo.out", "step.left")
                .connect("E.out", "step.right").connect("E.out", "all.a").connect("step.out", "all.b")
                .connect("all.out", "o.in").connect("o.out", "newFacts.in").connect("newFacts.out", "leave.in");
        Circuit c = new Circuit();
        c.add(Operator.of("edges", OpKind.INPUT, "name", "edges", "type", edge));
        c.add(Operator.nested("tc", inner, "maxIterations", 100_000L));
        c.add(Operator.of("reach", OpKind.OUTPUT, "name", "reach"));
        c.connect("edges.out", "tc.edges").connect("tc.closure", "reach.in");
        return c;
    }

    /**
     * Step 0: {@code edges} distinct random edges over {@code nodes} nodes; then {@code singles}
     * single-edge steps (alternately inserting a new edge and deleting a present one); then
     * {@code batches} steps of {@code batchSize} changes (each an insertion or a deletion).
     */
    public static Scenario workload(int nodes, int edges, int singles, int batches, int batchSize, long seed) {
        Random rnd = new Random(seed);
        Set<Row> present = new LinkedHashSet<>();
        List<StepData> steps = new ArrayList<>();
        List<Change> load = new ArrayList<>();
        while (present.size() < edges) {
            Row r = Row.of((long) rnd.nextInt(nodes), (long) rnd.nextInt(nodes));
            if (present.add(r)) {
                load.add(new Change(r, 1));
            }
        }
        steps.add(StepData.rows(load));
        List<Row> live = new ArrayList<>(present);
        for (int i = 0; i < singles; i++) {
            steps.add(StepData.rows(changes(rnd, present, live, nodes, 1, i)));
        }
        for (int b = 0; b < batches; b++) {
            steps.add(StepData.rows(changes(rnd, present, live, nodes, batchSize, 0)));
        }
        return new Scenario().put("edges", steps);
    }

    private static List<Change> changes(Random rnd, Set<Row> present, List<Row> live, int nodes, int n, int parity) {
        List<Change> l = new ArrayList<>();
        Set<Row> touched = new LinkedHashSet<>();
        for (int k = 0; k < n; k++) {
            boolean insert = n == 1 ? parity % 2 == 0 : rnd.nextBoolean();
            if (insert) {
                Row r;
                do {
                    r = Row.of((long) rnd.nextInt(nodes), (long) rnd.nextInt(nodes));
                } while (present.contains(r) || touched.contains(r));
                touched.add(r);
                l.add(new Change(r, 1));
            } else {
                Row r;
                do {
                    r = live.get(rnd.nextInt(live.size()));
                } while (touched.contains(r));
                touched.add(r);
                l.add(new Change(r, -1));
            }
        }
        for (Change c : l) {
            if (c.weight() > 0) {
                present.add(c.row());
                live.add(c.row());
            } else {
                present.remove(c.row());
                int i = live.indexOf(c.row());
                live.set(i, live.get(live.size() - 1));
                live.remove(live.size() - 1);
            }
        }
        return l;
    }
}
