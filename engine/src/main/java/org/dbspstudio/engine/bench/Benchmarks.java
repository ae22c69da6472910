package org.dbspstudio.engine.bench;

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
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;

/**
 * The engine benchmarks of issue 3, run by {@code dbsp bench}: B1 (a linear pipeline over single-row
 * changes), B2 (join + grouped aggregate, incremental vs recomputed from the integrated inputs),
 * and the memory per stored row of integrated state. Wall-clock, single-threaded, with a short
 * warm-up; figures are indicative on shared machines.
 */
public final class Benchmarks {
    private Benchmarks() {
    }

    /** One measured figure. */
    public record Figure(String name, String value) {
    }

    /** Wall-clock and CPU time of the current thread (the machine may be shared: CPU time is the steadier figure). */
    static final class Clock {
        private static final java.lang.management.ThreadMXBean MX = java.lang.management.ManagementFactory.getThreadMXBean();
        private final long wall = System.nanoTime();
        private final long cpu = MX.getCurrentThreadCpuTime();

        double wallSeconds() {
            return (System.nanoTime() - wall) / 1e9;
        }

        double cpuSeconds() {
            return (MX.getCurrentThreadCpuTime() - cpu) / 1e9;
        }
    }

    static String rate(double n, Clock c) {
        return num(n / c.wallSeconds()) + " changes/s (wall " + String.format("%.2f", c.wallSeconds()) + " s), "
                + num(n / c.cpuSeconds()) + " changes per CPU-second";
    }

    private static String num(double x) {
        return x >= 100 ? String.format("%.0f", x) : String.format("%.3g", x);
    }

    /** B1: {@code changes} single-row changes (10% deletions) in batches of {@code batch}. */
    public static List<Figure> linear(int changes, int batch, Consumer<String> log) throws EngineException {
        Random r = new Random(1);
        List<ZSet> batches = new ArrayList<>();
        long oid = 0;
        for (int i = 0; i < changes / batch; i++) {
            ZSet.Builder b = ZSet.builder();
            for (int k = 0; k < batch; k++) {
                b.add(Workloads.order(oid++, r, 100_000), r.nextInt(10) == 0 && oid > 10 ? -1 : 1);
            }
            batches.add(b.build());
        }
        EngineOptions o = EngineOptions.DEFAULT.withRecordTrace(false).withRetention(1, 0);
        for (int round = 0; round < 3; round++) {
            Simulation sim = Simulation.compile(Workloads.linear(), o);
            // the pre-generated input (~1M rows) would otherwise still be young and be copied by the
            // collector during the timed loop: settle it first so the engine's own garbage is what is measured
            settleHeap();
            Clock c = new Clock();
            for (ZSet b : batches) {
                sim.stepWith(Map.of("orders", b));
            }
            log.accept("B1 round " + round + ": " + rate(changes, c) + (round < 2 ? " (warm-up)" : ""));
            if (round == 2) {
                return List.of(new Figure("B1 linear filter→map→plus, " + changes + " changes, batch " + batch, rate(changes, c)));
            }
        }
        throw new IllegalStateException();
    }

    /**
     * B2: loads {@code customers} customers and {@code orders} orders at step 0, then measures
     * order-change batches of each size (15% deletions), incremental vs recomputation from the
     * integrated inputs (the snapshot circuit without delta tracking), checking that both views agree.
     */
    public static List<Figure> joinAggregate(int customers, int orders, int[] batchSizes,
                                             Consumer<String> log) throws EngineException {
        List<Figure> figures = new ArrayList<>();
        Random r = new Random(2);
        ZSet.Builder cb = ZSet.builder();
        for (long i = 0; i < customers; i++) {
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
        EngineOptions inc = EngineOptions.DEFAULT.withRecordTrace(false).withRetention(1, 0);
        Simulation incSim = Simulation.compile(Workloads.joinAggregateIncremental(), inc);
        Simulation recSim = Simulation.compile(Workloads.joinAggregateSnapshot(), inc.withDeltaTracking(false));
        long t0 = System.nanoTime();
        incSim.stepWith(load);
        log.accept(String.format("B2 initial load (%d customers, %d orders), incremental circuit: %.2f s",
                customers, orders, (System.nanoTime() - t0) / 1e9));
        t0 = System.nanoTime();
        recSim.stepWith(load);
        log.accept(String.format("B2 initial load, recomputing circuit: %.2f s", (System.nanoTime() - t0) / 1e9));
        long nextOid = orders;
        ZSet[] incView = {(ZSet) incSim.lastOutputs().get("out")};
        for (int batch : batchSizes) {
            int n = batch == 1 ? 60_000 : batch <= 100 ? 3_000 : Math.max(6, 600_000 / batch);
            List<List<Change>> batches = Workloads.orderBatches(r, live, nextOid, customers, batch, n);
            nextOid += (long) batch * n;
            double incRate = measure(incSim, batches, batches.size() / 3, v -> incView[0] = incView[0].plus(v));
            String incText = lastRate;
            // bring the recomputing side to the same database in one unmeasured step, then compare the views
            List<Change> all = new ArrayList<>();
            batches.forEach(all::addAll);
            recSim.stepWith(Map.of("orders", ZSet.ofChanges(all)));
            boolean agree = recSim.lastOutputs().get("out").equals(incView[0]);
            List<List<Change>> recBatches = Workloads.orderBatches(r, live, nextOid, customers, batch, 4);
            nextOid += batch * 4L;
            double recRate = measure(recSim, recBatches, 1, v -> { });
            String recText = lastRate;
            measure(incSim, recBatches, 0, v -> incView[0] = incView[0].plus(v));
            log.accept(String.format("B2 batch %d: %d incremental steps; view has %d groups; recomputed view agrees: %s",
                    batch, n, incView[0].size(), agree));
            if (!agree) {
                throw new IllegalStateException("B2: the incremental and recomputed views differ");
            }
            figures.add(new Figure("B2 join+aggregate, batch " + batch + ", incremental", incText));
            figures.add(new Figure("B2 join+aggregate, batch " + batch + ", recomputation", recText));
            figures.add(new Figure("B2 join+aggregate, batch " + batch + ", speed-up (CPU)", String.format("%.0f×", incRate / recRate)));
        }
        return figures;
    }

    /**
     * Feeds every batch, one per step; the first {@code warm} batches warm the JIT up and are not
     * timed. Returns changes per CPU-second (the text with wall-clock too is left in lastRate).
     */
    private static double measure(Simulation sim, List<List<Change>> batches, int warm, Consumer<ZSet> outputs)
            throws EngineException {
        List<ZSet> prepared = new ArrayList<>();
        for (List<Change> b : batches) {
            prepared.add(ZSet.ofChanges(b));
        }
        long changes = 0;
        Clock c = null;
        for (int i = 0; i < prepared.size(); i++) {
            if (i == warm) {
                settleHeap();
                c = new Clock();
            }
            sim.stepWith(Map.of("orders", prepared.get(i)));
            if (i >= warm) {
                changes += batches.get(i).size();
            }
            outputs.accept((ZSet) sim.lastOutputs().get("out"));
        }
        if (c == null) {
            return 0;
        }
        lastRate = rate(changes, c);
        return changes / c.cpuSeconds();
    }

    private static String lastRate;

    /** Bytes per stored row of an integrated Z-set and of an arrangement (index) over it, 4-column rows. */
    public static List<Figure> memory(int rows, Consumer<String> log) {
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
                new Figure("4-column row objects (Long, Long, Long, String)", String.format("%.0f bytes/row", (double) rowsOnly / rows)),
                new Figure("integrated Z-set overhead (persistent trie + weight)", String.format("%.0f bytes/row", (double) (withZSet - rowsOnly) / rows)),
                new Figure("integrated Z-set total (row + structure)", String.format("%.0f bytes/row", (double) withZSet / rows)),
                new Figure("arrangement on one key, overhead", String.format("%.0f bytes/row", (double) (withIndex - withZSet) / rows)));
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
