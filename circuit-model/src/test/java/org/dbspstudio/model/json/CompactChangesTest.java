package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.junit.jupiter.api.Test;

/** The compact change form {@code [row, weight]} reads like {@code {"row": row, "weight": weight}}. */
class CompactChangesTest {
    private static String doc(String scenario, String expected) {
        return """
                {"format": "dbsp-studio-circuit", "version": 1,
                 "circuit": {"operators": [
                   {"id": "t", "kind": "input", "params": {"name": "t", "type": {"columns": [{"name": "id", "type": "BIGINT"},
                                                                                        {"name": "name", "type": "VARCHAR"}]}}},
                   {"id": "v", "kind": "output", "params": {"name": "v"}}],
                  "streams": [{"from": "t.out", "to": "v.in"}]},
                 "scenario": {"t": %s},
                 "expected": {"v": %s}}
                """.formatted(scenario, expected);
    }

    @Test
    void compactAndObjectFormsReadTheSame() throws LoadException {
        String objects = doc("[[{\"row\": [1, \"a\"]}, {\"row\": [2, \"b\"], \"weight\": 2}], [{\"row\": [1, \"a\"], \"weight\": -1}]]",
                "[[{\"row\": [1, \"a\"]}, {\"row\": [2, \"b\"], \"weight\": 2}], [{\"row\": [1, \"a\"], \"weight\": -1}]]");
        String compact = doc("[[[[1, \"a\"], 1], [[2, \"b\"], 2]], [[[1, \"a\"], -1]]]",
                "[[[[1, \"a\"], 1], [[2, \"b\"], 2]], [[[1, \"a\"], -1]]]");
        LoadResult a = DocumentReader.read(objects, "objects.json");
        LoadResult b = DocumentReader.read(compact, "compact.json");
        assertThat(b.diagnostics()).isEmpty();
        CircuitDocument da = a.document();
        CircuitDocument db = b.document();
        assertThat(db.scenario().streams()).isEqualTo(da.scenario().streams());
        assertThat(db.expected().streams()).isEqualTo(da.expected().streams());
        assertThat(SchemaCheck.errors(compact)).isEmpty();
    }

    @Test
    void aMalformedCompactChangeIsReportedAndLeftOut() throws LoadException {
        LoadResult r = DocumentReader.read(doc("[[[[1, \"a\"], 0], [[1, \"a\"]], [[1, \"a\"], 1, 2], [[2, \"b\"], 1]]]", "[[]]"),
                "bad.json");
        List<String> errors = r.diagnostics().stream().filter(Diagnostic::isError).map(Diagnostic::message).toList();
        assertThat(errors).hasSize(3);
        assertThat(errors.get(0)).contains("must not be 0");
        assertThat(errors.get(1)).contains("[row, weight]");
        assertThat(errors.get(2)).contains("[row, weight]");
        assertThat(r.document().scenario().of("t").get(0).toString()).contains("b");
        assertThat(SchemaCheck.errors(doc("[[[[1, \"a\"], 0]]]", "[[]]"))).isNotEmpty();
        assertThat(SchemaCheck.errors(doc("[[[[1, \"a\"], 1, 2]]]", "[[]]"))).isNotEmpty();
    }
}
