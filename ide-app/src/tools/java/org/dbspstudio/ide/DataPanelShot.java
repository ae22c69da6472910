package org.dbspstudio.ide;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import org.dbspstudio.ide.data.DataPanel;
import org.dbspstudio.ide.ui.MainWindow;

/**
 * Not a test: opens the IDE with sample 6 and a DuckDB file in the Data panel (tables bound,
 * imported, two steps run) and keeps it open for {@code args[0]} seconds, for a screenshot taken
 * from outside ({@code xvfb-run}, {@code import -window root}). A tool ({@link ToolWindow}).
 */
public final class DataPanelShot {
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Path dir = Files.createTempDirectory("data-shot");
        Path db = ShopDatabase.create(dir.resolve("shop.duckdb"), "orders",
                "CREATE TABLE people AS SELECT range AS id, 'person ' || range AS name FROM range(1000)");
        Path doc = Samples.copy("06-users-join-orders.json", dir.resolve("users-orders.json"));
        ToolWindow.startFx();
        MainWindow w = ToolWindow.open("ide-shots", false, 1400, 900);
        ToolWindow.fx(() -> {
            w.files().open(doc);
            w.bottomPanels().getSelectionModel().select(w.bottomPanels().getTabs().stream()
                    .filter(t -> "panel-data".equals(t.getId())).findFirst().orElseThrow());
            DataPanel p = (DataPanel) w.scene().lookup("#data-panel");
            p.open(db.toString());
        });
        Thread.sleep(3000);
        ToolWindow.fx(() -> ((DataPanel) w.scene().lookup("#data-panel")).importScenario());
        Thread.sleep(2000);
        ToolWindow.fx(() -> w.debugger().session(w.current().orElseThrow()).seek(1));
        Thread.sleep(1500);
        ToolWindow.fx(() -> {
            var tables = (javafx.scene.control.TableView<?>) w.scene().lookup("#data-tables");
            tables.getSelectionModel().select(1);
            for (javafx.scene.Parent n = w.bottomPanels().getParent(); n != null; n = n.getParent()) {
                if (n instanceof javafx.scene.control.SplitPane sp && sp.getOrientation() == javafx.geometry.Orientation.VERTICAL) {
                    sp.setDividerPositions(0.5);
                    break;
                }
            }
        });
        Thread.sleep(seconds * 1000L);
        Platform.exit();
        System.exit(0);
    }
}
