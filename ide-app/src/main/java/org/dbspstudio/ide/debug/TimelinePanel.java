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

    /**
     * Redraws the grid. Its labels are kept from one refresh to the next, by step for the
     * headers and by (row, stream, step) for the cells, and a cell is redrawn only when the value it
     * shows changed (a re-run): stepping moves the columns and the current step's highlight, it does
     * not create and style some hundred labels again.
     */
    public void refresh() {
        if (session == null) {
            grid.getChildren().clear();
            headers.clear();
            cells.clear();
            names.clear();
            return;
        }
        int end = session.stepsRun();
        int start = Math.max(session.firstStep(), end - MAX_COLUMNS);
        int cur = session.cursor();
        long run = session.runId();
        java.util.Set<javafx.scene.Node> keep = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        List<javafx.scene.Node> added = new ArrayList<>();
        headers.keySet().removeIf(t -> t < start || t >= end);
        for (int t = start; t < end; t++) {
            Label h = headers.get(t);
            if (h == null) {
                h = new Label(Integer.toString(t));
                h.getStyleClass().add("timeline-header");
                headers.put(t, h);
            }
            current(h, t == cur);
            place(h, t - start + 1, 0, keep, added);
        }
        java.util.Map<String, Cell> nextCells = new java.util.HashMap<>();
        java.util.Map<String, Label> nextNames = new java.util.HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            StreamRef r = rows.get(i);
            String rowKey = i + " " + r;
            Label name = names.get(rowKey);
            if (name == null) {
                name = new Label(r.label());
                name.getStyleClass().add("timeline-stream");
            }
            nextNames.put(rowKey, name);
            place(name, 0, i + 1, keep, added);
            for (int t = start; t < end; t++) {
                int step = t;
                int[] last = lastIterations(r, t);
                // at hand: a nested iteration's value, or a change the trace keeps (never computed here)
                StreamValue v = r.depth() == 0 ? session.recorded().changeAtHand(r, t) : session.value(r, t, last);
                String key = rowKey + " " + t;
                Cell c = cells.get(key);
                // redrawn for a new run, or a value other than the one shown (a cell whose change is not at hand keeps
                // the change computed for it)
                if (c == null || c.run != run || (v != null && c.value != v)) {
                    Label l = c == null ? new Label() : c.label;
                    if (c == null) {
                        l.setId(cellId(i, t));
                        l.getStyleClass().add("timeline-cell");
                        l.setOnMouseClicked(e -> onPick.accept(r, step));
                    }
                    c = new Cell(l, v, run);
                    if (v == null || v.rows() >= SummaryCache.DIRECT) {
                        // a change to compute (a difference of two snapshots) or a large one to count: off the JavaFX thread
                        l.setText(CanvasValues.COUNTING);
                        count(key, c, r, step);
                    } else {
                        show(l, r, step, v, ValueRows.summary(v, r.depth() == 0));
                    }
                }
                nextCells.put(key, c);
                current(c.label, t == cur);
                place(c.label, t - start + 1, i + 1, keep, added);
            }
        }
        cells.clear();
        cells.putAll(nextCells);
        names.clear();
        names.putAll(nextNames);
        grid.getChildren().removeIf(n -> !keep.contains(n));
        grid.getChildren().addAll(added);
    }

    /** A cell's label, the value it shows (null while it is looked up off the JavaFX thread) and the session's run it is of. */
    private record Cell(Label label, StreamValue value, long run) {
    }

    /** Counts cells' large changes off the JavaFX thread (computing a change the trace does not have at hand first). */
    private static final java.util.concurrent.ExecutorService COUNTER = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dbsp-timeline");
        t.setDaemon(true);
        return t;
    });

    /**
     * Looks up (when the cell has no value) and counts the change of {@code r} at {@code step} off
     * the JavaFX thread, then shows it in cell {@code c} at {@code key} unless the cell was redrawn meanwhile.
     */
    private void count(String key, Cell c, StreamRef r, int step) {
        DebugSession s = session;
        COUNTER.execute(() -> {
            StreamValue change = c.value() != null ? c.value() : s.change(r, step);
            String text = ValueRows.summary(change, r.depth() == 0);
            javafx.application.Platform.runLater(() -> {
                if (cells.get(key) == c) {
                    cells.put(key, new Cell(c.label(), change, c.run()));
                    show(c.label(), r, step, change, text);
                }
            });
        });
    }

    private static void show(Label l, StreamRef r, int step, StreamValue v, String text) {
        l.setText(text);
        l.pseudoClassStateChanged(NONZERO, v != null && !v.isZero());
        Tooltip tip = new Tooltip();
        tip.setOnShowing(e -> tip.setText(r.label() + " at step " + step + "\n" + ValueRows.firstRows(v, 10)));
        l.setTooltip(tip);
    }

    private final java.util.Map<Integer, Label> headers = new java.util.HashMap<>();
    private final java.util.Map<String, Cell> cells = new java.util.HashMap<>();
    private final java.util.Map<String, Label> names = new java.util.HashMap<>();

    /**
     * The current step's column and a non-zero change: pseudo-classes, so that moving the current
     * step restyles a cell without its style being looked up again.
     */
    static final javafx.css.PseudoClass CURRENT = javafx.css.PseudoClass.getPseudoClass("current");
    static final javafx.css.PseudoClass NONZERO = javafx.css.PseudoClass.getPseudoClass("nonzero");

    private static void current(Label l, boolean isCurrent) {
        l.pseudoClassStateChanged(CURRENT, isCurrent);
    }

    /** Puts {@code n} at (column, row), adding it to the grid unless it is there already. */
    private void place(javafx.scene.Node n, int col, int row, java.util.Set<javafx.scene.Node> keep,
                       List<javafx.scene.Node> added) {
        keep.add(n);
        Integer c = GridPane.getColumnIndex(n);
        Integer r = GridPane.getRowIndex(n);
        if (c == null || c != col || r == null || r != row) {
            GridPane.setConstraints(n, col, row);
        }
        if (n.getParent() != grid) {
            added.add(n);
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
