package org.dbspstudio.ide.samples;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.LoadException;

/**
 * File → Open Sample: a dialog listing the {@link SampleCatalog samples} with the description of
 * the selected one; the chosen sample opens as a new, untitled document (saving asks where).
 */
public final class SampleBrowser {
    private static final AtomicInteger OPENED = new AtomicInteger();

    private SampleBrowser() {
    }

    /** Shows the dialog over {@code window} and opens the sample chosen. */
    public static void show(MainWindow window) {
        List<SampleCatalog.Sample> samples = SampleCatalog.load();
        if (samples.isEmpty()) {
            window.status("No samples found (looked on the class path and in ./samples)");
            return;
        }
        ListView<SampleCatalog.Sample> list = new ListView<>();
        list.setId("sample-list");
        list.getItems().setAll(samples);
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(SampleCatalog.Sample s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : s.title());
            }
        });
        list.setPrefWidth(340);
        list.setMinWidth(320);
        list.setPrefHeight(420);
        Label title = new Label();
        title.setStyle("-fx-font-weight: bold; -fx-font-size: 1.15em;");
        title.setWrapText(true);
        Label description = new Label();
        description.setId("sample-description");
        description.setWrapText(true);
        Label file = new Label();
        file.setStyle("-fx-opacity: 0.7;");
        VBox details = new VBox(10, title, description, file);
        details.setPadding(new Insets(4, 4, 4, 12));
        details.setPrefWidth(440);
        details.setMinWidth(360);
        HBox.setHgrow(details, Priority.ALWAYS);
        list.getSelectionModel().selectedItemProperty().addListener((o, old, s) -> {
            title.setText(s == null ? "" : s.name());
            description.setText(s == null ? "" : s.description());
            file.setText(s == null ? "" : "samples/" + s.file());
        });
        list.getSelectionModel().selectFirst();

        Dialog<SampleCatalog.Sample> dialog = new Dialog<>();
        dialog.initOwner(window.stage());
        dialog.setTitle("Open Sample");
        dialog.setHeaderText("Worked examples from the DBSP theory, each with a scenario and its expected output changes");
        ButtonType open = new ButtonType("Open", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().setAll(open, ButtonType.CANCEL);
        dialog.getDialogPane().setContent(new HBox(list, details));
        dialog.getDialogPane().setId("sample-browser");
        dialog.getDialogPane().setPrefWidth(840);
        dialog.setResizable(true);
        list.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && list.getSelectionModel().getSelectedItem() != null) {
                dialog.setResult(list.getSelectionModel().getSelectedItem());
                dialog.close();
            }
        });
        dialog.setResultConverter(b -> b == open ? list.getSelectionModel().getSelectedItem() : null);
        dialog.showAndWait().ifPresent(s -> open(window, s));
    }

    /** Opens a sample in a new untitled tab; a sample that cannot be read is reported in the status line. */
    public static Optional<EditorTab> open(MainWindow window, SampleCatalog.Sample sample) {
        try {
            CircuitDocument doc = sample.document();
            EditorTab tab = window.addTab(new EditorDocument(doc, null),
                    "sample-" + ProcessHandle.current().pid() + "-" + OPENED.incrementAndGet());
            window.status("Opened sample " + sample.file() + " — " + sample.name());
            return Optional.of(tab);
        } catch (LoadException | RuntimeException e) {
            window.status("Cannot open sample " + sample.file() + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}
