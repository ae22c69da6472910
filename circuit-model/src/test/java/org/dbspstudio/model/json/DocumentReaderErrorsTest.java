package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.StepData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentReaderErrorsTest {
    private static final String HEAD = Fixtures.HEAD;

    private static LoadException loadError(String text) {
        return Fixtures.loadError(text);
    }

    private static LoadResult load(String text) throws LoadException {
        return DocumentReader.read(text, "t.json");
    }

    @Test
    void malformedJsonNamesLineAndColumn() {
        LoadException e = loadError(HEAD + "\"circuit\": {\"operators\": [}\n}");
        assertThat(e.file()).isEqualTo("t.json");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(27);
        assertThat(e.getMessage()).startsWith("t.json:2:27: malformed JSON");
        assertThat(e.detail()).doesNotContain("Source").endsWith("(for Array starting at 2:26)");
    }

    @Test
    void truncatedAndEmptyFilesAreLoadErrors() {
        assertThat(loadError("").detail()).contains("empty");
        assertThat(loadError(HEAD + "\"circuit\": {").getMessage()).contains("malformed JSON");
        assertThat(loadError(HEAD + "\"circuit\": {}} {}").detail()).contains("after the end");
    }

    @Test
    void newerVersionIsReportedClearly() {
        LoadException e = loadError("{\"format\": \"dbsp-studio-circuit\", \"version\": 7, \"circuit\": {}}");
        assertThat(e.detail()).isEqualTo(
                "written by a newer version of DBSP Studio (format version 7; this build reads up to 1)");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(46);
    }

    @Test
    void wrongOrMissingFormatIsALoadError() {
        assertThat(loadError("{\"format\": \"svg\", \"version\": 1}").detail())
                .contains("not a DBSP Studio circuit").contains("'svg'");
        assertThat(loadError("{\"version\": 1}").detail()).contains("\"format\"").contains("missing");
        assertThat(loadError("[1, 2]").detail()).contains("must be an object");
        assertThat(loadError("{\"format\": \"dbsp-studio-circuit\", \"version\": \"1\"}").detail())
                .contains("positive integer");
    }

    @Test
    void duplicateFieldsAndWrongShapesAreLoadErrors() {
        assertThat(loadError(HEAD + "\"name\": \"a\", \"name\": \"b\", \"circuit\": {}}").detail())
                .isEqualTo("duplicate field 'name'");
        LoadException e = loadError(HEAD + "\"circuit\": {\"operators\": {}}}");
        assertThat(e.detail()).contains("\"operators\" must be an array");
        assertThat(e.line()).isEqualTo(2);
        assertThat(loadError(HEAD + "\"circuit\": {\"operators\": [{\"kind\": \"plus\"}]}}").detail())
                .contains("missing the field 'id'");
        assertThat(loadError(HEAD + "\"circuit\": {\"inputMode\": \"deltas\"}}").detail()).contains("inputMode");
    }

    @Test
    void unknownKindIsADiagnosticAndTheOperatorIsLeftOutWithItsStreams() throws Exception {
        LoadResult r = load(HEAD + """
                "circuit": {"operators": [
                  {"id": "a", "kind": "input", "params": {"name": "a", "type": "Z"}},
                  {"id": "w", "kind": "wormhole"},
                  {"id": "o", "kind": "output", "params": {"name": "o"}}],
                 "streams": [{"from": "a.out", "to": "w.in"}, {"from": "w.out", "to": "o.in"},
                             {"from": "a.out", "to": "o.in"}]}}""");
        assertThat(r.diagnostics()).hasSize(1);
        Diagnostic d = r.diagnostics().get(0);
        assertThat(d.isError()).isTrue();
        assertThat(d.code()).isEqualTo("UNKNOWN_KIND");
        assertThat(d.where()).isEqualTo("w at 4:23");
        assertThat(d.operators()).containsExactly("w");
        assertThat(r.document().circuit().operatorIds()).containsExactly("a", "o");
        assertThat(r.document().circuit().streams()).hasSize(1);
    }

    @Test
    void unknownAndIllTypedParamsAreDiagnostics() throws Exception {
        LoadResult r = load(HEAD + """
                "circuit": {"operators": [
                  {"id": "f", "kind": "filter", "params": {"predicate": 42, "colour": "red"}},
                  {"id": "z", "kind": "delay", "params": {"clock": "sideways"}},
                  {"id": "j", "kind": "join", "params": {"leftKeys": ["a"], "rightKeys": "b"}},
                  {"id": "g", "kind": "aggregate", "params": {"aggregates": [{"function": "MEDIAN", "name": "m"}]}},
                  {"id": "i", "kind": "input", "params": {"name": "i", "type": {"columns": [{"name": "x", "type": "UUID"}]}}}
                ]}}""");
        assertThat(r.diagnostics()).extracting(Diagnostic::code)
                .containsExactly("UNKNOWN_PARAM", "BAD_PARAM", "BAD_PARAM", "BAD_PARAM", "BAD_PARAM", "BAD_PARAM");
        assertThat(r.diagnostics()).extracting(Diagnostic::where)
                .containsExactly("f at 3:71", "f at 3:57", "z at 4:52", "j at 5:74", "g at 6:75", "i at 7:99");
        assertThat(r.diagnostics().get(1).message()).contains("'predicate' must be a string, not a number");
        var c = r.document().circuit();
        assertThat(c.op("f").params().has("predicate")).isFalse();
        assertThat(c.op("z").params().get("clock")).isEqualTo("inner");
        assertThat(c.op("j").params().strings("leftKeys")).containsExactly("a");
        assertThat(c.op("j").kind()).isEqualTo(OpKind.JOIN);
    }

    @Test
    void duplicateIdsAndBadStreamsAreDiagnostics() throws Exception {
        LoadResult r = load(HEAD + """
                "circuit": {"operators": [{"id": "a", "kind": "plus"}, {"id": "a", "kind": "minus"}],
                 "streams": [{"from": "nodot", "to": "a.a"}], "colour": 1}}""");
        assertThat(r.diagnostics()).extracting(Diagnostic::code)
                .containsExactly("UNKNOWN_FIELD", "DUPLICATE_ID", "BAD_STREAM");
        assertThat(r.document().circuit().op("a").kind()).isEqualTo(OpKind.PLUS);
        assertThat(r.document().circuit().streams()).isEmpty();
    }

    @Test
    void scenarioValuesThatDoNotFitTheInputAreDiagnostics() throws Exception {
        LoadResult r = load(HEAD + """
                "circuit": {"operators": [
                  {"id": "u", "kind": "input", "params": {"name": "users", "type": {"columns": [
                     {"name": "id", "type": "INTEGER", "nullable": false}, {"name": "born", "type": "DATE", "nullable": true}]}}},
                  {"id": "n", "kind": "input", "params": {"name": "n", "type": "Z"}}]},
                "scenario": {
                  "users": [[{"row": [1, "2000-01-01"]}, {"row": ["x", null]}, {"row": [2, "yesterday"]}, {"row": [3]},
                             {"row": [4, null], "weight": 0}, {"row": [5, null], "weight": -2}], 7],
                  "n": [1, [], 3],
                  "ghost": [[{"row": [1.5, "a", true, null]}]]}}""");
        assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly(
                "BAD_SCENARIO", "BAD_SCENARIO", "BAD_SCENARIO", "BAD_SCENARIO", "BAD_SCENARIO", "BAD_SCENARIO",
                "UNKNOWN_INPUT");
        assertThat(r.diagnostics().get(0).where()).startsWith("u at 7:");
        var users = r.document().scenario().of("users");
        assertThat(users).hasSize(2);
        assertThat(((StepData.Rows) users.get(0)).changes()).hasSize(2);
        assertThat(((StepData.Rows) users.get(0)).changes().get(0).row().asList())
                .containsExactly(1L, java.time.LocalDate.of(2000, 1, 1));
        assertThat(((StepData.Rows) users.get(0)).changes().get(1).weight()).isEqualTo(-2);
        assertThat(users.get(1)).isEqualTo(StepData.EMPTY_ROWS);
        assertThat(r.document().scenario().of("n")).containsExactly(StepData.scalar(1), StepData.scalar(0), StepData.scalar(3));
        var ghost = ((StepData.Rows) r.document().scenario().of("ghost").get(0)).changes().get(0).row();
        assertThat(ghost.asList()).containsExactly(new java.math.BigDecimal("1.5"), "a", true, null);
    }

    @Test
    void unreadableFilesAreLoadErrorsWithoutPosition(@TempDir Path dir) throws Exception {
        LoadException missing = null;
        try {
            DocumentReader.read(dir.resolve("nope.json"));
        } catch (LoadException e) {
            missing = e;
        }
        assertThat(missing).isNotNull();
        assertThat(missing.line()).isZero();
        assertThat(missing.detail()).contains("no such file");
        Path bin = dir.resolve("bin.json");
        Files.write(bin, new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}'});
        assertThatThrownBy(() -> DocumentReader.read(bin)).isInstanceOf(LoadException.class)
                .hasMessageContaining("not UTF-8");
    }
}
