package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
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
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;

/**
 * The inspector: the value of the selected stream at the current step as a sortable, filterable
 * table with a weight column (insertions green, deletions red), a switch between the change at
 * this step and the contents up to it, key columns for indexed Z-sets (sorted by key, so rows of
 * a key are together), and for streams inside nested circuits one iteration selector per level.
 *
 * <p>Large values stay off the JavaFX thread ({@link InspectorListing}): when the value shown has more than
 * {@link InspectorListing#INLINE_ROWS} rows, looking it up (a change may be a difference of two snapshots), listing
 * its rows, filtering, sorting and counting them run on the inspector's own thread, and the
 * JavaFX thread only swaps the finished list into the table, which draws the visible rows only.
 * Smaller values are laid out at once. Sorting by a column sorts that list (on the inspector's
 * thread when large) instead of the table's observable list.
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
    private final SwappedRows items = new SwappedRows();
    /**
     * A row inserted (weight above 0) or deleted, and a positive or negative weight: pseudo-classes,
     * so that a row showing another entry is restyled without its style being looked up again.
     */
    static final javafx.css.PseudoClass INSERTED = javafx.css.PseudoClass.getPseudoClass("inserted");
    static final javafx.css.PseudoClass DELETED = javafx.css.PseudoClass.getPseudoClass("deleted");
    static final javafx.css.PseudoClass POSITIVE = javafx.css.PseudoClass.getPseudoClass("positive");
    static final javafx.css.PseudoClass NEGATIVE = javafx.css.PseudoClass.getPseudoClass("negative");
    /** The table while it shows the previous listing of its stream, the new one being listed. */
    static final javafx.css.PseudoClass STALE = javafx.css.PseudoClass.getPseudoClass("stale");
    /** The mode of the rows shown, and which step (and iterations) they are of ("step 3"; null when none). */
    private InspectMode shownMode = InspectMode.CHANGE;
    private String shownWhere;
    /** Lists the values shown, large ones on the inspector's thread. */
    private final InspectorListing listing = new InspectorListing(Platform::runLater, Platform::isFxApplicationThread);

    /** The cell value of every column, for sorting without the table. */
    private final Map<TableColumn<ValueRows.Entry, ?>, Function<ValueRows.Entry, Object>> cellOf = new IdentityHashMap<>();
    private final ReadOnlyLongWrapper shownRequest = new ReadOnlyLongWrapper();
    private boolean sortPending;
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
        table.setItems(items);
        // sorting re-lists the value (off the JavaFX thread when it is large) instead of sorting the table's items
        table.setSortPolicy(tv -> {
            if (!sortPending) {
                sortPending = true;
                Platform.runLater(() -> {
                    sortPending = false;
                    if (!java.util.Objects.equals(sortKey(), listedSortKey)) {
                        refresh();
                    }
                });
            }
            return true;
        });
        table.setId("inspector-table");
        table.setPlaceholder(new Label("no rows"));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setRowFactory(tv -> new TableRow<>() {
            @Override
            protected void updateItem(ValueRows.Entry e, boolean empty) {
                super.updateItem(e, empty);
                boolean shown = !empty && e != null && e != InspectorListing.PENDING;
                pseudoClassStateChanged(INSERTED, shown && e.weight() > 0);
                pseudoClassStateChanged(DELETED, shown && e.weight() <= 0);
            }

            @Override
            protected void layoutChildren() {
                super.layoutChildren();
                // every row is one line high: once a row has its height, the table takes it as every row's, so it
                // never measures rows to estimate its height (JavaFX measures a few more rows at each pulse until it has
                // measured them all: a value of 6,000 rows kept the window laying out and drawing while idle)
                if (table.getFixedCellSize() <= 0 && !isEmpty() && getHeight() > 0) {
                    double h = getHeight();
                    Platform.runLater(() -> table.setFixedCellSize(h));
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

    /**
     * Increases each time the table shows the rows of the latest {@link #refresh()} (at once for
     * small values, later for values laid out on the inspector's thread).
     */
    public ReadOnlyLongProperty shownRequestProperty() {
        return shownRequest.getReadOnlyProperty();
    }

    /** Whether the table shows the rows of the latest {@link #refresh()}. */
    public boolean upToDate() {
        return listing.current(shownRequest.get());
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
            // the previous stream's rows do not belong under the new columns, even while the new ones are listed
            items.clear();
        }
        refresh();
    }

    private void buildColumns() {
        table.getColumns().clear();
        cellOf.clear();
        listedSortKey = null;
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
    private TableColumn<ValueRows.Entry, Object> column(String name, java.util.function.Function<ValueRows.Entry, Object> get) {
        TableColumn<ValueRows.Entry, Object> c = new TableColumn<>(name);
        cellOf.put(c, get);
        c.setPrefWidth(Math.max(90, 9 * name.length() + 30));
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue() == InspectorListing.PENDING ? null : get.apply(cd.getValue())));
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

    private TableColumn<ValueRows.Entry, Object> weightColumn(String name) {
        TableColumn<ValueRows.Entry, Object> c = new TableColumn<>(name);
        cellOf.put(c, e -> e.weight());
        c.setId("weight-column");
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue() == InspectorListing.PENDING ? null : cd.getValue().weight()));
        c.setComparator((a, b) -> Long.compare((Long) a, (Long) b));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Object v, boolean empty) {
                super.updateItem(v, empty);
                long w = empty || v == null ? 0 : (Long) v;
                pseudoClassStateChanged(POSITIVE, w > 0);
                pseudoClassStateChanged(NEGATIVE, w < 0);
                if (empty || v == null) {
                    setText(null);
                    return;
                }
                setText(w > 0 ? "+" + w : ValueRows.MINUS + (-w));
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
        long request = listing.request();
        if (session == null || ref == null) {
            showRows(request, List.of(), "", null, null);
            title.setText(NOTHING);
            return;
        }
        int step = session.cursor();
        updateIterationRanges(step);
        int[] its = iterations();
        String where = ref.depth() == 0 ? "step " + step : "step " + step + ", iteration " + java.util.Arrays.toString(its);
        title.setText(ref.label() + (type == null ? "" : " : " + type) + " — " + where);
        if (step < 0) {
            showRows(request, List.of(), "not run yet", null, null);
            return;
        }
        InspectorListing.Lookup look = new InspectorListing.Lookup(mode == InspectMode.CONTENTS && ref.depth() == 0 && session.changesMode(),
                session, ref, step, its, mode, filterText(), sortComparator(), sortKey());
        InspectorListing.Listed now = listing.list(request, look, table::refresh, l -> showRows(request, l.rows(), l.summary(), look.sortKey(), where));
        if (now != null) {
            showRows(request, now.rows(), now.summary(), look.sortKey(), where);
            return;
        }
        if (mode != shownMode || shownWhere == null || items.isEmpty()) {
            // the change's rows are not the contents' (nor the other way round): none are shown until the new ones are listed
            listedSortKey = null;
            items.clear();
            summary.setText("listing…");
            return;
        }
        // this stream's previous listing (another step, iteration, sort or filter) stays, dimmed, until the new one is ready
        table.pseudoClassStateChanged(STALE, true);
        summary.setText("listing… (showing " + (where.equals(shownWhere) ? "the previous listing" : shownWhere) + ")");
    }

    /** Shows the rows listed for {@code request} (unless replaced meanwhile), of the step (and iterations) {@code where}. */
    private void showRows(long request, List<ValueRows.Entry> rows, String text, List<Object> sortKey, String where) {
        if (!listing.current(request)) {
            return;
        }
        listedSortKey = sortKey;
        // the same list, refilled: a new list would clear the table's sort order
        items.setAll(rows);
        summary.setText(text);
        shownMode = mode;
        shownWhere = where;
        table.pseudoClassStateChanged(STALE, false);
        shownRequest.set(request);
    }

    /** Whether the table shows the previous listing while the latest one is listed (dimmed). */
    public boolean showsStaleRows() {
        return table.getPseudoClassStates().contains(STALE);
    }

    private List<Object> listedSortKey;

    /** The table's sort order as data (columns and directions), to tell whether the listed rows follow it. */
    private List<Object> sortKey() {
        List<Object> k = new ArrayList<>();
        for (TableColumn<ValueRows.Entry, ?> c : table.getSortOrder()) {
            k.add(c);
            k.add(c.getSortType());
        }
        return k;
    }

    /** The comparator of the table's sort order over the columns' cell values, or null when unsorted. */
    @SuppressWarnings("unchecked")
    private Comparator<ValueRows.Entry> sortComparator() {
        Comparator<ValueRows.Entry> cmp = null;
        for (TableColumn<ValueRows.Entry, ?> c : table.getSortOrder()) {
            Function<ValueRows.Entry, Object> get = cellOf.get(c);
            if (get == null) {
                continue;
            }
            Comparator<Object> byCell = (Comparator<Object>) c.getComparator();
            Comparator<ValueRows.Entry> one = (a, b) -> byCell.compare(get.apply(a), get.apply(b));
            if (c.getSortType() == TableColumn.SortType.DESCENDING) {
                one = one.reversed();
            }
            cmp = cmp == null ? one : cmp.thenComparing(one);
        }
        return cmp;
    }

    private String filterText() {
        String f = filter.getText() == null ? "" : filter.getText().strip().toLowerCase(Locale.ROOT);
        return f.isEmpty() ? null : f;
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
        refresh();
    }
}
