package org.dbspstudio.ide;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.dbspstudio.ide.data.DataPanel;
import org.dbspstudio.ide.ui.MainWindow;

/**
 * Not a test: opens the IDE with sample 6 and a DuckDB file in the Data panel (tables bound,
 * imported, two steps run) and keeps it open for {@code args[0]} seconds, for a screenshot taken
 * from outside ({@code xvfb-run}, {@code import -window root}). Run with the test class path.
 */
public final class DataPanelShot {
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Path dir = Files.createTempDirectory("data-shot");
        Path db = dir.resolve("shop.duckdb");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE users (id INTEGER, name VARCHAR, weight INTEGER, step INTEGER)");
            s.execute("INSERT INTO users VALUES (1, 'Alice', 1, 0), (2, 'Bob', 1, 0), (1, 'Alice', -1, 3), (1, 'Alicia', 1, 3)");
            s.execute("CREATE TABLE orders (user_id INTEGER, item VARCHAR, weight INTEGER, step INTEGER)");
            s.execute("INSERT INTO orders VALUES (1, 'book', 1, 0), (1, 'pen', 1, 0), (2, 'laptop', 1, 1), (1, 'book', -1, 2)");
            s.execute("CREATE TABLE people AS SELECT range AS id, 'person ' || range AS name FROM range(1000)");
        }
        Path doc = dir.resolve("users-orders.json");
        Files.copy(Path.of("../samples/06-users-join-orders.json"), doc);
        Platform.startup(() -> { });
        MainWindow[] w = new MainWindow[1];
        run(() -> {
            Prefs prefs = new Prefs(Preferences.userRoot().node("org/dbspstudio/ide-shots"));
            prefs.setDarkTheme(false);
            w[0] = new MainWindow(new Stage(), prefs);
            w[0].stage().setWidth(1400);
            w[0].stage().setHeight(900);
            w[0].show();
            w[0].files().open(doc);
            w[0].bottomPanels().getSelectionModel().select(w[0].bottomPanels().getTabs().stream()
                    .filter(t -> "panel-data".equals(t.getId())).findFirst().orElseThrow());
            DataPanel p = (DataPanel) w[0].scene().lookup("#data-panel");
            p.open(db.toString());
        });
        Thread.sleep(3000);
        run(() -> ((DataPanel) w[0].scene().lookup("#data-panel")).importScenario());
        Thread.sleep(2000);
        run(() -> w[0].debugger().session(w[0].current().orElseThrow()).seek(1));
        Thread.sleep(1500);
        run(() -> {
            var tables = (javafx.scene.control.TableView<?>) w[0].scene().lookup("#data-tables");
            tables.getSelectionModel().select(1);
            for (javafx.scene.Parent n = w[0].bottomPanels().getParent(); n != null; n = n.getParent()) {
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

    private static void run(Runnable r) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                r.run();
            } finally {
                done.countDown();
            }
        });
        done.await();
    }
}
