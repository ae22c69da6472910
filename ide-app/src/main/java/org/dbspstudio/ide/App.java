package org.dbspstudio.ide;

import java.nio.file.Path;
import javafx.application.Application;
import javafx.stage.Stage;
import org.dbspstudio.ide.ui.MainWindow;

/** The DBSP Studio desktop application: one main window; files named on the command line are opened. */
public final class App extends Application {
    @Override
    public void start(Stage stage) {
        MainWindow window = new MainWindow(stage, Prefs.standard());
        window.show();
        for (String arg : getParameters().getUnnamed()) {
            window.files().open(Path.of(arg));
        }
        window.offerRecovery();
    }
}
