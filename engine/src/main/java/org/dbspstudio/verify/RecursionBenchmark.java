package org.dbspstudio.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.dbspstudio.engine.bench.Closure;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Benchmark (issue 4, "Performance"): transitive closure of a random directed graph maintained
 * under edge changes, the incremental circuit (from {@link Incrementalizer}) against recomputing
 * the closure with the original circuit in the same engine every step. Step 0 loads the graph;
 * then single-edge changes (alternately an insertion of a new edge and a deletion of a present
 * one), then batches of changes. Prints median and p99 step times. Not a unit test.
 *
 * <p>Usage: {@code RecursionBenchmark [nodes edges singleChanges batches batchSize recomputeSteps seed]}
 * (defaults 2000 3000 1000 10 100 5 42); recomputation is timed on the first
 * {@code recomputeSteps} changes of each kind only, as each of its steps recomputes everything.
 */
public final class RecursionBenchmark {
    private RecursionBenchmark() {
    }

    /** The closure {@code o = distinct(E + π(z⁻¹(o) ⋈ E))} as a nested circuit over snapshots. */
    public static Circuit transitiveClosure() {
        return Closure.transitiveClosure();
    }

    /** Step 0: the graph; then {@code singles} single-edge steps; then {@code batches} steps of {@code batchSize} changes. */
    static Scenario workload(int nodes, int edges, int singles, int batches, int batchSize, long seed) {
        return Closure.workload(nodes, edges, singles, batches, batchSize, seed);
    }

    /** Runs {@code steps} steps (0..steps-1) and returns each step's time in nanoseconds. */
    static long[] time(Simulation sim, int steps) throws EngineException {
        long[] ns = new long[steps];
        for (int t = 0; t < steps; t++) {
            long t0 = System.nanoTime();
            sim.step();
            ns[t] = System.nanoTime() - t0;
        }
        return ns;
    }

    static String stats(long[] ns, int from, int to) {
        long[] s = Arrays.copyOfRange(ns, from, to);
        Arrays.sort(s);
        if (s.length == 0) {
            return "n/a";
        }
        double median = s[s.length / 2] / 1e6;
        double p99 = s[Math.min(s.length - 1, (int) Math.ceil(s.length * 0.99) - 1)] / 1e6;
        return String.format(Locale.ROOT, "median %.3f ms, p99 %.3f ms over %d steps", median, p99, s.length);
    }

    static double median(long[] ns, int from, int to) {
        long[] s = Arrays.copyOfRange(ns, from, to);
        Arrays.sort(s);
        return s.length == 0 ? Double.NaN : s[s.length / 2] / 1e6;
    }

    public static void main(String[] args) throws EngineException {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int edges = args.length > 1 ? Integer.parseInt(args[1]) : 3000;
        int singles = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        int batches = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        int batchSize = args.length > 4 ? Integer.parseInt(args[4]) : 100;
        int recomputeSteps = args.length > 5 ? Integer.parseInt(args[5]) : 5;
        long seed = args.length > 6 ? Long.parseLong(args[6]) : 42;

        Circuit tc = transitiveClosure();
        Circuit inc = Incrementalizer.incrementalize(tc).incremental();
        Scenario sc = workload(nodes, edges, singles, batches, batchSize, seed);
        EngineOptions quiet = EngineOptions.DEFAULT.withRecordTrace(false);

        Simulation incSim = Simulation.compile(inc, quiet);
        incSim.setScenario(sc);
        long[] incNs = time(incSim, sc.steps());
        System.out.printf(Locale.ROOT, "graph: %d nodes, %d edges, seed %d%n", nodes, edges, seed);
        System.out.printf(Locale.ROOT, "incremental load (step 0): %.1f ms%n", incNs[0] / 1e6);
        System.out.println("incremental single-edge steps: " + stats(incNs, 1, 1 + singles));
        System.out.println("incremental batches of " + batchSize + ": " + stats(incNs, 1 + singles, 1 + singles + batches));

        // recomputation: same scenario prefix, the original circuit over snapshots, no change tracking
        Simulation full = Simulation.compile(tc, quiet.withDeltaTracking(false));
        full.setScenario(sc);
        long[] fullNs = new long[sc.steps()];
        for (int t = 0; t < 1 + recomputeSteps; t++) {
            long t0 = System.nanoTime();
            full.step();
            fullNs[t] = System.nanoTime() - t0;
        }
        long closure = ((org.dbspstudio.engine.value.ZSet) full.lastOutputs().get("reach")).size();
        System.out.printf(Locale.ROOT, "closure size after %d changes: %d reachable pairs%n", recomputeSteps, closure);
        System.out.printf(Locale.ROOT, "recompute load (step 0): %.1f ms%n", fullNs[0] / 1e6);
        System.out.println("recompute single-edge steps: " + stats(fullNs, 1, 1 + recomputeSteps));
        double incMedian = median(incNs, 1, 1 + singles);
        double fullMedian = median(fullNs, 1, 1 + recomputeSteps);
        System.out.printf(Locale.ROOT, "speed-up at the median (single edges): %.1fx%n", fullMedian / incMedian);
    }
}
