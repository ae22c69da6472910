package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.dbspstudio.cli.Main.Captured;
import org.dbspstudio.cli.Main;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.DocumentWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dbsp incrementalize} and {@code dbsp verify} end to end, through {@link Main#run}. */
class CommandLineTest {
    @TempDir
    Path dir;

    private static Captured dbsp(String... args) {
        return Main.capture(args);
    }

    private Path write(String name, Circuit c) throws Exception {
        Path p = dir.resolve(name);
        DocumentWriter.write(new CircuitDocument(name, c), p);
        return p;
    }

    @Test
    void incrementalizeWritesAValidIncrementalDocumentAndExplains() throws Exception {
        Path src = write("paper.json", Fixtures.paper45());
        Path out = dir.resolve("paper-inc.json");
        Captured r = dbsp("incrementalize", src.toString(), "-o", out.toString(), "--explain");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("[Wrap with I and D]").contains("[Bilinear]").contains("[Distinct to H]");
        CircuitDocument inc = DocumentReader.read(out).document();
        assertThat(inc.circuit().inputMode()).isEqualTo(Circuit.InputMode.CHANGES);
        assertThat(dbsp("validate", out.toString()).code()).isZero();
        Captured v = dbsp("verify", src.toString(), "--incremental", out.toString(), "--random", "5", "--seed", "3");
        assertThat(v.code()).as(v.out() + v.err()).isZero();
        assertThat(v.out()).startsWith("equivalent");
    }

    @Test
    void incrementalizeWithoutOutputPrintsTheDocument() throws Exception {
        Path src = write("tc.json", Fixtures.transitiveClosure());
        Captured r = dbsp("incrementalize", src.toString());
        assertThat(r.code()).as(r.err()).isZero();
        CircuitDocument inc = DocumentReader.read(r.out(), "stdout").document();
        assertThat(inc.circuit().op("tc").child().operators()).anyMatch(o -> o.clock() == Clock.OUTER);
    }

    @Test
    void incrementalizeIsByteForByteDeterministic() throws Exception {
        Path src = write("tc.json", Fixtures.topLevelLoop());
        Captured a = dbsp("incrementalize", src.toString(), "--explain");
        Captured b = dbsp("incrementalize", src.toString(), "--explain");
        assertThat(a.code()).isZero();
        assertThat(a.out()).isEqualTo(b.out());
        assertThat(a.err()).isEqualTo(b.err()).contains("[Cycle rule]");
    }

    @Test
    void verifyPrintsTheFirstMismatchAndHowToReplayIt() throws Exception {
        Path src = write("paper.json", Fixtures.paper45());
        Circuit wrong = org.dbspstudio.model.rewrite.Incrementalizer.incrementalize(Fixtures.paper45()).incremental();
        Stream s = wrong.feeding(new PortRef("j_b", "right")).orElseThrow();
        PortRef integral = wrong.feeding(new PortRef(s.from().op(), "in")).orElseThrow().from();
        wrong.disconnect(s);
        wrong.connect(new Stream(integral, s.to()));
        Path bad = write("wrong.json", wrong);
        Captured r = dbsp("verify", src.toString(), "--incremental", bad.toString(), "--random", "50", "--seed", "1");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("mismatch on random #").contains("output 'v'").contains("replay: dbsp verify");
    }

    @Test
    void unreadableFileExitsWithTwo() throws Exception {
        Path junk = dir.resolve("junk.json");
        Files.writeString(junk, "{ not json");
        assertThat(dbsp("verify", junk.toString()).code()).isEqualTo(2);
        assertThat(dbsp("incrementalize", junk.toString()).code()).isEqualTo(2);
        assertThat(dbsp("verify", dir.resolve("missing.json").toString()).code()).isEqualTo(2);
    }
}
