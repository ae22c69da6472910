package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.agg;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.CellBatch;
import org.dbspstudio.engine.value.RowWeights;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * A join probing with batches of cells and an aggregate updated from them (B2's circuit: customers ⋈
 * orders grouped by region) against the same circuits fed row objects, and the incremental circuit
 * against the difference of the snapshot circuit's outputs; and a table of row → weight probed with
 * cells against a plain map. Random changes on both sides with NULL keys and regions, strings,
 * weights whose products overflow, and sums that overflow.
 */
class CellJoinAggregateProperties {

    static final StreamType CUSTOMERS = TestCircuits.zset("id", SqlType.BIGINT, "region", SqlType.VARCHAR, "tier", SqlType.BIGINT);
    static final StreamType ORDERS = TestCircuits.zset("oid", SqlType.BIGINT, "cid", SqlType.BIGINT, "amount", SqlType.BIGINT,
            "note", SqlType.VARCHAR);

    static final List<AggCall> CALLS = List.of(agg(AggFunction.COUNT, null, "n"), agg(AggFunction.SUM, "amount", "total"),
            agg(AggFunction.MIN, "amount", "lo"), agg(AggFunction.AVG, "amount", "m"), agg(AggFunction.COUNT, "tier", "t"),
            agg(AggFunction.MAX, "tier", "hi"));

    /** customers ⋈ orders on id = cid, (region, amount, tier), grouped by region (or by tier, or globally). */
    static Circuit snapshot(int grouping) {
        Object[] g = switch (grouping) {
            case 0 -> new Object[] {"groupBy", named("region", "region"), "aggregates", CALLS};
            case 1 -> new Object[] {"groupBy", named("tier", "tier", "region", "region"), "aggregates", CALLS};
            default -> new Object[] {"aggregates", CALLS};
        };
        Circuit c = circuit(Circuit.InputMode.SNAPSHOTS, input("customers", "customers", CUSTOMERS),
                input("orders", "orders", ORDERS),
                op("j", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("cid"),
                        "projection", named("region", "l.region", "amount", "r.amount", "tier", "l.tier")),
                op("g", OpKind.AGGREGATE, g), output("out", "out"), output("joined", "joined"));
        c.connect("customers.out", "j.left").connect("orders.out", "j.right").connect("j.out", "g.in")
                .connect("g.out", "out.in").connect("j.out", "joined.in");
        return c;
    }

    private static Row customer(Random r, boolean nulls) {
        Object id = nulls && r.nextInt(12) == 0 ? null : (long) r.nextInt(6);
        Object region = nulls && r.nextInt(12) == 0 ? null : "region-" + r.nextInt(3);
        Object tier = nulls && r.nextInt(12) == 0 ? null : (long) r.nextInt(3);
        return Row.of(id, region, tier);
    }

    private static Row order(Random r, boolean nulls, boolean overflowing) {
        Object cid = nulls && r.nextInt(12) == 0 ? null : (long) r.nextInt(7);
        Object amount = nulls && r.nextInt(12) == 0 ? null
                : overflowing ? (r.nextInt(3) == 0 ? Long.MAX_VALUE / 2 + r.nextInt(3) : (long) r.nextInt(6)) : (long) r.nextInt(9) - 3;
        return Row.of((long) r.nextInt(8), cid, amount, "n" + r.nextInt(3));
    }

    /**
     * A weight; when {@code overflowing}, positive (with amounts that are not negative, a running
     * sum overflows in every order of its rows or in none, so both paths fail at the same operator).
     */
    private static long weight(Random r, boolean overflowing) {
        if (overflowing) {
            return r.nextInt(10) == 0 ? 1L << 40 : 1 + r.nextInt(2);
        }
        long w = r.nextInt(5) - 2;
        return w == 0 ? 1 : w;
    }

    private static List<Change> changes(Random r, int n, boolean customers, boolean nulls, boolean overflowing) {
        List<Change> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(new Change(customers ? customer(r, nulls) : order(r, nulls, overflowing), weight(r, overflowing)));
        }
        return l;
    }

    private static Map<Row, Long> model(List<Change> cs) {
        Map<Row, Long> m = new HashMap<>();
        cs.forEach(c -> m.merge(c.row(), c.weight(), (a, b) -> a + b == 0 ? null : a + b));
        return m;
    }

    /** The step's changes, or null when it failed (the failing operator's id in {@code failed[0]}). */
    private static Map<String, StreamValue> step(Simulation s, Map<String, StreamValue> in, String[] failed) {
        try {
            s.stepWith(in);
            return s.lastOutputs();
        } catch (EngineException e) {
            assertThat(e.reason()).contains("overflow");
            failed[0] = e.operatorId();
            return null;
        }
    }

    @Property(tries = 200)
    void joinAndAggregateOnCellsMatchRows(@ForAll long seed, @ForAll @IntRange(min = 1, max = 7) int steps,
                                          @ForAll boolean nulls, @ForAll boolean overflowing,
                                          @ForAll @IntRange(min = 0, max = 2) int grouping) {
        Circuit snap = snapshot(grouping);
        Circuit inc = Incrementalizer.incrementalize(snap).incremental();
        for (Circuit c : List.of(snap, inc)) {
            boolean changes = c == inc;
            Simulation cells;
            Simulation rows;
            try {
                cells = Simulation.compile(c, EngineOptions.DEFAULT);
                rows = Simulation.compile(c, EngineOptions.DEFAULT);
            } catch (EngineException e) {
                throw new AssertionError(e);
            }
            Random rr = new Random(seed + 1);
            for (int t = 0; t < steps; t++) {
                List<Change> dc = changes(rr, rr.nextInt(t == 0 ? 12 : 4), true, nulls, overflowing);
                List<Change> dor = changes(rr, rr.nextInt(t == 0 ? 30 : 15), false, nulls, overflowing);
                // the inputs' changes (a snapshot circuit's inputs add them up): as cells, or as a flat table of row objects
                Map<String, StreamValue> asCells = Map.of("customers", ZSet.ofChanges(dc), "orders", ZSet.ofChanges(dor));
                Map<String, StreamValue> asRows = Map.of("customers", ZSet.ofMap(model(dc)), "orders", ZSet.ofMap(model(dor)));
                assertThat(((ZSet) asRows.get("orders")).cells()).isNull();
                String[] failedCells = {null};
                String[] failedRows = {null};
                Map<String, StreamValue> outCells = step(cells, asCells, failedCells);
                Map<String, StreamValue> outRows = step(rows, asRows, failedRows);
                assertThat(failedCells[0]).as("step %d", t).isEqualTo(failedRows[0]);
                if (outRows == null) {
                    break;
                }
                for (String out : List.of("out", "joined")) {
                    assertThat(outCells.get(out)).as("%s at step %d (%s)", out, t, changes ? "incremental" : "snapshot")
                            .isEqualTo(outRows.get(out));
                    Map<Row, Long> listed = new HashMap<>();
                    ((ZSet) outCells.get(out)).forEach((row, w) -> assertThat(listed.put(row, w)).isNull());
                }
            }
        }
    }

    @Property(tries = 100)
    void incrementalEqualsDifferenceOfSnapshots(@ForAll long seed, @ForAll @IntRange(min = 1, max = 7) int steps,
                                                @ForAll boolean nulls, @ForAll @IntRange(min = 0, max = 2) int grouping)
            throws EngineException {
        Random r = new Random(seed);
        Circuit snap = snapshot(grouping);
        Simulation inc = Simulation.compile(Incrementalizer.incrementalize(snap).incremental(), EngineOptions.DEFAULT);
        Simulation whole = Simulation.compile(snap, EngineOptions.DEFAULT.withDeltaTracking(false));
        ZSet prev = ZSet.EMPTY;
        for (int t = 0; t < steps; t++) {
            List<Change> dc = changes(r, r.nextInt(t == 0 ? 12 : 4), true, nulls, false);
            List<Change> dor = changes(r, r.nextInt(t == 0 ? 30 : 15), false, nulls, false);
            inc.stepWith(Map.of("customers", ZSet.ofChanges(dc), "orders", ZSet.ofChanges(dor)));
            // the snapshot circuit recomputed from its inputs' running sums (its stepWith adds the changes up)
            whole.stepWith(Map.of("customers", ZSet.ofMap(model(dc)), "orders", ZSet.ofMap(model(dor))));
            ZSet now = (ZSet) whole.lastOutputs().get("out");
            assertThat(inc.lastOutputs().get("out")).as("step %d", t).isEqualTo(now.minus(prev));
            prev = now;
        }
    }

    @Property(tries = 200)
    void rowWeightsProbedWithCellsMatchAMap(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int batches,
                                             @ForAll boolean nulls) {
        Random r = new Random(seed);
        RowWeights table = new RowWeights();
        Map<Row, Long> model = new HashMap<>();
        for (int b = 0; b < batches; b++) {
            List<Change> d = changes(r, r.nextInt(40), false, nulls, false);
            ZSet z = ZSet.ofChanges(d);
            CellBatch cells = z.cells();
            if (cells == null) {
                continue;
            }
            for (int i = 0; i < cells.size(); i++) {
                Row row = cells.row(i);
                assertThat(cells.rowHash(i)).isEqualTo(row.hashCode());
                assertThat(cells.sameRow(i, row)).isTrue();
                assertThat(cells.sameRow(i, Row.of(row.get(0), row.get(1), row.get(2), "other"))).isFalse();
                long before = model.getOrDefault(row, 0L);
                // half of the rows through their cells, half as row objects
                long old = r.nextBoolean() ? table.add(cells, i, cells.weight(i)) : table.add(row, cells.weight(i));
                assertThat(old).isEqualTo(before);
                model.merge(row, cells.weight(i), (x, y) -> x + y == 0 ? null : x + y);
            }
            assertThat(table.size()).isEqualTo(model.size());
            model.forEach((row, w) -> assertThat(table.weight(row)).isEqualTo(w));
        }
    }
}
