package org.dbspstudio.ide.ui;

import java.util.List;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import javafx.stage.Window;

/** Help → Keyboard shortcuts: a table of every accelerator and mouse gesture. */
final class ShortcutsWindow {
    private ShortcutsWindow() {
    }

    static Stage show(Window owner, List<Menus.Shortcut> shortcuts) {
        TableView<Menus.Shortcut> table = new TableView<>(FXCollections.observableArrayList(shortcuts));
        TableColumn<Menus.Shortcut, String> action = new TableColumn<>("Action");
        action.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().action()));
        action.setPrefWidth(260);
        TableColumn<Menus.Shortcut, String> keys = new TableColumn<>("Keys / gesture");
        keys.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().keys()));
        keys.setPrefWidth(360);
        table.getColumns().add(action);
        table.getColumns().add(keys);
        table.setId("shortcuts");
        Stage s = new Stage();
        s.initOwner(owner);
        s.setTitle("Keyboard shortcuts");
        Scene scene = new Scene(table, 640, 560);
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) {
                e.consume();
                s.close();
            }
        });
        s.setScene(scene);
        s.show();
        return s;
    }
}
