package org.dbspstudio.ide;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.ui.MainWindow;

/**
 * Not a test: writes screenshots of the main window (light and dark) with a sample circuit.
 * A tool ({@link ToolWindow}); args: output directory.
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
        ToolWindow.startFx();
        for (boolean dark : new boolean[]{false, true}) {
            MainWindow w = ToolWindow.open("ide-shots", dark, 0, 0);
            ToolWindow.fx(() -> w.files().open(dark ? loop : file));
            Thread.sleep(800);
            ToolWindow.fx(() -> {
                var t = w.current().orElseThrow();
                t.canvas().fit();
                t.doc().select(List.of(dark ? "plus" : "join"));
                if (dark) {
                    t.canvas().zoomBy(0.9);
                }
            });
            Thread.sleep(500);
            ToolWindow.png(w.scene(), out.resolve(dark ? "ide-dark.png" : "ide-light.png"));
            ToolWindow.fx(() -> w.stage().close());
        }
        Platform.exit();
    }
}
