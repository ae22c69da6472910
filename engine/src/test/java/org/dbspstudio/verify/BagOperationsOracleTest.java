package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * INTERSECT [ALL], EXCEPT [ALL] and COUNT(DISTINCT …) on random change streams of <em>bags</em>
 * (rows inserted several times, copies deleted): at every step the engine's snapshot output equals
 * DuckDB's answer to the same SQL over the same table contents, and the incremental circuit's
 * output change equals {@code D} of the snapshot output ({@code Q^Δ(Δs) = D(Q(I(Δs)))}).
 */
class BagOperationsOracleTest {
    private static final int RUNS = 25;
    private static final int STEPS = 12;

    @ParameterizedTest
    @CsvSource({"intersect,false", "intersect,true", "except,false", "except,true"})
    void setOperationsAgreeWithDuckDbAndIncrementalize(String kind, boolean all) throws Exception {
        OpKind k = OpKind.fromJson(kind).orElseThrow();
        StreamType t = StreamType.zset(new RowSchema(List.of(Column.of("k", SqlType.BIGINT), Column.nullable("s", SqlType.VARCHAR))));
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", t));
        c.add(Operator.of("b", OpKind.INPUT, "name", "b", "type", t));
        c.add(Operator.of("op", k, "all", all));
        c.add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect("a.out", "op.a").connect("b.out", "op.b").connect("op.out", "out.in");
        String sql = "SELECT * FROM a " + kind.toUpperCase() + (all ? " ALL" : "") + " SELECT * FROM b";
        check(c, List.of("a", "b"), sql, kind.hashCode() + (all ? 1 : 0));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void countDistinctAgreesWithDuckDbAndIncrementalizes(boolean grouped) throws Exception {
        StreamType t = StreamType.zset(new RowSchema(List.of(Column.of("k", SqlType.BIGINT), Column.nullable("s", SqlType.VARCHAR))));
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", t));
        List<AggCall> aggs = List.of(new AggCall(AggFunction.COUNT_DISTINCT, "s", "n"), new AggCall(AggFunction.COUNT, "s", "c"));
        c.add(grouped ? Operator.of("op", OpKind.AGGREGATE, "groupBy", List.of(new NamedExpr("k", "k")), "aggregates", aggs)
                : Operator.of("op", OpKind.AGGREGATE, "aggregates", aggs));
        c.add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect("a.out", "op.in").connect("op.out", "out.in");
        String sql = grouped ? "SELECT k, COUNT(DISTINCT s), COUNT(s) FROM a GROUP BY k" : "SELECT COUNT(DISTINCT s), COUNT(s) FROM a";
        check(c, List.of("a"), sql, grouped ? 5 : 6);
    }

    @ParameterizedTest
    @CsvSource({"row_number,,false", "row_number,k,true", "rank,k,true", "rank,,false", "dense_rank,k,true", "dense_rank,,true"})
    void topKAgreesWithDuckDbAndIncrementalizes(String rank, String partition, boolean rankColumn) throws Exception {
        StreamType t = StreamType.zset(new RowSchema(List.of(Column.of("k", SqlType.BIGINT), Column.nullable("s", SqlType.VARCHAR))));
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", t));
        List<String> parts = partition == null ? List.of() : List.of(partition);
        Operator top = Operator.of("op", OpKind.TOP_K, "partitionBy", parts, "orderBy", List.of("s DESC"), "k", 2L, "rank", rank);
        c.add(rankColumn ? top.withParams(top.params().with("rankColumn", "r")) : top);
        c.add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect("a.out", "op.in").connect("op.out", "out.in");
        String over = rank.toUpperCase() + "() OVER (" + (parts.isEmpty() ? "" : "PARTITION BY k ")
                + "ORDER BY s DESC NULLS LAST" + (rank.equals("row_number") ? ", k ASC NULLS FIRST, s ASC NULLS FIRST" : "") + ")";
        String sql = "SELECT k, s" + (rankColumn ? ", r" : "") + " FROM (SELECT *, " + over + " AS r FROM a) WHERE r <= 2";
        check(c, List.of("a"), sql, rank.hashCode() + (partition == null ? 0 : 3) + (rankColumn ? 7 : 0));
    }

    /** The exported SQL of tumbling and hopping windows (plain SQL over an integer time) run by DuckDB. */
    @ParameterizedTest
    @CsvSource({"10,10", "10,4", "3,5"})
    void exportedTimeWindowsAgreeWithDuckDb(long size, long slide) throws Exception {
        StreamType t = StreamType.zset(new RowSchema(List.of(Column.of("k", SqlType.BIGINT), Column.nullable("s", SqlType.VARCHAR))));
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", t));
        c.add(Operator.of("op", OpKind.TIME_WINDOW, "timestamp", "k * 7 - 20", "size", size, "slide", slide));
        c.add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect("a.out", "op.in").connect("op.out", "out.in");
        String sql = org.dbspstudio.model.export.SqlExport.export(c, org.dbspstudio.model.export.Dialect.FELDERA, "w")
                .views().get(0).query();
        check(c, List.of("a"), sql, size * 3 + slide);
    }

    private static void check(Circuit snapshot, List<String> inputs, String sql, long seed) throws Exception {
        Circuit incremental = Incrementalizer.incrementalize(snapshot).incremental();
        assertThat(incremental.operators()).noneMatch(o -> o.kind() == OpKind.INTERSECT || o.kind() == OpKind.EXCEPT);
        List<CircuitOracle.Table> tables = new ArrayList<>();
        for (String in : inputs) {
            tables.add(new CircuitOracle.Table(in, "k BIGINT, s VARCHAR", BagOperationsOracleTest::randomBagChange));
        }
        CircuitOracle.check(snapshot, incremental, tables, sql, new Random(seed), RUNS, STEPS);
    }

    /** Inserts copies of rows (weight 1 or 2) and deletes some copies of present rows; contents stay a bag. */
    private static ZSet randomBagChange(Random rnd, Map<Row, Long> contents) {
        return CircuitOracle.bagChange(rnd, contents, 4,
                r -> Row.of((long) r.nextInt(3), r.nextInt(4) == 0 ? null : String.valueOf((char) ('p' + r.nextInt(3)))));
    }
}
