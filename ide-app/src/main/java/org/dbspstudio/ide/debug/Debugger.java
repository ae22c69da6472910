package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.collections.ListChangeListener;
import javafx.collections.SetChangeListener;
import javafx.scene.control.Button;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.Pane;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.layout.AutoLayout;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.rewrite.RewriteStep;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.validate.Validator;

/**
 * The debugger in the main window: a {@link DebugSession} and a value layer per open document,
 * the time controls in the tool bar, and the Scenario, Inspector, Timeline, Statistics, Rewrite
 * and Verify panels at the bottom, all following the selected tab. Incrementalize opens the
 * rewritten circuit in a new tab that shares the scenario and the current step with its original.
 */
public final class Debugger {
    private final MainWindow window;
    private final Map<EditorTab, Entry> entries = new HashMap<>();
    private final TimeControls time;
    private final ScenarioPanel scenario;
    private final InspectorPanel inspector = new InspectorPanel();
    private final TimelinePanel timeline = new TimelinePanel();
    private final StatisticsPanel statistics = new StatisticsPanel();
    private final ExplanationPanel explanation = new ExplanationPanel();
    private final VerifyPanel verify = new VerifyPanel();
    private final ScopePanel scope = new ScopePanel();
    private final BreakpointsPanel breakpoints = new BreakpointsPanel();
    private final Map<String, Tab> panelTabs = new LinkedHashMap<>();
    private EditorTab shown;

    /** What the debugger keeps per open document. */
    private static final class Entry {
        DebugSession session;
        CanvasValues values;
        EditorTab partner;
        EditorTab original;
        RewriteResult rewrite;
        Map<String, StreamType> types;
        long typesRevision = -1;
        EngineException shownFailure;
        /** What the bottom panels showed for this document, restored when its tab is selected again. */
        StreamRef inspected;
        final List<StreamRef> timelineRows = new ArrayList<>();
        final List<StreamRef> scopeRows = new ArrayList<>();
        final List<Breakpoint> breakpoints = new java.util.concurrent.CopyOnWriteArrayList<>();
        String scenarioInput;
        int scenarioStep;
    }

    private static final long MEGABYTE = 1L << 20;

    /**
     * Sets how much of each run the debugger keeps for stepping back — the newest {@code steps}
     * steps and about {@code megabytes} of recorded values, 0 meaning no limit — remembers it
     * between runs of the IDE, and applies it to every open document from its next Reset.
     */
    public void setTraceRetention(int steps, int megabytes) {
        window.prefs().setTraceRetention(steps, megabytes);
        for (Entry e : entries.values()) {
            e.session.setRetention(window.prefs().traceSteps(), window.prefs().traceMegabytes() * MEGABYTE);
        }
        window.status("Trace retention: " + retentionText(window.prefs().traceSteps(), window.prefs().traceMegabytes())
                + " — from the next Reset");
    }

    /** "every step, no memory limit", "the last 1,000 steps, at most 256 MB", … */
    public static String retentionText(int steps, int megabytes) {
        String s = steps > 0 ? String.format("the last %,d steps", steps) : "every step";
        String m = megabytes > 0 ? (megabytes % 1024 == 0 ? megabytes / 1024 + " GB" : megabytes + " MB") : "";
        return s + (megabytes > 0 ? ", at most " + m : ", no memory limit");
    }

    public Debugger(MainWindow window) {
        this.window = window;
        this.time = new TimeControls(() -> current().map(t -> entry(t).session).orElse(null));
        this.scenario = new ScenarioPanel(new ScenarioPanel.Host() {
            @Override
            public CircuitDocument document() {
                return current().map(t -> t.doc().document()).orElse(null);
            }

            @Override
            public void apply(Scenario next, String description) {
                current().ifPresent(t -> applyScenario(t, next, description));
            }

            @Override
            public void status(String message) {
                window.status(message);
            }
        });
        Button inc = org.dbspstudio.ide.ui.Icons.decorate(new Button("Incrementalize"), "mdi2d-delta", false);
        inc.setId("debug-incrementalize");
        inc.setFocusTraversable(false);
        org.dbspstudio.ide.ui.Icons.tip(inc, "Rewrite the circuit into its incremental version, in a new tab, rule by rule (Rewrite panel)");
        inc.setOnAction(e -> incrementalize());
        Button ver = org.dbspstudio.ide.ui.Icons.decorate(new Button("Verify"), "mdi2c-check-decagram", false);
        ver.setId("debug-verify");
        ver.setFocusTraversable(false);
        org.dbspstudio.ide.ui.Icons.tip(ver, "Check, step by step, that the incremental circuit computes the changes of the original");
        ver.setOnAction(e -> verify());
        ToolBar bar = new ToolBar();
        bar.setId("debug-toolbar");
        bar.getItems().addAll(time.nodes());
        bar.getItems().addAll(new Separator(), inc, ver);
        if (window.menus().toolBar().getParent() instanceof Pane top) {
            top.getChildren().add(top.getChildren().indexOf(window.menus().toolBar()) + 1, bar);
        } else {
            window.menus().toolBar().getItems().addAll(bar.getItems());
        }
        addPanel("Scenario", scenario);
        SplitPane inspect = new SplitPane(inspector, timeline);
        inspect.setDividerPositions(0.55);
        addPanel("Inspector", inspect);
        panelTabs.put("Timeline", panelTabs.get("Inspector"));
        panelTabs.get("Inspector").setText("Inspector · Timeline");
        addPanel("Scope", scope);
        addPanel("Breakpoints", breakpoints);
        addPanel("Statistics", statistics);
        addPanel("Rewrite", explanation);
        addPanel("Verify", verify);
        timeline.setInspected(inspector::stream);
        scope.setInspected(inspector::stream);
        themeChanged(window.isDark());
        breakpoints.setSources(inspector::stream, ref -> current().map(t -> typeOf(t, ref)).orElse(null));
        scope.setOnSeek(step -> current().ifPresent(t -> entry(t).session.seek(step)));
        timeline.setOnPick((ref, step) -> current().ifPresent(t -> {
            entry(t).session.seek(step);
            if (ref.path().equals(t.doc().currentPath())) {
                t.doc().selectedOperators().clear();
                t.doc().selectedStreams().clear();
                t.doc().selectedOperators().add(ref.op());
            }
            showInspector(t, ref);
        }));
        inspector.setOnIterationsChanged(() -> current().ifPresent(t -> entry(t).values.refresh()));
        statistics.heatMapProperty().addListener((o, a, b) -> current().ifPresent(t -> {
            entry(t).values.setHeatMap(b);
            entry(t).values.refresh();
        }));
        window.scene().getStylesheets().add(Debugger.class.getResource("/org/dbspstudio/ide/debug/debug.css").toExternalForm());
        var menus = window.menus();
        menus.addMenu("_Run",
                menus.item("Step", "F8", () -> stepCurrent(false)),
                menus.item("Step Back", "Shift+F8", () -> stepCurrent(true)),
                menus.item("Reset", null, () -> current().ifPresent(t -> entry(t).session.reset())),
                new javafx.scene.control.SeparatorMenuItem(),
                menus.item("Incrementalize", null, this::incrementalize),
                menus.item("Verify", null, this::verify));
        window.documents().getSelectionModel().selectedItemProperty().addListener((o, a, b) -> follow());
        window.documents().getTabs().addListener((ListChangeListener<Tab>) ch -> forgetClosed());
        follow();
    }

    private void addPanel(String name, javafx.scene.Node content) {
        // the content joins the scene when its tab is first shown: hidden panels cost no CSS or
        // layout while the window comes up
        Tab t = new Tab(name);
        t.selectedProperty().addListener((o, a, b) -> {
            if (b && t.getContent() == null) {
                t.setContent(content);
            }
        });
        t.setId("panel-" + name.toLowerCase());
        t.setClosable(false);
        window.bottomPanels().getTabs().add(t);
        panelTabs.put(name, t);
    }

    /** Brings a bottom panel to the front ("Scenario", "Inspector", "Timeline", "Statistics", "Rewrite", "Verify"). */
    public void showPanel(String name) {
        Tab t = panelTabs.get(name);
        if (t != null) {
            window.bottomPanels().getSelectionModel().select(t);
        }
    }

    private Optional<EditorTab> current() {
        return window.current();
    }

    /** The session of a document tab (created on first use). */
    public DebugSession session(EditorTab t) {
        return entry(t).session;
    }

    /** The value layer of a document tab's canvas. */
    public CanvasValues values(EditorTab t) {
        return entry(t).values;
    }

    public ScenarioPanel scenarioPanel() {
        return scenario;
    }

    public InspectorPanel inspector() {
        return inspector;
    }

    public TimelinePanel timeline() {
        return timeline;
    }

    public StatisticsPanel statistics() {
        return statistics;
    }

    public ExplanationPanel explanation() {
        return explanation;
    }

    /** The plots follow the theme's text colour. */
    public void themeChanged(boolean dark) {
        scope.setTextColor(dark ? "#e6edf3" : "#1f2328");
    }

    public BreakpointsPanel breakpoints() {
        return breakpoints;
    }

    /** Adds a breakpoint to a document (it stops that document's Play and Run to). */
    public void addBreakpoint(EditorTab t, Breakpoint b) {
        entry(t).breakpoints.add(b);
        if (shown == t) {
            breakpoints.refresh();
        }
    }

    /** The type of a stream of a document, or null. */
    public StreamType streamType(EditorTab t, StreamRef ref) {
        return typeOf(t, ref);
    }

    public ScopePanel scope() {
        return scope;
    }

    /** Pins a stream of a document to the scope and shows the scope. */
    public void pinToScope(EditorTab t, StreamRef ref) {
        List<StreamRef> rows = entry(t).scopeRows;
        if (!rows.contains(ref)) {
            rows.add(ref);
        }
        if (shown == t) {
            scope.refresh();
        }
        showPanel("Scope");
    }

    public VerifyPanel verifyPanel() {
        return verify;
    }

    /** The tab showing the incremental version of {@code t}, or of which {@code t} is the incremental version. */
    public Optional<EditorTab> partner(EditorTab t) {
        return Optional.ofNullable(entry(t).partner);
    }

    private Entry entry(EditorTab t) {
        return entries.computeIfAbsent(t, k -> {
            Entry e = new Entry();
            e.session = new DebugSession(t.doc().document());
            e.session.setRetention(window.prefs().traceSteps(), window.prefs().traceMegabytes() * MEGABYTE);
            e.session.setRevision(() -> t.doc().revisionProperty().get());
            e.values = new CanvasValues(t.canvas(), t.doc());
            e.values.bind(e.session);
            e.values.setIterations(path -> iterationsFor(t, path));
            e.session.addListener(s -> published(t));
            e.session.setBreakCheck(step -> {
                for (Breakpoint b : e.breakpoints) {
                    String why = b.check(e.session, step);
                    if (why != null) {
                        return why;
                    }
                }
                return null;
            });
            EditorDocument d = t.doc();
            d.revisionProperty().addListener((o, a, b) -> {
                e.session.documentChanged();
                if (shown == t) {
                    refreshAll(t);
                }
            });
            d.selectedOperators().addListener((SetChangeListener<String>) ch -> selectionChanged(t));
            d.selectedStreams().addListener((SetChangeListener<Stream>) ch -> selectionChanged(t));
            d.path().addListener((ListChangeListener<String>) ch -> e.values.refresh());
            return e;
        });
    }

    private void forgetClosed() {
        List<EditorTab> open = window.tabs();
        for (EditorTab t : new ArrayList<>(entries.keySet())) {
            if (!open.contains(t)) {
                Entry e = entries.remove(t);
                e.session.dispose();
                if (e.partner != null && entries.containsKey(e.partner)) {
                    entries.get(e.partner).partner = null;
                }
            }
        }
    }

    private void follow() {
        EditorTab t = current().orElse(null);
        if (shown != null && entries.containsKey(shown) && shown != t) {
            Entry old = entries.get(shown);
            old.scenarioInput = scenario.selectedInput();
            old.scenarioStep = scenario.selectedStep();
        }
        shown = t;
        verify.showFor(t);
        if (t == null) {
            time.bind(null);
            timeline.bind(null, new ArrayList<>());
            scope.bind(null, new ArrayList<>());
            breakpoints.bind(new ArrayList<>());
            statistics.bind(null);
            inspector.show(null, null, null);
            explanation.clear();
            scenario.select(null, 0);
            return;
        }
        Entry e = entry(t);
        time.bind(e.session);
        timeline.bind(e.session, e.timelineRows);
        scope.bind(e.session, e.scopeRows);
        breakpoints.bind(e.breakpoints);
        statistics.bind(e.session);
        e.values.setHeatMap(statistics.heatMapProperty().get());
        if (e.rewrite != null) {
            showExplanation(t);
        } else {
            explanation.clear();
        }
        inspector.show(e.session, e.inspected, e.inspected == null ? null : typeOf(t, e.inspected));
        scenario.select(e.scenarioInput, e.scenarioStep);
        selectionChanged(t);
        refreshAll(t);
    }

    private void refreshAll(EditorTab t) {
        scenario.refresh();
        Entry e = entry(t);
        inspector.refresh();
        e.values.refresh();
        timeline.refresh();
        scope.refresh();
        statistics.refresh();
    }

    private void published(EditorTab t) {
        Entry e = entries.get(t);
        if (e == null) {
            return;
        }
        DebugSession s = e.session;
        if (e.partner != null && entries.containsKey(e.partner)) {
            DebugSession p = entries.get(e.partner).session;
            if (!s.busyProperty().get() && s.cursor() != p.cursor()) {
                if (s.cursor() < 0) {
                    p.reset();
                } else {
                    p.seek(s.cursor());
                }
            }
        }
        if (shown != t) {
            return;
        }
        inspector.refresh();
        e.values.refresh();
        timeline.refresh();
        scope.refresh();
        statistics.refresh();
        if (!s.messageProperty().get().isEmpty()) {
            window.status(s.messageProperty().get());
            if (s.messageProperty().get().startsWith("Breakpoint:")) {
                breakpoints.showHit(s.messageProperty().get());
            }
        }
        if (s.failure() != e.shownFailure) {
            e.shownFailure = s.failure();
            window.refreshPanels();
        }
    }

    /** Run failures of a document as problems (shown with the editor's diagnostics). */
    public List<Diagnostic> runProblems(EditorTab t) {
        Entry e = entries.get(t);
        EngineException f = e == null ? null : e.session.failure();
        if (f == null) {
            return List.of();
        }
        return List.of(Diagnostic.error("RUN_ERROR", f.operatorId() == null ? "run" : f.operatorId(),
                (f.step() >= 0 ? "the run stopped at step " + f.step() + ": " : "cannot run: ") + f.reason(),
                f.operatorId() == null ? List.of() : List.of(f.operatorId())));
    }

    private void stepCurrent(boolean back) {
        current().ifPresent(t -> {
            if (back) {
                entry(t).session.stepBack();
            } else {
                entry(t).session.step();
            }
        });
    }

    // ------------------------------------------------------------------ inspection

    private void selectionChanged(EditorTab t) {
        if (shown != t) {
            return;
        }
        EditorDocument d = t.doc();
        List<String> path = d.currentPath();
        StreamRef ref = null;
        if (!d.selectedStreams().isEmpty()) {
            Stream s = d.selectedStreams().iterator().next();
            ref = new StreamRef(path, s.from().op(), s.from().port());
        } else if (d.selectedOperators().size() == 1) {
            Operator op = d.current().op(d.selectedOperators().iterator().next());
            if (op != null && !op.outputPorts().isEmpty()) {
                ref = new StreamRef(path, op.id(), op.outputPorts().get(0));
            } else if (op != null && op.kind() == OpKind.OUTPUT) {
                ref = d.current().streamsInto(op.id()).stream().findFirst()
                        .map(s -> new StreamRef(path, s.from().op(), s.from().port())).orElse(null);
            }
        }
        if (ref != null) {
            showInspector(t, ref);
        }
    }

    private void showInspector(EditorTab t, StreamRef ref) {
        entry(t).inspected = ref;
        inspector.show(entry(t).session, ref, typeOf(t, ref));
        entry(t).values.refresh();
    }

    private StreamType typeOf(EditorTab t, StreamRef ref) {
        Entry e = entry(t);
        long rev = t.doc().revisionProperty().get();
        if (e.types == null || e.typesRevision != rev) {
            e.types = new HashMap<>();
            try {
                TypeInference.infer(t.doc().document().circuit()).all()
                        .forEach((p, ty) -> e.types.put(p.op() + "." + p.port(), ty));
            } catch (RuntimeException ex) {
                window.status("Types unknown: " + ex.getMessage());
            }
            e.typesRevision = rev;
        }
        return e.types.get(ref.op() + "." + ref.port());
    }

    /**
     * The inner iterations the canvas shows for the nested circuit at {@code path}: the inspector's
     * choice when it inspects a stream there, else the last; always within what the step ran.
     */
    private int[] iterationsFor(EditorTab t, List<String> path) {
        StreamRef r = inspector.stream();
        int[] chosen = shown == t && r != null && r.path().equals(path) ? inspector.iterations() : null;
        DebugSession s = entry(t).session;
        int[] its = new int[path.size()];
        for (int d = 0; d < path.size(); d++) {
            int n = s.cursor() < 0 ? 0 : s.iterations(path.get(d), s.cursor(), java.util.Arrays.copyOf(its, d));
            int last = Math.max(0, n - 1);
            its[d] = chosen == null || d >= chosen.length ? last : Math.max(0, Math.min(chosen[d], last));
        }
        return its;
    }

    // ------------------------------------------------------------------ scenario

    private void applyScenario(EditorTab t, Scenario next, String description) {
        Scenario before = t.doc().document().scenario().copy();
        t.doc().execute(new ScenarioCommand(description, before, next));
        Entry e = entry(t);
        if (e.partner != null && entries.containsKey(e.partner)) {
            entries.get(e.partner).session.changedElsewhere();
            entries.get(e.partner).session.documentChanged();
        }
    }

    // ------------------------------------------------------------------ incrementalize and verify

    /** Opens the incremental version of the selected circuit in a new tab; returns it. */
    public Optional<EditorTab> incrementalize() {
        EditorTab t = current().orElse(null);
        if (t == null) {
            return Optional.empty();
        }
        Entry e = entry(t);
        if (e.original != null) {
            window.status("This tab already shows an incremental circuit");
            return Optional.empty();
        }
        RewriteResult r;
        try {
            r = Incrementalizer.incrementalize(t.doc().document().circuit());
        } catch (RuntimeException ex) {
            window.status("Cannot incrementalize: " + ex.getMessage());
            return Optional.empty();
        }
        CircuitDocument src = t.doc().document();
        CircuitDocument d = new CircuitDocument((src.name().isBlank() ? t.doc().title() : src.name()) + " (incremental)",
                r.incremental().copy());
        d.setScenario(src.scenario());
        AutoLayout.layoutDeep(d.circuit(), d.layout());
        EditorTab nt = window.addTab(new EditorDocument(d, null), "incremental-" + System.nanoTime());
        Entry ne = entry(nt);
        ne.rewrite = r;
        ne.original = t;
        ne.partner = t;
        if (e.partner != null && entries.containsKey(e.partner)) {
            entries.get(e.partner).partner = null;
        }
        e.partner = nt;
        List<Diagnostic> problems = Validator.validate(d.circuit());
        window.status("Incremental circuit: " + r.log().size() + " rule applications; "
                + (Validator.hasErrors(problems) ? "it does NOT validate" : "it validates"));
        if (e.session.cursor() >= 0) {
            ne.session.seek(e.session.cursor());
        }
        showExplanation(nt);
        showPanel("Rewrite");
        return Optional.of(nt);
    }

    private void showExplanation(EditorTab t) {
        Entry e = entry(t);
        explanation.show(t.doc().title(), e.rewrite, step -> highlight(t, step), step -> replay(t, step), () -> showResult(t));
    }

    private void highlight(EditorTab t, RewriteStep step) {
        Map<String, String> h = new HashMap<>();
        step.replaced().forEach(id -> h.put(id, "hl-replaced"));
        step.created().forEach(id -> h.put(id, "hl-created"));
        entry(t).values.setHighlights(h);
        entry(t).values.refresh();
        window.status(step.summary());
    }

    private void replay(EditorTab t, RewriteStep step) {
        showCircuit(t, step.after());
        highlight(t, step);
    }

    private void showResult(EditorTab t) {
        showCircuit(t, entry(t).rewrite.incremental());
        entry(t).values.setHighlights(Map.of());
        entry(t).values.refresh();
        window.status("The incremental circuit");
    }

    private void showCircuit(EditorTab t, Circuit c) {
        CircuitDocument d = t.doc().document();
        d.setCircuit(c.copy());
        Layout l = new Layout();
        AutoLayout.layoutDeep(d.circuit(), l);
        d.setLayout(l);
        t.doc().refresh();
        javafx.application.Platform.runLater(() -> t.canvas().fit());
    }

    /** Verifies the selected incremental circuit against its original (or the selected circuit against its incremental version). */
    public void verify() {
        EditorTab t = current().orElse(null);
        if (t == null) {
            return;
        }
        Entry e = entry(t);
        Circuit original;
        Circuit incremental;
        if (e.original != null && entries.containsKey(e.original)) {
            original = e.original.doc().document().circuit();
            incremental = t.doc().document().circuit();
        } else {
            original = t.doc().document().circuit();
            try {
                incremental = Incrementalizer.incrementalize(original).incremental();
            } catch (RuntimeException ex) {
                window.status("Cannot incrementalize: " + ex.getMessage());
                return;
            }
        }
        showPanel("Verify");
        verify.verify(t, original, incremental, t.doc().document().scenario())
                .thenRun(() -> window.status(verify.verdictText()));
    }
}
