package org.dbspstudio.ide.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Recovery files written by the periodic autosave, one per open unsaved document, in a folder
 * under the user's home (or {@code dbsp.recoveryDir}). They are deleted on save and on a clean
 * close; any left behind by an instance that is no longer running came from a crash and are
 * offered back.
 *
 * <p>Several instances may run at once and share the folder. Each instance names its files
 * {@code <instance>_<session>.recovery.json} and holds an exclusive lock on
 * {@code <instance>.lock} while it runs (the operating system releases it when the process
 * ends, however it ends). {@link #leftovers()} offers only files whose instance's lock can be
 * taken — a crashed one — and keeps that lock until {@link #release()}, so two instances starting
 * together never offer the same files, and a running instance's autosaves are never offered or
 * deleted by another.
 */
public final class Recovery implements AutoCloseable {
    private static final String SUFFIX = ".recovery.json";
    /** Recovery files of SQL tabs: the SQL text itself. */
    public static final String SQL_SUFFIX = ".recovery.sql";
    private static final String LOCK = ".lock";

    private final Path dir;
    private final String instance;
    private FileChannel ownChannel;
    private FileLock ownLock;
    /** Locks of crashed instances taken by {@link #leftovers()}, by instance. */
    private final Map<String, FileLock> claimed = new LinkedHashMap<>();

    public Recovery(Path dir) {
        this.dir = dir;
        this.instance = ProcessHandle.current().pid() + "-" + Long.toHexString(new SecureRandom().nextLong() & Long.MAX_VALUE);
    }

    /** The default folder: {@code -Ddbsp.recoveryDir=...}, else {@code ~/.dbsp-studio/recovery}. */
    public static Recovery standard() {
        String p = System.getProperty("dbsp.recoveryDir");
        return new Recovery(p != null ? Path.of(p) : Path.of(System.getProperty("user.home"), ".dbsp-studio", "recovery"));
    }

    public Path dir() {
        return dir;
    }

    /** This instance's name in the folder. */
    public String instance() {
        return instance;
    }

    /** The recovery file of a document session of this instance. */
    public Path fileFor(String sessionKey) {
        return dir.resolve(instance + "_" + sessionKey.replaceAll("[^A-Za-z0-9_.-]", "_") + SUFFIX);
    }

    public synchronized void write(String sessionKey, String json) throws IOException {
        lockOwn();
        DocumentFiles.writeAtomically(fileFor(sessionKey), json);
    }

    /** The recovery file of a SQL tab (its SQL text). */
    public Path sqlFileFor(String sessionKey) {
        String json = fileFor(sessionKey).getFileName().toString();
        return dir.resolve(json.substring(0, json.length() - SUFFIX.length()) + SQL_SUFFIX);
    }

    /** Keeps the SQL text of a SQL tab. */
    public synchronized void writeSql(String sessionKey, String sql) throws IOException {
        lockOwn();
        DocumentFiles.writeAtomically(sqlFileFor(sessionKey), sql);
    }

    public void discard(String sessionKey) {
        try {
            Files.deleteIfExists(fileFor(sessionKey));
            Files.deleteIfExists(sqlFileFor(sessionKey));
        } catch (IOException e) {
            // a stale recovery file is offered once more at the next start: harmless
        }
    }

    /** Takes this instance's lock (once): from now on other instances leave its files alone. */
    private void lockOwn() throws IOException {
        if (ownLock != null) {
            return;
        }
        Files.createDirectories(dir);
        ownChannel = FileChannel.open(dir.resolve(instance + LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        ownLock = ownChannel.lock();
    }

    /**
     * Recovery files left behind by instances that no longer run, sorted. The locks of those
     * instances are held until {@link #release()}, so no other instance offers the same files.
     */
    public synchronized List<Path> leftovers() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(SUFFIX)
                    || p.getFileName().toString().endsWith(SQL_SUFFIX)).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        for (Path p : files) {
            String name = p.getFileName().toString();
            int sep = name.indexOf('_');
            // files of older builds (no instance prefix, no lock) belong to whichever instance claims "legacy"
            String owner = sep > 0 ? name.substring(0, sep) : "legacy";
            if (owner.equals(instance)) {
                continue;
            }
            if (claimed.containsKey(owner) || claim(owner)) {
                out.add(p);
            }
        }
        return out;
    }

    /** Takes the lock of a (presumably crashed) instance; false when that instance still runs. */
    private boolean claim(String owner) {
        Path lockFile = dir.resolve(owner + LOCK);
        FileChannel ch = null;
        try {
            ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock l = ch.tryLock();
            if (l == null) {
                ch.close();
                return false; // held by another running process
            }
            claimed.put(owner, l);
            return true;
        } catch (OverlappingFileLockException e) {
            closeQuietly(ch);
            return false; // held by another instance in this very JVM
        } catch (IOException e) {
            closeQuietly(ch);
            return false;
        }
    }

    /**
     * Gives up the locks {@link #leftovers()} took; the lock files of instances with no recovery
     * file left are deleted.
     */
    public synchronized void release() {
        for (var e : claimed.entrySet()) {
            String owner = e.getKey();
            boolean remaining;
            try (Stream<Path> s = Files.list(dir)) {
                remaining = s.anyMatch(p -> p.getFileName().toString().startsWith(owner + "_")
                        || (owner.equals("legacy") && p.getFileName().toString().endsWith(SUFFIX)
                        && p.getFileName().toString().indexOf('_') < 0));
            } catch (IOException ex) {
                remaining = true;
            }
            try {
                if (!remaining) {
                    Files.deleteIfExists(dir.resolve(owner + LOCK));
                }
                e.getValue().release();
            } catch (IOException ex) {
                // the lock goes with the channel
            }
            closeQuietly(e.getValue().channel());
        }
        claimed.clear();
    }

    /** At a clean exit: gives up every lock and removes this instance's lock file. */
    @Override
    public synchronized void close() {
        release();
        if (ownLock != null) {
            try {
                Files.deleteIfExists(dir.resolve(instance + LOCK));
                ownLock.release();
            } catch (IOException e) {
                // released with the channel below
            }
            closeQuietly(ownChannel);
            ownLock = null;
            ownChannel = null;
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                // nothing to do
            }
        }
    }
}
