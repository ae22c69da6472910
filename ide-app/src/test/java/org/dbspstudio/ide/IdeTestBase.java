package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.prefs.Preferences;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.dbspstudio.ide.canvas.CircuitCanvas;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.io.Recovery;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.FileActions;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.OpKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.api.FxToolkit;
import org.junit.jupiter.api.BeforeEach;
import org.testfx.util.WaitForAsyncUtils;

/** Starts a main window per test (headless with Monocle) and offers gesture helpers. */
@ExtendWith(ApplicationExtension.class)
abstract class IdeTestBase {
    protected MainWindow window;
    protected Stage stage;
    protected Path temp;

    /** CSS warnings and errors logged while the test ran (JavaFX logs them to "javafx.css"). */
    protected final List<String> cssProblems = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.logging.Handler cssHandler = new java.util.logging.Handler() {
        @Override
        public void publish(java.util.logging.LogRecord r) {
            if (r.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) {
                cssProblems.add(r.getLevel() + " " + new java.util.logging.SimpleFormatter().formatMessage(r)
                        + (r.getThrown() == null ? "" : " " + r.getThrown()));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private static final java.util.logging.Logger CSS_LOG = java.util.logging.Logger.getLogger("javafx.css");

    @BeforeEach
    void openWindow() throws Exception {
        CSS_LOG.addHandler(cssHandler);
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
        stage.setHeight(800);
    }

    @AfterEach
    void closeDialogs() throws Exception {
        javafx.application.Platform.runLater(() -> javafx.stage.Window.getWindows().stream()
                .filter(w -> w != stage && w instanceof Stage).map(w -> (Stage) w).toList().forEach(Stage::close));
        WaitForAsyncUtils.waitForFxEvents();
        CSS_LOG.removeHandler(cssHandler);
        assertThat(cssProblems).as("CSS warnings in the log").isEmpty();
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

    protected <T> T fx(Callable<T> c) {
        T r = WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(c));
        WaitForAsyncUtils.waitForFxEvents();
        return r;
    }

    protected void fx(Runnable r) {
        WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(r));
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
