package org.dbspstudio.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JVM options a closure benchmark's own JVM gets (the chosen ones per workload, and what
 * JAVA_OPTS replaces), the lines that carry its figures back, and a child that fails to start
 * reported as an exception with its exit code (its own messages in the log). Nothing is timed.
 */
class WorkloadJvmTest {
    private static final List<String> COLLECTOR = List.of("-XX:+UseParallelGC", "-XX:InitialRAMPercentage=100",
            "-XX:InitialTenuringThreshold=0", "-XX:MaxTenuringThreshold=0", "-XX:SurvivorRatio=32");

    private static List<String> expected(String heap, boolean linux) {
        List<String> o = new ArrayList<>(List.of(heap));
        if (heap.equals("-Xmx6g")) {
            o.add("-XX:+UseParallelGC"); // B4: the JVM's heap sizing
        } else {
            o.addAll(COLLECTOR);
        }
        if (linux) {
            o.add("-XX:+UseTransparentHugePages");
        }
        o.add("-XX:TieredStopAtLevel=1");
        return o;
    }

    @Test
    void eachWorkloadGetsTheHeapTheIssueNamesAndTheChosenOptions() {
        assertThat(WorkloadJvm.chosen("B3", true)).containsExactlyElementsOf(expected("-Xmx2g", true));
        assertThat(WorkloadJvm.chosen("B4", true)).containsExactlyElementsOf(expected("-Xmx6g", true));
        // huge pages only where the JVM knows the option (Linux): elsewhere it would not start
        assertThat(WorkloadJvm.chosen("B3", false)).containsExactlyElementsOf(expected("-Xmx2g", false));
        boolean linux = System.getProperty("os.name").startsWith("Linux");
        assertThat(WorkloadJvm.options("B3", null)).containsExactlyElementsOf(expected("-Xmx2g", linux));
        assertThat(WorkloadJvm.options("B3", "  ")).containsExactlyElementsOf(expected("-Xmx2g", linux));
        assertThat(WorkloadJvm.options("B4", "")).containsExactlyElementsOf(expected("-Xmx6g", linux));
    }

    @Test
    void javaOptsReplacesWhatItSetsAndComesLast() {
        assertThat(WorkloadJvm.options("B4", "-Xmx3g")).doesNotContain("-Xmx6g").contains("-XX:+UseParallelGC")
                .contains("-XX:TieredStopAtLevel=1").endsWith("-Xmx3g");
        assertThat(WorkloadJvm.options("B3", "-Xmx3g")).doesNotContain("-Xmx2g").containsAll(COLLECTOR).endsWith("-Xmx3g");
        assertThat(WorkloadJvm.options("B3", "-XX:MaxRAMPercentage=50")).doesNotContain("-Xmx2g").contains("-XX:+UseParallelGC");
        // another collector: none of the chosen collector's own options stay; the heap and compilers do
        assertThat(WorkloadJvm.options("B3", " -XX:+UseG1GC ")).startsWith("-Xmx2g").endsWith("-XX:TieredStopAtLevel=1", "-XX:+UseG1GC")
                .doesNotContainAnyElementsOf(COLLECTOR);
        assertThat(WorkloadJvm.options("B4", "-XX:+UseSerialGC -Xmx1g")).doesNotContainAnyElementsOf(COLLECTOR)
                .doesNotContain("-Xmx6g").endsWith("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx1g");
        assertThat(WorkloadJvm.options("B3", "-Xms512m")).doesNotContain("-XX:InitialRAMPercentage=100")
                .contains("-XX:+UseParallelGC").endsWith("-Xms512m");
        assertThat(WorkloadJvm.options("B3", "-XX:MaxTenuringThreshold=4"))
                .noneMatch(s -> s.contains("TenuringThreshold=0") || s.startsWith("-XX:SurvivorRatio"))
                .contains("-XX:InitialRAMPercentage=100").endsWith("-XX:MaxTenuringThreshold=4");
        assertThat(WorkloadJvm.options("B3", "-XX:-UseTransparentHugePages")).doesNotContain("-XX:+UseTransparentHugePages")
                .endsWith("-XX:-UseTransparentHugePages");
        assertThat(WorkloadJvm.options("B3", "-XX:TieredStopAtLevel=4")).doesNotContain("-XX:TieredStopAtLevel=1")
                .containsAll(COLLECTOR).endsWith("-XX:TieredStopAtLevel=4");
        assertThat(WorkloadJvm.options("B3", "-XX:+PrintFlagsFinal")).containsAll(COLLECTOR).endsWith("-XX:+PrintFlagsFinal");
        // naming the chosen collector again keeps its heap, tenuring and survivor options
        assertThat(WorkloadJvm.options("B3", "-XX:+UseParallelGC")).containsAll(COLLECTOR).endsWith("-XX:+UseParallelGC");
        assertThat(WorkloadJvm.options("B3", "-XX:-UseParallelGC")).doesNotContain("-XX:InitialRAMPercentage=100");
    }

    @Test
    void aChildKilledByASignalIsSaidSo() {
        assertThat(WorkloadJvm.exitDescription(137)).contains("killed by signal 9").contains("out-of-memory killer");
        assertThat(WorkloadJvm.exitDescription(143)).contains("killed by signal 15").doesNotContain("out-of-memory");
        assertThat(WorkloadJvm.exitDescription(3)).isEqualTo("exited with code 3 (its Java heap was full)");
        assertThat(WorkloadJvm.exitDescription(1)).isEqualTo("exited with code 1");
    }

    @Test
    void figuresCrossTheProcessBoundaryAsLines() {
        Benchmarks.Figure f = new Benchmarks.Figure("B3 closure 2000/3000, first step", "1.20 s", "170.0 ms (recursive CTE)",
                "0.14×");
        assertThat(WorkloadJvm.parse(WorkloadJvm.line(f))).isEqualTo(f);
        Benchmarks.Figure tabs = new Benchmarks.Figure("a\tb", "1\n", "", "");
        assertThat(WorkloadJvm.parse(WorkloadJvm.line(tabs))).isEqualTo(new Benchmarks.Figure("a b", "1 ", "", ""));
        assertThat(WorkloadJvm.parse("B3 first step: 1.2 s")).isNull();
        assertThat(WorkloadJvm.parse(WorkloadJvm.FIGURE + "only\ttwo")).isNull();
    }

    @Test
    void namesTheCollectorFromItsBeans() {
        assertThat(WorkloadJvm.collector(List.of("PS Scavenge", "PS MarkSweep"))).isEqualTo("parallel collector");
        assertThat(WorkloadJvm.collector(List.of("G1 Young Generation", "G1 Old Generation"))).isEqualTo("G1 collector");
        assertThat(WorkloadJvm.collector(List.of("Copy", "MarkSweepCompact"))).isEqualTo("serial collector");
    }

    @Test
    void aChildThatCannotStartIsAFailureWithItsExitCodeAndItsOwnMessage() {
        List<String> log = new ArrayList<>();
        List<String> options = WorkloadJvm.options("B3", "-XX:+NoSuchOptionInThisTest");
        assertThatThrownBy(() -> WorkloadJvm.run("B3", options, List.of("--only", "b3", "--b3", "40,60,2,0,5"), log::add))
                .isInstanceOfSatisfying(WorkloadJvm.Failed.class, e -> {
                    assertThat(e.code()).isEqualTo(1);
                    assertThat(e.getMessage()).startsWith("B3: its JVM (java -Xmx2g -XX:+UseParallelGC -XX:InitialRAMPercentage=100")
                            .contains("-XX:+NoSuchOptionInThisTest) exited with code 1");
                });
        assertThat(log).anyMatch(l -> l.contains("NoSuchOptionInThisTest"));
    }
}
