package org.dbspstudio.ide.debug;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import org.dbspstudio.ide.ToolWindow;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.CircuitDocument;

/**
 * Not a test: writes a screenshot of the debugger (users ⋈ orders at the rename step, with the
 * inspector and the timeline open) to {@code <dir>/debugger.png}. A tool ({@link ToolWindow});
 * args: output directory.
 */
public final class DebuggerShots {
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/screenshots");
        Files.createDirectories(out);
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(DebugFixtures.seedScenario());
        Path file = Files.createTempDirectory("shots").resolve("users_orders.json");
        DocumentFiles.save(d, file);
        ToolWindow.startFx();
        MainWindow w = ToolWindow.open("ide-shots", false, 1360, 900);
        fx(() -> w.files().open(file));
        Thread.sleep(800);
        fx(() -> {
            EditorTab t = w.current().orElseThrow();
            w.debugger().session(t).seek(3);
        });
        Thread.sleep(1500);
        fx(() -> {
            MainWindow mw = w;
            EditorTab t = mw.current().orElseThrow();
            Debugger dbg = mw.debugger();
            dbg.timeline().addStream(StreamRef.top("users", "out"));
            dbg.timeline().addStream(StreamRef.top("orders", "out"));
            t.doc().select(java.util.List.of("j"));
            dbg.timeline().addStream(StreamRef.top("j", "out"));
            dbg.showPanel("Inspector");
            if (mw.bottomPanels().getParent() != null
                    && mw.bottomPanels().getParent().getParent() instanceof javafx.scene.control.SplitPane sp) {
                sp.setDividerPositions(0.6);
            }
            t.canvas().fit();
        });
        Thread.sleep(1000);
        ToolWindow.png(w.scene(), out.resolve("debugger.png"));
        if (args.length > 1 && args[1].equals("incremental")) {
            fx(() -> {
                w.debugger().incrementalize();
                w.debugger().explanation().list().getSelectionModel().select(3);
            });
            Thread.sleep(1500);
            fx(() -> w.debugger().verify());
            Thread.sleep(3000);
            fx(() -> w.debugger().showPanel("Rewrite"));
            Thread.sleep(500);
            ToolWindow.png(w.scene(), out.resolve("debugger-incremental.png"));
        }
        fx(() -> w.stage().close());
        Platform.exit();
    }

    static void fx(Runnable r) throws InterruptedException {
        ToolWindow.fx(r);
    }
}
