package org.dbspstudio.ide;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiConsumer;
import javafx.application.Platform;
import org.dbspstudio.ide.debug.Breakpoint;
import org.dbspstudio.ide.debug.DebugSession;
import org.dbspstudio.ide.debug.StreamRef;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;

/**
 * Not a test: writes the README's screenshots of the scope (users, orders and their join pinned,
 * at step 3), of a breakpoint that stopped Play (on orders, when a book is deleted) and of a
 * nested circuit fitted to the window (the operator ids as captions). A tool ({@link ToolWindow});
 * args: output directory.
 */
public final class ReadmeShots {
    private static final Path SAMPLES = Path.of("../samples");

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/screenshots");
        Files.createDirectories(out);
        Path join = SAMPLES.resolve("06-users-join-orders.json");
        ToolWindow.startFx();
        shot(out.resolve("scope.png"), join, (w, t) -> {
            w.debugger().pinToScope(t, StreamRef.top("users", "out"));
            w.debugger().pinToScope(t, StreamRef.top("orders", "out"));
            w.debugger().pinToScope(t, StreamRef.top("join_user", "out"));
            w.debugger().session(t).seek(3);
            roomBelow(w, 0.5);
        });
        shot(out.resolve("breakpoints.png"), join, (w, t) -> {
            StreamRef orders = StreamRef.top("orders", "out");
            try {
                w.debugger().addBreakpoint(t, Breakpoint.onCondition(orders, w.debugger().streamType(t, orders),
                        "weight < 0 AND item = 'book'"));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            t.doc().select(List.of("orders"));
            w.debugger().showPanel("Breakpoints");
            roomBelow(w, 0.6);
            ((javafx.scene.control.ToggleButton) w.scene().lookup("#debug-play")).fire();
        });
        shot(out.resolve("nested.png"), SAMPLES.resolve("05-transitive-closure.json"), (w, t) -> t.doc().enter("tc"));
        Platform.exit();
    }

    private static void roomBelow(MainWindow w, double divider) {
        if (w.bottomPanels().getParent() != null
                && w.bottomPanels().getParent().getParent() instanceof javafx.scene.control.SplitPane sp) {
            sp.setDividerPositions(divider);
        }
    }

    private static void shot(Path png, Path file, BiConsumer<MainWindow, EditorTab> setUp) throws Exception {
        MainWindow w = ToolWindow.open("ide-shots", false, 1360, 880);
        ToolWindow.fx(() -> w.files().open(file));
        Thread.sleep(1000);
        ToolWindow.fx(() -> setUp.accept(w, w.current().orElseThrow()));
        Thread.sleep(1500);
        DebugSession s = w.debugger().session(w.current().orElseThrow());
        for (int i = 0; i < 100 && s.busyProperty().get(); i++) {
            Thread.sleep(100);
        }
        ToolWindow.fx(() -> w.current().orElseThrow().canvas().fit());
        Thread.sleep(700);
        ToolWindow.png(w.scene(), png);
        ToolWindow.fx(() -> w.stage().close());
    }
}
