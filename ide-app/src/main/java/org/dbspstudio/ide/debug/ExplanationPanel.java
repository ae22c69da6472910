package org.dbspstudio.ide.debug;

import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.rewrite.RewriteStep;

/**
 * The explanation of an incrementalization: every rule application in order ({@code [rule]
 * (theorem) what it did}). Selecting an entry highlights the operators it replaced and created;
 * Replay shows the circuit after each rule in turn; Result goes back to the final circuit.
 */
public final class ExplanationPanel extends VBox {
    private final ListView<RewriteStep> list = new ListView<>();
    private final Label header = new Label("Press Incrementalize to rewrite the circuit; the rules applied are listed here");
    private final Button replay = new Button("Replay ▶");
    private final Button result = new Button("Result");
    private Consumer<RewriteStep> onSelect = s -> { };
    private Consumer<RewriteStep> onReplay = s -> { };
    private Runnable onResult = () -> { };
    private int replayAt = -1;

    public ExplanationPanel() {
        setId("explanation");
        getStyleClass().add("debug-panel");
        setPadding(new Insets(4));
        setSpacing(4);
        list.setId("explanation-list");
        list.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(RewriteStep s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : (getIndex() + 1) + ". " + s.summary());
                // long rule texts wrap within the panel instead of being cut off
                setWrapText(true);
                setPrefWidth(0);
                setTooltip(empty || s == null ? null : CanvasValues.wrapping(s.summary() + "\nreplaced: " + s.replaced()
                        + "\ncreated: " + s.created()));
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                onSelect.accept(b);
            }
        });
        replay.setId("rewrite-replay");
        replay.setTooltip(new Tooltip("Show the circuit after the next rule"));
        replay.setOnAction(e -> replayNext());
        result.setId("rewrite-result");
        result.setTooltip(new Tooltip("Show the final incremental circuit"));
        result.setOnAction(e -> {
            replayAt = -1;
            onResult.run();
        });
        header.setWrapText(true);
        HBox bar = new HBox(6, replay, result, header);
        bar.setAlignment(Pos.CENTER_LEFT);
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(bar, list);
    }

    /** Shows a rewrite log with the callbacks of the tab it belongs to. */
    public void show(String title, RewriteResult r, Consumer<RewriteStep> select, Consumer<RewriteStep> replayStep, Runnable toResult) {
        header.setText(title + ": " + r.log().size() + " rule applications");
        onSelect = select;
        onReplay = replayStep;
        onResult = toResult;
        replayAt = -1;
        list.getItems().setAll(r.log());
    }

    /** Empties the panel (the selected tab has no rewrite). */
    public void clear() {
        header.setText("Press Incrementalize to rewrite the circuit; the rules applied are listed here");
        onSelect = s -> { };
        onReplay = s -> { };
        onResult = () -> { };
        list.getItems().clear();
    }

    public List<RewriteStep> steps() {
        return List.copyOf(list.getItems());
    }

    public ListView<RewriteStep> list() {
        return list;
    }

    /** Shows the circuit after the next rule (wrapping to the result after the last). */
    public void replayNext() {
        if (list.getItems().isEmpty()) {
            return;
        }
        replayAt++;
        if (replayAt >= list.getItems().size()) {
            replayAt = -1;
            onResult.run();
            return;
        }
        list.getSelectionModel().select(replayAt);
        list.scrollTo(replayAt);
        onReplay.accept(list.getItems().get(replayAt));
    }
}
