package org.dbspstudio.ide.samples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.paint.Color;
import org.dbspstudio.ide.ToolWindow;
import org.dbspstudio.ide.io.PngExport;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;

/**
 * Not a test: opens every sample in the IDE and writes a PNG of its drawing (and of each nested
 * circuit's inside), to look at the layouts. A tool ({@link ToolWindow}); argument: the output directory.
 */
public final class SampleShots {
    private SampleShots() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/sample-shots");
        Files.createDirectories(out);
        ToolWindow.startFx();
        MainWindow w = ToolWindow.open("ide-shots", false, 0, 0);
        for (SampleCatalog.Sample s : SampleCatalog.load()) {
            AtomicReference<EditorTab> tab = new AtomicReference<>();
            run(() -> tab.set(SampleBrowser.open(w, s).orElseThrow()));
            Thread.sleep(400);
            String base = s.file().replace(".json", "");
            run(() -> shot(tab.get(), out.resolve(base + ".png")));
            for (Operator op : tab.get().doc().document().circuit().operators()) {
                if (op.kind() == OpKind.NESTED) {
                    run(() -> {
                        tab.get().doc().select(List.of(op.id()));
                        w.edits().enterSelected();
                    });
                    Thread.sleep(400);
                    run(() -> shot(tab.get(), out.resolve(base + "-" + op.id() + ".png")));
                    run(() -> w.edits().goUp());
                }
            }
        }
        Platform.runLater(() -> SampleBrowser.show(w));
        Thread.sleep(800);
        run(() -> {
            for (javafx.stage.Window win : List.copyOf(javafx.stage.Window.getWindows())) {
                if (win != w.stage() && win.getScene() != null) {
                    try {
                        PngExport.writeScene(win.getScene(), out.resolve("open-sample-dialog.png"));
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                    win.hide();
                }
            }
        });
        run(() -> w.stage().close());
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
        ToolWindow.fx(r);
    }
}
