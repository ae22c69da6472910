package org.dbspstudio.ide;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.io.PngExport;
import org.dbspstudio.ide.ui.MainWindow;

/**
 * Not a test: writes screenshots of the main window (light and dark) with a sample circuit.
 * Run under xvfb-run with the test class path; args: output directory.
 */
public final class Screenshots {
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/screenshots");
        Files.createDirectories(out);
        Path file = Files.createTempDirectory("shots").resolve("users_orders.json");
        DocumentFiles.save(Samples.usersOrders(), file);
        Path loop = file.resolveSibling("integrator_without_delay.json");
        org.dbspstudio.model.Circuit c = Samples.integrator();
        c.remove("delay");
        c.add(org.dbspstudio.model.Operator.of("neg", org.dbspstudio.model.OpKind.NEGATE));
        c.connect("plus.out", "neg.in").connect("neg.out", "plus.b");
        DocumentFiles.save(new org.dbspstudio.model.CircuitDocument("integrator_without_delay", c), loop);
        Platform.startup(() -> { });
        for (boolean dark : new boolean[]{false, true}) {
            AtomicReference<MainWindow> w = new AtomicReference<>();
            run(() -> {
                Prefs prefs = new Prefs(Preferences.userRoot().node("org/dbspstudio/ide-shots"));
                prefs.setDarkTheme(dark);
                MainWindow mw = new MainWindow(new Stage(), prefs);
                mw.show();
                mw.files().open(dark ? loop : file);
                w.set(mw);
            });
            Thread.sleep(800);
            run(() -> {
                var t = w.get().current().orElseThrow();
                t.canvas().fit();
                t.doc().select(List.of(dark ? "plus" : "join"));
                if (dark) {
                    t.canvas().zoomBy(0.9);
                }
            });
            Thread.sleep(500);
            run(() -> {
                try {
                    PngExport.writeScene(w.get().scene(), out.resolve(dark ? "ide-dark.png" : "ide-light.png"));
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
                w.get().stage().close();
            });
        }
        Platform.exit();
    }

    static void run(Runnable r) throws InterruptedException {
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
