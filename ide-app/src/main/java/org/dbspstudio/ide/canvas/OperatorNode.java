package org.dbspstudio.ide.canvas;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.Group;
import javafx.scene.control.Tooltip;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * The drawing of one operator: a rounded box with the kind's glyph, the parameter summary, the
 * id, and port circles (inputs left, outputs right). Positioned with layoutX/Y in world units.
 */
public final class OperatorNode extends Group {
    private final Operator op;
    private final Rectangle box;
    private final List<PortNode> ports = new ArrayList<>();
    private Tooltip problem;
    private final Text id;

    OperatorNode(Operator op) {
        this.op = op;
        double w = Geometry.width(op);
        double h = Geometry.height(op);
        setId("op-" + op.id());
        getStyleClass().addAll("op", "op-" + op.kind().category().name().toLowerCase().replace('_', '-'));
        box = new Rectangle(w, h);
        box.setArcWidth(12);
        box.setArcHeight(12);
        box.getStyleClass().add("op-box");
        getChildren().add(box);
        if (op.kind() == OpKind.NESTED) {
            Rectangle inner = new Rectangle(4, 4, w - 8, h - 8);
            inner.setArcWidth(8);
            inner.setArcHeight(8);
            inner.getStyleClass().add("op-nested-frame");
            inner.setMouseTransparent(true);
            getChildren().add(inner);
        }
        String detail = Geometry.shortDetail(op);
        Text glyph = text(op.kind().glyph(), "op-glyph", w, detail.isEmpty() ? h / 2 - 6 : h / 2 - 12);
        id = text(op.id(), "op-id", w, h - 9);
        getChildren().addAll(glyph, id);
        if (!detail.isEmpty()) {
            getChildren().add(text(detail, "op-detail", w, h / 2 + 9));
        }
        List<String> in = op.inputPorts();
        for (int i = 0; i < in.size(); i++) {
            double y = Geometry.portY(op, i, in.size());
            PortNode p = new PortNode(new PortRef(op.id(), in.get(i)), true, 0, y);
            ports.add(p);
            if (Geometry.showPortNames(in)) {
                Text t = new Text(8, y, in.get(i));
                t.setFont(SMALL);
                t.setTextOrigin(VPos.CENTER);
                t.getStyleClass().add("port-name");
                t.setMouseTransparent(true);
                getChildren().add(t);
            }
        }
        List<String> out = op.outputPorts();
        for (int i = 0; i < out.size(); i++) {
            double y = Geometry.portY(op, i, out.size());
            PortNode p = new PortNode(new PortRef(op.id(), out.get(i)), false, w, y);
            ports.add(p);
            if (Geometry.showPortNames(out)) {
                Text t = new Text(0, y, out.get(i));
                t.setFont(SMALL);
                t.setTextOrigin(VPos.CENTER);
                t.getStyleClass().add("port-name");
                t.setLayoutX(w - 8 - t.getLayoutBounds().getWidth());
                t.setMouseTransparent(true);
                getChildren().add(t);
            }
        }
        getChildren().addAll(ports);
    }

    private static final Font GLYPH = Font.font("Serif", 20);
    private static final Font DETAIL = Font.font("System", 11);
    private static final Font SMALL = Font.font("System", 10.5);

    /**
     * The smallest size, in screen pixels, an operator id is drawn at: zoomed out further (a
     * large or nested circuit fitted to the window), the id is enlarged and moves under its box,
     * where it has room, as a caption.
     */
    public static final double MIN_ID_PX = 10;

    /** Keeps the id readable at a zoom level (1 = 100%). */
    void readableAt(double zoom) {
        double scale = Math.max(1, MIN_ID_PX / (SMALL.getSize() * zoom));
        if (scale == id.getScaleX()) {
            return;
        }
        id.setScaleX(scale);
        id.setScaleY(scale);
        double h = box.getHeight();
        // scaling keeps the text's centre; as a caption the top of the text sits just under the box
        id.setLayoutY(scale > 1 ? h + 1 + id.getLayoutBounds().getHeight() * scale / 2 : h - 9);
        toggle("op-id-below", scale > 1);
    }

    /** The id as drawn (tests measure it). */
    public Text idText() {
        return id;
    }

    private static Text text(String s, String style, double w, double y) {
        Text t = new Text(s);
        t.getStyleClass().add(style);
        t.setFont(style.equals("op-glyph") ? GLYPH : style.equals("op-detail") ? DETAIL : SMALL);
        t.setTextOrigin(VPos.CENTER);
        t.setTextAlignment(TextAlignment.CENTER);
        t.setLayoutX((w - t.getLayoutBounds().getWidth()) / 2);
        t.setLayoutY(y);
        t.setMouseTransparent(true);
        return t;
    }

    public Operator operator() {
        return op;
    }

    public List<PortNode> ports() {
        return ports;
    }

    public double boxWidth() {
        return box.getWidth();
    }

    public double boxHeight() {
        return box.getHeight();
    }

    void setSelected(boolean on) {
        toggle("selected", on);
    }

    /** Marks the operator as part of a problem, with the message as tooltip; null clears it. */
    void setProblem(String message, boolean error) {
        toggle("op-error", message != null && error);
        toggle("op-warning", message != null && !error);
        if (message == null) {
            if (problem != null) {
                Tooltip.uninstall(this, problem);
                problem = null;
            }
        } else {
            if (problem == null) {
                problem = new Tooltip();
                problem.setWrapText(true);
                problem.setMaxWidth(520);
                Tooltip.install(this, problem);
            }
            problem.setText(message);
        }
    }

    /** Shows or hides the small texts (zoomed far out they are unreadable and slow to draw). */
    void showDetail(boolean show, boolean ports) {
        for (var n : getChildren()) {
            if (n instanceof Text t && !t.getStyleClass().contains("op-glyph")) {
                t.setVisible(show);
            } else if (n instanceof PortNode p) {
                p.setVisible(ports);
            }
        }
    }

    private void toggle(String style, boolean on) {
        if (on && !getStyleClass().contains(style)) {
            getStyleClass().add(style);
        } else if (!on) {
            getStyleClass().remove(style);
        }
    }
}
