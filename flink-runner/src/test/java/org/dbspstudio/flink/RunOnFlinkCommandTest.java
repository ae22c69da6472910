package org.dbspstudio.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.dbspstudio.cli.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** {@code dbsp run --on flink} prints what {@code dbsp run} prints, in every format. */
class RunOnFlinkCommandTest {
    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    @AfterAll
    static void stop() {
        new FlinkEngine().close();
    }

    @Test
    void printsTheSameChangesAsTheEngineInTheSameFormats() {
        String sample = "../samples/11-cascading-views.json";
        for (String format : new String[] {"table", "csv", "json"}) {
            Run engine = run("run", "--format", format, sample);
            Run flink = run("run", "--on", "flink", "--parallelism", "2", "--format", format, sample);
            assertThat(engine.code()).isZero();
            assertThat(flink.code()).as(flink.err()).isZero();
            assertThat(flink.out()).as(format).isEqualTo(engine.out());
        }
    }

    @Test
    void refusesWhatFlinkCannotExpressNamingTheOperator() {
        Run r = run("run", "--on", "flink", "../samples/05-transitive-closure.json");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("ERROR [EXPORT] tc: nested circuit (recursion)");
    }

    @Test
    void anUnknownEngineIsAUsageError() {
        Run r = run("run", "--on", "spark", "../samples/06-users-join-orders.json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("engine 'spark' is not on the class path");
    }
}
