package org.dbspstudio.ide.canvas;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javafx.geometry.Point2D;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.shape.Polyline;
import javafx.scene.shape.Rectangle;
import org.dbspstudio.ide.analysis.PortRules;
import org.dbspstudio.ide.doc.ConnectCommand;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.doc.MoveCommand;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.typing.InferredTypes;

/**
 * Mouse gestures on the canvas: select (click, shift-click, rubber band), move (with snapping),
 * connect (drag from an output port to an input port, compatible inputs highlighted), pan (middle
 * or right drag, scroll) and zoom (Ctrl+wheel). Completed gestures become commands.
 */
final class CanvasGestures {
    private static final double PORT_HIT = 14;

    private final CircuitCanvas canvas;
    private final EditorDocument doc;

    // move
    private Point2D dragStart;
    private Map<String, Layout.Point> dragOrigins;
    private boolean moved;
    // connect
    private PortRef wireFrom;
    private Polyline wire;
    // rubber band / pan
    private Rectangle band;
    private Point2D bandStart;
    private Point2D panLast;
    private Point2D panStart;

    CanvasGestures(CircuitCanvas canvas, EditorDocument doc) {
        this.canvas = canvas;
        this.doc = doc;
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::backgroundPressed);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::backgroundDragged);
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::backgroundReleased);
        canvas.addEventHandler(ScrollEvent.SCROLL, this::scrolled);
    }

    void attach(OperatorNode n) {
        n.setOnMousePressed(e -> nodePressed(n, e));
        n.setOnMouseDragged(e -> nodeDragged(e));
        n.setOnMouseReleased(e -> nodeReleased(e));
        n.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2
                    && n.operator().kind() == OpKind.NESTED && !(e.getTarget() instanceof PortNode)) {
                doc.enter(n.operator().id());
                canvas.fit();
            }
            e.consume();
        });
    }

    void attach(StreamView v) {
        v.setOnMouseReleased(e -> {
            if (e.getButton() == MouseButton.SECONDARY) {
                canvas.showContextMenu(m -> m.forStream(v.stream()), e.getScreenX(), e.getScreenY());
            }
            e.consume();
        });
        v.setOnMousePressed(e -> {
            canvas.requestFocus();
            if (e.getButton() == MouseButton.SECONDARY && doc.selectedStreams().contains(v.stream())) {
                e.consume();
                return;
            }
            if (e.isShiftDown()) {
                if (!doc.selectedStreams().remove(v.stream())) {
                    doc.selectedStreams().add(v.stream());
                }
            } else {
                doc.selectedOperators().clear();
                doc.selectedStreams().clear();
                doc.selectedStreams().add(v.stream());
            }
            e.consume();
        });
        v.tooltip().setOnShowing(e -> v.tooltip().setText(canvas.describe(v.stream())));
        v.setOnMouseEntered(e -> canvas.host().status(canvas.describe(v.stream()).replace('\n', ' ')));
    }

    // ---------------------------------------------------------------- operators

    private void nodePressed(OperatorNode n, MouseEvent e) {
        canvas.requestFocus();
        e.consume();
        if (e.getButton() == MouseButton.SECONDARY) {
            String id = n.operator().id();
            if (!doc.selectedOperators().contains(id)) {
                doc.select(List.of(id));
            }
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        if (e.getTarget() instanceof PortNode p && !p.isInput()) {
            startWire(p, e);
            return;
        }
        String id = n.operator().id();
        if (e.isShiftDown() || e.isShortcutDown()) {
            if (!doc.selectedOperators().remove(id)) {
                doc.selectedOperators().add(id);
            }
        } else if (!doc.selectedOperators().contains(id)) {
            doc.select(List.of(id));
        }
        n.toFront();
        dragStart = canvas.toWorld(e.getSceneX(), e.getSceneY());
        dragOrigins = canvas.positions(doc.selectedOperators());
        moved = false;
    }

    private void nodeDragged(MouseEvent e) {
        e.consume();
        if (wire != null) {
            dragWire(e);
            return;
        }
        if (dragStart == null || dragOrigins == null) {
            return;
        }
        Point2D now = canvas.toWorld(e.getSceneX(), e.getSceneY());
        double dx = now.getX() - dragStart.getX();
        double dy = now.getY() - dragStart.getY();
        if (!moved && Math.hypot(dx, dy) < 2) {
            return;
        }
        moved = true;
        dragOrigins.forEach((id, p) -> {
            OperatorNode n = canvas.node(id);
            double x = p.x() + dx;
            double y = p.y() + dy;
            if (canvas.isSnapToGrid()) {
                x = Geometry.snap(x);
                y = Geometry.snap(y);
            }
            n.setLayoutX(x);
            n.setLayoutY(y);
        });
        canvas.reroute(dragOrigins.keySet());
    }

    private void nodeReleased(MouseEvent e) {
        e.consume();
        if (e.getButton() == MouseButton.SECONDARY && e.getSource() instanceof OperatorNode n) {
            canvas.showContextMenu(m -> m.forOperator(n.operator().id()), e.getScreenX(), e.getScreenY());
            return;
        }
        if (wire != null) {
            finishWire(e);
            return;
        }
        if (moved && dragOrigins != null) {
            // a drop never overlaps: the moved boxes go to the nearest free place
            List<Router.Rect> moving = canvas.boxes(canvas.nodes().keySet().stream()
                    .filter(id -> !dragOrigins.containsKey(id)).toList());
            double[] off = Placement.nearestFreeOffset(moving, canvas.boxes(dragOrigins.keySet()));
            if (off[0] != 0 || off[1] != 0) {
                for (String id : dragOrigins.keySet()) {
                    OperatorNode n = canvas.node(id);
                    n.setLayoutX(n.getLayoutX() + off[0]);
                    n.setLayoutY(n.getLayoutY() + off[1]);
                }
            }
            Map<String, Layout.Point> after = canvas.positions(dragOrigins.keySet());
            if (!after.equals(dragOrigins)) {
                doc.execute(new MoveCommand(dragOrigins, after));
            }
        }
        dragStart = null;
        dragOrigins = null;
        moved = false;
    }

    // ---------------------------------------------------------------- streams

    private void startWire(PortNode p, MouseEvent e) {
        wireFrom = p.ref();
        wire = new Polyline();
        wire.getStyleClass().add("wire");
        wire.setMouseTransparent(true);
        canvas.overlay().getChildren().add(wire);
        Circuit c = doc.current();
        InferredTypes types = canvas.types();
        for (OperatorNode n : canvas.nodes().values()) {
            for (PortNode in : n.ports()) {
                if (in.isInput()) {
                    in.feedback(PortRules.refusal(c, types, wireFrom, in.ref()).isEmpty()
                            ? "port-compatible" : "port-incompatible");
                }
            }
        }
        dragWire(e);
        canvas.host().status("Drag to an input port to connect " + wireFrom);
    }

    private Point2D portPoint(PortNode p) {
        OperatorNode n = canvas.node(p.ref().op());
        return new Point2D(n.getLayoutX() + p.getCenterX(), n.getLayoutY() + p.getCenterY());
    }

    private void dragWire(MouseEvent e) {
        PortNode from = findPort(wireFrom, false);
        if (from == null) {
            return;
        }
        Point2D a = portPoint(from);
        Point2D b = canvas.toWorld(e.getSceneX(), e.getSceneY());
        wire.getPoints().setAll(a.getX(), a.getY(), b.getX(), b.getY());
    }

    private void finishWire(MouseEvent e) {
        Point2D at = canvas.toWorld(e.getSceneX(), e.getSceneY());
        PortNode target = nearestInput(at).orElse(null);
        canvas.overlay().getChildren().remove(wire);
        wire = null;
        canvas.nodes().values().forEach(n -> n.ports().forEach(p -> p.feedback(null)));
        PortRef from = wireFrom;
        wireFrom = null;
        if (target == null) {
            canvas.host().status("Not connected: release the drag on an input port");
            return;
        }
        Optional<String> refusal = PortRules.refusal(doc.current(), canvas.types(), from, target.ref());
        if (refusal.isPresent()) {
            canvas.host().status("Cannot connect " + from + " → " + target.ref() + ": " + refusal.get());
            return;
        }
        doc.execute(new ConnectCommand(doc.currentPath(), new Stream(from, target.ref())));
        canvas.host().status("Connected " + from + " → " + target.ref());
    }

    private Optional<PortNode> nearestInput(Point2D at) {
        PortNode best = null;
        double bestD = PORT_HIT;
        for (OperatorNode n : canvas.nodes().values()) {
            for (PortNode p : n.ports()) {
                if (p.isInput()) {
                    double d = portPoint(p).distance(at);
                    if (d <= bestD) {
                        bestD = d;
                        best = p;
                    }
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private PortNode findPort(PortRef ref, boolean input) {
        OperatorNode n = canvas.node(ref.op());
        if (n == null) {
            return null;
        }
        return n.ports().stream().filter(p -> p.isInput() == input && p.ref().equals(ref)).findFirst().orElse(null);
    }

    // ---------------------------------------------------------------- background

    private void backgroundPressed(MouseEvent e) {
        canvas.requestFocus();
        if (e.getButton() == MouseButton.PRIMARY) {
            if (!e.isShiftDown()) {
                doc.selectedOperators().clear();
                doc.selectedStreams().clear();
            }
            bandStart = canvas.toWorld(e.getSceneX(), e.getSceneY());
            band = new Rectangle(bandStart.getX(), bandStart.getY(), 0, 0);
            band.getStyleClass().add("rubber-band");
            band.setMouseTransparent(true);
            canvas.overlay().getChildren().add(band);
        } else {
            panLast = new Point2D(e.getX(), e.getY());
            panStart = panLast;
        }
    }

    private void backgroundDragged(MouseEvent e) {
        if (band != null) {
            Point2D p = canvas.toWorld(e.getSceneX(), e.getSceneY());
            band.setX(Math.min(p.getX(), bandStart.getX()));
            band.setY(Math.min(p.getY(), bandStart.getY()));
            band.setWidth(Math.abs(p.getX() - bandStart.getX()));
            band.setHeight(Math.abs(p.getY() - bandStart.getY()));
        } else if (panLast != null) {
            canvas.panBy(e.getX() - panLast.getX(), e.getY() - panLast.getY());
            panLast = new Point2D(e.getX(), e.getY());
        }
    }

    private void backgroundReleased(MouseEvent e) {
        if (band != null) {
            canvas.overlay().getChildren().remove(band);
            if (band.getWidth() > 2 || band.getHeight() > 2) {
                Set<String> hit = new HashSet<>();
                canvas.nodes().forEach((id, n) -> {
                    if (band.getBoundsInParent().intersects(n.getLayoutX(), n.getLayoutY(), n.boxWidth(), n.boxHeight())) {
                        hit.add(id);
                    }
                });
                List<String> ordered = new ArrayList<>(doc.current().operatorIds());
                ordered.retainAll(hit);
                doc.selectedOperators().addAll(ordered);
                canvas.host().status(doc.selectedOperators().size() + " selected");
            }
            band = null;
        }
        if (panStart != null && e.getButton() == MouseButton.SECONDARY
                && panStart.distance(e.getX(), e.getY()) < 4) {
            Point2D world = canvas.toWorld(e.getSceneX(), e.getSceneY());
            canvas.showContextMenu(m -> m.forCanvas(world), e.getScreenX(), e.getScreenY());
        }
        panLast = null;
        panStart = null;
    }

    private void scrolled(ScrollEvent e) {
        if (e.isControlDown() || e.isShortcutDown()) {
            if (e.getDeltaY() != 0) {
                canvas.zoomAt(e.getDeltaY() > 0 ? 1.1 : 1 / 1.1, e.getX(), e.getY());
            }
        } else {
            canvas.panBy(e.isShiftDown() ? e.getDeltaY() : e.getDeltaX(), e.isShiftDown() ? 0 : e.getDeltaY());
        }
        e.consume();
    }
}
