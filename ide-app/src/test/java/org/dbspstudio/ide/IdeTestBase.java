package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.prefs.Preferences;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.dbspstudio.ide.canvas.CircuitCanvas;
import org.dbspstudio.ide.debug.DebugSession;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.io.Recovery;
import org.dbspstudio.ide.samples.SampleBrowser;
import org.dbspstudio.ide.samples.SampleCatalog;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.FileActions;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.api.FxToolkit;
import org.junit.jupiter.api.BeforeEach;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The one test window of the IDE's UI tests: starts a main window per test (headless with
 * Monocle; light theme, recovery in a temporary folder, unsaved changes discarded without a
 * prompt), checks afterwards that no CSS warning was logged, and offers gesture helpers.
 */
@ExtendWith(ApplicationExtension.class)
public abstract class IdeTestBase {
    protected MainWindow window;
    protected Stage stage;
    protected Path temp;

    /** CSS warnings and errors logged while the test ran (any makes the test fail: {@link CssWarnings}). */
    protected final List<String> cssProblems = CssWarnings.problems();

    /** The window's height; a test class that needs more room for its panels says so. */
    protected double windowHeight() {
        return 800;
    }

    @BeforeEach
    void openWindow() throws Exception {
        temp = Files.createTempDirectory("ide-test");
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(this::start);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void start(Stage stage) {
        this.stage = stage;
        Prefs prefs = new Prefs(Preferences.userRoot().node("org/dbspstudio/ide-test"));
        prefs.setDarkTheme(false);
        window = new MainWindow(stage, prefs);
        window.files().setRecovery(new Recovery(temp.resolve("recovery")));
        window.files().setUnsavedPrompt(t -> FileActions.Answer.DISCARD);
        window.show();
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(1280);
        stage.setHeight(windowHeight());
    }

    @AfterEach
    void closeDialogs() throws Exception {
        javafx.application.Platform.runLater(() -> javafx.stage.Window.getWindows().stream()
                .filter(w -> w != stage && w instanceof Stage).map(w -> (Stage) w).toList().forEach(Stage::close));
        WaitForAsyncUtils.waitForFxEvents();
    }

    protected EditorTab tab() {
        return window.current().orElseThrow();
    }

    protected EditorDocument doc() {
        return tab().doc();
    }

    protected CircuitCanvas canvas() {
        return tab().canvas();
    }

    /** Runs {@code c} on the JavaFX thread, waits at most 30 s for it and for the events it caused. */
    protected <T> T fx(Callable<T> c) {
        T r;
        try {
            r = WaitForAsyncUtils.asyncFx(c).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        WaitForAsyncUtils.waitForFxEvents();
        return r;
    }

    /** Runs {@code r} on the JavaFX thread, waits at most 30 s for it and for the events it caused. */
    protected void fx(Runnable r) {
        try {
            WaitForAsyncUtils.asyncFx(r).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Saves {@code d} as {@code file} in the test's folder and opens it; returns its tab. */
    protected EditorTab open(CircuitDocument d, String file) throws Exception {
        Path p = temp.resolve(file);
        DocumentFiles.save(d, p);
        fx(() -> window.files().open(p));
        return fx(() -> window.current().orElseThrow());
    }

    /** Opens the shipped sample whose file name starts with {@code filePrefix} (e.g. "06") as File → Open Sample does. */
    protected EditorTab openSample(String filePrefix) {
        SampleCatalog.Sample s = SampleCatalog.load().stream().filter(x -> x.file().startsWith(filePrefix)).findFirst().orElseThrow();
        return fx(() -> SampleBrowser.open(window, s).orElseThrow());
    }

    /** Waits (at most 60 s) until the debugger of tab {@code t} is idle at step {@code cursor}. */
    protected void settle(EditorTab t, int cursor) {
        DebugSession s = window.debugger().session(t);
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> !s.busyProperty().get() && s.cursor() == cursor));
        } catch (TimeoutException e) {
            throw new AssertionError("the session did not reach step " + cursor + " within 60 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Screen point of a canvas point (canvas local coordinates). */
    protected Point2D onCanvas(double x, double y) {
        return fx(() -> canvas().localToScreen(x, y));
    }

    /** Drags a palette entry onto the canvas, like a user. */
    protected void dropFromPalette(FxRobot robot, OpKind kind, double x, double y) {
        Node item = window.palette().item(kind);
        ensureVisible(item);
        robot.drag(item, javafx.scene.input.MouseButton.PRIMARY).dropTo(onCanvas(x, y));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void ensureVisible(Node item) {
        fx(() -> {
            javafx.scene.Parent p = item.getParent();
            while (p != null && !(p instanceof javafx.scene.control.ScrollPane)) {
                p = p.getParent();
            }
            if (p instanceof javafx.scene.control.ScrollPane sp) {
                double contentH = sp.getContent().getBoundsInLocal().getHeight();
                double y = sp.getContent().sceneToLocal(item.localToScene(0, 0)).getY();
                double viewport = sp.getViewportBounds().getHeight();
                sp.setVvalue(Math.max(0, Math.min(1, (y - 40) / Math.max(1, contentH - viewport))));
            }
            sp(item);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void sp(Node n) {
        n.applyCss();
    }

    /** Drags from an output port to an input port. */
    protected void connect(FxRobot robot, String fromOp, String fromPort, String toOp, String toPort) {
        Node from = robot.lookup("#port-" + fromOp + "-" + fromPort + "-out").query();
        Node to = robot.lookup("#port-" + toOp + "-" + toPort + "-in").query();
        robot.drag(from, javafx.scene.input.MouseButton.PRIMARY).dropTo(to);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Draws the integrator input → + → output with z⁻¹ feedback, with mouse gestures only. */
    protected void drawIntegrator(FxRobot robot) {
        dropFromPalette(robot, OpKind.INPUT, 120, 160);
        dropFromPalette(robot, OpKind.PLUS, 320, 160);
        dropFromPalette(robot, OpKind.OUTPUT, 520, 160);
        dropFromPalette(robot, OpKind.DELAY, 320, 300);
        assertThat(doc().current().operatorIds()).containsExactly("input", "plus", "output", "delay");
        connect(robot, "input", "out", "plus", "a");
        connect(robot, "plus", "out", "output", "in");
        connect(robot, "plus", "out", "delay", "in");
        connect(robot, "delay", "out", "plus", "b");
    }
}
