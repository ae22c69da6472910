package org.dbspstudio.flink;

import static org.assertj.core.api.Assertions.assertThat;

import org.dbspstudio.cli.Main.Captured;
import org.dbspstudio.cli.Main;
import org.junit.jupiter.api.Test;

/** {@code dbsp run --on flink} prints what {@code dbsp run} prints, in every format. */
class RunOnFlinkCommandTest {
    static Captured run(String... args) {
        return Main.capture(args);
    }

    @Test
    void printsTheSameChangesAsTheEngineInTheSameFormats() {
        String sample = "../samples/11-cascading-views.json";
        for (String format : new String[] {"table", "csv", "json"}) {
            Captured engine = run("run", "--format", format, sample);
            Captured flink = run("run", "--on", "flink", "--parallelism", "2", "--format", format, sample);
            assertThat(engine.code()).isZero();
            assertThat(flink.code()).as(flink.err()).isZero();
            assertThat(flink.out()).as(format).isEqualTo(engine.out());
        }
    }

    @Test
    void refusesWhatFlinkCannotExpressNamingTheOperator() {
        Captured r = run("run", "--on", "flink", "../samples/05-transitive-closure.json");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("ERROR [EXPORT] tc: nested circuit (recursion)");
    }

    @Test
    void anUnknownEngineIsAUsageError() {
        Captured r = run("run", "--on", "spark", "../samples/06-users-join-orders.json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("engine 'spark' is not on the class path");
    }
}
