package org.dbspstudio.engine.bench;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.types.Row;

/**
 * The engine benchmarks run by {@code dbsp bench}, each beside DuckDB (in-memory, one thread)
 * computing the same query from scratch on the same data in the same run: B1 (a linear pipeline
 * over changes), B2 (join + grouped aggregate: the incremental circuit, and the snapshot circuit
 * the debugger runs), B3/B4 (transitive closure, {@link ClosureBench}), B5 (negation by antijoin,
 * {@link OnlyTriHopBench}), "run" (the command line as a process beside a DuckDB process,
 * {@link RunProcessBench}), and the memory per stored
 * row of integrated state. The circuits are drawn over snapshots and incrementalized by
 * {@code Incrementalizer}, as a user would. Ratios compare wall-clock time ({@link Measure}).
 */
public final class Benchmarks {
    private Benchmarks() {
    }

    /** One line of the table: the engine's figure, DuckDB's, and the engine's speed relative to DuckDB's. */
    public record Figure(String name, String engine, String duckdb, String speed) {
    }

    static final String B1_SQL = "SELECT oid, cid, amount * 2 AS amount, note FROM orders WHERE amount > 100"
            + " UNION ALL SELECT oid, cid, amount * 2 AS amount, note FROM orders";

    /** B1: {@code changes} single-row changes (10% deletions) in batches of {@code batch}. */
    public static List<Figure> linear(int changes, int batch, Consumer<String> log) throws EngineException, SQLException {
        Random r = new Random(1);
        List<List<Change>> batches = new ArrayList<>();
        List<Row> live = new ArrayList<>();
        long oid = 0;
        for (int i = 0; i < changes / batch; i++) {
            List<Change> b = new ArrayList<>(batch);
            for (int k = 0; k < batch; k++) {
                if (r.nextInt(10) == 0 && live.size() > batch) {
                    int v = r.nextInt(live.size());
                    b.add(new Change(live.get(v), -1));
                    live.set(v, live.get(live.size() - 1));
                    live.remove(live.size() - 1);
                } else {
                    Row o = Workloads.order(oid++, r, 100_000);
                    live.add(o);
                    b.add(new Change(o, 1));
                }
            }
            batches.add(b);
        }
        List<ZSet> prepared = new ArrayList<>();
        batches.forEach(b -> prepared.add(ZSet.ofChanges(b)));
        Circuit inc = Incrementalizer.incrementalize(Workloads.linear()).incremental();
        // no trace, and of the outputs' changes only the last two steps (as dbsp run keeps them)
        EngineOptions o = EngineOptions.DEFAULT.withRecordTrace(false).withRetention(2, 0);
        double engine = 0;
        for (int round = 0; round < 3; round++) {
            Simulation sim = Simulation.compile(inc, o);
            Measure.settleHeap();
            Measure m = Measure.start();
            for (ZSet b : prepared) {
                sim.stepWith(Map.of("orders", b));
            }
            double[] s = m.stop();
            engine = changes / s[0];
            log.accept("B1 round " + round + ": " + Measure.rate(engine) + " (wall), " + Measure.rate(changes / s[1])
                    + " (CPU), " + Measure.rate(changes / s[2]) + " (engine thread's CPU)" + (round < 2 ? " (warm-up)" : ""));
        }
        double duck;
        try (DuckDb db = new DuckDb()) {
            db.exec("CREATE TABLE orders (oid BIGINT, cid BIGINT, amount BIGINT, note VARCHAR)");
            int warm = batches.size() - 4;
            for (int i = 0; i < warm; i++) {
                db.apply("orders", new String[] {"oid"}, batches.get(i));
            }
            Measure m = Measure.start();
            long n = 0;
            for (int i = warm; i < batches.size(); i++) {
                db.apply("orders", new String[] {"oid"}, batches.get(i));
                db.exec("CREATE OR REPLACE TEMP TABLE out AS " + B1_SQL);
                n += batches.get(i).size();
            }
            duck = n / m.stop()[0];
            log.accept("B1 DuckDB (apply the batch, recompute the result table): " + Measure.rate(duck));
        }
        return List.of(new Figure("B1 filter→map→plus, batches of " + batch, Measure.rate(engine),
                Measure.rate(duck) + " (apply + recompute)", Measure.speed(1 / engine, 1 / duck)));
    }

    /**
     * "run": {@code dbsp run} of the incrementalized closure ({@code nodes}/{@code edges}, then
     * {@code singles} single-edge changes) as a child process under {@code -Xmx2g}, from start to
     * exit, beside a child process that starts DuckDB and computes the closure once
     * ({@link RunProcessBench}).
     */
    public static List<Figure> runProcess(int nodes, int edges, int singles, int rounds, int timeout, Consumer<String> log)
            throws SQLException, java.io.IOException {
        return RunProcessBench.run(nodes, edges, singles, rounds, timeout, log);
    }

    static final String B2_SQL = "SELECT region, count(*) AS n, sum(amount) AS total FROM customers JOIN orders"
            + " ON customers.id = orders.cid GROUP BY region";

    /**
     * B2: loads {@code customers} customers and {@code orders} orders at step 0, then order-change
     * batches of each size (15% deletions): the incremental circuit, the snapshot circuit (the one
     * the debugger runs), and DuckDB applying each batch and rerunning the query. The engine's view
     * is checked against DuckDB's at the end.
     */
    public static List<Figure> joinAggregate(int customers, int orders, int[] batchSizes, boolean snapshot,
                                             Consumer<String> log) throws EngineException, SQLException {
        List<Figure> figures = new ArrayList<>();
        Random r = new Random(2);
        List<Row> custRows = new ArrayList<>();
        ZSet.Builder cb = ZSet.builder();
        for (long i = 0; i < customers; i++) {
            custRows.add(Workloads.customer(i));
            cb.add(Workloads.customer(i), 1);
        }
        List<Row> live = new ArrayList<>();
        ZSet.Builder ob = ZSet.builder();
        for (long i = 0; i < orders; i++) {
            Row o = Workloads.order(i, r, customers);
            live.add(o);
            ob.add(o, 1);
        }
        Map<String, StreamValue> load = Map.of("customers", cb.build(), "orders", ob.build());
        EngineOptions quiet = EngineOptions.DEFAULT.withRecordTrace(false).withRetention(2, 0);
        Simulation incSim = Simulation.compile(Incrementalizer.incrementalize(Workloads.joinAggregateSnapshot()).incremental(), quiet);
        Simulation snapSim = snapshot ? Simulation.compile(Workloads.joinAggregateSnapshot(), quiet) : null;
        Measure m0 = Measure.start();
        incSim.stepWith(load);
        log.accept(String.format("B2 initial load (%d customers, %d orders), incremental circuit: %s",
                customers, orders, Measure.seconds(m0.stop()[0])));
        ZSet[] view = {(ZSet) incSim.lastOutputs().get("out")};
        if (snapSim != null) {
            snapSim.stepWith(load);
        }
        try (DuckDb db = new DuckDb()) {
            db.exec("CREATE TABLE customers (id BIGINT, name VARCHAR, region VARCHAR, tier BIGINT)");
            db.exec("CREATE TABLE orders (oid BIGINT, cid BIGINT, amount BIGINT, note VARCHAR)");
            db.insert("customers", custRows);
            db.insert("orders", live);
            long nextOid = orders;
            for (int batch : batchSizes) {
                // timed: 2,000 batches of 100 (200,000 changes) after 7,000 untimed ones, 40 of 10,000
                // (400,000) after a third as many untimed, so that one collection, compilation or
                // addition of deferred changes during the timed steps does not decide the figure (with
                // 1,000 and 14 steps, runs differed by a third). Batches of 100 measure the steady
                // state: after only 1,000 untimed batches the JIT compiler was still compiling and
                // recompiling per-step methods during the timed ones, and the figure came out either
                // about 420k or about 910k changes/s in four runs of one jar on a quiet machine;
                // after 7,000 three runs gave 0.96-1.04M.
                int n = batch <= 100 ? 9000 : Math.max(6, 600_000 / batch);
                List<List<Change>> batches = Workloads.orderBatches(r, live, nextOid, customers, batch, n);
                nextOid += (long) batch * n;
                List<ZSet> prepared = new ArrayList<>();
                batches.forEach(b -> prepared.add(ZSet.ofChanges(b)));
                int warm = batch <= 100 ? n - 2000 : n / 3;
                Measure m = null;
                long changes = 0;
                for (int i = 0; i < n; i++) {
                    if (i == warm) {
                        Measure.settleHeap();
                        m = Measure.start();
                    }
                    incSim.stepWith(Map.of("orders", prepared.get(i)));
                    view[0] = view[0].plus(incSim.lastOutputs().get("out"));
                    if (i >= warm) {
                        changes += batches.get(i).size();
                    }
                }
                double[] incTimes = m.stop();
                double inc = changes / incTimes[0];
                // DuckDB: the same batches; the last few timed (apply the batch, rerun the query)
                int timedDuck = Math.min(n, batch <= 100 ? 20 : 4);
                // the untimed batches applied about 10,000 changes at a time (apply nets each row's changes)
                List<Change> untimed = new ArrayList<>();
                for (int i = 0; i < n - timedDuck; i++) {
                    untimed.addAll(batches.get(i));
                    if (untimed.size() >= 10_000 || i == n - timedDuck - 1) {
                        db.apply("orders", new String[] {"oid"}, untimed);
                        untimed = new ArrayList<>();
                    }
                }
                Measure md = Measure.start();
                long duckChanges = 0;
                for (int i = n - timedDuck; i < n; i++) {
                    db.apply("orders", new String[] {"oid"}, batches.get(i));
                    db.exec("CREATE OR REPLACE TEMP TABLE out AS " + B2_SQL);
                    duckChanges += batches.get(i).size();
                }
                double duck = duckChanges / md.stop()[0];
                log.accept(String.format("B2 batch %d: incremental %s (wall), %s (CPU), %s (engine thread's CPU), DuckDB %s (wall)",
                        batch, Measure.rate(inc), Measure.rate(changes / incTimes[1]), Measure.rate(changes / incTimes[2]),
                        Measure.rate(duck)));
                figures.add(new Figure("B2 join+aggregate, batches of " + batch + ", incremental", Measure.rate(inc),
                        Measure.rate(duck) + " (apply + rerun)", Measure.speed(1 / inc, 1 / duck)));
                if (snapSim != null) {
                    int timedSnap = Math.min(n, batch <= 100 ? 1000 : 20);
                    // the batches before the timed ones, a step of about 10,000 changes at a time (as a
                    // user stepping through them would; one step of all of them made the snapshot input's
                    // running sum a flat copy that the first timed step converted whole)
                    List<Change> skipped = new ArrayList<>();
                    for (int i = 0; i < n - timedSnap; i++) {
                        skipped.addAll(batches.get(i));
                        if (skipped.size() >= 10_000 || i == n - timedSnap - 1) {
                            snapSim.stepWith(Map.of("orders", ZSet.ofChanges(skipped)));
                            skipped = new ArrayList<>();
                        }
                    }
                    Measure.settleHeap();
                    Measure ms = Measure.start();
                    long snapChanges = 0;
                    for (int i = n - timedSnap; i < n; i++) {
                        snapSim.stepWith(Map.of("orders", prepared.get(i)));
                        snapChanges += batches.get(i).size();
                    }
                    double[] snapTimes = ms.stop();
                    double snap = snapChanges / snapTimes[0];
                    log.accept(String.format("B2 batch %d: snapshot circuit %s (wall), %s (CPU), %s (engine thread's CPU)", batch,
                            Measure.rate(snap), Measure.rate(snapChanges / snapTimes[1]), Measure.rate(snapChanges / snapTimes[2])));
                    figures.add(new Figure("B2 join+aggregate, batches of " + batch + ", snapshot circuit", Measure.rate(snap),
                            Measure.rate(duck) + " (apply + rerun)", Measure.speed(1 / snap, 1 / duck)));
                    if (!snapSim.lastOutputs().get("out").equals(view[0])) {
                        throw new IllegalStateException("B2: the snapshot circuit's view differs from the incremental one");
                    }
                }
            }
            long groups = db.count("SELECT count(*) FROM (" + B2_SQL + ")");
            long total = db.count("SELECT sum(total) FROM (" + B2_SQL + ")");
            long[] mine = {0};
            view[0].forEach((row, w) -> mine[0] += ((Number) row.get(2)).longValue() * w);
            boolean agree = groups == view[0].size() && total == mine[0] && view[0].isSet();
            log.accept("B2: the engine's view " + (agree ? "agrees" : "DISAGREES") + " with DuckDB's (" + groups
                    + " groups, total " + total + ")");
            if (!agree) {
                throw new IllegalStateException("B2: the engine's view differs from DuckDB's");
            }
        }
        return figures;
    }

    /**
     * B2 over tables: B2's workload read from and written to a DuckDB file, end to end beside the
     * engine alone and DuckDB recomputing the view ({@link TablesBench}).
     */
    public static List<Figure> joinAggregateTables(int customers, int orders, int[] batchSizes, Consumer<String> log)
            throws EngineException, SQLException {
        return TablesBench.run(customers, orders, batchSizes, log);
    }

    /** B3/B4: transitive closure; {@code p} = nodes, edges, single-edge steps, batches, batch size. */
    public static List<Figure> closure(String name, int[] p, Consumer<String> log) throws EngineException, SQLException {
        if (p.length != 5) {
            throw new IllegalArgumentException(name + " takes five numbers: nodes,edges,singles,batches,batchSize");
        }
        return ClosureBench.run(name, p[0], p[1], p[2], p[3], p[4], log);
    }

    /** B5: only_tri_hop; {@code p} = nodes, edges, single-edge steps ({@link OnlyTriHopBench}). */
    public static List<Figure> onlyTriHop(int[] p, Consumer<String> log) throws EngineException, SQLException {
        if (p.length != 3) {
            throw new IllegalArgumentException("B5 takes three numbers: nodes,edges,steps");
        }
        return OnlyTriHopBench.run(p[0], p[1], p[2], log);
    }

    /** W1: memory of a windowed aggregate over an unbounded stream, with and without the waterline rule. */
    public static List<Figure> waterline(int steps, Consumer<String> log) throws EngineException {
        return WaterlineBench.run(steps, log);
    }

    /**
     * Bytes per stored row, 4-column rows (BIGINT, BIGINT, BIGINT, VARCHAR): the row objects alone; a
     * Z-set built in one go (a flat hash table of row objects, what an operator's output is); the
     * integrated Z-set as an integral holds it (the running sum of changes of 10,000 rows: sorted runs
     * of packed rows, see the engine's package documentation), also with the packed form turned
     * off (the persistent trie of row objects used before); and an arrangement on one key.
     */
    public static List<Figure> memory(int rows, Consumer<String> log) {
        // the running sum of changes, as an integral keeps it; the changes' own rows are garbage after
        // each step (a change's rows are not kept by the sum once they are packed)
        long[] integrated = new long[2];
        int[] runs = new int[2];
        for (int mode = 0; mode < 2; mode++) {
            ZSet.usePackedRows(mode == 0);
            ZSet sum = ZSet.EMPTY;
            long start = used();
            for (int i = 0; i < rows; i += 10_000) {
                ZSet.Builder d = ZSet.builder(10_000);
                for (int k = i; k < Math.min(rows, i + 10_000); k++) {
                    d.add(Workloads.order(k, new Random(k), 100_000), 1);
                }
                sum = sum.plusIntegrated(d.build());
            }
            integrated[mode] = used() - start;
            runs[mode] = sum.runCount();
            log.accept(String.format("memory: integrated Z-set of %d rows (%s): %.1f MB, %d runs", sum.size(),
                    mode == 0 ? "packed" : "trie", integrated[mode] / 1e6, runs[mode]));
            sum = null;
        }
        ZSet.usePackedRows(true);
        Row[] keep = new Row[rows];
        long before = used();
        for (int i = 0; i < rows; i++) {
            keep[i] = Workloads.order(i, new Random(i), 100_000);
        }
        long rowsOnly = used() - before;
        ZSet.Builder b = ZSet.builder();
        for (Row row : keep) {
            b.add(row, 1);
        }
        ZSet z = b.build();
        long withZSet = used() - before;
        IndexedZSet.Builder ib = IndexedZSet.builder();
        java.util.Map<Row, ZSet.Builder> groups = new java.util.HashMap<>();
        for (Row row : keep) {
            groups.computeIfAbsent(Row.of(row.get(1)), k -> ZSet.builder()).add(row, 1);
        }
        groups.forEach((k, g) -> ib.add(k, g.build()));
        groups = null;
        IndexedZSet ix = ib.build();
        long withIndex = used() - before;
        log.accept(String.format("memory: %d rows; rows alone %.1f MB, + Z-set %.1f MB, + index on cid %.1f MB (%d keys, z=%d)",
                rows, rowsOnly / 1e6, withZSet / 1e6, withIndex / 1e6, ix.keyCount(), z.size()));
        return List.of(
                new Figure("memory: 4-column row objects (Long, Long, Long, String)", String.format("%.0f bytes/row", (double) rowsOnly / rows), "", ""),
                new Figure("memory: Z-set built in one go (hash table of row objects), row + structure", String.format("%.0f bytes/row", (double) withZSet / rows), "", ""),
                new Figure("memory: integrated Z-set (running sum, packed rows in sorted runs), row + structure", String.format("%.0f bytes/row", (double) integrated[0] / rows), "", ""),
                new Figure("memory: integrated Z-set, packed rows off (trie of row objects)", String.format("%.0f bytes/row", (double) integrated[1] / rows), "", ""),
                new Figure("memory: arrangement on one key, overhead", String.format("%.0f bytes/row", (double) (withIndex - withZSet) / rows), "", ""));
    }

    /** Runs a full collection so that data generated before a timed section is not collected inside it. */
    private static void settleHeap() {
        System.gc();
    }

    private static long used() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
