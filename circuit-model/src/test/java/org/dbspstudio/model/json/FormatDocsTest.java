package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.ParamSpec;
import org.junit.jupiter.api.Test;

/** docs/json-format.md stays true: its example is the integrator fixture, and it lists every kind and parameter. */
class FormatDocsTest {
    private static final String DOCS = Fixtures.text(Path.of("../docs/json-format.md"));

    @Test
    void theExampleIsTheIntegratorFixtureVerbatim() {
        assertThat(DOCS).contains("```json\n" + Fixtures.text(Fixtures.DIR.resolve("integrator.json")) + "```");
    }

    @Test
    void everyKindAndParameterIsDocumented() {
        for (OpKind k : OpKind.values()) {
            String row = DOCS.lines().filter(l -> l.startsWith("| `" + k.json() + "` |")).findFirst().orElse("");
            assertThat(row).as("row of kind " + k.json()).isNotEmpty();
            for (ParamSpec p : k.params()) {
                assertThat(row).as(k.json()).contains("`" + p.name() + "` " + p.type());
            }
        }
    }
}
