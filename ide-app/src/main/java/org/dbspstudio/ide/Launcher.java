package org.dbspstudio.ide;

import javafx.application.Application;

/**
 * Plain entry point (not a JavaFX {@code Application} subclass, so the class path launch works
 * without module flags): starts {@link App}.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        Startup.mark("main");
        Prefs.preload();
        Application.launch(App.class, args);
    }
}
