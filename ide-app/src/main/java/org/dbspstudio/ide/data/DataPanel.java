package org.dbspstudio.ide.data;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.dbspstudio.engine.io.Database;
import org.dbspstudio.engine.io.Follower;
import org.dbspstudio.engine.io.TableException;
import org.dbspstudio.engine.io.Tables;
import org.dbspstudio.ide.debug.ScenarioCommand;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.TypeInference;

/**
 * The Data panel: open a DuckDB file or a JDBC URL, browse its tables with row counts, bind
 * tables (or CSV/Parquet/JSON files) to the circuit's inputs by name or by dragging a table onto
 * an input, preview rows, import the bound sources as the scenario, and follow them: new changes
 * are appended to the scenario as they arrive, so stepping goes on into them. Every database call
 * runs on the panel's own worker thread; the JavaFX thread only shows results.
 */
public final class DataPanel extends BorderPane {
    /** A table of the open database. */
    public record TableEntry(String name, long rows) {
    }

    /** An input of the current circuit and the source bound to it (a table name or a file path; empty: none). */
    public static final class Binding {
        final String input;
        final RowSchema schema;
        final StringProperty source = new SimpleStringProperty("");

        Binding(String input, RowSchema schema) {
            this.input = input;
            this.schema = schema;
        }

        public String input() {
            return input;
        }

        public StringProperty sourceProperty() {
            return source;
        }
    }

    private final MainWindow window;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> daemon(r, "dbsp-data"));
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "dbsp-data-follow"));
    private Database db; // used on the worker thread only
    private Follower follower; // worker thread only
    private ScheduledFuture<?> following;
    private final TextField target = new TextField();
    private final TableView<TableEntry> tables = new TableView<>();
    private final ObservableList<Binding> bindings = FXCollections.observableArrayList();
    private final TableView<Binding> bindingView = new TableView<>(bindings);
    private final TableView<List<String>> preview = new TableView<>();
    private final ToggleButton follow = new ToggleButton("Follow");
    private final Label status = new Label("Open a DuckDB file or a JDBC URL");

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    public DataPanel(MainWindow window) {
        this.window = window;
        setId("data-panel");
        target.setId("data-target");
        target.setPromptText("shop.duckdb or jdbc:postgresql://host:5432/db?user=…");
        HBox.setHgrow(target, Priority.ALWAYS);
        target.setOnAction(e -> open(target.getText()));
        Button open = new Button("Open");
        open.setId("data-open");
        open.setOnAction(e -> open(target.getText()));
        Button browse = new Button("DuckDB File…");
        browse.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("DuckDB database", "*.duckdb", "*.db", "*"));
            File f = fc.showOpenDialog(window.stage());
            if (f != null) {
                target.setText(f.getPath());
                open(f.getPath());
            }
        });
        Button importButton = new Button("Import as Scenario");
        importButton.setId("data-import");
        importButton.setTooltip(new Tooltip("Replace the bound inputs' scenario with the rows of their tables: a change table's steps,"
                + " or a table's rows as step 0"));
        importButton.setOnAction(e -> importScenario());
        follow.setId("data-follow");
        follow.setTooltip(new Tooltip("Poll the bound sources and append new changes to the scenario as new steps"));
        follow.selectedProperty().addListener((o, a, on) -> setFollowing(on));
        Button bindButton = new Button("Bind");
        bindButton.setId("data-bind");
        bindButton.setTooltip(new Tooltip("Bind the selected table to the selected input (or drag a table onto an input)"));
        bindButton.setOnAction(e -> {
            TableEntry table = tables.getSelectionModel().getSelectedItem();
            Binding input = bindingView.getSelectionModel().getSelectedItem();
            if (table == null || input == null) {
                status.setText("Select a table and an input to bind it to");
            } else {
                bind(input.input, table.name());
            }
        });
        ToolBar bar = new ToolBar(new Label("Database"), target, open, browse, bindButton, importButton, follow);
        HBox.setHgrow(bar, Priority.ALWAYS);
        setTop(bar);

        tables.setId("data-tables");
        TableColumn<TableEntry, String> name = new TableColumn<>("Table");
        name.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().name()));
        TableColumn<TableEntry, String> rows = new TableColumn<>("Rows");
        rows.setCellValueFactory(c -> new ReadOnlyStringWrapper(String.format("%,d", c.getValue().rows())));
        tables.getColumns().add(name);
        tables.getColumns().add(rows);
        tables.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        tables.setRowFactory(tv -> {
            TableRow<TableEntry> row = new TableRow<>();
            row.setOnDragDetected(e -> {
                if (row.getItem() != null) {
                    var board = row.startDragAndDrop(TransferMode.LINK);
                    ClipboardContent content = new ClipboardContent();
                    content.putString(row.getItem().name());
                    board.setContent(content);
                    e.consume();
                }
            });
            return row;
        });
        tables.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                showPreview(b.name());
            }
        });

        bindingView.setId("data-bindings");
        bindingView.setEditable(true);
        TableColumn<Binding, String> input = new TableColumn<>("Input");
        input.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().input));
        input.setEditable(false);
        TableColumn<Binding, String> source = new TableColumn<>("Source (table or file; drop a table here)");
        source.setCellValueFactory(c -> c.getValue().source);
        source.setCellFactory(TextFieldTableCell.forTableColumn());
        source.setEditable(true);
        bindingView.getColumns().add(input);
        bindingView.getColumns().add(source);
        bindingView.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        bindingView.setRowFactory(tv -> {
            TableRow<Binding> row = new TableRow<>();
            row.setOnDragOver(e -> {
                if (row.getItem() != null && e.getDragboard().hasString()) {
                    e.acceptTransferModes(TransferMode.LINK, TransferMode.COPY, TransferMode.MOVE);
                }
                e.consume();
            });
            row.setOnDragDropped(e -> {
                boolean ok = row.getItem() != null && e.getDragboard().hasString();
                if (ok) {
                    bind(row.getItem().input, e.getDragboard().getString());
                }
                e.setDropCompleted(ok);
                e.consume();
            });
            return row;
        });

        preview.setId("data-preview");
        preview.setPlaceholder(new Label("Select a table to see its first rows"));
        VBox left = new VBox(new Label("Tables"), tables);
        VBox.setVgrow(tables, Priority.ALWAYS);
        VBox middle = new VBox(new Label("Inputs of the circuit"), bindingView);
        VBox.setVgrow(bindingView, Priority.ALWAYS);
        VBox right = new VBox(new Label("Preview (first 100 rows)"), preview);
        VBox.setVgrow(preview, Priority.ALWAYS);
        for (VBox b : List.of(left, middle, right)) {
            b.setPadding(new Insets(2));
            b.setSpacing(2);
        }
        SplitPane split = new SplitPane(left, middle, right);
        split.setDividerPositions(0.25, 0.55);
        setCenter(split);
        status.setId("data-status");
        status.setPadding(new Insets(2, 6, 2, 6));
        setBottom(status);

        Tab tab = new Tab("Data", this);
        tab.setId("panel-data");
        tab.setClosable(false);
        window.bottomPanels().getTabs().add(tab);
        window.documents().getSelectionModel().selectedItemProperty().addListener((o, a, b) -> refreshInputs());
        refreshInputs();
    }

    /** The tables listed (for tests and people). */
    public List<TableEntry> tableEntries() {
        return List.copyOf(tables.getItems());
    }

    public List<Binding> bindings() {
        return List.copyOf(bindings);
    }

    public String statusText() {
        return status.getText();
    }

    /** Binds a table (or file path) to an input. */
    public void bind(String input, String source) {
        bindings.stream().filter(b -> b.input.equals(input)).findFirst().ifPresent(b -> b.source.set(source));
        status.setText("input '" + input + "' ← " + source);
    }

    /** Opens a database (a DuckDB file or a JDBC URL) on the worker thread and lists its tables. */
    public void open(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            status.setText("Type a DuckDB file or a JDBC URL");
            return;
        }
        target.setText(t);
        stopFollowing();
        status.setText("Opening " + t + "…");
        worker.execute(() -> {
            try {
                if (db != null) {
                    db.close();
                    db = null;
                }
                db = Database.open(t);
                List<TableEntry> list = new java.util.ArrayList<>();
                for (String name : db.tables()) {
                    list.add(new TableEntry(name, db.rowCount(name)));
                }
                Platform.runLater(() -> {
                    tables.getItems().setAll(list);
                    bindByName();
                    status.setText(t + ": " + list.size() + " table(s)");
                });
            } catch (TableException | java.sql.SQLException | RuntimeException e) {
                fail("Cannot open " + t + ": " + e.getMessage());
            }
        });
    }

    private void fail(String message) {
        Platform.runLater(() -> status.setText(message));
    }

    private void showPreview(String table) {
        worker.execute(() -> {
            try {
                Tables.Preview p = Tables.preview(db, table, 100);
                Platform.runLater(() -> {
                    preview.getColumns().clear();
                    for (int i = 0; i < p.columns().size(); i++) {
                        int k = i;
                        TableColumn<List<String>, String> c = new TableColumn<>(p.columns().get(i));
                        c.setCellValueFactory(v -> new ReadOnlyStringWrapper(v.getValue().get(k)));
                        preview.getColumns().add(c);
                    }
                    preview.getItems().setAll(p.rows());
                });
            } catch (java.sql.SQLException | RuntimeException e) {
                fail("Cannot read " + table + ": " + e.getMessage());
            }
        });
    }

    /** The current circuit's inputs with their row schemas (inputs of integers are left out). */
    private static Map<String, RowSchema> inputs(Circuit c) {
        Map<String, RowSchema> m = new LinkedHashMap<>();
        var types = TypeInference.infer(c);
        for (Operator op : c.operatorsOfKind(OpKind.INPUT)) {
            types.find(op.id(), "out").ifPresent(t -> {
                if (t instanceof StreamType.ZSet z) {
                    m.put(op.params().string("name"), z.row());
                }
            });
        }
        return m;
    }

    private void refreshInputs() {
        Map<String, String> before = new LinkedHashMap<>();
        bindings.forEach(b -> before.put(b.input, b.source.get()));
        bindings.clear();
        window.current().ifPresent(t -> inputs(t.doc().document().circuit()).forEach((n, s) -> {
            Binding b = new Binding(n, s);
            b.source.set(before.getOrDefault(n, ""));
            bindings.add(b);
        }));
        bindByName();
    }

    /** Inputs without a source get the table of their name, if there is one. */
    private void bindByName() {
        for (Binding b : bindings) {
            if (b.source.get().isBlank()) {
                tables.getItems().stream().filter(t -> t.name().equalsIgnoreCase(b.input)).findFirst()
                        .ifPresent(t -> b.source.set(t.name()));
            }
        }
    }

    private Map<String, String> specs() {
        Map<String, String> m = new LinkedHashMap<>();
        bindings.forEach(b -> {
            if (!b.source.get().isBlank()) {
                m.put(b.input, b.source.get().trim());
            }
        });
        return m;
    }

    private Map<String, RowSchema> schemas() {
        Map<String, RowSchema> m = new LinkedHashMap<>();
        bindings.forEach(b -> m.put(b.input, b.schema));
        return m;
    }

    /** Replaces the scenario of each bound input with what its source holds (read on the worker thread). */
    public void importScenario() {
        Optional<EditorTab> tab = window.current();
        Map<String, String> specs = specs();
        if (tab.isEmpty() || specs.isEmpty()) {
            status.setText(tab.isEmpty() ? "Open a circuit first" : "Bind a table to an input first");
            return;
        }
        Map<String, RowSchema> schemas = schemas();
        status.setText("Importing " + specs.keySet() + "…");
        worker.execute(() -> {
            try {
                if (db == null) {
                    throw new TableException("open a database first");
                }
                Map<String, Tables.Steps> read = new LinkedHashMap<>();
                for (var e : specs.entrySet()) {
                    read.put(e.getKey(), Tables.read(db, e.getKey(), schemas.get(e.getKey()), e.getValue(), -1));
                }
                Platform.runLater(() -> {
                    EditorTab t = tab.get();
                    Scenario before = t.doc().document().scenario().copy();
                    Scenario next = before.copy();
                    long steps = 0;
                    for (var e : read.entrySet()) {
                        next.remove(e.getKey());
                        next.put(e.getKey(), List.of());
                        for (var s : e.getValue().steps().entrySet()) {
                            next.set(e.getKey(), (int) (long) s.getKey(), StepData.rows(s.getValue()), StepData.EMPTY_ROWS);
                            steps = Math.max(steps, s.getKey() + 1);
                        }
                    }
                    t.doc().execute(new ScenarioCommand("Import " + String.join(", ", read.keySet()) + " from " + db.target(), before, next));
                    status.setText("Imported " + read.keySet() + ": " + steps + " step(s)");
                });
            } catch (TableException | RuntimeException e) {
                fail("Import failed: " + e.getMessage());
            }
        });
    }

    private void setFollowing(boolean on) {
        if (on) {
            startFollowing();
        } else {
            stopFollowing();
        }
    }

    private void startFollowing() {
        Optional<EditorTab> tab = window.current();
        Map<String, String> specs = specs();
        if (tab.isEmpty() || specs.isEmpty()) {
            status.setText("Bind a table to an input first");
            follow.setSelected(false);
            return;
        }
        long after = tab.get().doc().document().scenario().steps() - 1L;
        Map<String, RowSchema> schemas = schemas();
        worker.execute(() -> {
            try {
                if (db == null) {
                    throw new TableException("open a database first");
                }
                db.releaseBetweenPolls(true);
                Follower f = new Follower(db, schemas, specs, after);
                follower = f;
                Platform.runLater(() -> status.setText("Following " + f.describe().values() + " after step " + after));
                following = ticker.scheduleWithFixedDelay(() -> worker.execute(() -> poll(tab.get())), 200, 500, TimeUnit.MILLISECONDS);
            } catch (TableException | RuntimeException e) {
                follower = null;
                fail("Cannot follow: " + e.getMessage());
                Platform.runLater(() -> follow.setSelected(false));
            }
        });
    }

    private void poll(EditorTab tab) {
        Follower f = follower;
        if (f == null) {
            return;
        }
        try {
            Map<String, NavigableMap<Long, List<Change>>> got = f.poll();
            db.release();
            if (got.isEmpty()) {
                return;
            }
            Platform.runLater(() -> {
                Scenario before = tab.doc().document().scenario().copy();
                Scenario next = before.copy();
                long last = -1;
                for (var e : got.entrySet()) {
                    for (var s : e.getValue().entrySet()) {
                        next.set(e.getKey(), (int) (long) s.getKey(), StepData.rows(s.getValue()), StepData.EMPTY_ROWS);
                        last = Math.max(last, s.getKey());
                    }
                }
                tab.doc().execute(new ScenarioCommand("Changes of " + String.join(", ", got.keySet()) + " up to step " + last,
                        before, next));
                status.setText("Following: new changes up to step " + last);
            });
        } catch (TableException | java.sql.SQLException | RuntimeException e) {
            fail("Following stopped: " + e.getMessage());
            Platform.runLater(() -> follow.setSelected(false));
        }
    }

    private void stopFollowing() {
        if (following != null) {
            following.cancel(false);
            following = null;
        }
        worker.execute(() -> follower = null);
        if (follow.isSelected()) {
            follow.setSelected(false);
        }
    }
}
