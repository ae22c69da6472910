package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.dbspstudio.model.CircuitDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DocumentRoundTripTest {

    static Stream<Path> fixtures() {
        return Fixtures.files().stream();
    }

    @Test
    void everySampleDocumentHasAFixtureFile() {
        assertThat(Fixtures.files().stream().map(p -> p.getFileName().toString()))
                .containsAll(SampleDocuments.all().keySet());
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void loadSaveLoadGivesAnEqualModelAndTheSameBytes(Path file) throws Exception {
        String text = Fixtures.text(file);
        LoadResult first = DocumentReader.read(file);
        assertThat(first.diagnostics()).isEmpty();
        String saved = DocumentWriter.write(first.document());
        assertThat(saved).isEqualTo(text);
        LoadResult second = DocumentReader.read(saved, "saved.json");
        assertThat(second.document()).isEqualTo(first.document());
        assertThat(DocumentWriter.write(second.document())).isEqualTo(saved);
    }

    @Test
    void fixturesHoldExactlyTheModelsBuiltInJava() throws Exception {
        for (var e : SampleDocuments.all().entrySet()) {
            CircuitDocument loaded = DocumentReader.read(Fixtures.DIR.resolve(e.getKey())).document();
            assertThat(loaded).as(e.getKey()).isEqualTo(e.getValue());
            assertThat(loaded.scenario()).as(e.getKey()).isEqualTo(e.getValue().scenario());
            assertThat(loaded.layout()).as(e.getKey()).isEqualTo(e.getValue().layout());
        }
    }

    @Test
    void scenarioRowsAreTypedByTheInputSchema() throws Exception {
        CircuitDocument d = DocumentReader.read(Fixtures.DIR.resolve("users-orders-join.json")).document();
        var change = ((org.dbspstudio.model.StepData.Rows) d.scenario().at("orders", 0)).changes().get(0);
        assertThat(change.row().asList()).containsExactly(10L, 1L, new java.math.BigDecimal("25.5"),
                java.time.LocalDate.of(2024, 1, 31), null);
        var raw = ((org.dbspstudio.model.StepData.Rows) d.expected().at("big_orders", 0)).changes().get(0);
        assertThat(raw.row().get(1)).isInstanceOf(java.math.BigDecimal.class);
    }

    @Test
    void emptyDocumentRoundTrips() throws Exception {
        CircuitDocument empty = new CircuitDocument();
        String text = DocumentWriter.write(empty);
        assertThat(text).isEqualTo("""
                {
                  "format": "dbsp-studio-circuit",
                  "version": 1,
                  "name": "",
                  "circuit": {"inputMode": "snapshots", "operators": [], "streams": []}
                }
                """);
        assertThat(DocumentReader.read(text, "empty.json").document()).isEqualTo(empty);
    }
}
