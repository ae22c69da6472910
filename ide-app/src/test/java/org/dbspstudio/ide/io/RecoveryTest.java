package org.dbspstudio.ide.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two instances share the recovery folder: a running instance's autosaves are never offered (nor
 * deleted) by another; a crashed instance's are offered once, to one instance.
 */
class RecoveryTest {
    @TempDir
    Path dir;

    @Test
    void aRunningInstancesAutosaveIsNeverOfferedAndACrashedOnesIsOfferedOnce() throws Exception {
        Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), SaveChild.class.getName(), "autosave", dir.toString())
                .redirectErrorStream(true).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
        String ready = r.readLine();
        assertThat(ready).startsWith("ready ");
        String otherInstance = ready.substring("ready ".length());
        Path othersFile = dir.resolve(otherInstance + "_1-1.recovery.json");
        assertThat(othersFile).exists();

        Recovery mine = new Recovery(dir);
        mine.write("1-1", SaveChild.document("mine", 10));
        assertThat(mine.leftovers()).as("the other instance still runs").isEmpty();
        mine.release();
        assertThat(othersFile).exists();

        other.destroyForcibly(); // a crash: its lock goes, its files stay
        assertThat(other.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<Path> offered = mine.leftovers();
        assertThat(offered).containsExactly(othersFile);
        // a third instance starting meanwhile does not get the same files, nor this instance's own
        Recovery third = new Recovery(dir);
        assertThat(third.leftovers()).isEmpty();
        // recovered (or declined): the files go, then the crashed instance's lock
        Files.delete(othersFile);
        mine.release();
        assertThat(dir.resolve(otherInstance + ".lock")).doesNotExist();
        assertThat(third.leftovers()).isEmpty();
        third.release();
        // this instance's autosave stays until it discards it or closes
        assertThat(mine.fileFor("1-1")).exists();
        mine.discard("1-1");
        mine.close();
        assertThat(dir.resolve(mine.instance() + ".lock")).doesNotExist();
    }

    @Test
    void twoWindowsInOneJvmLeaveEachOthersAutosavesAlone() throws Exception {
        Recovery a = new Recovery(dir);
        Recovery b = new Recovery(dir);
        a.write("1-1", SaveChild.document("a", 10));
        b.write("1-2", SaveChild.document("b", 10));
        assertThat(a.leftovers()).isEmpty();
        assertThat(b.leftovers()).isEmpty();
        a.close();
        b.close();
    }
}
