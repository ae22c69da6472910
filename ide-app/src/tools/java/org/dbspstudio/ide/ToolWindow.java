package org.dbspstudio.ide;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.dbspstudio.ide.io.PngExport;
import org.dbspstudio.ide.ui.MainWindow;

/**
 * What the measurement and screenshot tools of {@code src/tools/java} share: starting JavaFX,
 * opening a main window with its own preferences node, and running a piece of work on the JavaFX
 * thread and waiting for it (its exception rethrown here). The tools are programs with a
 * {@code main}, compiled with the tests' class path and never run by {@code mvn verify}; run them
 * under {@code xvfb-run} (for example {@code java -cp target/test-classes:target/classes:… org.dbspstudio.ide.Screenshots}).
 */
public final class ToolWindow {
    private ToolWindow() {
    }

    /** Starts the JavaFX platform (once per program). */
    public static void startFx() {
        Platform.startup(() -> { });
    }

    /** Runs {@code r} on the JavaFX thread and waits (at most a minute) until it finished; its failure is thrown here. */
    public static void fx(Runnable r) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Throwable> err = new AtomicReference<>();
        Platform.runLater(() -> {
            try {
                r.run();
            } catch (Throwable t) {
                err.set(t);
            } finally {
                done.countDown();
            }
        });
        if (!done.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the JavaFX thread did not finish the work within a minute");
        }
        if (err.get() != null) {
            throw new RuntimeException(err.get());
        }
    }

    /**
     * A main window with the preferences under {@code org/dbspstudio/<prefsNode>}, in the light or
     * dark theme, sized {@code width}×{@code height} (0: the window's own size) and shown; on the
     * JavaFX thread.
     */
    public static MainWindow open(String prefsNode, boolean dark, double width, double height) throws InterruptedException {
        AtomicReference<MainWindow> w = new AtomicReference<>();
        fx(() -> {
            Prefs prefs = new Prefs(Preferences.userRoot().node("org/dbspstudio/" + prefsNode));
            prefs.setDarkTheme(dark);
            MainWindow mw = new MainWindow(new Stage(), prefs);
            if (width > 0) {
                mw.stage().setWidth(width);
                mw.stage().setHeight(height);
            }
            mw.show();
            w.set(mw);
        });
        return w.get();
    }

    /** Writes {@code scene} as a PNG (on the JavaFX thread). */
    public static void png(Scene scene, Path file) throws InterruptedException {
        fx(() -> {
            try {
                PngExport.writeScene(scene, file);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
    }
}
