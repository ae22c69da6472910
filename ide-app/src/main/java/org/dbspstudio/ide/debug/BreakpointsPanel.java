package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.types.StreamType;

/**
 * The breakpoints of the selected document: each on a stream (the one inspected when it was
 * added), stopping Play and Run to when the stream changes, when a SQL condition over a changed
 * row and its {@code weight} holds, or at inner iteration N of a nested circuit. Each can be
 * switched off and on, or removed.
 */
public final class BreakpointsPanel extends VBox {
    private final TableView<Breakpoint> table = new TableView<>();
    private final ComboBox<String> kind = new ComboBox<>(FXCollections.observableArrayList(
            "when it changes", "when a condition holds", "at inner iteration"));
    private final TextField argument = new TextField();
    private final Label message = new Label();
    private List<Breakpoint> list = new ArrayList<>();
    private Supplier<StreamRef> inspected = () -> null;
    private Function<StreamRef, StreamType> types = r -> null;
    private Runnable changed = () -> { };

    public BreakpointsPanel() {
        setId("breakpoints");
        getStyleClass().add("debug-panel");
        setPadding(new Insets(4));
        setSpacing(4);
        kind.setId("breakpoint-kind");
        kind.getSelectionModel().select(0);
        argument.setId("breakpoint-argument");
        argument.setPromptText("e.g. weight < 0 AND name = 'Alice'");
        HBox.setHgrow(argument, Priority.ALWAYS);
        kind.valueProperty().addListener((o, a, b) -> argument.setPromptText(
                b.startsWith("at") ? "iteration (from 0)" : b.startsWith("when a") ? "e.g. weight < 0 AND name = 'Alice'" : ""));
        Button add = new Button("Add for inspected stream");
        add.setId("breakpoint-add");
        add.setTooltip(new Tooltip("Stop Play and Run to on the stream shown in the inspector"));
        add.setOnAction(e -> addFromControls());
        argument.setOnAction(e -> addFromControls());
        Button remove = new Button("Remove");
        remove.setId("breakpoint-remove");
        remove.setOnAction(e -> {
            Breakpoint b = table.getSelectionModel().getSelectedItem();
            if (b != null) {
                list.remove(b);
                refresh();
            }
        });
        HBox bar = new HBox(6, new Label("Stop"), kind, argument, add, remove);
        bar.setAlignment(Pos.CENTER_LEFT);
        message.setId("breakpoint-message");
        message.setWrapText(true);

        table.setId("breakpoint-table");
        table.setEditable(true);
        table.setPlaceholder(new Label("No breakpoints: inspect a stream, then add one"));
        TableColumn<Breakpoint, Boolean> on = new TableColumn<>("on");
        on.setEditable(true);
        on.setCellValueFactory(cd -> {
            SimpleBooleanProperty p = new SimpleBooleanProperty(cd.getValue().isEnabled());
            p.addListener((o, a, b) -> {
                cd.getValue().setEnabled(b);
                changed.run();
            });
            return p;
        });
        on.setCellFactory(CheckBoxTableCell.forTableColumn(on));
        on.setPrefWidth(44);
        TableColumn<Breakpoint, Object> stream = new TableColumn<>("stream");
        stream.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().ref().label()));
        stream.setPrefWidth(220);
        TableColumn<Breakpoint, Object> when = new TableColumn<>("stops");
        when.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().describe()));
        when.setPrefWidth(360);
        TableColumn<Breakpoint, Object> hits = new TableColumn<>("hits");
        hits.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().hits()));
        hits.setPrefWidth(60);
        table.getColumns().add(on);
        table.getColumns().add(stream);
        table.getColumns().add(when);
        table.getColumns().add(hits);
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(bar, message, table);
    }

    private void addFromControls() {
        StreamRef r = inspected.get();
        if (r == null) {
            message.setText("Select a stream or an operator first: the breakpoint goes on the stream the inspector shows");
            return;
        }
        String k = kind.getValue();
        try {
            if (k.startsWith("when it")) {
                add(Breakpoint.onChange(r));
            } else if (k.startsWith("when a")) {
                add(Breakpoint.onCondition(r, types.apply(r), argument.getText().strip()));
            } else {
                add(Breakpoint.onIteration(r, Integer.parseInt(argument.getText().strip())));
            }
            argument.clear();
        } catch (ExprException e) {
            message.setText("Not added: " + e.getMessage());
        } catch (NumberFormatException e) {
            message.setText("Not added: type the inner iteration as a number");
        } catch (IllegalArgumentException e) {
            message.setText("Not added: " + e.getMessage());
        }
    }

    /** Where "Add" takes its stream from, and the type of a stream (for conditions). */
    public void setSources(Supplier<StreamRef> inspected, Function<StreamRef, StreamType> types) {
        this.inspected = inspected;
        this.types = types;
    }

    /** Called when a breakpoint is added, removed or switched. */
    public void setOnChanged(Runnable r) {
        changed = r;
    }

    /** Follows a document's breakpoints. */
    public void bind(List<Breakpoint> breakpoints) {
        list = breakpoints;
        message.setText("");
        refresh();
    }

    public void add(Breakpoint b) {
        list.add(b);
        message.setText("Breakpoint on " + b.ref().label() + ": stops " + b.describe());
        refresh();
    }

    public List<Breakpoint> breakpoints() {
        return List.copyOf(list);
    }

    public String messageText() {
        return message.getText();
    }

    public void showHit(String text) {
        message.setText(text);
        refresh();
    }

    public void refresh() {
        table.getItems().setAll(list);
        table.refresh();
        changed.run();
    }
}
