package org.dbspstudio.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.fixtures.Tpch;
import org.dbspstudio.model.export.Dialect;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.export.SqlExport;
import org.dbspstudio.model.sql.SqlFrontEnd;
import org.junit.jupiter.api.Test;

/**
 * The SQL front end's TPC-H views (queries 1, 3, 5, 6, 10, 12, 14, 19 of the shared fixture, and
 * the fixture's views of our own: outer joins, IN / NOT IN / EXISTS / NOT EXISTS, correlated
 * scalar sub-queries, HAVING, CASE, COUNT(DISTINCT), set operations, a view on a view) export to
 * both dialects.
 */
class FlinkTpchTest {
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
