package org.dbspstudio.ide.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saves keep what the user had: permissions, symbolic links, read-only files and folders, a full
 * disk and a process killed in the middle of a save. The disk-full and kill cases run the save in
 * another JVM (with a file size limit, or killed with SIGKILL).
 */
class SaveTest {
    @TempDir
    Path dir;

    @AfterEach
    void writableAgain() throws Exception {
        // let JUnit remove what the read-only tests locked
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                if (!Files.isSymbolicLink(p)) {
                    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
                }
            }
        }
    }

    private static Set<PosixFilePermission> perms(Path p) throws Exception {
        return Files.getPosixFilePermissions(p);
    }

    private List<Path> temporaries(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    @Test
    void theFileKeepsItsPermissionsAndANewFileGetsTheUsualOnes() throws Exception {
        Path f = dir.resolve("c.json");
        Files.writeString(f, "old");
        for (String mode : new String[] {"rw-r--r--", "rw-rw-r--", "rw-r-----", "rwxr-x---"}) {
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
            DocumentFiles.writeAtomically(f, "new " + mode);
            assertThat(PosixFilePermissions.toString(perms(f))).isEqualTo(mode);
            assertThat(Files.readString(f)).isEqualTo("new " + mode);
        }
        Path fresh = dir.resolve("fresh.json");
        DocumentFiles.writeAtomically(fresh, "x");
        Path probe = Files.createFile(dir.resolve("probe")); // what the umask gives an ordinary new file
        assertThat(perms(fresh)).isEqualTo(perms(probe)).isNotEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(temporaries(dir)).isEmpty();
    }

    @Test
    void aSymbolicLinkStaysALinkAndItsTargetIsWritten() throws Exception {
        Path real = Files.createDirectories(dir.resolve("real")).resolve("c.json");
        Files.writeString(real, "old");
        Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rw-rw-r--"));
        Path links = Files.createDirectories(dir.resolve("links"));
        Path link = Files.createSymbolicLink(links.resolve("c.json"), Path.of("../real/c.json"));
        Path linkToLink = Files.createSymbolicLink(links.resolve("again.json"), Path.of("c.json"));
        DocumentFiles.writeAtomically(link, "through the link");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("../real/c.json"));
        assertThat(Files.readString(real)).isEqualTo("through the link");
        DocumentFiles.writeAtomically(linkToLink, "two links");
        assertThat(Files.isSymbolicLink(linkToLink)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("two links");
        assertThat(PosixFilePermissions.toString(perms(real))).isEqualTo("rw-rw-r--");
        assertThat(temporaries(links)).isEmpty();
        assertThat(temporaries(real.getParent())).isEmpty();
    }

    @Test
    void aReadOnlyFileIsRefusedAndKept() throws Exception {
        Path f = dir.resolve("ro.json");
        Files.writeString(f, "keep me");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("r--r--r--"));
        assertThatThrownBy(() -> DocumentFiles.writeAtomically(f, "new"))
                .isInstanceOf(DocumentFiles.SaveException.class)
                .hasMessage("Cannot save " + f + ": the file is read-only (its permissions do not allow writing);"
                        + " save it under another name, or make it writable first");
        assertThat(Files.readString(f)).isEqualTo("keep me");
        assertThat(PosixFilePermissions.toString(perms(f))).isEqualTo("r--r--r--");
        assertThat(temporaries(dir)).isEmpty();
    }

    @Test
    void aFileInAReadOnlyFolderIsRefusedAndKept() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("locked"));
        Path f = folder.resolve("c.json");
        Files.writeString(f, "keep me");
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
        assertThatThrownBy(() -> DocumentFiles.writeAtomically(f, "new"))
                .isInstanceOf(DocumentFiles.SaveException.class)
                .hasMessageStartingWith("Cannot save " + f + ": the folder " + folder + " is read-only");
        assertThat(Files.readString(f)).isEqualTo("keep me");
        assertThat(temporaries(folder)).isEmpty();
    }

    private static Process child(List<String> prefix, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), SaveChild.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    @Test
    void aFullDiskLeavesTheOriginalAndNoTemporaryFile() throws Exception {
        Path f = dir.resolve("c.json");
        String original = SaveChild.document("original", 1_000);
        Files.writeString(f, original);
        // a file size limit of 64 KB makes the write fail part-way, as a full disk does
        Process p = child(List.of("bash", "-c", "ulimit -f 64; exec \"$0\" \"$@\""), "save", f.toString(), "500000");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(out).contains("refused: Cannot save " + f + ": the disk is full (File too large);"
                + " the file on disk is unchanged");
        assertThat(Files.readString(f)).isEqualTo(original);
        assertThat(temporaries(dir)).isEmpty();
    }

    @Test
    void aSaveKilledAtAnyMomentLeavesTheOldOrTheNewFileAndTheNextSaveTidiesUp() throws Exception {
        Path f = dir.resolve("c.json");
        String a = SaveChild.document("A", 1_000);
        String b = SaveChild.document("B", 4_000_000);
        Files.writeString(f, a);
        java.util.Random random = new java.util.Random(15);
        for (int round = 0; round < 3; round++) {
            Process p = child(List.of(), "loop", f.toString());
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertThat(r.readLine()).isEqualTo("saving");
            Thread.sleep(200 + random.nextInt(600));
            p.destroyForcibly(); // SIGKILL: no shutdown hook, no cleanup
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String now = Files.readString(f);
            assertThat(now.equals(a) || now.equals(b)).as("the file is one whole document").isTrue();
        }
        DocumentFiles.writeAtomically(f, a);
        assertThat(Files.readString(f)).isEqualTo(a);
        assertThat(temporaries(dir)).as("temporaries of the killed saves").isEmpty();
    }

    /**
     * The save, traced by {@code strace} in another JVM: the temporary file is fsynced before it
     * is renamed over the target, and the folder after the rename, so that a power loss leaves the
     * old or the new file. {@code -y} names the file behind each descriptor; a call another
     * thread interrupted is printed as {@code fsync(5</path> <unfinished ...>}, which counts too.
     */
    @Test
    void theFileIsFlushedBeforeTheRenameAndTheFolderAfterIt() throws Exception {
        Path f = dir.resolve("c.json");
        Files.writeString(f, "old");
        Path trace = dir.resolve("strace.txt");
        Process p = child(List.of("strace", "-f", "-qq", "-y", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2",
                "-o", trace.toString()), "save", f.toString(), "1000");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(out).as("the child's output").contains("saved");
        assertThat(Files.readString(f)).startsWith("{\"format\"");

        // descriptors are shown by their real path, the rename's arguments as the save wrote them
        String tmpName = Pattern.quote("/.c.json.") + "\\d+-[0-9a-f]+\\.tmp";
        String real = Pattern.quote(dir.toRealPath().toString());
        Pattern fileSync = Pattern.compile("f(data)?sync\\(\\d+<" + real + tmpName + ">");
        Pattern rename = Pattern.compile("rename(at2?)?\\(.*\"" + Pattern.quote(dir.toString()) + tmpName + "\", .*\""
                + Pattern.quote(f.toString()) + "\"");
        Pattern folderSync = Pattern.compile("f(data)?sync\\(\\d+<" + real + ">");
        List<String> lines = Files.readAllLines(trace);
        int fileAt = -1;
        int renameAt = -1;
        int folderAt = -1;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (fileAt < 0 && fileSync.matcher(l).find()) {
                fileAt = i;
            } else if (renameAt < 0 && rename.matcher(l).find()) {
                renameAt = i;
            } else if (renameAt >= 0 && folderAt < 0 && folderSync.matcher(l).find()) {
                folderAt = i;
            }
        }
        String all = String.join("\n", lines);
        assertThat(fileAt).as("an fsync of the temporary file in:%n%s", all).isNotNegative();
        assertThat(renameAt).as("the rename over c.json in:%n%s", all).isGreaterThan(fileAt);
        assertThat(folderAt).as("an fsync of the folder after the rename in:%n%s", all).isGreaterThan(renameAt);
    }
}
