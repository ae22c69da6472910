package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.cli.Main.Captured;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line on the inputs of the robustness report: scenario names, negative steps, an
 * unreachable iteration bound, runs that never end (progress and --timeout) and huge reports.
 */
class RobustRunTest {
    @TempDir
    Path dir;

    static Captured run(String... args) {
        return Main.capture(args);
    }

    /** one (Z) → counter (nested: p = I(δ₀(one)) + z⁻¹(p), never at a fixpoint) → o. */
    static CircuitDocument counter(long maxIterations) {
        Circuit inner = new Circuit().add(Operator.of("d0", OpKind.DELTA0, "port", "one"))
                .add(Operator.of("ie", OpKind.INTEGRATE)).add(Operator.of("z", OpKind.DELAY))
                .add(Operator.of("p", OpKind.PLUS)).add(Operator.of("int", OpKind.INTEGRAL, "port", "n"));
        inner.connect("d0.out", "ie.in").connect("ie.out", "p.a").connect("z.out", "p.b").connect("p.out", "z.in")
                .connect("p.out", "int.in");
        Circuit c = new Circuit().setInputMode(Circuit.InputMode.CHANGES)
                .add(Operator.of("one", OpKind.INPUT, "name", "one", "type", StreamType.Z))
                .add(Operator.nested("counter", inner, "maxIterations", maxIterations))
                .add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        c.connect("one.out", "counter.one").connect("counter.n", "o.in");
        CircuitDocument d = new CircuitDocument("counter", c);
        d.setScenario(new Scenario().put("one", List.of(StepData.scalar(1))));
        return d;
    }

    private Path write(CircuitDocument d, String name) throws Exception {
        Path f = dir.resolve(name);
        DocumentWriter.write(d, f);
        return f;
    }

    @Test
    void negativeStepsAreRefused() throws Exception {
        Path f = write(counter(10), "c.json");
        Captured r = run("run", f.toString(), "--steps", "-5");
        assertThat(r.code()).isEqualTo(CliSupport.UNREADABLE);
        assertThat(r.err()).contains("--steps must be 0 or more, not -5");
        assertThat(r.out()).isEmpty();
        Captured zero = run("run", f.toString(), "--steps", "0");
        assertThat(zero.code()).isZero();
    }

    @Test
    void aScenarioForAMissingInputIsTheSameErrorInValidateAndRun() throws Exception {
        CircuitDocument d = counter(10);
        d.setScenario(new Scenario().put("one", List.of(StepData.scalar(1))).put("ghost", List.of(StepData.scalar(2))));
        Path f = write(d, "ghost.json");
        Captured v = run("validate", f.toString());
        Captured r = run("run", f.toString());
        assertThat(v.code()).isEqualTo(CliSupport.CIRCUIT_ERRORS);
        assertThat(r.code()).isEqualTo(CliSupport.CIRCUIT_ERRORS);
        String line = v.out().lines().filter(l -> l.contains("UNKNOWN_INPUT")).findFirst().orElseThrow();
        assertThat(line).contains(": ERROR [UNKNOWN_INPUT] ").contains("'ghost'").contains("(its inputs: one)");
        assertThat(r.err().lines()).contains(line);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anUnreachableIterationBoundIsRefused() throws Exception {
        Path f = write(counter(Long.MAX_VALUE), "max.json");
        Captured v = run("validate", f.toString());
        assertThat(v.code()).isEqualTo(CliSupport.CIRCUIT_ERRORS);
        assertThat(v.out()).contains("ERROR [BAD_PARAM] counter:").contains("'maxIterations'")
                .contains("9223372036854775807 is out of range; it must be between 1 and 10,000,000");
        Captured r = run("run", f.toString());
        assertThat(r.code()).isEqualTo(CliSupport.CIRCUIT_ERRORS);
        assertThat(run("validate", write(counter(10_000_000), "ok.json").toString()).code()).isZero();
    }

    @Test
    void aLongFixpointShowsProgressAndTheTimeoutStopsItCleanly() throws Exception {
        Path f = write(counter(10_000_000), "long.json");
        long t0 = System.nanoTime();
        Captured r = run("run", f.toString(), "--steps", "3", "--timeout", "3");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(r.code()).as(r.err()).isEqualTo(CliSupport.TIMED_OUT);
        assertThat(ms).isLessThan(20_000);
        // progress after 2 s names the step and the nested circuit's iteration
        assertThat(r.err()).containsPattern("step 1/3, nested circuit 'counter' at iteration [\\d,]+ \\(\\d+ ms\\)");
        assertThat(r.err()).containsPattern(
                "long.json: ERROR \\[TIMEOUT\\] stopped after the --timeout of 3 s, during step 0 of 3 "
                        + "\\(nested circuit 'counter' at iteration [\\d,]+\\)");
        assertThat(r.err()).doesNotContain("Exception", "\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void badTimeoutsAreRefused() throws Exception {
        Path f = write(counter(10), "c.json");
        assertThat(run("run", f.toString(), "--timeout", "0").code()).isEqualTo(CliSupport.UNREADABLE);
        assertThat(run("run", f.toString(), "--timeout", "-1").err()).contains("--timeout must be a positive number");
        // a run that ends in time is not affected by the timeout
        Captured ok = run("run", write(counter(10), "short.json").toString(), "--timeout", "60");
        assertThat(ok.code()).as(ok.err()).isEqualTo(CliSupport.CIRCUIT_ERRORS); // maxIterations 10 is reached
        assertThat(ok.err()).contains("did not reach a fixpoint within maxIterations = 10");
    }

    @Test
    void thousandsOfStreamsIntoOnePortAreOneShortLineAndRepeatedProblemsAreCapped() throws Exception {
        Circuit c = new Circuit().add(Operator.of("sink", OpKind.NEGATE));
        int n = 3_000;
        for (int i = 0; i < n; i++) {
            c.add(Operator.of("in" + i, OpKind.INPUT, "name", "in" + i, "type", StreamType.Z));
            c.connect("in" + i + ".out", "sink.in");
        }
        Path f = write(new CircuitDocument("wide", c), "wide.json");
        Captured v = run("validate", f.toString());
        assertThat(v.code()).isEqualTo(CliSupport.CIRCUIT_ERRORS);
        List<String> lines = v.out().lines().toList();
        String fed = lines.stream().filter(l -> l.contains("MULTIPLY_FED")).findFirst().orElseThrow();
        assertThat(fed).contains("is fed by 3000 streams").contains("… (3,000 in all)").hasSizeLessThan(1000);
        assertThat(lines).hasSizeLessThan(2 * CliSupport.MAX_PER_CODE + 10);
        assertThat(v.out().length()).isLessThan(100_000);
    }

    @Test
    void repeatedDiagnosticsStopAtTheCapWithACount() throws Exception {
        Circuit c = new Circuit();
        for (int i = 0; i < 250; i++) {
            c.add(Operator.of("n" + i, OpKind.NEGATE));
        }
        Path f = write(new CircuitDocument("loose", c), "loose.json");
        Captured v = run("validate", f.toString());
        List<String> unconnected = v.out().lines().filter(l -> l.contains("[UNCONNECTED_INPUT]")).toList();
        assertThat(unconnected).hasSize(CliSupport.MAX_PER_CODE + 1);
        assertThat(unconnected.get(CliSupport.MAX_PER_CODE)).endsWith("ERROR [UNCONNECTED_INPUT] …: 150 more UNCONNECTED_INPUT problems not shown");
        assertThat(v.err()).contains("250 errors, 250 warnings");
    }
}
