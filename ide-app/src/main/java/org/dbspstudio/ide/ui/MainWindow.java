package org.dbspstudio.ide.ui;

import java.util.List;
import java.util.Optional;
import javafx.application.Application;
import javafx.geometry.Orientation;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.dbspstudio.ide.Prefs;
import org.dbspstudio.ide.doc.AddCommand;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.doc.NewOperators;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * The main window: menu and tool bars, the palette (left), a tab per open document with a
 * breadcrumb for nested circuits (centre), the properties panel (right), a bottom area with the
 * problems list (room for the debugger's panels) and the status bar.
 */
public final class MainWindow implements Palette.Target {
    private final Stage stage;
    private final Prefs prefs;
    private final StackPane root = new StackPane();
    private final Pane overlay = new Pane();
    private final TabPane documents = new TabPane();
    private final TabPane bottom = new TabPane();
    private final Tab problemsTab = new Tab("Problems");
    private final HBox breadcrumb = new HBox();
    private final Label status = new Label("Ready");
    private final Label zoomLabel = new Label();
    private final Label selectionLabel = new Label();
    private final Label dirtyLabel = new Label();
    private final Palette palette;
    private final PropertiesPanel properties = new PropertiesPanel();
    private final ProblemsPanel problems;
    private final FileActions files;
    private final EditActions edits;
    private final Menus menus;
    private org.dbspstudio.ide.debug.Debugger debugger;
    private final Scene scene;
    private boolean dark;

    public MainWindow(Stage stage, Prefs prefs) {
        this.stage = stage;
        this.prefs = prefs;
        // the theme first: the first control class to load would otherwise parse Modena, only for
        // the theme to replace it and every node's style to be worked out again
        dark = prefs.darkTheme();
        org.dbspstudio.ide.Startup.mark("preferences");
        Application.setUserAgentStylesheet(Themes.userAgent(dark));
        org.dbspstudio.ide.Startup.mark("theme");
        this.palette = new Palette(this);
        org.dbspstudio.ide.Startup.mark("palette");
        this.problems = new ProblemsPanel(this::reveal);
        org.dbspstudio.ide.Startup.mark("problems");
        this.files = new FileActions(this, prefs);
        this.edits = new EditActions(this);
        org.dbspstudio.ide.Startup.mark("actions");
        this.menus = new Menus(this);
        org.dbspstudio.ide.Startup.mark("menus");

        documents.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        documents.setId("documents");
        documents.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> refreshPanels());
        breadcrumb.getStyleClass().add("breadcrumb");
        breadcrumb.setId("breadcrumb");
        VBox centre = new VBox(breadcrumb, documents);
        VBox.setVgrow(documents, Priority.ALWAYS);

        SplitPane main = new SplitPane(palette, centre, properties);
        main.setDividerPositions(0.17, 0.78);
        SplitPane.setResizableWithParent(palette, false);
        SplitPane.setResizableWithParent(properties, false);
        problemsTab.setContent(problems);
        problemsTab.setClosable(false);
        bottom.getTabs().add(problemsTab);
        bottom.setId("bottom-panels");
        SplitPane vertical = new SplitPane(main, bottom);
        vertical.setOrientation(Orientation.VERTICAL);
        vertical.setDividerPositions(0.78);
        SplitPane.setResizableWithParent(bottom, false);

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox statusBar = new HBox(status, spacer, selectionLabel, zoomLabel, dirtyLabel);
        statusBar.getStyleClass().add("status-bar");
        status.setId("status");
        dirtyLabel.getStyleClass().add("status-dirty");

        BorderPane frame = new BorderPane(vertical);
        frame.setTop(new VBox(menus.menuBar(), menus.toolBar()));
        frame.setBottom(statusBar);
        overlay.setPickOnBounds(false);
        overlay.setMouseTransparent(true);
        root.getChildren().addAll(frame, overlay);
        scene = new Scene(root, 1360, 860);
        scene.getStylesheets().add(MainWindow.class.getResource("/org/dbspstudio/ide/studio.css").toExternalForm());
        setDark(prefs.darkTheme());
        org.dbspstudio.ide.Startup.mark("scene");
        stage.setScene(scene);
        stage.setTitle("DBSP Studio");
        stage.setOnCloseRequest(e -> {
            if (!files.closeAll()) {
                e.consume();
            }
        });
        debugger = new org.dbspstudio.ide.debug.Debugger(this);
        org.dbspstudio.ide.Startup.mark("debugger");
        new org.dbspstudio.ide.data.DataPanel(this); // the Data panel adds itself to the bottom panels
        org.dbspstudio.ide.Startup.mark("data panel");
        deferHiddenPanels();
        files.newDocument();
        org.dbspstudio.ide.Startup.mark("new document");
    }

    /**
     * The content of a bottom panel whose tab is not selected joins the scene when the tab is first
     * shown (a tab pane keeps every tab's content in the scene), so hidden panels cost no CSS or
     * layout while the window comes up.
     */
    private void deferHiddenPanels() {
        for (Tab t : bottom.getTabs()) {
            javafx.scene.Node content = t.getContent();
            if (t.isSelected() || content == null) {
                continue;
            }
            t.setContent(null);
            javafx.beans.value.ChangeListener<Boolean> join = new javafx.beans.value.ChangeListener<>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends Boolean> o, Boolean was, Boolean selected) {
                    if (selected) {
                        t.selectedProperty().removeListener(this);
                        if (t.getContent() == null) {
                            t.setContent(content);
                        }
                    }
                }
            };
            t.selectedProperty().addListener(join);
        }
    }

    public void show() {
        stage.show();
        current().ifPresent(t -> t.canvas().fit());
        files.startAutosave();
    }

    public Stage stage() {
        return stage;
    }

    public Scene scene() {
        return scene;
    }

    public FileActions files() {
        return files;
    }

    public EditActions edits() {
        return edits;
    }

    /** The debugger (time controls, scenario, inspector, timeline, incrementalize, verify). */
    public org.dbspstudio.ide.debug.Debugger debugger() {
        return debugger;
    }

    public Prefs prefs() {
        return prefs;
    }

    public Menus menus() {
        return menus;
    }

    public Palette palette() {
        return palette;
    }

    public ProblemsPanel problems() {
        return problems;
    }

    public PropertiesPanel properties() {
        return properties;
    }

    public TabPane documents() {
        return documents;
    }

    /** The bottom panel area (problems now; the debugger adds its panels here). */
    public TabPane bottomPanels() {
        return bottom;
    }

    @Override
    public Pane overlay() {
        return overlay;
    }

    public Optional<EditorTab> current() {
        Tab t = documents.getSelectionModel().getSelectedItem();
        return t == null ? Optional.empty() : Optional.of((EditorTab) t.getUserData());
    }

    public List<EditorTab> tabs() {
        return documents.getTabs().stream().map(t -> (EditorTab) t.getUserData()).toList();
    }

    /** Opens a document in a new tab and shows it. */
    public EditorTab addTab(EditorDocument doc, String sessionKey) {
        EditorTab t = new EditorTab(this, doc, sessionKey);
        t.tab().setOnCloseRequest(e -> {
            e.consume();
            files.close(t);
        });
        doc.revisionProperty().addListener((o, a, b) -> {
            if (current().orElse(null) == t) {
                refreshPanels();
            }
        });
        doc.selectedOperators().addListener((javafx.collections.SetChangeListener<String>) ch -> {
            if (current().orElse(null) == t) {
                refreshPanels();
            }
        });
        doc.path().addListener((javafx.collections.ListChangeListener<String>) ch -> refreshPanels());
        t.canvas().setContextMenus(new CanvasMenus(this, t));
        t.canvas().drawing().getTransforms().forEach(tr -> tr.setOnTransformChanged(e -> showZoom()));
        documents.getTabs().add(t.tab());
        documents.getSelectionModel().select(t.tab());
        t.canvas().setGridColor(gridColor());
        javafx.application.Platform.runLater(() -> t.canvas().fit());
        refreshPanels();
        return t;
    }

    void removeTab(EditorTab t) {
        documents.getTabs().remove(t.tab());
        refreshPanels();
    }

    /** Brings the palette, properties, problems, breadcrumb and status bar up to date. */
    public void refreshPanels() {
        EditorTab t = current().orElse(null);
        properties.show(t);
        List<Diagnostic> ds = t == null ? List.of() : t.analysis().diagnostics();
        if (t != null && debugger != null && !debugger.runProblems(t).isEmpty()) {
            ds = new java.util.ArrayList<>(ds);
            ds.addAll(debugger.runProblems(t));
        }
        problems.show(ds);
        problemsTab.setText("Problems (" + ProblemsPanel.summary(ds) + ")");
        breadcrumb.getChildren().clear();
        if (t != null) {
            List<String> path = t.doc().currentPath();
            Hyperlink top = new Hyperlink(t.doc().document().name().isBlank() ? "circuit" : t.doc().document().name());
            top.setId("crumb-0");
            top.setOnAction(e -> {
                t.doc().goUp(0);
                t.canvas().requestFocus();
            });
            breadcrumb.getChildren().add(top);
            for (int i = 0; i < path.size(); i++) {
                int depth = i + 1;
                Hyperlink h = new Hyperlink(path.get(i));
                h.setId("crumb-" + depth);
                h.setOnAction(e -> {
                    t.doc().goUp(depth);
                    t.canvas().requestFocus();
                });
                breadcrumb.getChildren().addAll(new Label("›"), h);
            }
            int n = t.doc().selectedOperators().size() + t.doc().selectedStreams().size();
            selectionLabel.setText(n == 0 ? "" : n + " selected");
            dirtyLabel.setText(t.doc().isDirty() ? "● modified" : "");
            stage.setTitle(t.doc().title() + (t.doc().isDirty() ? " ●" : "") + " — DBSP Studio");
        } else {
            stage.setTitle("DBSP Studio");
            selectionLabel.setText("");
            dirtyLabel.setText("");
        }
        showZoom();
        menus.update();
    }

    private void showZoom() {
        zoomLabel.setText(current().map(t -> Math.round(t.canvas().zoomLevel() * 100) + "%").orElse(""));
    }

    public void status(String message) {
        status.setText(message);
    }

    public String statusText() {
        return status.getText();
    }

    /** Selects and centres the operators a diagnostic is about (entering nested circuits as needed). */
    public void reveal(Diagnostic d) {
        current().ifPresent(t -> {
            if (d.operators().isEmpty()) {
                status(d.message());
                return;
            }
            String first = d.operators().get(0);
            if (t.doc().reveal(first)) {
                List<String> here = d.operators().stream().filter(t.doc().current()::contains).toList();
                t.doc().select(here);
                t.canvas().centerOn(first);
            }
            status(d.message());
        });
    }

    // ---------------------------------------------------------------- palette target

    @Override
    public boolean drop(OpKind kind, double sceneX, double sceneY) {
        Optional<EditorTab> t = current();
        if (t.isEmpty() || !t.get().canvas().containsScene(sceneX, sceneY)) {
            status("Drop operators on the canvas");
            return false;
        }
        Point2D p = t.get().canvas().toWorld(sceneX, sceneY);
        Stream wire = t.get().canvas().streamAt(p.getX(), p.getY(), 8);
        if (wire != null && kind != OpKind.NESTED && insertOnWire(t.get(), kind, p, wire)) {
            return true;
        }
        create(t.get(), kind, p.getX(), p.getY());
        return true;
    }

    @Override
    public void addAtCentre(OpKind kind) {
        current().ifPresent(t -> {
            Point2D p = t.canvas().visibleCenter();
            create(t, kind, p.getX(), p.getY());
        });
    }

    /** Drops a new operator onto a stream: it is inserted into the stream (false if it has no input or output). */
    private boolean insertOnWire(EditorTab t, OpKind kind, Point2D p, Stream wire) {
        EditorDocument doc = t.doc();
        Operator op = NewOperators.create(doc.document().circuit(), doc.current(), kind);
        if (op.inputPorts().isEmpty() || op.outputPorts().isEmpty()) {
            return false;
        }
        var free = org.dbspstudio.ide.canvas.Placement.nearestFree(p.getX() - Geometry.width(op) / 2,
                p.getY() - Geometry.height(op) / 2, Geometry.width(op), Geometry.height(op), t.canvas().boxes(List.of()));
        var cmd = org.dbspstudio.ide.doc.Edits.insertOnStream(doc, op, new org.dbspstudio.model.Layout.Point(free.x(), free.y()), wire);
        doc.execute(cmd);
        doc.select(List.of(op.id()));
        t.canvas().requestFocus();
        status(cmd.description());
        return true;
    }

    private void create(EditorTab t, OpKind kind, double cx, double cy) {
        EditorDocument doc = t.doc();
        Operator op = NewOperators.create(doc.document().circuit(), doc.current(), kind);
        // new boxes go to the free place nearest to where they were dropped
        var free = org.dbspstudio.ide.canvas.Placement.nearestFree(cx - Geometry.width(op) / 2, cy - Geometry.height(op) / 2,
                Geometry.width(op), Geometry.height(op), t.canvas().boxes(List.of()));
        double x = free.x();
        double y = free.y();
        var positions = new java.util.LinkedHashMap<String, org.dbspstudio.model.Layout.Point>();
        positions.put(op.id(), new org.dbspstudio.model.Layout.Point(x, y));
        if (op.child() != null) {
            int i = 0;
            for (Operator inner : op.child().operators()) {
                positions.put(inner.id(), new org.dbspstudio.model.Layout.Point(40 + 200 * i++, 80));
            }
        }
        doc.execute(new AddCommand(doc.currentPath(), List.of(op), List.of(), positions, "Add " + kind.title() + " " + op.id()));
        doc.select(List.of(op.id()));
        t.canvas().requestFocus();
        status("Added " + op.id() + " — drag from an output port to an input port to connect");
    }

    // ---------------------------------------------------------------- theme

    public boolean isDark() {
        return dark;
    }

    public void setDark(boolean on) {
        dark = on;
        String ua = Themes.userAgent(on);
        if (!java.util.Objects.equals(ua, Application.getUserAgentStylesheet())) {
            Application.setUserAgentStylesheet(ua); // every scene's style is worked out again
        }
        scene.getStylesheets().removeIf(css -> css.contains("/fallback-"));
        if (ua == null) {
            scene.getStylesheets().add(0, Themes.fallback(on));
        }
        prefs.setDarkTheme(on);
        if (debugger != null) {
            debugger.themeChanged(on);
        }
        tabs().forEach(t -> t.canvas().setGridColor(gridColor()));
    }

    private Color gridColor() {
        return dark ? Color.rgb(255, 255, 255, 0.06) : Color.rgb(0, 0, 0, 0.07);
    }

    public List<java.nio.file.Path> recentFiles() {
        return prefs.recentFiles();
    }

    /** Offers recovery files left by a crash (called once at start-up). */
    public void offerRecovery() {
        files.offerRecovery();
    }
}
