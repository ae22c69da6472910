package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;

/**
 * The inspector: the value of the selected stream at the current step as a sortable, filterable
 * table with a weight column (insertions green, deletions red), a switch between the change at
 * this step and the contents up to it, key columns for indexed Z-sets (sorted by key, so rows of
 * a key are together), and for streams inside nested circuits one iteration selector per level.
 */
public final class InspectorPanel extends VBox {
    static final String NOTHING = "Select a stream or an operator to inspect its value";
    private final Label title = new Label(NOTHING);
    private final List<Label> iterationCounts = new ArrayList<>();
    private final Label summary = new Label();
    private final ToggleButton changeButton = new ToggleButton("Change");
    private final ToggleButton contentsButton = new ToggleButton("Contents");
    private final TextField filter = new TextField();
    private final HBox iterationBox = new HBox(4);
    private final List<Spinner<Integer>> iterationSpinners = new ArrayList<>();
    private final List<Boolean> followLast = new ArrayList<>();
    private final TableView<ValueRows.Entry> table = new TableView<>();
    private final ObservableList<ValueRows.Entry> items = FXCollections.observableArrayList();
    private final FilteredList<ValueRows.Entry> filtered = new FilteredList<>(items);
    private DebugSession session;
    private StreamRef ref;
    private StreamType type;
    private InspectMode mode = InspectMode.CHANGE;
    private boolean updating;
    private Runnable onIterationsChanged = () -> { };

    public InspectorPanel() {
        setId("inspector");
        getStyleClass().add("debug-panel");
        setSpacing(4);
        setPadding(new Insets(4));
        ToggleGroup g = new ToggleGroup();
        changeButton.setToggleGroup(g);
        contentsButton.setToggleGroup(g);
        changeButton.setId("inspect-change");
        contentsButton.setId("inspect-contents");
        changeButton.setSelected(true);
        g.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                a.setSelected(true);
                return;
            }
            setMode(b == contentsButton ? InspectMode.CONTENTS : InspectMode.CHANGE);
        });
        filter.setPromptText("filter rows");
        filter.setId("inspect-filter");
        filter.textProperty().addListener((o, a, b) -> applyFilter());
        title.setId("inspect-title");
        title.getStyleClass().add("inspect-title");
        summary.setId("inspect-summary");
        iterationBox.setAlignment(Pos.CENTER_LEFT);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(6, changeButton, contentsButton, filter, iterationBox, spacer, summary);
        bar.setAlignment(Pos.CENTER_LEFT);
        title.setMaxWidth(Double.MAX_VALUE);
        SortedList<ValueRows.Entry> sorted = new SortedList<>(filtered);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setId("inspector-table");
        table.setPlaceholder(new Label("no rows"));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setRowFactory(tv -> new TableRow<>() {
            @Override
            protected void updateItem(ValueRows.Entry e, boolean empty) {
                super.updateItem(e, empty);
                getStyleClass().removeAll("row-insert", "row-delete");
                if (!empty && e != null) {
                    getStyleClass().add(e.weight() > 0 ? "row-insert" : "row-delete");
                }
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(title, bar, table);
    }

    /** Runs when the user picks another inner iteration (the canvas shows the same one). */
    public void setOnIterationsChanged(Runnable r) {
        onIterationsChanged = r;
    }

    public InspectMode mode() {
        return mode;
    }

    public void setMode(InspectMode m) {
        mode = m;
        (m == InspectMode.CHANGE ? changeButton : contentsButton).setSelected(true);
        refresh();
    }

    public StreamRef stream() {
        return ref;
    }

    /** The entries shown (filtered, in table order). */
    public List<ValueRows.Entry> shown() {
        return List.copyOf(table.getItems());
    }

    public String titleText() {
        return title.getText();
    }

    /** The "(4 iterations)" texts beside the iteration pickers, outermost first. */
    public List<String> iterationCountTexts() {
        return iterationCounts.stream().map(Label::getText).toList();
    }

    public String summaryText() {
        return summary.getText();
    }

    public TableView<ValueRows.Entry> table() {
        return table;
    }

    /** The inner iterations chosen for the nested levels of the inspected stream (outermost first). */
    public int[] iterations() {
        int[] its = new int[iterationSpinners.size()];
        for (int i = 0; i < its.length; i++) {
            Integer v = iterationSpinners.get(i).getValue();
            its[i] = v == null ? 0 : v;
        }
        return its;
    }

    /** Chooses the inner iteration at nesting level {@code level} (0 = outermost). */
    public void setIteration(int level, int iteration) {
        followLast.set(level, false);
        iterationSpinners.get(level).getValueFactory().setValue(iteration);
    }

    /** Shows {@code ref} (of type {@code type}, may be null) from {@code s}. */
    public void show(DebugSession s, StreamRef r, StreamType t) {
        boolean same = r != null && r.equals(ref) && s == session;
        session = s;
        ref = r;
        type = t;
        if (!same) {
            buildColumns();
            buildIterationSelectors();
        }
        refresh();
    }

    private void buildColumns() {
        table.getColumns().clear();
        if (ref == null) {
            return;
        }
        RowSchema key = null;
        RowSchema row = null;
        if (type instanceof StreamType.ZSet z) {
            row = z.row();
        } else if (type instanceof StreamType.Indexed ix) {
            key = ix.key();
            row = ix.value();
        }
        if (type instanceof StreamType.Integers) {
            table.getColumns().add(weightColumn("value"));
            return;
        }
        if (key != null) {
            TableColumn<ValueRows.Entry, Object> keys = new TableColumn<>("key");
            for (int i = 0; i < key.size(); i++) {
                int k = i;
                keys.getColumns().add(column(key.column(i).name(), e -> e.key() == null || k >= e.key().size() ? null : e.key().get(k)));
            }
            table.getColumns().add(keys);
        }
        int n = row == null ? 0 : row.size();
        for (int i = 0; i < n; i++) {
            int k = i;
            table.getColumns().add(column(row.column(i).name(), e -> k < e.row().size() ? e.row().get(k) : null));
        }
        if (row == null) {
            table.getColumns().add(column("row", e -> e.row().toString()));
        }
        table.getColumns().add(weightColumn("weight"));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TableColumn<ValueRows.Entry, Object> column(String name, java.util.function.Function<ValueRows.Entry, Object> get) {
        TableColumn<ValueRows.Entry, Object> c = new TableColumn<>(name);
        c.setPrefWidth(Math.max(90, 9 * name.length() + 30));
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(get.apply(cd.getValue())));
        c.setComparator((a, b) -> {
            if (a == b) {
                return 0;
            }
            if (a == null) {
                return -1;
            }
            if (b == null) {
                return 1;
            }
            if (a.getClass() == b.getClass() && a instanceof Comparable ca) {
                return ca.compareTo(b);
            }
            return a.toString().compareTo(b.toString());
        });
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Object v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : CellValues.format(v));
            }
        });
        return c;
    }

    private static TableColumn<ValueRows.Entry, Object> weightColumn(String name) {
        TableColumn<ValueRows.Entry, Object> c = new TableColumn<>(name);
        c.setId("weight-column");
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().weight()));
        c.setComparator((a, b) -> Long.compare((Long) a, (Long) b));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Object v, boolean empty) {
                super.updateItem(v, empty);
                getStyleClass().removeAll("weight-pos", "weight-neg");
                if (empty || v == null) {
                    setText(null);
                    return;
                }
                long w = (Long) v;
                setText(w > 0 ? "+" + w : ValueRows.MINUS + (-w));
                getStyleClass().add(w > 0 ? "weight-pos" : "weight-neg");
            }
        });
        c.setPrefWidth(96);
        return c;
    }

    private void buildIterationSelectors() {
        iterationBox.getChildren().clear();
        iterationSpinners.clear();
        iterationCounts.clear();
        followLast.clear();
        if (ref == null || ref.depth() == 0) {
            return;
        }
        iterationBox.getChildren().add(new Label("iteration"));
        for (int i = 0; i < ref.depth(); i++) {
            int level = i;
            Spinner<Integer> sp = new Spinner<>(0, 0, 0);
            sp.setId("inspect-iteration-" + i);
            sp.setEditable(true);
            sp.setPrefWidth(80);
            sp.setTooltip(new javafx.scene.control.Tooltip("inner iteration of " + ref.path().get(i)));
            sp.valueProperty().addListener((o, a, b) -> {
                if (!updating) {
                    followLast.set(level, isLast(sp));
                    refresh();
                    onIterationsChanged.run();
                }
            });
            iterationSpinners.add(sp);
            followLast.add(true);
            Label count = new Label();
            count.setId("inspect-iteration-count-" + i);
            count.setMinWidth(Region.USE_PREF_SIZE);
            iterationCounts.add(count);
            iterationBox.getChildren().addAll(new Label(ref.path().get(i) + ":"), sp, count);
        }
    }

    private static boolean isLast(Spinner<Integer> sp) {
        var f = (SpinnerValueFactory.IntegerSpinnerValueFactory) sp.getValueFactory();
        return sp.getValue() != null && sp.getValue() == f.getMax();
    }

    /** Re-reads the value at the session's current step. */
    public void refresh() {
        if (session == null || ref == null) {
            items.clear();
            summary.setText("");
            title.setText(NOTHING);
            return;
        }
        int step = session.cursor();
        updateIterationRanges(step);
        int[] its = iterations();
        StreamValue v = step < 0 ? null
                : mode == InspectMode.CHANGE ? session.change(ref, step, its) : session.contents(ref, step, its);
        String where = ref.depth() == 0 ? "step " + step : "step " + step + ", iteration " + java.util.Arrays.toString(its);
        title.setText(ref.label() + (type == null ? "" : " : " + type) + " — " + where);
        items.setAll(ValueRows.entries(v));
        summary.setText(v == null ? (step < 0 ? "not run yet" : "no value") : ValueRows.summary(v, mode == InspectMode.CHANGE));
    }

    private void updateIterationRanges(int step) {
        updating = true;
        try {
            int[] outer = new int[0];
            for (int i = 0; i < iterationSpinners.size(); i++) {
                int n = step < 0 ? 0 : session.iterations(ref.path().get(i), step, outer);
                Spinner<Integer> sp = iterationSpinners.get(i);
                var f = (SpinnerValueFactory.IntegerSpinnerValueFactory) sp.getValueFactory();
                int max = Math.max(0, n - 1);
                f.setMax(max);
                iterationCounts.get(i).setText(step < 0 ? "" : "(" + n + (n == 1 ? " iteration" : " iterations")
                        + " at step " + step + ")");
                if (followLast.get(i) || sp.getValue() == null || sp.getValue() > max) {
                    f.setValue(max);
                }
                int[] next = java.util.Arrays.copyOf(outer, outer.length + 1);
                next[outer.length] = sp.getValue();
                outer = next;
            }
        } finally {
            updating = false;
        }
    }

    private void applyFilter() {
        String f = filter.getText() == null ? "" : filter.getText().strip().toLowerCase(Locale.ROOT);
        filtered.setPredicate(f.isEmpty() ? null : e -> e.text().toLowerCase(Locale.ROOT).contains(f));
    }
}
