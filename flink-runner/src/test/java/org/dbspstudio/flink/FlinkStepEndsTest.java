package org.dbspstudio.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.dbspstudio.flink.FlinkEngine.Fed;
import org.dbspstudio.flink.FlinkEngine.Tagged;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.export.Dialect;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.export.SqlExport;
import org.dbspstudio.model.export.SqlProgram;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;

/**
 * A step's output comes out of Flink in that step only if every row of it is fed by the scenario's
 * source, which waits for a checkpoint between steps. Flink plans a {@code VALUES} as a source of
 * its own that emits when its task gets to it: under load after the checkpoint that ends step 0,
 * and sample 16's COUNT over an empty input (a left join from {@code VALUES (1)}) then came out a
 * step late. So the runner reads the program's VALUES from an input it feeds in step 0, and fails
 * a run in which any other source emits a row.
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
            assertThat(otherSources(ConstantsInput.constantsFed(program))).as(p.toString()).isEmpty();
            if (ConstantsInput.constantsFed(program) != program) {
                withValues++;
                // as exported, the job has a VALUES source of Flink's own, emitting its row whenever its task runs
                assertThat(otherSources(program)).as(p.toString()).isNotEmpty();
            }
        }
        assertThat(withValues).as("samples 04 and 16 aggregate without GROUP BY").isEqualTo(2);
    }

    private static List<String> otherSources(SqlProgram program) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        DataStream<Tagged> marked = FlinkEngine.build(env, program, List.of(), new String[] {""});
        // the job's one source of its own is the scenario's; StepEnds reads every source
        List<String> names = new ArrayList<>();
        for (var t : marked.getTransformation().getTransitivePredecessors()) {
            if (t.getInputs().isEmpty() && !t.getName().equals("scenario")) {
                names.add(t.getName());
            }
        }
        return names;
    }

    @Test
    void aRowFromASecondSourceFailsTheRun() throws Exception {
        StreamExecutionEnvironment env = FlinkEngine.environment(FlinkEngine.cluster(2), 2);
        DataStream<Fed> scenario = env.fromSource(new ScenarioSource(List.of(List.of(new Fed(-1, 0, true, null)),
                List.of(new Fed(-1, 1, true, null)))), WatermarkStrategy.noWatermarks(), "scenario",
                TypeInformation.of(Fed.class)).setParallelism(1);
        DataStream<Tagged> starts = scenario.map(f -> new Tagged(Tagged.STEP_START, f.step, true, null))
                .returns(TypeInformation.of(Tagged.class)).setParallelism(1);
        DataStream<Tagged> other = env.fromData(new Tagged(0, -1, true, new Object[] {"late"}));
        DataStream<Tagged> marked = FlinkEngine.markStepEnds(starts.union(other), scenario.getTransformation());
        assertThatThrownBy(() -> {
            try (CloseableIterator<Tagged> it = marked.executeAndCollect("second source")) {
                FlinkEngine.collect(it, List.of("out"), 2);
            }
        }).satisfies(e -> assertThat(causes(e)).anyMatch(m -> m.contains("emitted a row")));
    }

    /** A provably empty query is planned as an empty source of Flink's own: it emits nothing and the run goes on. */
    @Test
    void anEmptySourceOfFlinksOwnIsLetThrough() throws Exception {
        RowSchema s = RowSchema.of(new Column("x", SqlType.INTEGER, true));
        SqlProgram p = ConstantsInput.constantsFed(new SqlProgram(Dialect.FLINK, List.of(), List.of(new SqlProgram.Table("t", s)),
                List.of(new SqlProgram.View("e", s, "SELECT CAST(NULL AS INT) AS x\nFROM (VALUES (1)) AS e(dbsp_one)\nWHERE FALSE", "e", false),
                        new SqlProgram.View("u", s, "SELECT * FROM t UNION ALL SELECT * FROM e", "u", false))));
        assertThat(otherSources(p)).hasSize(1);
        StreamExecutionEnvironment env = FlinkEngine.environment(FlinkEngine.cluster(2), 2);
        List<List<Fed>> fed = List.of(List.of(new Fed(-1, 0, true, null), new Fed(0, 0, true, new Object[] {7})),
                List.of(new Fed(-1, 1, true, null), new Fed(0, 1, false, new Object[] {7})));
        DataStream<Tagged> marked = FlinkEngine.build(env, p, fed, new String[] {""});
        List<Map<String, List<Change>>> result;
        try (CloseableIterator<Tagged> it = marked.executeAndCollect("empty source")) {
            result = FlinkEngine.collect(it, List.of("e", "u"), 2);
        }
        assertThat(result.get(0).get("e")).isEmpty();
        assertThat(result.get(0).get("u")).containsExactly(new Change(Row.of(7L), 1));
        assertThat(result.get(1).get("u")).containsExactly(new Change(Row.of(7L), -1));
    }

    private static List<String> causes(Throwable e) {
        List<String> messages = new ArrayList<>();
        for (Throwable c = e; c != null && messages.size() < 50; c = c.getCause()) {
            messages.add(String.valueOf(c.getMessage()));
        }
        return messages;
    }

    @Test
    void valuesAreReadFromTheUnitInputWithTheirRowsAndQuotesKept() throws Exception {
        String unit = "`dbsp unit`";
        assertThat(ConstantsInput.valuesFrom("SELECT x\nFROM (VALUES (1)) AS u(x)", unit))
                .isEqualTo("SELECT x\nFROM (SELECT 1 FROM `dbsp unit`) AS u(x)");
        assertThat(ConstantsInput.valuesFrom("SELECT *\nFROM (VALUES ('a)', CAST(NULL AS INT)), ('(VALUES (''b', 2)) AS v(s, n)", unit))
                .isEqualTo("SELECT *\nFROM (SELECT 'a)', CAST(NULL AS INT) FROM `dbsp unit`\nUNION ALL\n"
                        + "SELECT '(VALUES (''b', 2 FROM `dbsp unit`) AS v(s, n)");
        String quoted = "SELECT '(VALUES (1))' AS `(VALUES (2))`";
        assertThat(ConstantsInput.valuesFrom(quoted, unit)).isEqualTo(quoted);
    }

    /** The rows a program's constants give: the unit input holds one row from step 0 on. */
    @Test
    void theUnitInputIsAddedOnlyWhenAViewReadsIt() throws Exception {
        SqlProgram p = SqlExport.export(FlinkSamplesTest.load(Path.of("../samples/16-bag-set-operations.json")).circuit(),
                Dialect.FLINK, "t");
        SqlProgram fed = ConstantsInput.constantsFed(p);
        List<String> names = new ArrayList<>(fed.tables().stream().map(SqlProgram.Table::name).toList());
        assertThat(names).containsExactly("stock_a", "stock_b", ConstantsInput.UNIT);
        assertThat(fed.views()).noneMatch(v -> v.query().contains("VALUES"));
        SqlProgram noValues = SqlExport.export(FlinkSamplesTest.load(Path.of("../samples/03-distinct-over-join.json")).circuit(),
                Dialect.FLINK, "t");
        assertThat(ConstantsInput.constantsFed(noValues)).isSameAs(noValues);
    }
}
