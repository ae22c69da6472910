package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Window aggregates {@code agg OVER (PARTITION BY … ORDER BY … ROWS|RANGE BETWEEN … PRECEDING AND CURRENT ROW)}
 * on random change streams of bags (copies inserted and deleted, NULL arguments): at every step the
 * engine's snapshot output equals DuckDB's window functions over the same table contents, and the
 * incremental circuit (overΔ, not the fallback) outputs {@code D} of the snapshot output
 * ({@code Q^Δ(Δs) = D(Q(I(Δs)))}).
 */
class WindowAggregateOracleTest {
    private static final int RUNS = 20;
    private static final int STEPS = 12;
    private static final StreamType TABLE = StreamType.zset(new RowSchema(List.of(Column.of("k", SqlType.BIGINT),
            Column.of("t", SqlType.BIGINT), Column.nullable("v", SqlType.BIGINT))));
    private static final List<AggCall> AGGS = List.of(new AggCall(AggFunction.SUM, "v", "s"),
            new AggCall(AggFunction.COUNT, null, "n"), new AggCall(AggFunction.COUNT, "v", "nv"),
            new AggCall(AggFunction.MIN, "v", "lo"), new AggCall(AggFunction.MAX, "v", "hi"),
            new AggCall(AggFunction.AVG, "v", "mean"));

    static Circuit circuit(boolean partitioned, String orderBy, String frame, Long preceding) {
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", TABLE));
        Params p = Params.of(OpKind.OVER, "partitionBy", partitioned ? List.of("k") : List.of(),
                "orderBy", orderBy.isEmpty() ? List.of() : List.of(orderBy), "frame", frame, "aggregates", AGGS);
        if (preceding != null) {
            p = p.with("preceding", preceding);
        }
        c.add(new Operator("op", OpKind.OVER, p, null));
        c.add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect("a.out", "op.in").connect("op.out", "out.in");
        return c;
    }

    @ParameterizedTest(name = "partitioned={0} ORDER BY {1} {2} BETWEEN {3} PRECEDING AND CURRENT ROW")
    @CsvSource({
        "true,t,rows,2", "true,t,rows,", "true,t,rows,0", "false,t DESC,rows,1",
        "true,t,range,3", "true,t,range,", "true,t,range,0", "false,t DESC,range,2", "true,,range,", "false,,range,",
        "true,t DESC NULLS LAST,range,"})
    void agreesWithDuckDbAndIncrementalizesByItsOwnRule(boolean partitioned, String orderBy, String frame, Long preceding)
            throws Exception {
        String order = orderBy == null ? "" : orderBy;
        Circuit snapshot = circuit(partitioned, order, frame, preceding);
        RewriteResult r = Incrementalizer.incrementalize(snapshot);
        Circuit incremental = r.incremental();
        assertThat(incremental.operatorsOfKind(OpKind.OVER_DELTA)).hasSize(1);
        assertThat(incremental.operators()).noneMatch(o -> o.kind() == OpKind.OVER || o.kind() == OpKind.INTEGRATE
                || o.kind() == OpKind.DIFFERENTIATE);
        assertThat(r.explain()).contains("Window aggregate").doesNotContain("Fallback");

        boolean rows = frame.equals("rows");
        String sqlOrder = order.isEmpty() ? "" : "ORDER BY " + order + (rows ? ", k ASC NULLS FIRST, t ASC NULLS FIRST, v ASC NULLS FIRST" : "")
                + (rows ? " ROWS" : " RANGE") + " BETWEEN " + (preceding == null ? "UNBOUNDED" : preceding) + " PRECEDING AND CURRENT ROW";
        String w = (partitioned ? "PARTITION BY k " : "") + sqlOrder;
        List<String> cols = new ArrayList<>(List.of("k", "t", "v"));
        for (AggCall a : AGGS) {
            cols.add(a.function().sqlName() + "(" + (a.expr() == null ? "*" : a.expr()) + ") OVER (" + w + ")");
        }
        String sql = "SELECT " + String.join(", ", cols) + " FROM a";

        Random rnd = new Random(order.hashCode() * 31L + frame.hashCode() + (preceding == null ? 7 : preceding) + (partitioned ? 1 : 0));
        CircuitOracle.check(snapshot, incremental, List.of(new CircuitOracle.Table("a", "k BIGINT, t BIGINT, v BIGINT",
                WindowAggregateOracleTest::randomBagChange)), sql, rnd, RUNS, STEPS);
    }

    /**
     * Monotone time: each step appends rows at the next time of each partition. The incremental form's
     * work per step stays bounded by the change and the frame (here 3 rows), not by the rows kept.
     */
    @Test
    void appendsInTimeOrderCostTheChangeNotThePartition() throws Exception {
        for (Long preceding : new Long[] {2L, null}) {
            for (String frame : List.of("rows", "range")) {
                Circuit incremental = Incrementalizer.incrementalize(circuit(true, "t", frame, preceding)).incremental();
                Simulation inc = Simulation.compile(incremental, EngineOptions.DEFAULT);
                String node = incremental.operatorsOfKind(OpKind.OVER_DELTA).get(0).id();
                long firstWork = -1;
                for (int step = 0; step < 400; step++) {
                    ZSet.Builder b = ZSet.builder();
                    for (long k = 0; k < 4; k++) {
                        b.add(Row.of(k, (long) step, (long) (step * 7 % 11)), 1);
                    }
                    inc.stepWith(Map.of("a", b.build()));
                    long work = inc.trace().stats(node, step).work();
                    if (step == 10) {
                        firstWork = work;
                    }
                    if (step > 10) {
                        assertThat(work).as("%s %s step %d: work %d, at step 10 it was %d", frame, preceding, step, work, firstWork)
                                .isLessThanOrEqualTo(firstWork);
                    }
                }
                assertThat(firstWork).isPositive().isLessThan(40);
                assertThat(inc.stateSize()).isGreaterThanOrEqualTo(1600);
            }
        }
    }

    /** Inserts copies of rows (weight 1 or 2) and deletes some copies of present rows; contents stay a bag. */
    private static ZSet randomBagChange(Random rnd, Map<Row, Long> contents) {
        return CircuitOracle.bagChange(rnd, contents, 5,
                r -> Row.of((long) r.nextInt(2), (long) r.nextInt(8), r.nextInt(5) == 0 ? null : (long) r.nextInt(10)));
    }
}
