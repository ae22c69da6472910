package org.dbspstudio.ide;

import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import org.dbspstudio.ide.sql.SqlTab;
import org.dbspstudio.ide.ui.MainWindow;

/**
 * Not a test: opens the IDE with File → New from SQL…, a third view with a mistake in it and the
 * aggregate selected on the canvas (so its SQL is highlighted), and keeps it open for {@code args[0]} seconds, for
 * the README's screenshot taken from outside ({@code Xvfb}, {@code import -window root}). A tool
 * ({@link ToolWindow}).
 */
public final class SqlTabShot {
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        ToolWindow.startFx();
        MainWindow w = ToolWindow.open("ide-shots", false, 1600, 1000);
        SqlTab[] s = new SqlTab[1];
        ToolWindow.fx(() -> {
            w.stage().setX(0);
            w.stage().setY(0);
            s[0] = SqlTab.of(SqlTab.create(w)).orElseThrow();
        });
        waitCompiled(s[0]);
        ToolWindow.fx(() -> {
            var a = s[0].area();
            a.requestFocus();
            a.appendText("\nCREATE VIEW late_orders AS\n  SELECT id, amount FROM orders WHERE shipped > 3;\n");
        });
        waitCompiled(s[0]);
        ToolWindow.fx(() -> {
            var t = w.current().orElseThrow();
            t.canvas().fit();
            t.canvas().requestFocus();
            t.doc().select(java.util.List.of("revenue_per_city_aggregate"));
        });
        Thread.sleep(seconds * 1000L);
        Platform.exit();
        System.exit(0);
    }

    private static void waitCompiled(SqlTab s) throws Exception {
        for (int i = 0; i < 600; i++) {
            AtomicBoolean done = new AtomicBoolean();
            ToolWindow.fx(() -> done.set(s.upToDate()));
            if (done.get()) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the SQL was not compiled within a minute");
    }
}
