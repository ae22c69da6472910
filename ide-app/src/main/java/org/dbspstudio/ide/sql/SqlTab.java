package org.dbspstudio.ide.sql;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.collections.SetChangeListener;
import javafx.geometry.Orientation;
import javafx.scene.control.IndexRange;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.ide.ui.TextSource;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.sql.SqlError;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * A SQL tab (File → New from SQL…): a SQL editor with highlighting beside the circuit the SQL
 * front end makes of it, in the tab's ordinary canvas.
 *
 * <ul>
 * <li>Every edit is compiled {@value #DEBOUNCE_MS} ms after the typing stops, on the front end's
 * own thread ({@link SqlCompiler}); the result comes back to the JavaFX thread as an event and
 * replaces the circuit (an undoable edit that also restores the SQL on undo). The errors are listed
 * under the editor as {@code line:column: message} and underlined in the text.</li>
 * <li>Operators that stay (the same id) keep their place on the canvas; new ones go beside their
 * inputs ({@link KeptPositions}).</li>
 * <li>Selecting operators highlights the SQL they came from; moving the caret or selecting SQL
 * selects the operators it stands for ({@link SqlText#operatorsAt}).</li>
 * <li>Save writes the SQL to a {@code .sql} file; autosave keeps the SQL for recovery.</li>
 * </ul>
 */
public final class SqlTab implements TextSource {
    static final int DEBOUNCE_MS = 300;

    /** What File → New from SQL… starts with. */
    static final String TEMPLATE = """
            -- Tables become inputs, views become outputs; edit the SQL and the circuit follows.
            CREATE TABLE orders (id INT NOT NULL PRIMARY KEY, customer VARCHAR, amount INT);
            CREATE TABLE customers (name VARCHAR NOT NULL PRIMARY KEY, city VARCHAR);

            CREATE VIEW big_orders AS
              SELECT id, customer, amount FROM orders WHERE amount > 100;

            CREATE VIEW revenue_per_city AS
              SELECT c.city, SUM(o.amount) AS revenue, COUNT(*) AS orders
              FROM orders o JOIN customers c ON o.customer = c.name
              GROUP BY c.city;
            """;

    private final MainWindow window;
    private final EditorTab tab;
    private final EditorDocument doc;
    private final CodeArea area = new CodeArea();
    private final ListView<SqlError> errorList = new ListView<>();
    private final Label summary = new Label("Compiling…");
    private final SqlCompiler compiler;
    private final KeptPositions positions = new KeptPositions();
    private final PauseTransition debounce = new PauseTransition(Duration.millis(DEBOUNCE_MS));
    private final boolean unsavedAtLoad;
    private SqlText text = new SqlText("");
    /** The SQL the circuit on screen was generated from. */
    private String circuitSql = "";
    /** Character ranges of the operators of the circuit on screen, in {@link #circuitSql}. */
    private Map<String, SqlText.Range> ranges = Map.of();
    private List<SqlError> errors = List.of();
    private List<SqlText.Range> highlighted = List.of();
    private SqlCompiler.Compiled last;
    private boolean loaded;
    private boolean settingText;
    private boolean selectingFromText;
    private boolean highlightPending;
    private long version;

    private SqlTab(MainWindow window, EditorTab tab, String sql, boolean unsaved) {
        this.window = window;
        this.tab = tab;
        this.doc = tab.doc();
        this.unsavedAtLoad = unsaved;
        this.compiler = new SqlCompiler(Platform::runLater, this::compiled);

        area.setId("sql-editor");
        area.getStyleClass().add("sql-editor");
        area.setParagraphGraphicFactory(LineNumberFactory.get(area));
        area.setWrapText(true); // long lines wrap: the SQL of a selected operator is never off to the side
        area.textProperty().addListener((o, a, b) -> textChanged());
        area.caretPositionProperty().addListener((o, a, b) -> selectFromText());
        area.selectionProperty().addListener((o, a, b) -> selectFromText());
        debounce.setOnFinished(e -> compiler.submit(area.getText()));

        errorList.setId("sql-errors");
        errorList.setPlaceholder(new Label("No errors"));
        errorList.setPrefHeight(110);
        errorList.setMinHeight(60);
        errorList.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(SqlError e, boolean empty) {
                super.updateItem(e, empty);
                setText(empty || e == null ? null : e.toString());
                getStyleClass().remove("sql-error-cell");
                if (!empty && e != null) {
                    getStyleClass().add("sql-error-cell");
                }
            }
        });
        errorList.getSelectionModel().selectedItemProperty().addListener((o, a, e) -> {
            if (e != null) {
                goTo(e);
            }
        });
        summary.setId("sql-summary");
        summary.getStyleClass().add("sql-summary");
        summary.setMaxWidth(Double.MAX_VALUE);

        VirtualizedScrollPane<CodeArea> scroll = new VirtualizedScrollPane<>(area);
        VBox left = new VBox(scroll, summary, errorList);
        left.getStyleClass().add("sql-pane");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        tab.tab().setContent(null);
        SplitPane split = new SplitPane(left, tab.canvas());
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.45);
        split.setId("sql-split");
        split.getStylesheets().add(SqlTab.class.getResource("/org/dbspstudio/ide/sql/sql.css").toExternalForm());
        tab.tab().setContent(split);

        doc.selectedOperators().addListener((SetChangeListener<String>) ch -> {
            if (!selectingFromText) {
                scheduleHighlight(true);
            }
        });
        doc.revisionProperty().addListener((o, a, b) -> {
            ranges = new SqlText(circuitSql).ranges(doc.document().sources());
            scheduleHighlight(false);
        });

        settingText = true;
        try {
            area.replaceText(sql.replace("\r\n", "\n"));
        } finally {
            settingText = false;
        }
        area.getUndoManager().forgetHistory();
        area.moveTo(0);
        compiler.submit(area.getText());
    }

    /** File → New from SQL…: a SQL tab with an example script. */
    public static EditorTab create(MainWindow window) {
        return open(window, TEMPLATE, null, false);
    }

    /**
     * Opens SQL in a new tab ({@code file} null for an untitled one); {@code unsaved} marks it as
     * differing from any file (recovered work).
     */
    public static EditorTab open(MainWindow window, String sql, Path file, boolean unsaved) {
        SqlCompiler.warmUp();
        CircuitDocument d = new CircuitDocument();
        String name = file == null ? "Untitled SQL" : file.getFileName().toString().replaceAll("(?i)\\.sql$", "");
        d.setName(name);
        EditorDocument ed = new EditorDocument(d, file);
        // an untouched empty "untitled" tab gives way, as when a file is opened
        EditorTab blank = window.current().filter(x -> x.doc().file() == null && !x.doc().isDirty()
                && x.source().isEmpty() && x.doc().document().circuit().operators().isEmpty()).orElse(null);
        EditorTab t = window.files().newTab(ed);
        if (blank != null) {
            window.files().close(blank);
        }
        SqlTab s = new SqlTab(window, t, sql, unsaved);
        t.setSource(s);
        if (unsaved) {
            ed.markUnsaved();
        }
        return t;
    }

    /** The SQL tab of an editor tab, if it is one. */
    public static java.util.Optional<SqlTab> of(EditorTab t) {
        return t.source().filter(SqlTab.class::isInstance).map(SqlTab.class::cast);
    }

    // ---------------------------------------------------------------- TextSource

    @Override
    public String text() {
        return area.getText();
    }

    @Override
    public String extension() {
        return "sql";
    }

    @Override
    public long version() {
        return version;
    }

    @Override
    public void saved(Path file) {
        window.status("Saved the SQL to " + file + " (the circuit is generated from it when it is opened)");
    }

    // ---------------------------------------------------------------- accessors (views, tests)

    public CodeArea area() {
        return area;
    }

    public EditorTab tab() {
        return tab;
    }

    /** The errors of the latest compilation of the text on screen. */
    public List<SqlError> errors() {
        return errors;
    }

    /** The latest compilation applied (null before the first). */
    public SqlCompiler.Compiled last() {
        return last;
    }

    /** The text ranges highlighted for the selected operators. */
    public List<SqlText.Range> highlighted() {
        return highlighted;
    }

    /** The summary line under the editor. */
    public String summary() {
        return summary.getText();
    }

    /** Whether the circuit on screen is the one of the text on screen (no compilation pending). */
    public boolean upToDate() {
        return last != null && last.text().equals(area.getText()) && circuitSql.equals(area.getText());
    }

    // ---------------------------------------------------------------- editing

    private void textChanged() {
        text = new SqlText(area.getText());
        version++;
        if (!settingText) {
            doc.markUnsaved(); // unsaved work is never lost: the tab is dirty from the first key
            summary.setText("Compiling…");
        }
        restyle();
        debounce.playFromStart();
    }

    /** Shows a text the circuit came from again (undo and redo of an SQL edit). */
    private void showText(String sql) {
        settingText = true;
        try {
            if (!area.getText().equals(sql)) {
                area.replaceText(sql);
            }
        } finally {
            settingText = false;
        }
        circuitSql = sql;
    }

    /** A compilation finished (on the JavaFX thread); only the latest one arrives here. */
    private void compiled(SqlCompiler.Compiled c) {
        if (!c.text().equals(area.getText())) {
            return; // the text changed since: its own compilation is coming
        }
        last = c;
        if (c.failure() != null) {
            errors = List.of(new SqlError(1, 1, "the SQL front end failed: " + c.failure()));
        } else {
            errors = c.result().errors();
            apply(c);
        }
        errorList.getItems().setAll(errors);
        summary.setText(summaryOf(c));
        summary.setTooltip(new javafx.scene.control.Tooltip(summary.getText()));
        summary.getStyleClass().removeAll("sql-summary-ok", "sql-summary-errors");
        summary.getStyleClass().add(errors.isEmpty() ? "sql-summary-ok" : "sql-summary-errors");
        scheduleHighlight(false);
    }

    private void apply(SqlCompiler.Compiled c) {
        CircuitDocument gen = c.result().document();
        positions.remember(doc.document().layout());
        Layout layout = positions.place(gen.circuit(), gen.layout());
        RegenerateCommand.State after = new RegenerateCommand.State(c.text(), gen.circuit(), layout,
                new LinkedHashMap<>(gen.sources()));
        if (!loaded) {
            loaded = true;
            circuitSql = c.text();
            doc.replaceWithoutUndo(() -> after.restore(doc));
            if (unsavedAtLoad) {
                doc.markUnsaved();
            }
            Platform.runLater(() -> tab.canvas().fit());
        } else if (!gen.circuit().equals(doc.document().circuit()) || !gen.sources().equals(doc.document().sources())) {
            RegenerateCommand.State before = RegenerateCommand.State.of(circuitSql, doc);
            circuitSql = c.text();
            doc.execute(new RegenerateCommand(before, after, this::showText));
        } else {
            circuitSql = c.text();
        }
        ranges = new SqlText(circuitSql).ranges(doc.document().sources());
    }

    private static String summaryOf(SqlCompiler.Compiled c) {
        String took = " · " + Math.max(1, Math.round(c.nanos() / 1e6)) + " ms";
        if (c.failure() != null) {
            return "The SQL front end failed" + took;
        }
        var r = c.result();
        String counts = plural(r.tables().size(), "table") + ", " + plural(r.views().size(), "view") + ", "
                + plural(r.document().circuit().operators().size(), "operator");
        if (r.errors().isEmpty()) {
            return counts + took;
        }
        return plural(r.errors().size(), "error") + " (left out of the circuit) · " + counts + took;
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    /** Puts the caret on an error and shows it. */
    private void goTo(SqlError e) {
        int at = text.offset(e.line(), e.column());
        area.moveTo(Math.min(at, area.getLength()));
        area.requestFollowCaret();
        area.requestFocus();
    }

    // ---------------------------------------------------------------- selection both ways

    /** The caret or selection moved: select the operators it stands for. */
    private void selectFromText() {
        if (settingText || !area.isFocused() || !upToDate()) {
            return;
        }
        IndexRange sel = area.getSelection();
        int a = sel.getLength() > 0 ? sel.getStart() : area.getCaretPosition();
        int b = sel.getLength() > 0 ? sel.getEnd() : a;
        var current = doc.current();
        List<String> ids = SqlText.operatorsAt(ranges, a, b).stream().filter(current::contains).toList();
        if (new java.util.LinkedHashSet<>(ids).equals(doc.selectedOperators())) {
            return;
        }
        selectingFromText = true;
        try {
            doc.select(ids);
        } finally {
            selectingFromText = false;
        }
        scheduleHighlight(false);
    }

    private void scheduleHighlight(boolean reveal) {
        if (highlightPending && !reveal) {
            return;
        }
        highlightPending = true;
        Platform.runLater(() -> {
            highlightPending = false;
            highlight(reveal);
        });
    }

    /** Highlights the SQL of the selected operators; {@code reveal} scrolls it into view. */
    private void highlight(boolean reveal) {
        List<SqlText.Range> rs = new ArrayList<>();
        for (String id : doc.selectedOperators()) {
            SqlText.Range r = ranges.get(id);
            if (r != null && r.length() > 0) {
                rs.add(r);
            }
        }
        highlighted = SqlText.union(rs);
        restyle();
        if (reveal && !highlighted.isEmpty() && highlighted.get(0).start() <= area.getLength()) {
            int paragraph = area.offsetToPosition(highlighted.get(0).start(),
                    org.fxmisc.richtext.model.TwoDimensional.Bias.Forward).getMajor();
            area.showParagraphInViewport(paragraph);
        }
    }

    // ---------------------------------------------------------------- styles

    /** Styles the text: token kinds, the selected operators' SQL, the errors. */
    private void restyle() {
        String s = area.getText();
        int n = s.length();
        if (n == 0) {
            return;
        }
        String[] kind = new String[n];
        for (SqlLexer.Token t : SqlLexer.tokens(s)) {
            String cls = t.kind().styleClass();
            for (int i = t.start(); i < t.end(); i++) {
                kind[i] = cls;
            }
        }
        boolean[] linked = new boolean[n];
        for (SqlText.Range r : highlighted) {
            for (int i = Math.max(0, r.start()); i < Math.min(n, r.end()); i++) {
                linked[i] = true;
            }
        }
        boolean[] error = new boolean[n];
        for (SqlError e : errors) {
            SqlText.Range r = text.errorRange(e.line(), e.column());
            for (int i = Math.max(0, r.start()); i < Math.min(n, r.end()); i++) {
                error[i] = true;
            }
        }
        StyleSpansBuilder<Collection<String>> b = new StyleSpansBuilder<>();
        int start = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || !kind[i].equals(kind[start]) || linked[i] != linked[start] || error[i] != error[start]) {
                List<String> classes = new ArrayList<>(3);
                classes.add(kind[start]);
                if (linked[start]) {
                    classes.add("sql-linked");
                }
                if (error[start]) {
                    classes.add("sql-error");
                }
                b.add(classes, i - start);
                start = i;
            }
        }
        area.setStyleSpans(0, b.create());
    }

    /** The style classes at a character (for tests). */
    public Collection<String> stylesAt(int offset) {
        return area.getStyleOfChar(offset);
    }

    @Override
    public String toString() {
        return "SqlTab[" + doc.title().toLowerCase(Locale.ROOT) + "]";
    }
}
