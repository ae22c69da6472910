package org.dbspstudio.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The "run" benchmark on a small graph: both child processes start from this class path, the
 * {@code dbsp run} process prints the closure at step 0 (checked against DuckDB's count inside the
 * benchmark, which throws when they differ) and the figure compares the two. Times are printed,
 * never asserted.
 */
class RunProcessBenchTest {
    @Test
    void runsTheCommandLineAndDuckDbAsProcessesAndComparesThem() throws Exception {
        List<String> log = new ArrayList<>();
        List<Benchmarks.Figure> f = Benchmarks.runProcess(40, 60, 3, 1, 300, log::add);
        assertThat(f).hasSize(1);
        assertThat(f.get(0).name()).startsWith("run closure 40/60 + 3 edges, process -Xmx2g");
        assertThat(f.get(0).engine()).as(String.join("\n", log)).contains("× DuckDB's");
        assertThat(f.get(0).duckdb()).contains("recursive CTE");
        assertThat(log).anyMatch(l -> l.startsWith("run round 0:") && l.contains("equal"));
    }
}
