package org.dbspstudio.ide;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/** Settings remembered between runs (java.util.prefs): theme, recent files and the debugger's trace retention. */
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

    /** The most megabytes of recorded values the debugger keeps for stepping back; 0 = no limit. */
    public int traceMegabytes() {
        return Math.max(0, node.getInt("trace.megabytes", 0));
    }

    /** The most steps the debugger keeps recorded (the newest); 0 = every step. */
    public int traceSteps() {
        return Math.max(0, node.getInt("trace.steps", 0));
    }

    public void setTraceRetention(int steps, int megabytes) {
        node.putInt("trace.steps", Math.max(0, steps));
        node.putInt("trace.megabytes", Math.max(0, megabytes));
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
