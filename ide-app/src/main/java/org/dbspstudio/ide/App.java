package org.dbspstudio.ide;

import java.nio.file.Path;
import javafx.application.Application;
import javafx.stage.Stage;
import org.dbspstudio.ide.ui.MainWindow;

/** The DBSP Studio desktop application: one main window; files named on the command line are opened. */
public final class App extends Application {
    /**
     * Prints, once the first frame of the window has been rendered, the time since the JVM
     * started, the CPU time used until then (by the process and by the JavaFX thread), the
     * {@link Startup} phases and the number of nodes in the scene ({@code -Ddbsp.startupTime=true};
     * how README's start-up figures are measured).
     */
    static void reportFirstFrame(Stage stage) {
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (stage.isShowing()) {
                stage.getScene().removePostLayoutPulseListener(listener[0]);
                // the frame of this pulse is rendered next: report once it is on screen
                javafx.application.Platform.runLater(() -> {
                    long start = ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
                    long cpu = ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L);
                    System.err.println("DBSP Studio: first frame " + (System.currentTimeMillis() - start)
                            + " ms after the JVM started (" + cpu + " ms of CPU)");
                    long fx = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1_000_000;
                    System.err.println("DBSP Studio: " + fx + " ms of CPU on the JavaFX thread");
                    System.err.println("DBSP Studio: start-up phases: " + String.join(", ", Startup.marks()));
                    System.err.println("DBSP Studio: " + countNodes(stage.getScene().getRoot()) + " nodes in the scene");
                });
            }
        };
        stage.sceneProperty().addListener((o, a, b) -> {
            if (b != null) {
                b.addPostLayoutPulseListener(listener[0]);
            }
        });
        if (stage.getScene() != null) {
            stage.getScene().addPostLayoutPulseListener(listener[0]);
        }
    }

    private static int countNodes(javafx.scene.Node n) {
        int c = 1;
        if (n instanceof javafx.scene.Parent p) {
            for (javafx.scene.Node k : p.getChildrenUnmodifiable()) {
                c += countNodes(k);
            }
        }
        return c;
    }

    @Override
    public void init() {
        org.dbspstudio.ide.ui.Icons.warmUp();
    }

    @Override
    public void start(Stage stage) {
        Startup.mark("start");
        MainWindow window = new MainWindow(stage, Prefs.standard());
        if (Boolean.getBoolean("dbsp.startupTime")) {
            reportFirstFrame(stage);
        }
        Startup.mark("window built");
        window.show();
        Startup.mark("shown");
        for (String arg : getParameters().getUnnamed()) {
            window.files().open(Path.of(arg));
        }
        window.offerRecovery();
    }
}
