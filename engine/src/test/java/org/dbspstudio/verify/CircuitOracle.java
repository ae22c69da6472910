package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.types.Row;

/**
 * Differential harness for a hand-built circuit with output {@code out}: random change streams of bags
 * fed at once to the snapshot circuit and its incremental form; after every step the snapshot's output
 * equals DuckDB's answer to the same SQL over the integrated tables (each row as many times as its
 * weight), and the incremental circuit's output change equals {@code D} of the snapshot's output
 * ({@code Q^Δ(Δs) = D(Q(I(Δs)))}). DuckDB runs embedded, in memory, on one thread.
 */
final class CircuitOracle {
    /** A random change of a table, given its current contents (row → multiplicity), which it must not change. */
    interface Change {
        ZSet next(Random rnd, Map<Row, Long> contents);
    }

    /** An input table of the circuit: its name (the input's and DuckDB's), DuckDB's column definitions, its changes. */
    record Table(String name, String columns, Change change) {
    }

    private final Connection db;

    private CircuitOracle(Connection db) {
        this.db = db;
    }

    private void exec(String sql) throws Exception {
        try (Statement s = db.createStatement()) {
            s.execute(sql);
        }
    }

    /**
     * Runs {@code runs} runs of {@code steps} steps each from empty tables, checking every step, and checks
     * that the output changed at more than a third of the steps (the streams exercise the query).
     */
    static void check(Circuit snapshot, Circuit incremental, List<Table> tables, String sql, Random rnd, int runs, int steps)
            throws Exception {
        Class.forName("org.duckdb.DuckDBDriver");
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            CircuitOracle oracle = new CircuitOracle(db);
            oracle.exec("SET threads=1");
            int nonEmpty = oracle.run(snapshot, incremental, tables, sql, rnd, runs, steps);
            assertThat(nonEmpty).as("steps whose output changed").isGreaterThan(runs * steps / 3);
        }
    }

    /** Checks every step of the runs; returns how many steps changed the output. */
    private int run(Circuit snapshot, Circuit incremental, List<Table> tables, String sql, Random rnd, int runs, int steps)
            throws Exception {
        int nonEmpty = 0;
        for (int run = 0; run < runs; run++) {
            Simulation snap = Simulation.compile(snapshot, EngineOptions.DEFAULT);
            Simulation inc = Simulation.compile(incremental, EngineOptions.DEFAULT);
            Map<String, Map<Row, Long>> contents = new LinkedHashMap<>();
            for (Table t : tables) {
                contents.put(t.name(), new HashMap<>());
            }
            for (int step = 0; step < steps; step++) {
                Map<String, StreamValue> changes = new HashMap<>();
                for (Table t : tables) {
                    Map<Row, Long> c = contents.get(t.name());
                    ZSet z = t.change().next(rnd, c);
                    z.forEach((r, w) -> c.merge(r, w, (x, y) -> x + y == 0 ? null : x + y));
                    changes.put(t.name(), z);
                }
                snap.stepWith(changes);
                inc.stepWith(changes);
                Map<Row, Long> got = new HashMap<>();
                ((ZSet) snap.outputValue("out", step)).forEach(got::put);
                assertThat(got).as("run %d step %d: engine vs DuckDB for %s over %s", run, step, sql, contents)
                        .isEqualTo(duckDb(tables, contents, sql));
                ZSet change = (ZSet) snap.outputChange("out", step);
                assertThat(inc.outputChange("out", step)).as("run %d step %d: incremental vs D(snapshot)", run, step)
                        .isEqualTo(change);
                nonEmpty += change.isEmpty() ? 0 : 1;
            }
        }
        return nonEmpty;
    }

    /**
     * A random bag change: up to {@code maxRows - 1} rows made by {@code row}, each inserted (1 or 2 copies)
     * or, when present, with some of its copies deleted.
     */
    static ZSet bagChange(Random rnd, Map<Row, Long> contents, int maxRows, Function<Random, Row> row) {
        ZSet.Builder b = ZSet.builder();
        int n = rnd.nextInt(maxRows);
        for (int i = 0; i < n; i++) {
            Row r = row.apply(rnd);
            long have = contents.getOrDefault(r, 0L) + b.weightOf(r);
            long w = have > 0 && rnd.nextBoolean() ? -(1 + rnd.nextInt((int) have)) : 1 + rnd.nextInt(2);
            b.add(r, w);
        }
        return b.build();
    }

    /** DuckDB's answer over the tables' contents: integers as BIGINT values, DOUBLE values kept. */
    private Map<Row, Long> duckDb(List<Table> tables, Map<String, Map<Row, Long>> contents, String sql) throws Exception {
        for (Table t : tables) {
            exec("CREATE OR REPLACE TABLE " + t.name() + " (" + t.columns() + ")");
            List<String> values = new ArrayList<>();
            for (var e : contents.get(t.name()).entrySet()) {
                List<String> literals = new ArrayList<>();
                for (int i = 0; i < e.getKey().size(); i++) {
                    Object v = e.getKey().get(i);
                    literals.add(v == null ? "NULL" : v instanceof String s ? "'" + s.replace("'", "''") + "'" : v.toString());
                }
                for (long i = 0; i < e.getValue(); i++) {
                    values.add("(" + String.join(", ", literals) + ")");
                }
            }
            if (!values.isEmpty()) {
                exec("INSERT INTO " + t.name() + " VALUES " + String.join(", ", values));
            }
        }
        Map<Row, Long> out = new HashMap<>();
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                Object[] v = new Object[md.getColumnCount()];
                for (int i = 0; i < v.length; i++) {
                    Object x = rs.getObject(i + 1);
                    v[i] = x instanceof Double d ? d : x instanceof Number n ? (Object) n.longValue() : x;
                }
                out.merge(Row.wrap(v), 1L, Long::sum);
            }
        }
        return out;
    }
}
