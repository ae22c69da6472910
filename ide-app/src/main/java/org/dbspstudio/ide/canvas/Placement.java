package org.dbspstudio.ide.canvas;

import java.util.List;

/**
 * Where a box may go: the free position nearest to the one wanted, keeping a gap to every other
 * box (searched ring by ring on the grid), so that new and dropped boxes never overlap.
 */
public final class Placement {
    /** The gap kept between boxes. */
    public static final double GAP = 20;

    private Placement() {
    }

    /** Whether a box of size (w, h) at (x, y) keeps the gap to every box of {@code others}. */
    public static boolean isFree(double x, double y, double w, double h, List<Router.Rect> others) {
        for (Router.Rect r : others) {
            if (x < r.right() + GAP && x + w > r.x() - GAP && y < r.bottom() + GAP && y + h > r.y() - GAP) {
                return false;
            }
        }
        return true;
    }

    /** The free grid position nearest to (x, y) for a box of size (w, h). */
    public static Router.Rect nearestFree(double x, double y, double w, double h, List<Router.Rect> others) {
        double x0 = Geometry.snap(x);
        double y0 = Geometry.snap(y);
        if (isFree(x0, y0, w, h, others)) {
            return new Router.Rect(x0, y0, w, h);
        }
        double step = Geometry.GRID;
        for (int ring = 1; ring < 400; ring++) {
            Router.Rect best = null;
            double bestD = Double.MAX_VALUE;
            for (int i = -ring; i <= ring; i++) {
                for (int[] d : new int[][] {{i, -ring}, {i, ring}, {-ring, i}, {ring, i}}) {
                    double cx = x0 + d[0] * step;
                    double cy = y0 + d[1] * step;
                    double dist = Math.hypot(cx - x0, cy - y0);
                    if (dist < bestD && isFree(cx, cy, w, h, others)) {
                        best = new Router.Rect(cx, cy, w, h);
                        bestD = dist;
                    }
                }
            }
            if (best != null) {
                return best;
            }
        }
        return new Router.Rect(x0, y0, w, h);
    }

    /** The smallest grid offset that puts every box of {@code moving} clear of {@code others} ({0, 0} when they are). */
    public static double[] nearestFreeOffset(List<Router.Rect> moving, List<Router.Rect> others) {
        if (allFree(moving, 0, 0, others)) {
            return new double[] {0, 0};
        }
        double step = Geometry.GRID;
        for (int ring = 1; ring < 400; ring++) {
            double[] best = null;
            double bestD = Double.MAX_VALUE;
            for (int i = -ring; i <= ring; i++) {
                for (int[] d : new int[][] {{i, -ring}, {i, ring}, {-ring, i}, {ring, i}}) {
                    double dx = d[0] * step;
                    double dy = d[1] * step;
                    double dist = Math.hypot(dx, dy);
                    if (dist < bestD && allFree(moving, dx, dy, others)) {
                        best = new double[] {dx, dy};
                        bestD = dist;
                    }
                }
            }
            if (best != null) {
                return best;
            }
        }
        return new double[] {0, 0};
    }

    private static boolean allFree(List<Router.Rect> moving, double dx, double dy, List<Router.Rect> others) {
        for (Router.Rect r : moving) {
            if (!isFree(r.x() + dx, r.y() + dy, r.w(), r.h(), others)) {
                return false;
            }
        }
        return true;
    }
}
