package org.dbspstudio.engine.bench;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Row;

/**
 * B3/B4: the transitive closure of a random graph, maintained by the circuit that
 * {@code incrementalize} produces from the drawn snapshot circuit ({@link Closure}), beside DuckDB
 * computing the closure from scratch with a recursive CTE on the same edges. Step 0 loads the
 * graph; then single-edge changes (alternately an insertion and a deletion); then batches. Ends by
 * checking that the engine's closure equals DuckDB's on the final graph.
 */
final class ClosureBench {
    private ClosureBench() {
    }

    static final String CLOSURE_SQL = "WITH RECURSIVE reach(src, dst) AS (SELECT src, dst FROM edges"
            + " UNION SELECT r.src, e.dst FROM reach r JOIN edges e ON r.dst = e.src) SELECT src, dst FROM reach";

    static List<Benchmarks.Figure> run(String name, int nodes, int edges, int singles, int batches, int batchSize,
                                       Consumer<String> log) throws EngineException, SQLException {
        Scenario sc = Closure.workload(nodes, edges, singles, batches, batchSize, 42);
        Circuit inc = Incrementalizer.incrementalize(Closure.transitiveClosure()).incremental();
        List<Benchmarks.Figure> figures = new ArrayList<>();
        try (DuckDb db = new DuckDb()) {
            db.exec("CREATE TABLE edges (src BIGINT, dst BIGINT)");
            List<Row> load = new ArrayList<>();
            for (Change c : changes(sc, 0)) {
                load.add(c.row());
            }
            db.insert("edges", load);
            double[] duck = new double[3];
            long closureSize = 0;
            for (int i = 0; i < duck.length; i++) {
                Measure m = Measure.start();
                closureSize = db.count("SELECT count(*) FROM (" + CLOSURE_SQL + ")");
                duck[i] = m.stop()[0];
            }
            double duckRecompute = Measure.median(duck);
            log.accept(String.format("%s: %d nodes, %d edges, closure %d pairs; DuckDB recursive CTE %s (wall, median of 3)",
                    name, nodes, edges, closureSize, Measure.seconds(duckRecompute)));

            Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT.withRecordTrace(false));
            sim.setScenario(sc);
            Measure.settleHeap();
            double[] cpu = new double[sc.steps()];
            double[] wall = new double[sc.steps()];
            double[] thread = new double[sc.steps()];
            double[] gc = new double[sc.steps()];
            ZSet closure = ZSet.EMPTY;
            for (int t = 0; t < sc.steps(); t++) {
                Measure m = Measure.start();
                long th = THREADS.getCurrentThreadCpuTime();
                long g = collectorMillis();
                sim.step();
                double[] s = m.stop();
                wall[t] = s[0];
                cpu[t] = s[1];
                thread[t] = (THREADS.getCurrentThreadCpuTime() - th) / 1e9;
                gc[t] = (collectorMillis() - g) / 1e3;
                // the harness's own copy of the closure as packed sorted runs (a trie of 1.25M boxed rows
                // beside the engine's state made every young collection of the timed steps slower)
                closure = closure.plusIntegrated((ZSet) sim.lastOutputs().get("reach"));
                if (t == 0) {
                    log.accept(String.format("%s first step: %s CPU (the engine's thread %s, collector pauses %s), %s wall;"
                            + " closure %d pairs, heap in use %.0f MB", name, Measure.seconds(cpu[0]), Measure.seconds(thread[0]),
                            Measure.seconds(gc[0]), Measure.seconds(wall[0]), closure.size(), usedMb()));
                }
            }
            double[] single = java.util.Arrays.copyOfRange(wall, 1, 1 + singles);
            long[] work = ClosureWork.entries(sc, nodes);
            log.accept(name + " slowest single-edge steps: " + slowest(wall, thread, gc, work, 1, 1 + singles, 3));
            log.accept(work(name, work, thread, singles, batches));
            double[] batch = java.util.Arrays.copyOfRange(wall, 1 + singles, 1 + singles + batches);
            String batched = batches == 0 ? "no batches"
                    : String.format("batches of %d: median %s, CPU %s in all (the engine's thread %s, collector pauses %s)",
                            batchSize, Measure.seconds(Measure.median(batch)), Measure.seconds(sum(cpu, 1 + singles, wall.length)),
                            Measure.seconds(sum(thread, 1 + singles, wall.length)), Measure.seconds(sum(gc, 1 + singles, wall.length)));
            log.accept(String.format("%s single-edge steps: median %s, p99 %s, CPU %s in all (the engine's thread %s, collector"
                    + " pauses %s); %s; heap in use %.0f MB",
                    name, Measure.seconds(Measure.median(single)), Measure.seconds(Measure.p99(single)),
                    Measure.seconds(sum(cpu, 1, 1 + singles)), Measure.seconds(sum(thread, 1, 1 + singles)),
                    Measure.seconds(sum(gc, 1, 1 + singles)), batched, usedMb()));

            // the same final graph in DuckDB: the closures must agree
            for (int t = 1; t < sc.steps(); t++) {
                db.apply("edges", new String[] {"src", "dst"}, changes(sc, t));
            }
            long mismatched = db.count("SELECT count(*) FROM (" + CLOSURE_SQL + ")") - closure.size();
            boolean positive = closure.isSet();
            log.accept(name + ": the engine's closure " + (mismatched == 0 && positive ? "equals" : "DIFFERS FROM")
                    + " DuckDB's on the final graph (" + closure.size() + " pairs)");
            if (mismatched != 0 || !positive) {
                throw new IllegalStateException(name + ": the engine's closure differs from DuckDB's");
            }
            String g = name + " closure " + nodes + "/" + edges;
            figures.add(new Benchmarks.Figure(g + ", first step", Measure.seconds(wall[0]),
                    Measure.seconds(duckRecompute) + " (recursive CTE)", Measure.speed(wall[0], duckRecompute)));
            figures.add(new Benchmarks.Figure(g + ", one edge, median", Measure.seconds(Measure.median(single)),
                    Measure.seconds(duckRecompute) + " (recompute)", Measure.speed(Measure.median(single), duckRecompute)));
            figures.add(new Benchmarks.Figure(g + ", one edge, p99", Measure.seconds(Measure.p99(single)),
                    Measure.seconds(duckRecompute) + " (recompute)", Measure.speed(Measure.p99(single), duckRecompute)));
            if (batches > 0) {
                figures.add(new Benchmarks.Figure(g + ", " + batchSize + " edges, median", Measure.seconds(Measure.median(batch)),
                        Measure.seconds(duckRecompute) + " (recompute)", Measure.speed(Measure.median(batch), duckRecompute)));
            }
        }
        return figures;
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /** Milliseconds the collectors have paused the application so far. */
    private static long collectorMillis() {
        long ms = 0;
        for (java.lang.management.GarbageCollectorMXBean b : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, b.getCollectionTime());
        }
        return ms;
    }

    /** The {@code k} slowest steps from..to−1 by wall-clock: step, wall, the engine thread's CPU, collector pauses. */
    private static String slowest(double[] wall, double[] thread, double[] gc, long[] work, int from, int to, int k) {
        List<Integer> steps = new ArrayList<>();
        for (int t = from; t < to; t++) {
            steps.add(t);
        }
        steps.sort((a, b) -> Double.compare(wall[b], wall[a]));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(k, steps.size()); i++) {
            int t = steps.get(i);
            sb.append(i == 0 ? "" : "; ").append(String.format("step %d %s wall (thread %s, collector pauses %s, %,d entries)", t,
                    Measure.seconds(wall[t]), Measure.seconds(thread[t]), Measure.seconds(gc[t]), work[t]));
        }
        return steps.isEmpty() ? "none" : sb.toString();
    }

    /**
     * The closure's change in both times at each step ({@link ClosureWork}) and the engine thread's
     * CPU per entry: the first step, the single edges (median, largest), the batches.
     */
    private static String work(String name, long[] work, double[] thread, int singles, int batches) {
        long[] single = java.util.Arrays.copyOfRange(work, 1, 1 + singles);
        long[] sorted = single.clone();
        java.util.Arrays.sort(sorted);
        long inSingles = java.util.Arrays.stream(single).sum();
        long inBatches = java.util.Arrays.stream(work, 1 + singles, work.length).sum();
        return String.format("%s change in both times (entries reaching H: each pair whose shortest path changes, at its"
                + " old and new iteration): first step %,d (%.2f µs of engine thread each); single edges median %,d, largest"
                + " %,d, %,d in all (%.2f µs each); %s", name, work[0], thread[0] * 1e6 / Math.max(1, work[0]),
                sorted.length == 0 ? 0 : sorted[sorted.length / 2], sorted.length == 0 ? 0 : sorted[sorted.length - 1],
                inSingles, sum(thread, 1, 1 + singles) * 1e6 / Math.max(1, inSingles),
                batches == 0 ? "no batches" : String.format("batches %,d in all (%.2f µs each)", inBatches,
                        sum(thread, 1 + singles, work.length) * 1e6 / Math.max(1, inBatches)));
    }

    private static double sum(double[] xs, int from, int to) {
        return java.util.Arrays.stream(xs, from, Math.max(from, to)).sum();
    }

    private static double usedMb() {
        Runtime rt = Runtime.getRuntime();
        return (rt.totalMemory() - rt.freeMemory()) / 1e6;
    }

    private static List<Change> changes(Scenario sc, int t) {
        return ((StepData.Rows) sc.at("edges", t)).changes();
    }
}
