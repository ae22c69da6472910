package org.dbspstudio.ide;

import java.nio.file.Path;
import javafx.application.Application;
import javafx.stage.Stage;
import org.dbspstudio.ide.ui.MainWindow;

/** The DBSP Studio desktop application: one main window; files named on the command line are opened. */
public final class App extends Application {
    /**
     * Prints, once the first frame of the window has been rendered, the time since the JVM
     * started ({@code -Ddbsp.startupTime=true}; how README's start-up figure is measured).
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

    @Override
    public void start(Stage stage) {
        MainWindow window = new MainWindow(stage, Prefs.standard());
        if (Boolean.getBoolean("dbsp.startupTime")) {
            reportFirstFrame(stage);
        }
        window.show();
        for (String arg : getParameters().getUnnamed()) {
            window.files().open(Path.of(arg));
        }
        window.offerRecovery();
    }
}
