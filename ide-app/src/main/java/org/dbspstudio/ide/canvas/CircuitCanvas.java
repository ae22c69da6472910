package org.dbspstudio.ide.canvas;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.scene.transform.Scale;
import javafx.scene.transform.Translate;
import org.dbspstudio.ide.analysis.Analysis;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;

/**
 * The diagram of the circuit on screen: operator boxes and stream arrows as scene-graph nodes in
 * a zoomable, pannable world layer over a grid. It mirrors the {@link EditorDocument} (rebuilt on
 * every revision) and turns mouse gestures into commands through {@link CanvasGestures}.
 */
public final class CircuitCanvas extends Region {
    /** What the canvas needs from the window around it. */
    public interface Host {
        void status(String message);

        Analysis analysis();
    }

    /** Right-click menus of boxes, streams and the empty canvas (null: none). */
    public interface ContextMenus {
        javafx.scene.control.ContextMenu forOperator(String id);

        javafx.scene.control.ContextMenu forStream(Stream s);

        javafx.scene.control.ContextMenu forCanvas(Point2D world);
    }

    private ContextMenus contextMenus;
    private javafx.scene.control.ContextMenu openMenu;

    public void setContextMenus(ContextMenus m) {
        contextMenus = m;
    }

    /** Shows a context menu at a screen point (closing the one open). */
    void showContextMenu(java.util.function.Function<ContextMenus, javafx.scene.control.ContextMenu> which, double screenX, double screenY) {
        if (openMenu != null) {
            openMenu.hide();
        }
        if (contextMenus == null) {
            return;
        }
        openMenu = which.apply(contextMenus);
        if (openMenu != null) {
            openMenu.show(this, screenX, screenY);
        }
    }

    public static final double MIN_ZOOM = 0.1;
    public static final double MAX_ZOOM = 4;

    private final EditorDocument doc;
    private final Host host;
    private final Canvas grid = new Canvas();
    private final javafx.scene.control.Label hint = new javafx.scene.control.Label(
            "Drag operators here from the palette, then drag from an output port to an input port to connect them");
    private final Group content = new Group();
    private final Group streamLayer = new Group();
    private final Group nodeLayer = new Group();
    private final Group overlay = new Group();
    private final Translate pan = new Translate();
    private final Scale zoom = new Scale(1, 1, 0, 0);
    private final Map<String, OperatorNode> nodes = new LinkedHashMap<>();
    private final Map<Stream, StreamView> streams = new LinkedHashMap<>();
    private final CanvasGestures gestures;
    private boolean snapToGrid = true;
    private Color gridColor = Color.rgb(128, 128, 128, 0.16);

    public CircuitCanvas(EditorDocument doc, Host host) {
        this.doc = doc;
        this.host = host;
        getStyleClass().add("circuit-canvas");
        content.getTransforms().addAll(pan, zoom);
        content.getChildren().addAll(streamLayer, nodeLayer, overlay);
        grid.setMouseTransparent(true);
        hint.getStyleClass().add("canvas-hint");
        hint.setMouseTransparent(true);
        getChildren().addAll(grid, content, hint);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);
        gestures = new CanvasGestures(this, doc);
        doc.revisionProperty().addListener((o, a, b) -> sync());
        doc.selectedOperators().addListener((javafx.collections.SetChangeListener<String>) ch -> showSelection());
        doc.selectedStreams().addListener((javafx.collections.SetChangeListener<Stream>) ch -> showSelection());
        pan.xProperty().addListener(o -> drawGrid());
        pan.yProperty().addListener(o -> drawGrid());
        zoom.xProperty().addListener(o -> {
            drawGrid();
            levelOfDetail();
        });
        setFocusTraversable(true);
        sync();
    }

    EditorDocument doc() {
        return doc;
    }

    Host host() {
        return host;
    }

    Group overlay() {
        return overlay;
    }

    public Map<String, OperatorNode> nodes() {
        return nodes;
    }

    public OperatorNode node(String id) {
        return nodes.get(id);
    }

    public Collection<StreamView> streamViews() {
        return streams.values();
    }

    public StreamView streamView(Stream s) {
        return streams.get(s);
    }

    /** The layer holding the whole drawing, for export snapshots. */
    public Group drawing() {
        return content;
    }

    public boolean isSnapToGrid() {
        return snapToGrid;
    }

    public void setSnapToGrid(boolean snap) {
        this.snapToGrid = snap;
    }

    public void setGridColor(Color c) {
        this.gridColor = c;
        drawGrid();
    }

    /** The model's types of the whole document (nested circuits included), or null before the first analysis. */
    InferredTypes types() {
        Analysis a = host.analysis();
        return a == null ? null : a.types();
    }

    // ---------------------------------------------------------------- model → scene

    /** Rebuilds the drawing from the model. */
    public void sync() {
        Circuit c = doc.current();
        Layout layout = doc.document().layout();
        Set<String> present = new HashSet<>();
        int i = 0;
        for (Operator op : c.operators()) {
            present.add(op.id());
            OperatorNode n = nodes.get(op.id());
            if (n == null || !n.operator().equals(op)) {
                if (n != null) {
                    nodeLayer.getChildren().remove(n);
                }
                n = new OperatorNode(op);
                n.showDetail(detailShown, portsShown);
                n.readableAt(zoom.getX());
                gestures.attach(n);
                nodeLayer.getChildren().add(n);
                nodes.put(op.id(), n);
            }
            Layout.Point p = layout.get(op.id());
            if (p == null) {
                p = new Layout.Point(40 + (i % 6) * 160, 40 + (i / 6) * 110);
            }
            n.setLayoutX(p.x());
            n.setLayoutY(p.y());
            i++;
        }
        nodes.entrySet().removeIf(e -> {
            boolean gone = !present.contains(e.getKey());
            if (gone) {
                nodeLayer.getChildren().remove(e.getValue());
            }
            return gone;
        });
        streams.clear();
        List<StreamView> views = new ArrayList<>();
        for (Stream s : c.streams()) {
            if (nodes.containsKey(s.from().op()) && nodes.containsKey(s.to().op())) {
                StreamView v = new StreamView(s);
                v.showHead(portsShown);
                gestures.attach(v);
                streams.put(s, v);
                views.add(v);
            }
        }
        streamLayer.getChildren().setAll(views);
        feedback = feedbackStreams(c);
        hint.setVisible(nodes.isEmpty());
        reroute(null);
        showSelection();
        showProblems();
    }

    /** Below this zoom, small texts (parameters, ids, port names) are not drawn. */
    public static final double DETAIL_ZOOM = 0.45;
    /** Below this zoom, ports and arrowheads are not drawn either. */
    public static final double PORT_ZOOM = 0.25;
    private boolean detailShown = true;
    private boolean portsShown = true;

    private void levelOfDetail() {
        nodes.values().forEach(n -> n.readableAt(zoom.getX()));
        boolean show = zoom.getX() >= DETAIL_ZOOM;
        boolean ports = zoom.getX() >= PORT_ZOOM;
        if (show != detailShown || ports != portsShown) {
            detailShown = show;
            portsShown = ports;
            nodes.values().forEach(n -> n.showDetail(show, ports));
            streams.values().forEach(v -> v.showHead(ports));
        }
    }

    /** Runs {@code s} with every detail drawn whatever the zoom (exports). */
    public <T> T withAllDetail(java.util.function.Supplier<T> s) {
        nodes.values().forEach(n -> {
            n.showDetail(true, true);
            n.readableAt(1);
        });
        streams.values().forEach(v -> v.showHead(true));
        try {
            return s.get();
        } finally {
            nodes.values().forEach(n -> {
                n.showDetail(detailShown, portsShown);
                n.readableAt(zoom.getX());
            });
            streams.values().forEach(v -> v.showHead(portsShown));
        }
    }

    private Set<Stream> feedback = Set.of();

    /**
     * The feedback streams of a circuit: those on a cycle with a strict operator (z⁻¹) at one end,
     * through which values go back in time. They are drawn dashed, each on a track of its own.
     */
    public static Set<Stream> feedbackStreams(Circuit c) {
        return Router.feedbackStreams(c);
    }

    /** Recomputes the routes of the streams touching {@code ops} (all when null), around every box. */
    void reroute(Set<String> ops) {
        List<Router.Rect> boxes = new ArrayList<>();
        for (OperatorNode n : nodes.values()) {
            boxes.add(new Router.Rect(n.getLayoutX(), n.getLayoutY(), n.boxWidth(), n.boxHeight()));
        }
        Map<String, Integer> lanes = new HashMap<>();
        int feedbackLane = 0;
        for (StreamView v : streams.values()) {
            Stream s = v.stream();
            OperatorNode a = nodes.get(s.from().op());
            OperatorNode b = nodes.get(s.to().op());
            boolean back = feedback.contains(s);
            // feedback streams: a track each; forward streams: a lane per source port
            int lane = back ? 1 + feedbackLane++ % 6
                    : lanes.computeIfAbsent(s.from().toString(), k -> lanes.size() % 3);
            if (ops != null && !ops.contains(a.operator().id()) && !ops.contains(b.operator().id())) {
                continue;
            }
            double sx = a.getLayoutX() + a.boxWidth();
            double tx = b.getLayoutX();
            double sy = a.getLayoutY() + Geometry.outputY(a.operator(), s.from().port());
            double ty = b.getLayoutY() + Geometry.inputY(b.operator(), s.to().port());
            List<Routes.Pt> route = Router.route(sx, sy, tx, ty, boxes, lane);
            if (route == null) {
                route = Routes.route(sx, sy, tx, ty,
                        new Routes.Box(a.getLayoutY(), a.getLayoutY() + a.boxHeight()),
                        new Routes.Box(b.getLayoutY(), b.getLayoutY() + b.boxHeight()), lane);
            }
            v.setRoute(route, back);
        }
    }

    private void showSelection() {
        nodes.forEach((id, n) -> n.setSelected(doc.selectedOperators().contains(id)));
        streams.forEach((s, v) -> v.setSelected(doc.selectedStreams().contains(s)));
    }

    /** Marks problems (from the last analysis) and unconnected ports on the drawing. */
    public void showProblems() {
        Analysis a = host.analysis();
        Map<String, StringBuilder> messages = new HashMap<>();
        Map<String, Boolean> errors = new HashMap<>();
        Set<String> badStreams = new HashSet<>();
        if (a != null) {
            for (Diagnostic d : a.diagnostics()) {
                for (String id : d.operators()) {
                    if (nodes.containsKey(id)) {
                        messages.computeIfAbsent(id, k -> new StringBuilder()).append(
                                messages.containsKey(id) && messages.get(id).length() > 0 ? "\n" : "").append(d.message());
                        errors.merge(id, d.isError(), Boolean::logicalOr);
                    }
                }
                badStreams.addAll(d.streams());
            }
        }
        Circuit c = doc.current();
        Set<PortRef> fed = new HashSet<>();
        Set<PortRef> used = new HashSet<>();
        c.streams().forEach(s -> {
            fed.add(s.to());
            used.add(s.from());
        });
        nodes.forEach((id, n) -> {
            StringBuilder m = messages.get(id);
            n.setProblem(m == null ? null : m.toString(), errors.getOrDefault(id, false));
            for (PortNode p : n.ports()) {
                p.mark("port-unconnected", p.isInput() && !fed.contains(p.ref()));
                p.mark("port-unused", !p.isInput() && !used.contains(p.ref()));
            }
        });
        streams.forEach((s, v) -> v.setError(badStreams.contains(s.id())));
    }

    /** The tooltip text of a stream: its ends and its type. */
    String describe(Stream s) {
        InferredTypes t = types();
        StreamType type = t == null ? null : t.typeOf(s);
        String extra = streamInfo.apply(s);
        return s.from() + " → " + s.to() + "\n" + (type == null ? "type unknown" : type.toString())
                + (extra == null ? "" : "\n" + extra);
    }

    private java.util.function.Function<Stream, String> streamInfo = s -> null;

    /** Extra lines for a stream's tooltip (the debugger's value at the current step); null adds nothing. */
    public void setStreamInfo(java.util.function.Function<Stream, String> info) {
        streamInfo = info == null ? s -> null : info;
    }

    // ---------------------------------------------------------------- viewport

    @Override
    protected void layoutChildren() {
        hint.autosize();
        hint.relocate(Math.max(0, (getWidth() - hint.getWidth()) / 2), Math.max(0, (getHeight() - hint.getHeight()) / 2));
        if (grid.getWidth() != getWidth() || grid.getHeight() != getHeight()) {
            grid.setWidth(getWidth());
            grid.setHeight(getHeight());
            drawGrid();
        }
    }

    private void drawGrid() {
        GraphicsContext g = grid.getGraphicsContext2D();
        double w = grid.getWidth();
        double h = grid.getHeight();
        g.clearRect(0, 0, w, h);
        double step = Geometry.GRID * 2 * zoom.getX();
        while (step < 12) {
            step *= 5;
        }
        g.setStroke(gridColor);
        g.setLineWidth(1);
        double x0 = ((pan.getX() % step) + step) % step;
        double y0 = ((pan.getY() % step) + step) % step;
        for (double x = x0; x < w; x += step) {
            g.strokeLine(Math.floor(x) + 0.5, 0, Math.floor(x) + 0.5, h);
        }
        for (double y = y0; y < h; y += step) {
            g.strokeLine(0, Math.floor(y) + 0.5, w, Math.floor(y) + 0.5);
        }
    }

    public double zoomLevel() {
        return zoom.getX();
    }

    public Point2D panOffset() {
        return new Point2D(pan.getX(), pan.getY());
    }

    /** World coordinates of a scene point. */
    public Point2D toWorld(double sceneX, double sceneY) {
        return content.sceneToLocal(sceneX, sceneY);
    }

    /** Whether a scene point lies on the visible canvas. */
    public boolean containsScene(double sceneX, double sceneY) {
        Point2D p = sceneToLocal(sceneX, sceneY);
        return p != null && p.getX() >= 0 && p.getY() >= 0 && p.getX() < getWidth() && p.getY() < getHeight();
    }

    public void panBy(double dx, double dy) {
        pan.setX(pan.getX() + dx);
        pan.setY(pan.getY() + dy);
    }

    /** Zooms by {@code factor} keeping the point (x, y) of this canvas fixed. */
    public void zoomAt(double factor, double x, double y) {
        double s = zoom.getX();
        double ns = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, s * factor));
        double wx = (x - pan.getX()) / s;
        double wy = (y - pan.getY()) / s;
        zoom.setX(ns);
        zoom.setY(ns);
        pan.setX(x - wx * ns);
        pan.setY(y - wy * ns);
    }

    /** 100% zoom, keeping the middle of the view where it is. */
    public void actualSize() {
        zoomAt(1 / zoom.getX(), getWidth() / 2, getHeight() / 2);
    }

    public void zoomBy(double factor) {
        zoomAt(factor, getWidth() / 2, getHeight() / 2);
    }

    public void setView(double zoomLevel, double panX, double panY) {
        zoom.setX(zoomLevel);
        zoom.setY(zoomLevel);
        pan.setX(panX);
        pan.setY(panY);
    }

    /** Zooms and pans so that the whole circuit is visible (at most 100%). */
    public void fit() {
        if (nodes.isEmpty() || getWidth() <= 0) {
            setView(1, 0, 0);
            return;
        }
        Bounds b = drawingBounds();
        double s = Math.min((getWidth() - 60) / b.getWidth(), (getHeight() - 60) / b.getHeight());
        s = Math.max(MIN_ZOOM, Math.min(1.0, s));
        setView(s, getWidth() / 2 - b.getCenterX() * s, getHeight() / 2 - b.getCenterY() * s);
    }

    /** Bounds of boxes and streams in world coordinates. */
    public Bounds drawingBounds() {
        Bounds a = nodeLayer.getBoundsInParent();
        Bounds b = streamLayer.getBoundsInParent();
        if (streams.isEmpty()) {
            return a;
        }
        double minX = Math.min(a.getMinX(), b.getMinX());
        double minY = Math.min(a.getMinY(), b.getMinY());
        return new javafx.geometry.BoundingBox(minX, minY,
                Math.max(a.getMaxX(), b.getMaxX()) - minX, Math.max(a.getMaxY(), b.getMaxY()) - minY);
    }

    /** Pans so that the operator is in the middle of the canvas. */
    public void centerOn(String id) {
        OperatorNode n = nodes.get(id);
        if (n == null) {
            return;
        }
        double s = zoom.getX();
        double cx = n.getLayoutX() + n.boxWidth() / 2;
        double cy = n.getLayoutY() + n.boxHeight() / 2;
        pan.setX(getWidth() / 2 - cx * s);
        pan.setY(getHeight() / 2 - cy * s);
    }

    /** The world point at the middle of the visible area (where keyboard-created operators go). */
    public Point2D visibleCenter() {
        double s = zoom.getX();
        return new Point2D((getWidth() / 2 - pan.getX()) / s, (getHeight() / 2 - pan.getY()) / s);
    }

    /** The stream drawn within {@code tolerance} of the world point (x, y), or null. */
    public Stream streamAt(double x, double y, double tolerance) {
        Stream best = null;
        double bestD = tolerance;
        for (StreamView v : streams.values()) {
            List<Routes.Pt> r = v.route();
            for (int i = 1; i < r.size(); i++) {
                Routes.Pt a = r.get(i - 1);
                Routes.Pt b = r.get(i);
                double cx = Math.max(Math.min(a.x(), b.x()), Math.min(Math.max(a.x(), b.x()), x));
                double cy = Math.max(Math.min(a.y(), b.y()), Math.min(Math.max(a.y(), b.y()), y));
                double d = Math.hypot(x - cx, y - cy);
                if (d <= bestD) {
                    bestD = d;
                    best = v.stream();
                }
            }
        }
        return best;
    }

    /** The boxes drawn, except those of {@code except}. */
    public List<Router.Rect> boxes(Collection<String> except) {
        List<Router.Rect> r = new ArrayList<>();
        nodes.forEach((id, n) -> {
            if (!except.contains(id)) {
                r.add(new Router.Rect(n.getLayoutX(), n.getLayoutY(), n.boxWidth(), n.boxHeight()));
            }
        });
        return r;
    }

    /** Current layout positions of the given operators as drawn. */
    Map<String, Layout.Point> positions(Collection<String> ids) {
        Map<String, Layout.Point> m = new LinkedHashMap<>();
        for (String id : ids) {
            OperatorNode n = nodes.get(id);
            if (n != null) {
                m.put(id, new Layout.Point(n.getLayoutX(), n.getLayoutY()));
            }
        }
        return m;
    }
}
