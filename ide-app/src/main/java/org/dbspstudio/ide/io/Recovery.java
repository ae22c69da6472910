package org.dbspstudio.ide.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Recovery files written by the periodic autosave, one per open unsaved document, in a folder
 * under the user's home (or {@code dbsp.recoveryDir}). They are deleted on save and on a clean
 * close; any left at start-up came from a crash and are offered back.
 */
public final class Recovery {
    private final Path dir;

    public Recovery(Path dir) {
        this.dir = dir;
    }

    /** The default folder: {@code -Ddbsp.recoveryDir=...}, else {@code ~/.dbsp-studio/recovery}. */
    public static Recovery standard() {
        String p = System.getProperty("dbsp.recoveryDir");
        return new Recovery(p != null ? Path.of(p) : Path.of(System.getProperty("user.home"), ".dbsp-studio", "recovery"));
    }

    public Path dir() {
        return dir;
    }

    /** The recovery file of a document session. */
    public Path fileFor(String sessionKey) {
        return dir.resolve(sessionKey.replaceAll("[^A-Za-z0-9_.-]", "_") + ".recovery.json");
    }

    public void write(String sessionKey, String json) throws IOException {
        DocumentFiles.writeAtomically(fileFor(sessionKey), json);
    }

    public void discard(String sessionKey) {
        try {
            Files.deleteIfExists(fileFor(sessionKey));
        } catch (IOException e) {
            // a stale recovery file is offered once more at the next start: harmless
        }
    }

    /** Recovery files left behind by an earlier run. */
    public List<Path> leftovers() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.filter(p -> p.getFileName().toString().endsWith(".recovery.json")).sorted().toList());
        } catch (IOException e) {
            return List.of();
        }
    }
}
