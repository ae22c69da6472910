package org.dbspstudio.ide.samples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.dbspstudio.ide.Prefs;
import org.dbspstudio.ide.io.PngExport;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;

/**
 * Not a test: opens every sample in the IDE and writes a PNG of its drawing (and of each nested
 * circuit's inside), to look at the layouts. Run under xvfb-run with the test class path;
 * argument: the output directory.
 */
public final class SampleShots {
    private SampleShots() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/sample-shots");
        Files.createDirectories(out);
        Platform.startup(() -> { });
        AtomicReference<MainWindow> w = new AtomicReference<>();
        run(() -> {
            MainWindow mw = new MainWindow(new Stage(), new Prefs(Preferences.userRoot().node("org/dbspstudio/ide-shots")));
            mw.show();
            w.set(mw);
        });
        for (SampleCatalog.Sample s : SampleCatalog.load()) {
            AtomicReference<EditorTab> tab = new AtomicReference<>();
            run(() -> tab.set(SampleBrowser.open(w.get(), s).orElseThrow()));
            Thread.sleep(400);
            String base = s.file().replace(".json", "");
            run(() -> shot(tab.get(), out.resolve(base + ".png")));
            for (Operator op : tab.get().doc().document().circuit().operators()) {
                if (op.kind() == OpKind.NESTED) {
                    run(() -> {
                        tab.get().doc().select(List.of(op.id()));
                        w.get().edits().enterSelected();
                    });
                    Thread.sleep(400);
                    run(() -> shot(tab.get(), out.resolve(base + "-" + op.id() + ".png")));
                    run(() -> w.get().edits().goUp());
                }
            }
        }
        Platform.runLater(() -> SampleBrowser.show(w.get()));
        Thread.sleep(800);
        run(() -> {
            for (javafx.stage.Window win : List.copyOf(javafx.stage.Window.getWindows())) {
                if (win != w.get().stage() && win.getScene() != null) {
                    try {
                        PngExport.writeScene(win.getScene(), out.resolve("open-sample-dialog.png"));
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                    win.hide();
                }
            }
        });
        run(() -> w.get().stage().close());
        Platform.exit();
    }

    private static void shot(EditorTab t, Path file) {
        try {
            t.canvas().fit();
            PngExport.write(PngExport.snapshot(t.canvas().drawing(), t.canvas().drawingBounds(), 1.0, Color.WHITE), file);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    private static void run(Runnable r) throws InterruptedException {
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
        l.await();
        if (err.get() != null) {
            throw new RuntimeException(err.get());
        }
    }
}
