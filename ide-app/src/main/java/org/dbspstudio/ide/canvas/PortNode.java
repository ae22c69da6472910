package org.dbspstudio.ide.canvas;

import javafx.scene.shape.Circle;
import org.dbspstudio.model.PortRef;

/** A port circle on an operator box; knows which port it is and its direction. */
public final class PortNode extends Circle {
    private final PortRef ref;
    private final boolean input;

    PortNode(PortRef ref, boolean input, double x, double y) {
        super(x, y, Geometry.PORT_RADIUS);
        this.ref = ref;
        this.input = input;
        getStyleClass().addAll("port", input ? "port-in" : "port-out");
        setId("port-" + ref.op() + "-" + ref.port() + (input ? "-in" : "-out"));
    }

    public PortRef ref() {
        return ref;
    }

    public boolean isInput() {
        return input;
    }

    /** Sets one of the mutually exclusive drag-feedback styles ("port-compatible", "port-incompatible") or none. */
    void feedback(String style) {
        getStyleClass().removeAll("port-compatible", "port-incompatible");
        if (style != null) {
            getStyleClass().add(style);
        }
    }

    void mark(String style, boolean on) {
        if (on && !getStyleClass().contains(style)) {
            getStyleClass().add(style);
        } else if (!on) {
            getStyleClass().remove(style);
        }
    }
}
