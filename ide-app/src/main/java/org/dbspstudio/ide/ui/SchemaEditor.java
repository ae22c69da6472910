package org.dbspstudio.ide.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Editor of a stream type: {@code Z} or a Z-set whose row schema is edited as a table of columns
 * (name, SQL type, nullable), with add and remove buttons. Every change commits the new type.
 */
final class SchemaEditor extends VBox {
    private static final String Z = "Z (integers)";
    private static final String ZSET = "Z-set of rows";

    private final ComboBox<String> kind = new ComboBox<>(FXCollections.observableArrayList(Z, ZSET));
    private final GridPane grid = new GridPane();
    private final Button add = new Button("Add column");
    private final List<Row> rows = new ArrayList<>();
    private final Consumer<StreamType> commit;
    private boolean loading;

    private record Row(TextField name, ComboBox<SqlType> type, CheckBox nullable) {
    }

    SchemaEditor(StreamType value, Consumer<StreamType> commit) {
        super(4);
        this.commit = commit;
        grid.setHgap(4);
        grid.setVgap(3);
        add.setOnAction(e -> {
            addRow(Column.of("c" + (rows.size() + 1), SqlType.BIGINT));
            fire();
        });
        kind.setMaxWidth(Double.MAX_VALUE);
        kind.setOnAction(e -> {
            if (!loading) {
                if (ZSET.equals(kind.getValue()) && rows.isEmpty()) {
                    addRow(Column.of("id", SqlType.BIGINT));
                }
                showGrid();
                fire();
            }
        });
        loading = true;
        if (value instanceof StreamType.ZSet z) {
            kind.setValue(ZSET);
            z.row().columns().forEach(this::addRow);
        } else if (value instanceof StreamType.Indexed ix) {
            kind.setValue(ZSET);
            kind.setDisable(true);
            getChildren().add(new Label("indexed: " + ix));
        } else {
            kind.setValue(Z);
        }
        loading = false;
        getChildren().addAll(kind, grid, add);
        showGrid();
    }

    private void showGrid() {
        boolean rowsShown = ZSET.equals(kind.getValue());
        grid.setVisible(rowsShown);
        grid.setManaged(rowsShown);
        add.setVisible(rowsShown);
        add.setManaged(rowsShown);
    }

    private void addRow(Column c) {
        TextField name = new TextField(c.name());
        name.setPrefColumnCount(7);
        ComboBox<SqlType> type = new ComboBox<>(FXCollections.observableArrayList(SqlType.values()));
        type.setValue(c.type());
        CheckBox nullable = new CheckBox("null");
        nullable.setSelected(c.nullable());
        Row r = new Row(name, type, nullable);
        rows.add(r);
        name.setOnAction(e -> fire());
        name.focusedProperty().addListener((o, a, b) -> {
            if (!b) {
                fire();
            }
        });
        type.setOnAction(e -> fire());
        nullable.setOnAction(e -> fire());
        relayout();
    }

    private void relayout() {
        grid.getChildren().clear();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            Button remove = new Button("✕");
            remove.getStyleClass().add("flat");
            remove.setOnAction(e -> {
                rows.remove(r);
                relayout();
                fire();
            });
            grid.addRow(i, r.name(), r.type(), r.nullable(), remove);
        }
    }

    private void fire() {
        if (loading) {
            return;
        }
        if (Z.equals(kind.getValue())) {
            commit.accept(StreamType.Z);
            return;
        }
        List<Column> cols = new ArrayList<>();
        for (Row r : rows) {
            String n = r.name().getText().trim();
            if (!n.isEmpty()) {
                cols.add(new Column(n, r.type().getValue(), r.nullable().isSelected()));
            }
        }
        commit.accept(StreamType.zset(new RowSchema(cols)));
    }
}
