package org.dbspstudio.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.dbspstudio.flink.FlinkEngine.Fed;
import org.dbspstudio.flink.FlinkEngine.Tagged;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.export.Dialect;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.export.SqlExport;
import org.dbspstudio.model.export.SqlProgram;
import org.junit.jupiter.api.Test;

/**
 * A step's output comes out of Flink in that step only if every row of it is fed by the scenario's
 * source, which waits for a checkpoint between steps. Flink plans a {@code VALUES} as a source of
 * its own that emits when its task gets to it: under load after the checkpoint that ends step 0,
 * and sample 16's COUNT over an empty input (a left join from {@code VALUES (1)}) then came out a
 * step late. So the runner reads the program's VALUES from an input it feeds in step 0, and refuses
 * a job with any other source.
 */
class FlinkStepEndsTest {
    @Test
    void everyExpressibleSampleRunsWithTheScenarioAsItsOnlySource() throws Exception {
        int withValues = 0;
        for (Path p : FlinkSamplesTest.samples()) {
            SqlProgram program;
            try {
                program = SqlExport.export(FlinkSamplesTest.load(p).circuit(), Dialect.FLINK, "t");
            } catch (ExportException e) {
                continue;
            }
            FlinkEngine.plan(program); // refuses a job with another source
            if (FlinkEngine.constantsFed(program) != program) {
                withValues++;
                // as exported, the job has a VALUES source of Flink's own: it would be refused
                StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
                assertThatThrownBy(() -> FlinkEngine.build(env, program, List.of(), new String[] {""}))
                        .as(p.toString()).hasMessageContaining("source of Flink's own");
            }
        }
        assertThat(withValues).as("samples 04 and 16 aggregate without GROUP BY").isEqualTo(2);
    }

    @Test
    void aJobWithASecondSourceIsRefused() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        DataStream<Fed> scenario = env.fromSource(new ScenarioSource(List.of(List.of(new Fed(-1, 0, true, null)))),
                WatermarkStrategy.noWatermarks(), "scenario", TypeInformation.of(Fed.class)).setParallelism(1);
        DataStream<Tagged> starts = scenario.map(f -> new Tagged(Tagged.STEP_START, f.step, true, null))
                .returns(TypeInformation.of(Tagged.class));
        DataStream<Tagged> other = env.fromData(new Tagged(0, -1, true, new Object[] {"late"}));
        assertThat(FlinkEngine.markStepEnds(starts, scenario.getTransformation())).isNotNull();
        assertThatThrownBy(() -> FlinkEngine.markStepEnds(starts.union(other), scenario.getTransformation()))
                .hasMessageContaining("source of Flink's own");
    }

    @Test
    void valuesAreReadFromTheUnitInputWithTheirRowsAndQuotesKept() throws Exception {
        String unit = "`dbsp unit`";
        assertThat(FlinkEngine.valuesFrom("SELECT x\nFROM (VALUES (1)) AS u(x)", unit))
                .isEqualTo("SELECT x\nFROM (SELECT 1 FROM `dbsp unit`) AS u(x)");
        assertThat(FlinkEngine.valuesFrom("SELECT *\nFROM (VALUES ('a)', CAST(NULL AS INT)), ('(VALUES (''b', 2)) AS v(s, n)", unit))
                .isEqualTo("SELECT *\nFROM (SELECT 'a)', CAST(NULL AS INT) FROM `dbsp unit`\nUNION ALL\n"
                        + "SELECT '(VALUES (''b', 2 FROM `dbsp unit`) AS v(s, n)");
        String quoted = "SELECT '(VALUES (1))' AS `(VALUES (2))`";
        assertThat(FlinkEngine.valuesFrom(quoted, unit)).isEqualTo(quoted);
    }

    /** The rows a program's constants give: the unit input holds one row from step 0 on. */
    @Test
    void theUnitInputIsAddedOnlyWhenAViewReadsIt() throws Exception {
        SqlProgram p = SqlExport.export(FlinkSamplesTest.load(Path.of("../samples/16-bag-set-operations.json")).circuit(),
                Dialect.FLINK, "t");
        SqlProgram fed = FlinkEngine.constantsFed(p);
        List<String> names = new ArrayList<>(fed.tables().stream().map(SqlProgram.Table::name).toList());
        assertThat(names).containsExactly("stock_a", "stock_b", FlinkEngine.UNIT);
        assertThat(fed.views()).noneMatch(v -> v.query().contains("VALUES"));
        SqlProgram noValues = SqlExport.export(FlinkSamplesTest.load(Path.of("../samples/03-distinct-over-join.json")).circuit(),
                Dialect.FLINK, "t");
        assertThat(FlinkEngine.constantsFed(noValues)).isSameAs(noValues);
    }
}
