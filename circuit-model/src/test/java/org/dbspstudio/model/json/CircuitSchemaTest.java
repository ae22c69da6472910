package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class CircuitSchemaTest {

    /** Fixtures here, plus the circuit documents of the samples module when it has any. */
    static Stream<Path> documents() throws IOException {
        List<Path> all = new ArrayList<>(Fixtures.files());
        Path samples = Path.of("../samples");
        if (Files.isDirectory(samples)) {
            try (Stream<Path> s = Files.walk(samples)) {
                s.filter(p -> p.toString().endsWith(".json"))
                        .filter(p -> !samples.relativize(p).toString().startsWith("target"))
                        .filter(p -> Fixtures.text(p).contains("\"dbsp-studio-circuit\"")).sorted().forEach(all::add);
            }
        }
        return all.stream();
    }

    @Test
    void committedSchemaIsTheOneGeneratedFromTheCatalog() {
        assertThat(CircuitSchema.committed())
                .as("circuit.schema.json is out of date with OpKind: regenerate it with "
                        + "java -cp circuit-model/target/classes:<deps> org.dbspstudio.model.json.CircuitSchema "
                        + "> circuit-model/src/main/resources/org/dbspstudio/model/json/circuit.schema.json")
                .isEqualTo(CircuitSchema.generate());
    }

    @ParameterizedTest
    @MethodSource("documents")
    void everyDocumentValidatesAgainstTheSchema(Path file) {
        assertThat(SchemaCheck.errors(Fixtures.text(file))).as(file.toString()).isEmpty();
    }

    private static final String OK = """
            {"format": "dbsp-studio-circuit", "version": 1, "circuit": {"operators": [
              {"id": "a", "kind": "input", "params": {"name": "a", "type": {"columns": [{"name": "x", "type": "INTEGER"}]}}},
              {"id": "f", "kind": "filter", "params": {"predicate": "x > 1"}},
              {"id": "n", "kind": "nested", "circuit": {"operators": [], "streams": []}}],
             "streams": [{"from": "a.out", "to": "f.in"}]},
             "scenario": {"a": [[{"row": [1], "weight": -1}]]}}""";

    @Test
    void theBaseOfTheNegativeCasesIsValid() {
        assertThat(SchemaCheck.errors(OK)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "\"version\": 1|\"version\": 2",
        "\"kind\": \"filter\"|\"kind\": \"sieve\"",
        "{\"predicate\": \"x > 1\"}|{}",
        "{\"predicate\": \"x > 1\"}|{\"predicate\": 1}",
        "{\"predicate\": \"x > 1\"}|{\"predicate\": \"x > 1\", \"colour\": 1}",
        "\"type\": \"INTEGER\"|\"type\": \"UUID\"",
        "\"weight\": -1|\"weight\": 0",
        "\"to\": \"f.in\"|\"to\": \"f\"",
        "\"kind\": \"filter\", |\"kind\": \"filter\", \"circuit\": {}, ",
        "\"format\": \"dbsp-studio-circuit\"|\"format\": \"other\"",
        "[[{\"row\": [1], \"weight\": -1}]]|[[[1]]]"})
    void schemaRejectsBrokenDocuments(String edit) {
        String[] parts = edit.split("\\|");
        assertThat(OK).contains(parts[0]);
        String broken = OK.replace(parts[0], parts[1]);
        assertThat(SchemaCheck.errors(broken)).as(broken).isNotEmpty();
    }
}
