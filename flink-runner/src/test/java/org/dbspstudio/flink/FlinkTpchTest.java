package org.dbspstudio.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.fixtures.Tpch;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.export.Dialect;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.export.SqlExport;
import org.dbspstudio.model.sql.SqlFrontEnd;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * The SQL front end's TPC-H views (queries 1, 3, 5, 6, 10, 12, 14, 19 of the shared fixture, and
 * the fixture's views of our own: outer joins, IN / NOT IN / EXISTS / NOT EXISTS, correlated
 * scalar sub-queries, HAVING, CASE, COUNT(DISTINCT), set operations, a view on a view) export to
 * both dialects; the eight TPC-H queries, translated together into one circuit, run on Flink
 * (parallelism 2, one job) and on the engine over the same random change stream (the initial load,
 * then three steps of deletions and insertions): the output changes must agree at every step (the
 * engine's own results are checked against DuckDB's in the engine module's TpchDuckDbTest).
 */
class FlinkTpchTest {
    /** Steps of the change stream: the initial load and three steps of random deletions and insertions. */
    static final int STEPS = 4;

    /** The fixture's change stream as a scenario (INTEGER values as Long, as the engine keeps them). */
    static Scenario scenario(long seed, int steps, int perStep) {
        List<Map<String, List<Tpch.Delta>>> changes = Tpch.changes(seed, steps, perStep);
        Map<String, List<StepData>> byTable = new LinkedHashMap<>();
        for (String table : Tpch.universe(seed).keySet()) {
            for (Map<String, List<Tpch.Delta>> step : changes) {
                List<Change> list = new ArrayList<>();
                for (Tpch.Delta d : step.getOrDefault(table, List.of())) {
                    list.add(new Change(Row.of(d.row()), d.weight()));
                }
                byTable.computeIfAbsent(table, k -> new ArrayList<>()).add(StepData.rows(list));
            }
        }
        Scenario s = new Scenario();
        byTable.forEach(s::put);
        return s;
    }

    @Test
    void tpchQueriesOnFlinkAgreeWithTheEngineAtEveryStep() throws Exception {
        SqlFrontEnd.Result r = SqlFrontEnd.compile(Tpch.TABLES + Tpch.QUERIES);
        assertThat(r.errors()).isEmpty();
        assertThat(r.views()).hasSize(8);
        CircuitDocument doc = r.document().copy().setScenario(scenario(2026, STEPS, 3));
        assertThat(doc.scenario().steps()).isEqualTo(STEPS);
        assertThat(FlinkSamplesTest.compare(doc, doc)).as("output changes compared").isGreaterThan(50);
    }

    @Test
    void everyTpchQueryAndOwnViewExportsToFlinkAndFeldera() {
        List<String> views = new ArrayList<>(Tpch.QUERY_NAMES);
        for (String st : Tpch.OWN.split(";")) {
            if (!st.isBlank()) {
                views.add(st.strip().split("\\s+")[2]);
            }
        }
        assertThat(views).hasSize(20);
        List<String> refused = new ArrayList<>();
        for (String v : views) {
            // a view with the views it reads (q5_on_view reads q5)
            String script = Tpch.TABLES + (v.equals("q5_on_view") ? Tpch.view("q5") : "") + Tpch.view(v);
            SqlFrontEnd.Result r = SqlFrontEnd.compile(script);
            assertThat(r.errors()).as(v).isEmpty();
            for (Dialect d : Dialect.values()) {
                try {
                    String text = SqlExport.export(r.document(), d).text();
                    assertThat(text).as(v).contains("CREATE VIEW " + v + " AS");
                } catch (ExportException e) {
                    refused.add(v + " " + d.cliName() + ": " + e.getMessage());
                }
            }
        }
        assertThat(refused).isEmpty();
    }
}
