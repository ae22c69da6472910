package org.dbspstudio.ide.debug;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.dbspstudio.ide.Prefs;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.io.PngExport;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.CircuitDocument;

/**
 * Not a test: writes a screenshot of the debugger (users ⋈ orders at the rename step, with the
 * inspector and the timeline open) to {@code <dir>/debugger.png}. Run under xvfb-run with the
 * test class path; args: output directory.
 */
public final class DebuggerShots {
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/screenshots");
        Files.createDirectories(out);
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(DebugFixtures.seedScenario());
        Path file = Files.createTempDirectory("shots").resolve("users_orders.json");
        DocumentFiles.save(d, file);
        Platform.startup(() -> { });
        AtomicReference<MainWindow> w = new AtomicReference<>();
        fx(() -> {
            Prefs prefs = new Prefs(Preferences.userRoot().node("org/dbspstudio/ide-shots"));
            prefs.setDarkTheme(false);
            MainWindow mw = new MainWindow(new Stage(), prefs);
            mw.stage().setWidth(1360);
            mw.stage().setHeight(900);
            mw.show();
            mw.files().open(file);
            w.set(mw);
        });
        Thread.sleep(800);
        fx(() -> {
            EditorTab t = w.get().current().orElseThrow();
            w.get().debugger().session(t).seek(3);
        });
        Thread.sleep(1500);
        fx(() -> {
            MainWindow mw = w.get();
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
        fx(() -> {
            try {
                PngExport.writeScene(w.get().scene(), out.resolve("debugger.png"));
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        if (args.length > 1 && args[1].equals("incremental")) {
            fx(() -> {
                w.get().debugger().incrementalize();
                w.get().debugger().explanation().list().getSelectionModel().select(3);
            });
            Thread.sleep(1500);
            fx(() -> w.get().debugger().verify());
            Thread.sleep(3000);
            fx(() -> w.get().debugger().showPanel("Rewrite"));
            Thread.sleep(500);
            fx(() -> {
                try {
                    PngExport.writeScene(w.get().scene(), out.resolve("debugger-incremental.png"));
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
        }
        fx(() -> w.get().stage().close());
        Platform.exit();
    }

    static void fx(Runnable r) throws InterruptedException {
        CountDownLatch l = new CountDownLatch(1);
        AtomicReference<Throwable> err = new AtomicReference<>();
        Platform.runLater(() -> {
            try {
                r.run();
            } catch (Throwable t) {
                err.set(t);
            } finally {
                l.countDown();
            }
        });
        if (!l.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("timed out");
        }
        if (err.get() != null) {
            throw new RuntimeException(err.get());
        }
    }
}
