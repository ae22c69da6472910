package org.dbspstudio.engine.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.dbspstudio.engine.io.Database;
import org.dbspstudio.engine.io.TableException;
import org.dbspstudio.engine.io.TableRun;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;

/**
 * B2 over tables ({@code dbsp bench --only b2db}): B2's workload (customers ⋈ orders grouped by
 * region, order batches with 15% deletions) with its inputs read from and its output written to a
 * DuckDB file, as {@code dbsp run circuit.json --db shop.duckdb} does it. For each batch size, one
 * database file holds change tables {@code customers} and {@code orders} (the columns plus
 * {@code weight} and {@code step}: step 0 the initial load, then one step per batch), and three
 * figures come from the same run:
 * <ul>
 * <li><b>end to end</b>: {@link TableRun} reading the changes, stepping the incremental circuit and
 *     writing the view table {@code out} and the progress row, one transaction per step. A first
 *     run writes the load and a third of the batches (warm-up); the second run resumes after them
 *     (replaying them without writing) and is timed from the end of the replay to its end;</li>
 * <li><b>engine alone</b>: the same circuit stepping the same batches, already in memory as Z-sets
 *     (the same warm-up);</li>
 * <li><b>DuckDB recomputing</b>: in the same file, tables kept by applying each step's changes from
 *     the change table (summed per row: an order inserted and deleted in one batch is neither),
 *     then the view recomputed as a table ({@code CREATE OR REPLACE TABLE}), committed per batch
 *     (the last few batches timed).</li>
 * </ul>
 * DuckDB runs with {@code SET threads=1} throughout. Each figure is logged as wall-clock and process
 * CPU time (on a shared machine the CPU figures are the steadier); the table's ratio of end to end
 * to engine alone is given for both. The view the run wrote is checked against DuckDB's at the end.
 */
final class TablesBench {
    private TablesBench() {
    }

    /** One batch size's figures, in changes per second. */
    record Result(int batch, double endToEnd, double engine, double duckdb, double endToEndCpu, double engineCpu) {
    }

    static List<Benchmarks.Figure> run(int customers, int orders, int[] batchSizes, Consumer<String> log)
            throws EngineException, SQLException {
        List<Benchmarks.Figure> figures = new ArrayList<>();
        Path dir;
        try {
            dir = Files.createTempDirectory("dbsp-bench-tables");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            for (int batch : batchSizes) {
                Result r = one(dir.resolve("shop-" + batch + ".duckdb"), customers, orders, batch, log);
                String name = "B2 over DuckDB tables, batches of " + batch;
                figures.add(new Benchmarks.Figure(name + ": end to end (read changes, step, write view, commit)",
                        Measure.rate(r.endToEnd()), Measure.rate(r.duckdb()) + " (apply + recompute)",
                        Measure.speed(1 / r.endToEnd(), 1 / r.duckdb())));
                figures.add(new Benchmarks.Figure(name + ": engine alone (batches in memory)", Measure.rate(r.engine()), "",
                        String.format(Locale.ROOT, "end to end = %.0f%% of engine alone (CPU time: %.0f%%)", 100 * r.endToEnd() / r.engine(),
                                100 * r.endToEndCpu() / r.engineCpu())));
            }
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a temporary folder left behind
            }
        }
        return figures;
    }

    private static Result one(Path file, int customers, int orders, int batch, Consumer<String> log)
            throws EngineException, SQLException {
        Random r = new Random(2);
        List<Row> custRows = new ArrayList<>();
        for (long i = 0; i < customers; i++) {
            custRows.add(Workloads.customer(i));
        }
        List<Row> live = new ArrayList<>();
        for (long i = 0; i < orders; i++) {
            live.add(Workloads.order(i, r, customers));
        }
        List<Row> loadOrders = List.copyOf(live);
        int n = batch <= 100 ? 300 : Math.max(6, 200_000 / batch);
        List<List<Change>> batches = Workloads.orderBatches(r, live, orders, customers, batch, n);
        int warm = n / 3;
        writeChangeTables(file, custRows, loadOrders, batches);
        Circuit inc = Incrementalizer.incrementalize(Workloads.joinAggregateSnapshot()).incremental();
        // the options dbsp run --db compiles with
        EngineOptions options = EngineOptions.DEFAULT.withRecordTrace(false).withRetention(2, 0);

        // engine alone: the same steps from memory
        double engine;
        double engineCpu;
        {
            Simulation sim = Simulation.compile(inc, options);
            ZSet.Builder cb = ZSet.builder();
            custRows.forEach(c -> cb.add(c, 1));
            ZSet.Builder ob = ZSet.builder();
            loadOrders.forEach(o -> ob.add(o, 1));
            Map<String, StreamValue> load = Map.of("customers", cb.build(), "orders", ob.build());
            sim.stepWith(load);
            List<ZSet> prepared = new ArrayList<>();
            batches.forEach(b -> prepared.add(ZSet.ofChanges(b)));
            for (int i = 0; i < warm; i++) {
                sim.stepWith(Map.of("orders", prepared.get(i)));
            }
            Measure.settleHeap();
            Measure m = Measure.start();
            long changes = 0;
            for (int i = warm; i < n; i++) {
                sim.stepWith(Map.of("orders", prepared.get(i)));
                changes += prepared.get(i).size();
            }
            double[] s = m.stop();
            engine = changes / s[0];
            engineCpu = changes / s[1];
            log.accept(String.format("B2db batch %d: engine alone %s (wall), %s (CPU)", batch, Measure.rate(engine),
                    Measure.rate(changes / s[1])));
        }

        // end to end: dbsp run --db twice (the load and the warm-up batches, then the rest)
        double endToEnd;
        double endToEndCpu;
        try (Database db = Database.open(file.toString())) {
            exec(db.connection(), "SET threads=1");
            TableRun.Options first = new TableRun.Options(Map.of(), false, true, false, 500, (long) warm + 1);
            Measure m0 = Measure.start();
            TableRun.bind(Simulation.compile(inc, options), db, first).run(p -> { }, () -> false);
            log.accept(String.format("B2db batch %d: load and %d warm-up batches written in %s", batch, warm,
                    Measure.seconds(m0.stop()[0])));
            TableRun.Options rest = new TableRun.Options(Map.of(), false, false, false, 500, null);
            TableRun run = TableRun.bind(Simulation.compile(inc, options), db, rest);
            Measure[] replayed = {Measure.start()};
            Measure.settleHeap();
            run.run(p -> {
                if (p.replay()) {
                    replayed[0] = Measure.start();
                }
            }, () -> false);
            double[] secs = replayed[0].stop();
            if (run.firstStepWritten() != warm + 1 || run.lastStepWritten() != n) {
                throw new IllegalStateException("B2db: the run wrote steps " + run.firstStepWritten() + ".." + run.lastStepWritten()
                        + ", not " + (warm + 1) + ".." + n);
            }
            endToEnd = run.changesRead() / secs[0];
            endToEndCpu = run.changesRead() / secs[1];
            log.accept(String.format("B2db batch %d: end to end %s (wall), %s (CPU); %,d changes read, %,d written in %d steps", batch,
                    Measure.rate(endToEnd), Measure.rate(endToEndCpu), run.changesRead(), run.changesWritten(), run.stepsWritten()));
        } catch (TableException e) {
            throw new SQLException("B2db: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("B2db: interrupted", e);
        }

        // DuckDB recomputing the view after each batch, reading the same change tables
        double duck;
        double duckCpu;
        try (Database db = Database.open(file.toString())) {
            Connection c = db.connection();
            exec(c, "SET threads=1");
            exec(c, "CREATE TABLE duck_customers AS SELECT id, name, region, tier FROM customers WHERE step = 0 AND weight > 0");
            exec(c, "CREATE TABLE duck_orders AS SELECT oid, cid, amount, note FROM orders WHERE step = 0 AND weight > 0");
            c.commit();
            String view = Benchmarks.B2_SQL.replace("FROM customers JOIN orders ON customers.id = orders.cid",
                    "FROM duck_customers c JOIN duck_orders o ON c.id = o.cid");
            int timed = Math.min(n, batch <= 100 ? 20 : 4);
            try (PreparedStatement del = c.prepareStatement(
                    "DELETE FROM duck_orders WHERE oid IN (SELECT oid FROM orders WHERE step = ? GROUP BY oid HAVING sum(weight) < 0)");
                 PreparedStatement ins = c.prepareStatement("INSERT INTO duck_orders SELECT oid, cid, amount, note FROM orders"
                         + " WHERE step = ? GROUP BY oid, cid, amount, note HAVING sum(weight) > 0")) {
                Measure m = null;
                long changes = 0;
                for (int t = 1; t <= n; t++) {
                    if (t == n - timed + 1) {
                        m = Measure.start();
                    }
                    del.setLong(1, t);
                    del.executeUpdate();
                    ins.setLong(1, t);
                    ins.executeUpdate();
                    exec(c, "CREATE OR REPLACE TABLE duck_out AS " + view);
                    c.commit();
                    if (m != null) {
                        changes += batches.get(t - 1).size();
                    }
                }
                double[] ds = m.stop();
                duck = changes / ds[0];
                duckCpu = changes / ds[1];
            }
            log.accept(String.format("B2db batch %d: DuckDB applying each batch from the change table and recomputing %s (wall), %s (CPU)",
                    batch, Measure.rate(duck), Measure.rate(duckCpu)));
            long differ = count(c, "SELECT count(*) FROM ((SELECT region, n, total FROM \"out\" EXCEPT ALL SELECT region, n, total FROM duck_out)"
                    + " UNION ALL (SELECT region, n, total FROM duck_out EXCEPT ALL SELECT region, n, total FROM \"out\"))");
            long groups = count(c, "SELECT count(*) FROM duck_out");
            log.accept("B2db: the view table the run wrote " + (differ == 0 ? "agrees" : "DISAGREES") + " with DuckDB's (" + groups
                    + " groups)");
            if (differ != 0) {
                throw new IllegalStateException("B2db: the view table 'out' differs from DuckDB's in " + differ + " rows");
            }
        } catch (TableException e) {
            throw new SQLException("B2db: " + e.getMessage(), e);
        }
        return new Result(batch, endToEnd, engine, duck, endToEndCpu, engineCpu);
    }

    /** The change tables: columns plus weight and step, loaded from CSV files (not timed). */
    private static void writeChangeTables(Path file, List<Row> customers, List<Row> orders, List<List<Change>> batches)
            throws SQLException {
        Path cust = file.resolveSibling(file.getFileName() + ".customers.csv");
        Path ord = file.resolveSibling(file.getFileName() + ".orders.csv");
        try {
            try (BufferedWriter w = Files.newBufferedWriter(cust, StandardCharsets.UTF_8)) {
                for (Row c : customers) {
                    line(w, c, 1, 0);
                }
            }
            try (BufferedWriter w = Files.newBufferedWriter(ord, StandardCharsets.UTF_8)) {
                for (Row o : orders) {
                    line(w, o, 1, 0);
                }
                for (int i = 0; i < batches.size(); i++) {
                    for (Change ch : batches.get(i)) {
                        line(w, ch.row(), ch.weight(), i + 1);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Database db = Database.open(file.toString())) {
            Connection c = db.connection();
            exec(c, "CREATE TABLE customers (id BIGINT, name VARCHAR, region VARCHAR, tier BIGINT, weight BIGINT, step BIGINT)");
            exec(c, "CREATE TABLE orders (oid BIGINT, cid BIGINT, amount BIGINT, note VARCHAR, weight BIGINT, step BIGINT)");
            exec(c, "COPY customers FROM '" + cust.toAbsolutePath().toString().replace("'", "''") + "' (HEADER false)");
            exec(c, "COPY orders FROM '" + ord.toAbsolutePath().toString().replace("'", "''") + "' (HEADER false)");
            c.commit();
        } catch (TableException e) {
            throw new SQLException(e.getMessage(), e);
        } finally {
            cust.toFile().delete();
            ord.toFile().delete();
        }
    }

    private static void line(BufferedWriter w, Row r, long weight, long step) throws IOException {
        for (int i = 0; i < r.size(); i++) {
            w.write(String.valueOf(r.get(i))); // numbers and strings without commas or quotes
            w.write(',');
        }
        w.write(Long.toString(weight));
        w.write(',');
        w.write(Long.toString(step));
        w.write('\n');
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            long v = rs.getLong(1);
            c.commit();
            return v;
        }
    }
}
