package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.dbspstudio.engine.bench.Benchmarks;
import org.dbspstudio.engine.run.EngineException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dbsp bench}: the engine benchmarks (B1 linear pipeline, B2 join + aggregate, memory per row). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Run the engine benchmarks and print the figures (single-threaded, wall-clock).",
            "B1: filter -> map -> plus over single-row changes; B2: customers JOIN orders GROUP BY region,",
            "incremental vs recomputed from the integrated inputs; mem: bytes per stored row of integrated state."})
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--only", paramLabel = "b1|b2|mem", split = ",", description = "which benchmarks (default: all)")
    List<String> only;

    @Option(names = "--b1-changes", defaultValue = "1000000", description = "B1 changes (default 1000000)")
    int b1Changes;

    @Option(names = "--b1-batch", defaultValue = "10000", description = "B1 batch size (default 10000)")
    int b1Batch;

    @Option(names = "--customers", defaultValue = "100000", description = "B2 customers (default 100000)")
    int customers;

    @Option(names = "--orders", defaultValue = "1000000", description = "B2 orders (default 1000000)")
    int orders;

    @Option(names = "--batches", split = ",", defaultValue = "1,100,10000", description = "B2 batch sizes (default 1,100,10000)")
    int[] batches;

    @Option(names = "--mem-rows", defaultValue = "1000000", description = "rows for the memory figure (default 1000000)")
    int memRows;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Benchmarks.Figure> figures = new ArrayList<>();
        try {
            if (wants("b1")) {
                figures.addAll(Benchmarks.linear(b1Changes, b1Batch, err::println));
            }
            if (wants("mem")) {
                figures.addAll(Benchmarks.memory(memRows, err::println));
            }
            if (wants("b2")) {
                figures.addAll(Benchmarks.joinAggregate(customers, orders, batches, err::println));
            }
        } catch (EngineException e) {
            err.println("dbsp bench: " + e.getMessage());
            return CliSupport.CIRCUIT_ERRORS;
        }
        int w = figures.stream().mapToInt(f -> f.name().length()).max().orElse(10);
        for (Benchmarks.Figure f : figures) {
            out.println(String.format("%-" + w + "s  %s", f.name(), f.value()));
        }
        return CliSupport.OK;
    }

    private boolean wants(String b) {
        return only == null || only.contains(b);
    }
}
