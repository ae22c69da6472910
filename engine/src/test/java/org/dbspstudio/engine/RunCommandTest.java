package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dbspstudio.cli.Main.Captured;
import org.dbspstudio.cli.Main;
import org.dbspstudio.engine.scenario.CsvScenarioLoader;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dbsp run} end to end on a users ⋈ orders document, and the CSV scenario format. */
class RunCommandTest {
    @TempDir
    Path dir;

    private Captured run(String... args) {
        return Main.capture(args);
    }

    private Path document() throws Exception {
        CircuitDocument doc = new CircuitDocument("users-orders", PrimerExamplesTest.usersOrders());
        doc.setScenario(PrimerExamplesTest.usersOrdersScenario());
        Path f = dir.resolve("uo.json");
        DocumentWriter.write(doc, f);
        return f;
    }

    @Test
    void printsTheExactChangesPerStep() throws Exception {
        Captured r = run("run", document().toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly(
                "step 0  view: +1 (1, Alice, book)",
                "step 0  view: +1 (1, Alice, pen)",
                "step 1  view: +1 (2, Bob, laptop)",
                "step 2  view: -1 (1, Alice, book)",
                "step 3  view: -1 (1, Alice, pen)",
                "step 3  view: +1 (1, Alicia, pen)");
    }

    @Test
    void jsonCsvTraceAndSteps() throws Exception {
        Path f = document();
        Captured json = run("run", f.toString(), "--format", "json", "--steps", "2");
        assertThat(json.code()).isZero();
        assertThat(json.out().replaceAll("\\s", "")).contains("\"view\":[[{\"row\":[1,\"Alice\",\"book\"],\"weight\":1},"
                + "{\"row\":[1,\"Alice\",\"pen\"],\"weight\":1}],[{\"row\":[2,\"Bob\",\"laptop\"],\"weight\":1}]]");
        Captured csv = run("run", f.toString(), "--format", "csv");
        assertThat(csv.out().lines().toList()).contains("output,step,weight,values...", "view,3,-1,1,Alice,pen");
        Captured trace = run("run", f.toString(), "--trace", "--steps", "1");
        assertThat(trace.out()).contains("  trace j.out = +1 (1, Alice, book)").contains("  trace users.out = +1 (2, Bob)");
    }

    @Test
    void csvScenarioReplacesTheDocumentsScenario() throws Exception {
        Path f = document();
        Path users = dir.resolve("users.csv");
        Files.writeString(users, "step,weight,id,name\n0,1,1,\"Smith, Ann\"\n");
        Path orders = dir.resolve("o.csv");
        Files.writeString(orders, "0,1,1,pen\n2,1,1,ink\n");
        Captured r = run("run", f.toString(), "--scenario", users.toString(), "--scenario", "orders=" + orders);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("step 0  view: +1 (1, Smith, Ann, pen)",
                "step 1  view: (no change)", "step 2  view: +1 (1, Smith, Ann, ink)");
    }

    @Test
    void jsonScenarioFile() throws Exception {
        Path s = dir.resolve("s.json");
        Files.writeString(s, "{\"users\": [[{\"row\": [3, \"Cy\"], \"weight\": 1}]],"
                + " \"orders\": [[{\"row\": [3, \"cup\"], \"weight\": 2}]]}");
        Captured r = run("run", document().toString(), "--scenario", s.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("step 0  view: +2 (3, Cy, cup)");
    }

    @Test
    void exitCodes() throws Exception {
        assertThat(run("run", dir.resolve("missing.json").toString()).code()).isEqualTo(2);
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "0,1,x,Ann\n");
        Captured r = run("run", document().toString(), "--scenario", "users=" + bad);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("bad.csv:1:5").contains("'x' is not a number");
    }

    @Test
    void csvLoaderTypesValuesBySchema() throws Exception {
        var t = TestCircuits.zset("d", SqlType.DATE, "x", SqlType.DOUBLE, "s", SqlType.VARCHAR);
        List<StepData> steps = CsvScenarioLoader.parse("# comment\n1,-2,2024-01-31,1.5,\"a \"\"q\"\"\"\n\n0,1,2024-02-01,2,\n",
                "t.csv", t);
        assertThat(steps).hasSize(2);
        var s1 = ((StepData.Rows) steps.get(1)).changes().get(0);
        assertThat(s1.weight()).isEqualTo(-2);
        assertThat(s1.row()).isEqualTo(Row.of(java.time.LocalDate.of(2024, 1, 31), 1.5, "a \"q\""));
        assertThat(((StepData.Rows) steps.get(0)).changes().get(0).row().get(2)).isNull();
        List<StepData> z = CsvScenarioLoader.parse("step,value\n0,3\n2,-1\n", "z.csv", org.dbspstudio.model.types.StreamType.Z);
        assertThat(z).containsExactly(StepData.scalar(3), StepData.scalar(0), StepData.scalar(-1));
    }
}
