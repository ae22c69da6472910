package org.dbspstudio.ide.debug;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.scene.Group;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.util.Duration;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.OpStats;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.ide.canvas.CircuitCanvas;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.ide.canvas.OperatorNode;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * The debugger's layer over a canvas: beside every output port a compact summary of the stream's
 * value at the current step (with its first rows as tooltip; clicking it inspects the stream), the
 * operator a run failed at, the statistics heat map, and highlighted operators (rewrite
 * explanations). It lives in the canvas's drawing group, so it pans and zooms with it.
 */
public final class CanvasValues {
    private final CircuitCanvas canvas;
    private final EditorDocument doc;
    private final Group layer = new Group();
    /** Outlines and heat map under the value labels, and the failure badge over them; rebuilt at each refresh. */
    private final Group under = new Group();
    private final Group values = new Group();
    private final Group over = new Group();
    /**
     * The value labels by "op port", kept from one refresh to the next: only their text and
     * position change when stepping, so no node is created or styled again (creating and styling
     * one label per port was most of a step's work on the JavaFX thread).
     */
    private final Map<String, ValueLabel> labels = new java.util.HashMap<>();

    /** A value label and what its tooltip shows now (read and written on the JavaFX thread). */
    private static final class ValueLabel {
        final Label label = new Label();
        final Tooltip tip = new Tooltip();
        StreamRef ref;
        int step;
        StreamValue value;
        /** Whether the value is being looked up and counted off the JavaFX thread. */
        boolean counting;
        /** Increases at each refresh (read by the counting thread): a count for an older one is skipped or not shown. */
        volatile long refreshed;
    }

    /**
     * Looks up and counts large values off the JavaFX thread (for every canvas): a value the trace
     * keeps as its change is rebuilt here, and a large value whose counts are not at hand is
     * counted here.
     */
    private static final ExecutorService COUNTER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dbsp-canvas-values");
        t.setDaemon(true);
        return t;
    });
    /** The text of a label while its value is counted. */
    static final String COUNTING = "…";
    private DebugSession session;
    private Function<List<String>, int[]> iterations = p -> new int[p.size()];
    private boolean heat;
    private Map<String, String> highlights = Map.of();
    private final SummaryCache summaries = new SummaryCache();

    public CanvasValues(CircuitCanvas canvas, EditorDocument doc) {
        this.canvas = canvas;
        this.doc = doc;
        layer.getStyleClass().add("debug-layer");
        layer.setId("debug-layer");
        layer.getChildren().addAll(under, values, over);
        canvas.drawing().getChildren().add(layer);
        canvas.setStreamInfo(this::streamInfo);
    }

    /**
     * The first rows of a stream of the circuit on screen at the current step, for its tooltip:
     * the summary and value of its source port's label (never looked up or counted again here).
     */
    String streamInfo(Stream s) {
        if (session == null || session.cursor() < 0) {
            return null;
        }
        ValueLabel vl = labels.get(s.from().op() + " " + s.from().port());
        if (vl == null || vl.step != session.cursor()) {
            return null;
        }
        return "step " + vl.step + ": " + vl.label.getText() + "\n" + (vl.counting ? COUNTING : ValueRows.firstRows(vl.value, 10));
    }

    public void bind(DebugSession s) {
        session = s;
    }

    /** Which inner iterations to show for streams of the nested circuit at a path. */
    public void setIterations(Function<List<String>, int[]> f) {
        iterations = f;
    }

    public void setHeatMap(boolean on) {
        heat = on;
    }

    /** Operators to outline: id → style class ({@code hl-replaced}, {@code hl-created}). */
    public void setHighlights(Map<String, String> h) {
        highlights = Map.copyOf(h);
    }

    /** The summary label of an output port, or null. */
    public Label label(String op, String port) {
        return (Label) layer.lookup("#value-" + op + "-" + port);
    }

    /** The summary labels shown, as {@code op.port → text}. */
    public Map<String, String> labels() {
        Map<String, String> m = new java.util.TreeMap<>();
        for (var n : values.getChildren()) {
            if (n instanceof Label l && l.getId() != null && l.getId().startsWith("value-")) {
                m.put(l.getId().substring(6).replaceFirst("-([^-]*)$", ".$1"), l.getText());
            }
        }
        return m;
    }

    /** Redraws the layer for the session's current step. */
    public void refresh() {
        under.getChildren().clear();
        over.getChildren().clear();
        java.util.Set<String> shown = new java.util.HashSet<>();
        Map<String, OperatorNode> nodes = canvas.nodes();
        int step = session == null ? -1 : session.cursor();
        List<String> path = doc.currentPath();
        long maxWork = 1;
        if (heat && step >= 0) {
            for (String id : nodes.keySet()) {
                OpStats st = session.stats(id, step);
                maxWork = Math.max(maxWork, st == null ? 0 : st.work());
            }
        }
        for (OperatorNode n : nodes.values()) {
            Operator op = n.operator();
            String hl = highlights.get(op.id());
            if (hl != null) {
                under.getChildren().add(outline(n, hl, 5));
            }
            if (session == null || step < 0) {
                continue;
            }
            if (heat) {
                OpStats st = session.stats(op.id(), step);
                long w = st == null ? 0 : st.work();
                Rectangle r = outline(n, "heat", 0);
                double f = Math.sqrt(w / (double) maxWork);
                r.setFill(Color.hsb(120 - 120 * f, 0.85, 0.95, w == 0 ? 0.12 : 0.25 + 0.4 * f));
                Label l = new Label("work " + w);
                l.getStyleClass().add("heat-label");
                l.setLayoutX(n.getLayoutX());
                l.setLayoutY(n.getLayoutY() + n.boxHeight() + 2);
                l.setMouseTransparent(true);
                under.getChildren().addAll(r, l);
            }
            int[] its = iterations.apply(path);
            for (String port : op.outputPorts()) {
                StreamRef ref = new StreamRef(path, op.id(), port);
                boolean changes = session.changesMode() && path.isEmpty();
                String key = op.id() + " " + port;
                shown.add(key);
                ValueLabel vl = labels.computeIfAbsent(key, k -> valueLabel(op.id(), port));
                vl.ref = ref;
                vl.step = step;
                long refreshed = ++vl.refreshed;
                // what is at hand: the value as kept and its counts (a small value's, or adjusted by a small change)
                StreamValue v = session.recorded().keptValue(ref, step, its);
                String text = v == null ? null : summaries.atHand(session, ref, step, its, v, changes);
                Label l = vl.label;
                if (text != null) {
                    show(vl, v, text);
                } else {
                    // a value rebuilt from changes, or a large one to count: off the JavaFX thread
                    vl.value = null;
                    vl.counting = true;
                    l.setText(COUNTING);
                    DebugSession s = session;
                    COUNTER.execute(() -> {
                        if (vl.refreshed != refreshed) {
                            return;
                        }
                        StreamValue full = v != null ? v : s.value(ref, step, its);
                        String counted = summaries.summary(s, ref, step, its, full, changes);
                        Platform.runLater(() -> {
                            if (vl.refreshed == refreshed) {
                                show(vl, full, counted);
                            }
                        });
                    });
                }
                l.setLayoutX(n.getLayoutX() + n.boxWidth() + 6);
                l.setLayoutY(n.getLayoutY() + Geometry.outputY(op, port) - 19);
                if (l.getParent() != values) {
                    values.getChildren().add(l);
                }
            }
        }
        EngineException f = session == null ? null : session.failure();
        if (f != null && f.operatorId() != null) {
            OperatorNode n = nodes.get(f.operatorId());
            if (n == null) {
                n = nodes.values().stream().filter(x -> x.operator().child() != null
                        && x.operator().child().allOperators().containsKey(f.operatorId())).findFirst().orElse(null);
            }
            if (n != null) {
                Rectangle r = outline(n, "run-error", 6);
                Label l = new Label(failureBadge(f.step()));
                l.getStyleClass().add("run-error-label");
                l.setId("run-error-label");
                l.setLayoutX(n.getLayoutX());
                l.setLayoutY(n.getLayoutY() - 22);
                l.setTooltip(wrapping(f.getMessage()));
                over.getChildren().addAll(r, l);
            }
        }
        // labels of ports no longer on screen (another nested level, an operator removed, no step yet)
        for (var it = labels.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (!shown.contains(e.getKey())) {
                values.getChildren().remove(e.getValue().label);
                it.remove();
            }
        }
    }

    /** Shows {@code text}, the summary of {@code v}, on {@code vl}. */
    private static void show(ValueLabel vl, StreamValue v, String text) {
        vl.value = v;
        vl.counting = false;
        Label l = vl.label;
        l.setText(text);
        boolean nonzero = v != null && !v.isZero();
        if (nonzero != l.getStyleClass().contains("value-nonzero")) {
            if (nonzero) {
                l.getStyleClass().add("value-nonzero");
            } else {
                l.getStyleClass().remove("value-nonzero");
            }
        }
    }

    /** A new value label for {@code op.port}: its id, style, tooltip (the first rows, made when shown) and click. */
    private ValueLabel valueLabel(String op, String port) {
        ValueLabel vl = new ValueLabel();
        Label l = vl.label;
        l.setId("value-" + op + "-" + port);
        l.getStyleClass().add("value-label");
        vl.tip.setShowDelay(Duration.millis(200));
        vl.tip.setOnShowing(e -> vl.tip.setText(vl.ref.label() + " at step " + vl.step + "\n"
                + (vl.counting ? COUNTING : ValueRows.firstRows(vl.value, 12))));
        l.setTooltip(vl.tip);
        l.addEventHandler(MouseEvent.MOUSE_PRESSED, MouseEvent::consume);
        l.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            e.consume();
            inspect(op, port);
        });
        return vl;
    }

    /** The badge over the operator a run failed at: "✗ failed at step 3", or "✗ cannot run" before step 0. */
    public static String failureBadge(int step) {
        return step < 0 ? "✗ cannot run" : "✗ failed at step " + step;
    }

    private void inspect(String op, String port) {
        doc.selectedOperators().clear();
        doc.selectedStreams().clear();
        doc.current().streams().stream().filter(s -> s.from().op().equals(op) && s.from().port().equals(port))
                .findFirst().ifPresentOrElse((Stream s) -> doc.selectedStreams().add(s), () -> doc.selectedOperators().add(op));
    }

    /** A tooltip that wraps long text instead of running off the screen. */
    static Tooltip wrapping(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(520);
        return t;
    }

    private static Rectangle outline(OperatorNode n, String style, double pad) {
        Rectangle r = new Rectangle(n.getLayoutX() - pad, n.getLayoutY() - pad, n.boxWidth() + 2 * pad, n.boxHeight() + 2 * pad);
        r.setArcWidth(14);
        r.setArcHeight(14);
        r.getStyleClass().add(style);
        r.setMouseTransparent(true);
        return r;
    }
}
