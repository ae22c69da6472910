package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.bench.Benchmarks;
import org.dbspstudio.engine.bench.WorkloadJvm;
import org.dbspstudio.engine.run.EngineException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dbsp bench}: the engine benchmarks, each beside DuckDB computing the same query from scratch. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Run the engine benchmarks (one thread) beside DuckDB (in-memory, SET threads=1) computing the",
            "same query from scratch on the same data, and print a table of figures with the engine's speed",
            "relative to DuckDB's (wall-clock; above 1: the engine is faster). The circuits are drawn over snapshots",
            "and incrementalized. B1: filter -> map -> plus; B2: customers JOIN orders GROUP BY region;",
            "B2db: B2 with its inputs read from and its output written to a DuckDB file (as run --db does), end to end",
            "against the engine alone and against DuckDB recomputing the view after each batch;",
            "B3, B4: transitive closure of a random graph under edge changes; B5: only_tri_hop (negation by",
            "antijoin) under single-edge changes, its own rule against the fallback; mem: bytes per stored row;",
            "w1: state and heap of a windowed aggregate over an unbounded stream, with and without the waterline rule;",
            "run (only when asked): bin/dbsp run of the incrementalized closure as a process under -Xmx2g, start to exit,",
            "beside a process that starts DuckDB and computes the closure once.",
            "B3 and B4 run in a JVM of their own each (beside DuckDB in it), with the heap issue #11 names (-Xmx2g, -Xmx6g)",
            "and the collector options chosen for them; JAVA_OPTS (from the environment) overrides what it sets.",
            "Under the table: the JVM options each workload ran under.",
            "Progress and details go to standard error, the table to standard output."})
final class BenchCommand extends DbspCommand {
    @Option(names = "--only", paramLabel = "b1|b2|b2db|b3|b4|b5|mem|w1|run", split = ",", description = "which benchmarks (default: b1,b2,b2db,b3,b5,mem,w1)")
    List<String> only;

    @Option(names = "--b1-changes", defaultValue = "1000000", description = "B1 changes (default 1000000)")
    int b1Changes;

    @Option(names = "--b1-batch", defaultValue = "10000", description = "B1 batch size (default 10000)")
    int b1Batch;

    @Option(names = "--customers", defaultValue = "100000", description = "B2 and B2db customers (default 100000)")
    int customers;

    @Option(names = "--orders", defaultValue = "1000000", description = "B2 and B2db orders (default 1000000)")
    int orders;

    @Option(names = "--batches", split = ",", defaultValue = "100,10000", description = "B2 and B2db batch sizes (default 100,10000)")
    int[] batches;

    @Option(names = "--no-b2-snapshot",
            description = "do not time B2's snapshot circuit, the one the debugger runs (timed by default)")
    boolean noB2Snapshot;

    @Option(names = "--b3", split = ",", defaultValue = "2000,3000,200,5,100",
            description = "B3 nodes,edges,single-edge steps,batches,batch size (default 2000,3000,200,5,100)")
    int[] b3;

    @Option(names = "--b4", split = ",", defaultValue = "10000,12000,50,0,100",
            description = "B4 nodes,edges,single-edge steps,batches,batch size (default 10000,12000,50,0,100)")
    int[] b4;

    @Option(names = "--b5", split = ",", defaultValue = "3000,10000,200",
            description = "B5 nodes,edges,single-edge steps (default 3000,10000,200)")
    int[] b5;

    @Option(names = "--run", split = ",", defaultValue = "2000,3000,20,3,900",
            description = "run: nodes,edges,single-edge steps,rounds,timeout in seconds per process (default 2000,3000,20,3,900)")
    int[] runProcess;

    @Option(names = "--mem-rows", defaultValue = "1000000", description = "rows for the memory figure (default 1000000)")
    int memRows;

    @Option(names = "--w1-steps", defaultValue = "1000000", description = "W1 steps, one event each (default 1000000)")
    int w1Steps;

    @Option(names = "--in-process",
            description = "run B3 and B4 in this JVM, under its options, instead of a JVM of their own each")
    boolean inProcess;

    /** Set in a workload's own JVM: the figures as lines for the bench that started it ({@link WorkloadJvm#line}). */
    @Option(names = "--figure-lines", hidden = true)
    boolean figureLines;

    /** The workload running, for reports of failures. */
    private String current = "";

    @Override
    int run(PrintWriter out, PrintWriter err) {
        List<Benchmarks.Figure> figures = new ArrayList<>();
        // the JVM options each workload ran under: {workloads in this JVM, …} then one line per workload of its own
        List<String> here = new ArrayList<>();
        List<String> own = new ArrayList<>();
        try {
            if (wants("b1")) {
                current = "B1";
                here.add(current);
                figures.addAll(Benchmarks.linear(b1Changes, b1Batch, err::println));
            }
            if (wants("b2")) {
                current = "B2";
                here.add(current);
                figures.addAll(Benchmarks.joinAggregate(customers, orders, batches, !noB2Snapshot, err::println));
            }
            if (wants("b2db")) {
                current = "B2db";
                here.add(current);
                figures.addAll(Benchmarks.joinAggregateTables(customers, orders, batches, err::println));
            }
            if (wants("b3")) {
                current = "B3";
                closure("B3", b3, figures, here, own, err);
            }
            if (only != null && only.contains("b4")) {
                current = "B4";
                closure("B4", b4, figures, here, own, err);
            }
            if (wants("b5")) {
                current = "B5";
                here.add(current);
                figures.addAll(Benchmarks.onlyTriHop(b5, err::println));
            }
            if (wants("mem")) {
                current = "mem";
                here.add(current);
                figures.addAll(Benchmarks.memory(memRows, err::println));
            }
            if (wants("w1")) {
                current = "w1";
                here.add(current);
                figures.addAll(Benchmarks.waterline(w1Steps, err::println));
            }
            if (only != null && only.contains("run")) {
                current = "run";
                own.add("run: processes of their own (bin/dbsp run with its options for run, and java for DuckDB), -Xmx2g");
                figures.addAll(Benchmarks.runProcess(runProcess[0], runProcess[1], runProcess[2], runProcess[3], runProcess[4],
                        err::println));
            }
        } catch (WorkloadJvm.Failed e) {
            err.println("dbsp bench: " + e.getMessage());
            return e.code() == CliSupport.OUT_OF_MEMORY ? CliSupport.OUT_OF_MEMORY : CliSupport.CIRCUIT_ERRORS;
        } catch (EngineException e) {
            if (e.outOfMemory()) {
                return CliSupport.outOfMemory(err, "dbsp bench: " + current + ": "
                        + (e.operatorId() == null ? "" : "operator '" + e.operatorId() + "' ") + "at step " + e.step()
                        + (e.iterations().isEmpty() ? "" : ", iteration " + e.iterations()));
            }
            err.println("dbsp bench: " + current + ": " + e.getMessage());
            return CliSupport.CIRCUIT_ERRORS;
        } catch (SQLException e) {
            err.println("dbsp bench: DuckDB failed: " + e.getMessage());
            return CliSupport.CIRCUIT_ERRORS;
        } catch (java.io.IOException e) {
            err.println("dbsp bench: " + e.getMessage());
            return CliSupport.UNREADABLE;
        } catch (OutOfMemoryError e) {
            figures.clear(); // room for the report
            return CliSupport.outOfMemory(err, "dbsp bench: " + current + " (preparing its data or running DuckDB)");
        }
        if (figureLines) {
            out.println(WorkloadJvm.JVM + WorkloadJvm.thisJvm());
            figures.forEach(f -> out.println(WorkloadJvm.line(f)));
            return CliSupport.OK;
        }
        int w = figures.stream().mapToInt(f -> f.name().length()).max().orElse(10);
        int e = Math.max(6, figures.stream().mapToInt(f -> f.engine().length()).max().orElse(6));
        int d = Math.max(6, figures.stream().mapToInt(f -> f.duckdb().length()).max().orElse(6));
        out.println(String.format("%-" + w + "s  %-" + e + "s  %-" + d + "s  %s", "workload", "engine", "DuckDB", "speed vs DuckDB"));
        for (Benchmarks.Figure f : figures) {
            out.println(String.format("%-" + w + "s  %-" + e + "s  %-" + d + "s  %s", f.name(), f.engine(), f.duckdb(), f.speed()).stripTrailing());
        }
        out.println();
        out.println("JVM options:");
        if (!here.isEmpty()) {
            out.println("  " + String.join(", ", here) + ": this JVM, " + WorkloadJvm.thisJvm());
        }
        own.forEach(l -> out.println("  " + l));
        return CliSupport.OK;
    }

    /**
     * B3 or B4: in a JVM of its own ({@link WorkloadJvm}) unless {@code --in-process} (or this is that
     * JVM already); its figures are added, and what JVM it ran in to {@code here} or {@code own}.
     */
    private void closure(String name, int[] p, List<Benchmarks.Figure> figures, List<String> here, List<String> own,
                         PrintWriter err) throws EngineException, SQLException, WorkloadJvm.Failed {
        if (inProcess || figureLines) {
            here.add(name);
            figures.addAll(Benchmarks.closure(name, p, err::println));
            return;
        }
        if (p.length != 5) {
            throw new IllegalArgumentException(name + " takes five numbers: nodes,edges,singles,batches,batchSize");
        }
        List<String> options = WorkloadJvm.options(name, System.getenv("JAVA_OPTS"));
        List<String> args = new ArrayList<>(List.of("--only", name.toLowerCase(java.util.Locale.ROOT), "--" + name.toLowerCase(java.util.Locale.ROOT)));
        args.add(java.util.Arrays.stream(p).mapToObj(Integer::toString).collect(java.util.stream.Collectors.joining(",")));
        err.println(name + ": in a JVM of its own: java " + String.join(" ", options));
        err.flush();
        WorkloadJvm.Ran ran = WorkloadJvm.run(name, options, args, l -> {
            err.println(l);
            err.flush();
        });
        figures.addAll(ran.figures());
        own.add(name + ": a JVM of its own, " + ran.jvm());
    }

    private boolean wants(String b) {
        return only == null || only.contains(b);
    }
}
