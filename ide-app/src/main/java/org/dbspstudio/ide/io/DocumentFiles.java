package org.dbspstudio.ide.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.util.Set;
import org.dbspstudio.ide.layout.AutoLayout;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.json.LoadException;
import org.dbspstudio.model.json.LoadResult;

/**
 * Reading and writing circuit files. A save keeps what the user had until the new content is
 * safely on disk:
 * <ul>
 * <li>the JSON goes to a temporary file beside the target, is flushed to the disk (fsync), and
 *     then replaces the target in one atomic rename, after which the folder is flushed too — a
 *     crash or a kill at any moment leaves either the old file or the new one, never a mix;
 * <li>when writing fails (disk full, quota), the temporary file is removed and the original is
 *     untouched; temporary files of saves killed half-way are removed by a later save;
 * <li>the file keeps its permissions (and group, where allowed); a new file gets the usual
 *     permissions of new files (the umask), not the 0600 of temporary files;
 * <li>a symbolic link stays a link: the file it points to is written (in its own folder);
 * <li>a read-only file, or a file in a read-only folder, is refused with a clear error.
 * </ul>
 * Documents without a complete layout are laid out on opening.
 */
public final class DocumentFiles {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String TMP_SUFFIX = ".tmp";

    private DocumentFiles() {
    }

    /** A save that cannot happen, with a message for the user (the file on disk is unchanged). */
    public static final class SaveException extends IOException {
        SaveException(String message, Throwable cause) {
            super(message, cause);
        }
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

    /** Writes {@code doc} to {@code file} atomically (see the class comment). */
    public static void save(CircuitDocument doc, Path file) throws IOException {
        writeAtomically(file, toJson(doc));
    }

    /**
     * Writes text to a temporary sibling file of {@code file} (of the file it links to, for a
     * symbolic link), flushes it, renames it over the target and flushes the folder.
     *
     * @throws SaveException when the target or its folder is read-only, the disk is full, or the
     *                       write fails otherwise; the file on disk is then unchanged
     */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path target = resolveLinks(file.toAbsolutePath());
        Path dir = target.getParent();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw failure(target, "its folder " + dir + " cannot be created", e);
        }
        PosixFileAttributes before = null;
        boolean exists = Files.exists(target);
        if (exists) {
            if (Files.isDirectory(target)) {
                throw new SaveException("Cannot save " + target + ": it is a folder", null);
            }
            before = posix(target);
            if (!Files.isWritable(target) || (before != null && !before.permissions().contains(PosixFilePermission.OWNER_WRITE))) {
                throw new SaveException("Cannot save " + target + ": the file is read-only (its permissions do not"
                        + " allow writing); save it under another name, or make it writable first", null);
            }
        }
        PosixFileAttributes dirAttrs = posix(dir);
        if (!Files.isWritable(dir) || (dirAttrs != null && !dirAttrs.permissions().contains(PosixFilePermission.OWNER_WRITE))) {
            throw new SaveException("Cannot save " + target + ": the folder " + dir + " is read-only (a save writes a"
                    + " temporary file beside the file, then renames it over the file); save it elsewhere", null);
        }
        removeStaleTemporaries(target);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Path tmp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + Long.toHexString(RANDOM.nextLong() & Long.MAX_VALUE) + TMP_SUFFIX);
        try {
            // CREATE_NEW without attributes: the permissions of an ordinary new file (umask applies)
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            if (before != null) {
                keepAttributes(tmp, before);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            syncDirectory(dir);
        } catch (IOException e) {
            throw failure(target, null, e);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // nothing more to do: a later save removes it (see removeStaleTemporaries)
            }
        }
    }

    /** The file a chain of symbolic links ends at (the path itself when it is no link). */
    static Path resolveLinks(Path p) throws IOException {
        Path cur = p;
        for (int hops = 0; Files.isSymbolicLink(cur); hops++) {
            if (hops > 40) {
                throw new SaveException("Cannot save " + p + ": too many levels of symbolic links", null);
            }
            Path link = Files.readSymbolicLink(cur);
            cur = (link.isAbsolute() ? link : cur.resolveSibling(link)).normalize();
        }
        return cur;
    }

    private static PosixFileAttributes posix(Path p) {
        try {
            return Files.readAttributes(p, PosixFileAttributes.class);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** Gives the new file the old one's permissions, and its group and owner where allowed. */
    private static void keepAttributes(Path tmp, PosixFileAttributes before) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        try {
            view.setGroup(before.group());
        } catch (IOException e) {
            // not a member of that group: the new file keeps ours
        }
        try {
            view.setOwner(before.owner());
        } catch (IOException e) {
            // only the superuser may give a file away
        }
        Set<PosixFilePermission> perms = before.permissions();
        view.setPermissions(perms);
    }

    /** Flushes the folder's entry of the renamed file to the disk (where the platform allows it). */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // some platforms (Windows) cannot open a folder: the rename itself is still atomic
        }
    }

    /**
     * Removes temporary files of earlier saves of {@code target} left by a process that no longer
     * runs (a save killed half-way). Those of running processes are left alone.
     */
    static void removeStaleTemporaries(Path target) {
        String prefix = "." + target.getFileName() + ".";
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(target.getParent(), prefix + "*" + TMP_SUFFIX)) {
            for (Path p : ds) {
                String rest = p.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                long pid;
                try {
                    pid = Long.parseLong(rest.substring(0, dash));
                } catch (RuntimeException e) {
                    continue; // not one of ours
                }
                boolean running = pid == ProcessHandle.current().pid() // a save in another thread of ours
                        || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
                if (!running) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // cleaning up is a courtesy: never a reason for a save to fail
        }
    }

    /** A save that failed, in words: the file on disk is unchanged. */
    private static SaveException failure(Path target, String what, IOException e) {
        if (e instanceof SaveException s) {
            return s;
        }
        String reason = what;
        if (reason == null) {
            String m = e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason()
                    : String.valueOf(e.getMessage());
            if (m.contains("No space left") || m.contains("File too large") || m.contains("quota")) {
                reason = "the disk is full (" + m + ")";
            } else if (e instanceof AccessDeniedException) {
                reason = "permission denied";
            } else if (e instanceof NoSuchFileException) {
                reason = "its folder does not exist";
            } else {
                reason = m;
            }
        }
        return new SaveException("Cannot save " + target + ": " + reason + "; the file on disk is unchanged", e);
    }
}
