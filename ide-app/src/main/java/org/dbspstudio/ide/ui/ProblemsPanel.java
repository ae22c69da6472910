package org.dbspstudio.ide.ui;

import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import org.dbspstudio.model.Diagnostic;

/** The diagnostics of the current document; clicking one reveals and selects its operators. */
public final class ProblemsPanel extends TableView<Diagnostic> {
    public ProblemsPanel(Consumer<Diagnostic> reveal) {
        setId("problems");
        setPlaceholder(new javafx.scene.control.Label("No problems"));
        TableColumn<Diagnostic, String> sev = column("", 34, d -> d.isError() ? "●" : "▲");
        sev.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                getStyleClass().removeAll("severity-error", "severity-warning");
                if (!empty && getTableRow() != null && getTableRow().getItem() != null) {
                    getStyleClass().add(getTableRow().getItem().isError() ? "severity-error" : "severity-warning");
                }
            }
        });
        TableColumn<Diagnostic, String> msg = column("Message", 520, Diagnostic::message);
        // long messages wrap (the row grows) and show whole as tooltip, instead of being cut off
        msg.setCellFactory(c -> new TableCell<>() {
            private final javafx.scene.text.Text text = new javafx.scene.text.Text();

            {
                text.wrappingWidthProperty().bind(c.widthProperty().subtract(12));
                text.getStyleClass().add("problem-text");
                setPrefHeight(javafx.scene.control.Control.USE_COMPUTED_SIZE);
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(null);
                if (empty || item == null) {
                    setGraphic(null);
                    setTooltip(null);
                } else {
                    text.setText(item);
                    setGraphic(text);
                    javafx.scene.control.Tooltip t = new javafx.scene.control.Tooltip(item);
                    t.setWrapText(true);
                    t.setMaxWidth(520);
                    setTooltip(t);
                }
            }
        });
        getColumns().add(sev);
        getColumns().add(msg);
        getColumns().add(column("Where", 180, Diagnostic::where));
        getColumns().add(column("Code", 150, Diagnostic::code));
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        setOnMouseClicked(e -> {
            Diagnostic d = getSelectionModel().getSelectedItem();
            if (d != null && e.getButton() == MouseButton.PRIMARY) {
                reveal.accept(d);
            }
        });
        getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null && isFocused()) {
                reveal.accept(b);
            }
        });
    }

    private static TableColumn<Diagnostic, String> column(String title, double width,
                                                          java.util.function.Function<Diagnostic, String> f) {
        TableColumn<Diagnostic, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        c.setSortable(false);
        return c;
    }

    public void show(List<Diagnostic> diagnostics) {
        if (!getItems().equals(diagnostics)) {
            setItems(FXCollections.observableArrayList(diagnostics));
        }
    }

    /** "2 errors, 1 warning" */
    public static String summary(List<Diagnostic> ds) {
        long e = ds.stream().filter(Diagnostic::isError).count();
        long w = ds.size() - e;
        if (ds.isEmpty()) {
            return "No problems";
        }
        return e + " error" + (e == 1 ? "" : "s") + (w > 0 ? ", " + w + " warning" + (w == 1 ? "" : "s") : "");
    }
}
