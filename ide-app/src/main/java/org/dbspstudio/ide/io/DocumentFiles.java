package org.dbspstudio.ide.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.dbspstudio.ide.layout.AutoLayout;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.json.LoadException;
import org.dbspstudio.model.json.LoadResult;

/**
 * Reading and writing circuit files. Saves are atomic: the JSON goes to a temporary file in the
 * same directory, which then replaces the target in one rename, so a crash never leaves a
 * half-written file. Documents without a complete layout are laid out on opening.
 */
public final class DocumentFiles {
    private DocumentFiles() {
    }

    /** Loads a file; documents missing positions get an automatic layout. */
    public static LoadResult open(Path file) throws LoadException {
        LoadResult r = DocumentReader.read(file);
        ensureLayout(r.document());
        return r;
    }

    /** Loads JSON text (clipboard, recovery files). */
    public static LoadResult parse(String json, String name) throws LoadException {
        LoadResult r = DocumentReader.read(json, name);
        ensureLayout(r.document());
        return r;
    }

    public static String toJson(CircuitDocument doc) {
        return DocumentWriter.write(doc);
    }

    static void ensureLayout(CircuitDocument doc) {
        if (AutoLayout.missingPositions(doc.circuit(), doc.layout())) {
            AutoLayout.layoutDeep(doc.circuit(), doc.layout());
        }
    }

    /** Writes {@code doc} to {@code file} atomically. */
    public static void save(CircuitDocument doc, Path file) throws IOException {
        writeAtomically(file, toJson(doc));
    }

    /** Writes text to a temporary sibling file, then renames it over {@code file}. */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
