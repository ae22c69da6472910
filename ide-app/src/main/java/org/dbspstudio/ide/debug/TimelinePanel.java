package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.dbspstudio.engine.value.StreamValue;

/**
 * The timeline (a chronogram): one row per chosen stream, one column per recorded step, each
 * cell the summary of the stream's change at that step. Clicking a cell moves to that step and
 * stream. Shows at most the last {@value #MAX_COLUMNS} recorded steps.
 */
public final class TimelinePanel extends VBox {
    static final int MAX_COLUMNS = 200;
    private final GridPane grid = new GridPane();
    private List<StreamRef> rows = new ArrayList<>();
    private final Button add = new Button("+ Add stream");
    private final Button clear = new Button("Clear");
    private DebugSession session;
    private BiConsumer<StreamRef, Integer> onPick = (r, t) -> { };
    private java.util.function.Supplier<StreamRef> inspected = () -> null;

    public TimelinePanel() {
        setId("timeline");
        getStyleClass().add("debug-panel");
        setPadding(new Insets(4));
        setSpacing(4);
        add.setId("timeline-add");
        add.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        clear.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        add.setOnAction(e -> {
            StreamRef r = inspected.get();
            if (r != null) {
                addStream(r);
            }
        });
        clear.setOnAction(e -> {
            rows.clear();
            refresh();
        });
        grid.setHgap(2);
        grid.setVgap(2);
        grid.getStyleClass().add("timeline-grid");
        ScrollPane sp = new ScrollPane(grid);
        sp.setFitToHeight(false);
        VBox.setVgrow(sp, Priority.ALWAYS);
        HBox bar = new HBox(6, add, clear, new Label("changes per step — click a cell to go there"));
        bar.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(bar, sp);
    }

    /** Where the "add" button takes the stream from (the inspector's). */
    public void setInspected(java.util.function.Supplier<StreamRef> s) {
        inspected = s;
    }

    /** Called with (stream, step) when a cell is clicked. */
    public void setOnPick(BiConsumer<StreamRef, Integer> pick) {
        onPick = pick;
    }

    public List<StreamRef> streams() {
        return List.copyOf(rows);
    }

    public void addStream(StreamRef r) {
        if (!rows.contains(r)) {
            rows.add(r);
        }
        refresh();
    }

    /** Follows a document's session and its own list of chosen streams (kept per document). */
    public void bind(DebugSession s, List<StreamRef> streams) {
        session = s;
        rows = streams;
        refresh();
    }

    /** The summary shown in a cell, or null when there is no such cell. */
    public String cellText(StreamRef r, int step) {
        Label l = (Label) grid.lookup("#" + cellId(rows.indexOf(r), step));
        return l == null ? null : l.getText();
    }

    static String cellId(int row, int step) {
        return "timeline-" + row + "-" + step;
    }

    public void refresh() {
        grid.getChildren().clear();
        if (session == null) {
            return;
        }
        int end = session.stepsRun();
        int start = Math.max(session.firstStep(), end - MAX_COLUMNS);
        int cur = session.cursor();
        for (int t = start; t < end; t++) {
            Label h = new Label(Integer.toString(t));
            h.getStyleClass().add("timeline-header");
            if (t == cur) {
                h.getStyleClass().add("timeline-current");
            }
            grid.add(h, t - start + 1, 0);
        }
        for (int i = 0; i < rows.size(); i++) {
            StreamRef r = rows.get(i);
            Label name = new Label(r.label());
            name.getStyleClass().add("timeline-stream");
            grid.add(name, 0, i + 1);
            int[] its = new int[r.depth()];
            for (int t = start; t < end; t++) {
                int step = t;
                int[] last = lastIterations(r, t);
                StreamValue v = r.depth() == 0 ? session.change(r, t) : session.value(r, t, last);
                Label c = new Label(ValueRows.summary(v, r.depth() == 0));
                c.setId(cellId(i, t));
                c.getStyleClass().add("timeline-cell");
                if (v != null && !v.isZero()) {
                    c.getStyleClass().add("timeline-nonzero");
                }
                if (t == cur) {
                    c.getStyleClass().add("timeline-current");
                }
                Tooltip tip = new Tooltip();
                tip.setOnShowing(e -> tip.setText(r.label() + " at step " + step + "\n" + ValueRows.firstRows(v, 10)));
                c.setTooltip(tip);
                c.setOnMouseClicked(e -> onPick.accept(r, step));
                grid.add(c, t - start + 1, i + 1);
            }
            its.clone();
        }
    }

    private int[] lastIterations(StreamRef r, int step) {
        int[] its = new int[r.depth()];
        for (int d = 0; d < r.depth(); d++) {
            int n = session.iterations(r.path().get(d), step, java.util.Arrays.copyOf(its, d));
            its[d] = Math.max(0, n - 1);
        }
        return its;
    }
}
