package org.dbspstudio.ide;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/** Settings remembered between runs (java.util.prefs): theme and recent files. */
public final class Prefs {
    private static final int MAX_RECENT = 10;
    private final Preferences node;

    public Prefs(Preferences node) {
        this.node = node;
    }

    /**
     * Reads the stored preferences on a thread of its own (java.util.prefs parses an XML file,
     * half a second of a cold start), while JavaFX starts; {@link #standard()} then finds them read.
     */
    public static void preload() {
        Thread t = new Thread(() -> standard().darkTheme(), "preferences");
        t.setDaemon(true);
        t.start();
    }

    public static Prefs standard() {
        return new Prefs(Preferences.userRoot().node("org/dbspstudio/ide"));
    }

    public boolean darkTheme() {
        return node.getBoolean("darkTheme", false);
    }

    public void setDarkTheme(boolean dark) {
        node.putBoolean("darkTheme", dark);
        flush();
    }

    public List<Path> recentFiles() {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < MAX_RECENT; i++) {
            String p = node.get("recent." + i, null);
            if (p != null) {
                out.add(Path.of(p));
            }
        }
        return out;
    }

    public void addRecent(Path file) {
        List<Path> list = recentFiles();
        Path abs = file.toAbsolutePath().normalize();
        list.remove(abs);
        list.add(0, abs);
        for (int i = 0; i < MAX_RECENT; i++) {
            if (i < list.size()) {
                node.put("recent." + i, list.get(i).toString());
            } else {
                node.remove("recent." + i);
            }
        }
        flush();
    }

    private void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // preferences are a convenience: keep running when the store is unavailable
        }
    }
}
