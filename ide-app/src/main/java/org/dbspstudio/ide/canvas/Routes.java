package org.dbspstudio.ide.canvas;

import java.util.ArrayList;
import java.util.List;

/**
 * Orthogonal routes of streams. A forward stream (target to the right of the source) bends once
 * half-way; a feedback stream leaves to the right, runs back below both boxes, and enters its
 * target from the left, so it never crosses the boxes it connects.
 */
public final class Routes {
    /** Distance the route keeps from a port before turning. */
    public static final double STUB = 14;
    /** Distance below the lower box for feedback routes. */
    public static final double BELOW = 22;

    private Routes() {
    }

    public record Pt(double x, double y) {
    }

    /** A box's vertical extent, for routing around it. */
    public record Box(double top, double bottom) {
    }

    public static boolean isFeedback(double sx, double tx) {
        return tx < sx + 2 * STUB;
    }

    /**
     * @param sx,sy source (output port) point; tx,ty target (input port) point
     * @param src   source box; tgt target box
     * @param lane  0, 1, 2... spreads parallel feedback routes
     */
    public static List<Pt> route(double sx, double sy, double tx, double ty, Box src, Box tgt, int lane) {
        List<Pt> pts = new ArrayList<>();
        pts.add(new Pt(sx, sy));
        if (!isFeedback(sx, tx)) {
            double mx = Math.round((sx + tx) / 2);
            pts.add(new Pt(mx, sy));
            pts.add(new Pt(mx, ty));
            pts.add(new Pt(tx, ty));
            return pts;
        }
        double below = Math.max(src.bottom(), tgt.bottom()) + BELOW + lane * 8;
        double out = sx + STUB + lane * 4;
        double in = tx - STUB - lane * 4;
        pts.add(new Pt(out, sy));
        pts.add(new Pt(out, below));
        pts.add(new Pt(in, below));
        pts.add(new Pt(in, ty));
        pts.add(new Pt(tx, ty));
        return pts;
    }
}
