package org.dbspstudio.ide.sql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.ide.canvas.Placement;
import org.dbspstudio.ide.canvas.Router;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * Positions for a regenerated circuit: an operator whose id was on screen before keeps its
 * position (also one that was missing for a while, e.g. while its view did not compile); a new
 * operator goes right of its inputs — else where the front end's layering put it — at the nearest
 * place free of other boxes. No JavaFX.
 */
public final class KeptPositions {
    /** The last position of every operator id ever shown in this editor. */
    private final Map<String, Layout.Point> remembered = new HashMap<>();

    /** Remembers the positions of a layout (the one on screen before a regeneration). */
    public void remember(Layout layout) {
        remembered.putAll(layout.positions());
    }

    public boolean knows(String id) {
        return remembered.containsKey(id);
    }

    /** The layout of {@code generated}: kept positions, new operators placed by {@code fresh}'s hints. */
    public Layout place(Circuit generated, Layout fresh) {
        Layout out = new Layout();
        List<Router.Rect> boxes = new ArrayList<>();
        List<Operator> newcomers = new ArrayList<>();
        for (Operator op : generated.operators()) {
            Layout.Point p = remembered.get(op.id());
            if (p != null) {
                out.put(op.id(), p.x(), p.y());
                boxes.add(new Router.Rect(p.x(), p.y(), Geometry.width(op), Geometry.height(op)));
            } else {
                newcomers.add(op);
            }
        }
        // operators come after their inputs, so an input placed first anchors the next one
        for (Operator op : newcomers) {
            double x;
            double y;
            Layout.Point anchor = rightmostInput(generated, op, out);
            if (anchor != null) {
                x = anchor.x() + 220;
                y = anchor.y();
            } else {
                Layout.Point hint = fresh.get(op.id());
                x = hint == null ? 40 : hint.x();
                y = hint == null ? 40 : hint.y();
            }
            double w = Geometry.width(op);
            double h = Geometry.height(op);
            Router.Rect r = Placement.nearestFree(x, y, w, h, boxes);
            out.put(op.id(), r.x(), r.y());
            boxes.add(r);
        }
        remember(out);
        return out;
    }

    private static Layout.Point rightmostInput(Circuit c, Operator op, Layout placed) {
        Layout.Point best = null;
        for (Stream s : c.streams()) {
            if (s.to().op().equals(op.id())) {
                Layout.Point p = placed.get(s.from().op());
                if (p != null && (best == null || p.x() > best.x())) {
                    best = p;
                }
            }
        }
        return best;
    }

    /** Copies the remembered positions (for tests). */
    Map<String, Layout.Point> remembered() {
        return new HashMap<>(remembered);
    }
}
