package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
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
    private static Connection db;

    @BeforeAll
    static void open() throws Exception {
        Class.forName("org.duckdb.DuckDBDriver");
        db = DriverManager.getConnection("jdbc:duckdb:");
        exec("SET threads=1");
    }

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    private static void exec(String sql) throws Exception {
        try (Statement s = db.createStatement()) {
            s.execute(sql);
        }
    }

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
        Random rnd = new Random(seed);
        int nonEmpty = 0;
        for (int run = 0; run < RUNS; run++) {
            Simulation snap = Simulation.compile(snapshot, EngineOptions.DEFAULT);
            Simulation inc = Simulation.compile(incremental, EngineOptions.DEFAULT);
            Map<String, Map<Row, Long>> contents = new HashMap<>();
            for (String in : inputs) {
                contents.put(in, new HashMap<>());
            }
            for (int step = 0; step < STEPS; step++) {
                Map<String, StreamValue> changes = new HashMap<>();
                for (String in : inputs) {
                    changes.put(in, randomBagChange(rnd, contents.get(in)));
                }
                snap.stepWith(changes);
                inc.stepWith(changes);
                ZSet value = (ZSet) snap.outputValue("out", step);
                assertThat(weights(value)).as("run %d step %d: engine vs DuckDB for %s over %s", run, step, sql, contents)
                        .isEqualTo(duckDb(contents, sql));
                ZSet change = (ZSet) snap.outputChange("out", step);
                assertThat(inc.outputChange("out", step)).as("run %d step %d: incremental vs D(snapshot)", run, step)
                        .isEqualTo(change);
                nonEmpty += change.isEmpty() ? 0 : 1;
            }
        }
        assertThat(nonEmpty).as("steps whose output changed").isGreaterThan(RUNS * STEPS / 3);
    }

    /** Inserts copies of rows (weight 1 or 2) and deletes some copies of present rows; contents stay a bag. */
    private static ZSet randomBagChange(Random rnd, Map<Row, Long> contents) {
        ZSet.Builder b = ZSet.builder();
        int n = rnd.nextInt(4);
        for (int i = 0; i < n; i++) {
            Row r = Row.of((long) rnd.nextInt(3), rnd.nextInt(4) == 0 ? null : String.valueOf((char) ('p' + rnd.nextInt(3))));
            long have = contents.getOrDefault(r, 0L) + b.weightOf(r);
            long w = have > 0 && rnd.nextBoolean() ? -(1 + rnd.nextInt((int) have)) : 1 + rnd.nextInt(2);
            b.add(r, w);
        }
        ZSet z = b.build();
        z.forEach((r, w) -> contents.merge(r, w, (x, y) -> x + y == 0 ? null : x + y));
        return z;
    }

    private static Map<Row, Long> weights(ZSet z) {
        Map<Row, Long> m = new HashMap<>();
        z.forEach(m::put);
        return m;
    }

    private static Map<Row, Long> duckDb(Map<String, Map<Row, Long>> contents, String sql) throws Exception {
        for (var e : contents.entrySet()) {
            exec("CREATE OR REPLACE TABLE " + e.getKey() + " (k BIGINT, s VARCHAR)");
            List<String> values = new ArrayList<>();
            for (var r : e.getValue().entrySet()) {
                Object s = r.getKey().get(1);
                for (long i = 0; i < r.getValue(); i++) {
                    values.add("(" + r.getKey().get(0) + ", " + (s == null ? "NULL" : "'" + s + "'") + ")");
                }
            }
            if (!values.isEmpty()) {
                exec("INSERT INTO " + e.getKey() + " VALUES " + String.join(", ", values));
            }
        }
        Map<Row, Long> out = new TreeMap<>(java.util.Comparator.comparing(Row::toString));
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                Object[] v = new Object[md.getColumnCount()];
                for (int i = 0; i < v.length; i++) {
                    Object x = rs.getObject(i + 1);
                    v[i] = x instanceof Number n ? (Object) n.longValue() : x;
                }
                out.merge(Row.wrap(v), 1L, Long::sum);
            }
        }
        return new HashMap<>(out);
    }
}
