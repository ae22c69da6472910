package org.dbspstudio.ide.canvas;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a box may go: the free position nearest to the one wanted, keeping a gap to every other
 * box (searched ring by ring on the grid), so that new and dropped boxes never overlap; and, when a
 * box grows (a longer id or label, more ports), which boxes to its right or below it make room.
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

    /**
     * The boxes pushed right to make room for box {@code grown}, which has become wider than
     * {@code oldWidth}: every box that the wider box now crowds (and did not crowd before) moves
     * right as far as the wider box's right edge moved (at least far enough to keep the gap, on the
     * grid), so the room between them stays; and so on for the boxes those crowd in turn.
     * Boxes only ever move right, so nothing to the left of the grown box moves and the order of
     * boxes along a row is kept. Returns the new x of each box that moved (none when the box did not
     * grow or crowds nothing).
     *
     * @param boxes every box of the circuit shown, by operator id, {@code grown}'s at its new width
     */
    public static Map<String, Double> pushRight(String grown, double oldWidth, Map<String, Router.Rect> boxes) {
        Map<String, Double> moved = new LinkedHashMap<>();
        Router.Rect g = boxes.get(grown);
        if (g == null || g.w() <= oldWidth) {
            return moved;
        }
        Map<String, Router.Rect> was = new LinkedHashMap<>(boxes);
        was.put(grown, new Router.Rect(g.x(), g.y(), oldWidth, g.h()));
        Map<String, Router.Rect> now = new LinkedHashMap<>(boxes);
        Deque<String> pushing = new ArrayDeque<>();
        pushing.add(grown);
        int budget = 4 * (boxes.size() + 1) * (boxes.size() + 1);
        while (!pushing.isEmpty() && budget-- > 0) {
            String a = pushing.poll();
            Router.Rect ra = now.get(a);
            for (Map.Entry<String, Router.Rect> e : now.entrySet()) {
                String id = e.getKey();
                Router.Rect rb = e.getValue();
                // Only boxes that started at or right of the pusher, and that were clear of it before.
                if (id.equals(a) || id.equals(grown) || was.get(id).x() < was.get(a).x() || !crowds(ra, rb)
                        || crowds(was.get(a), was.get(id))) {
                    continue;
                }
                // As far as the pusher's right edge moved (so the room for the streams between them
                // stays), and at least far enough to keep the gap.
                double shift = ra.right() - was.get(a).right();
                double x = Math.max(was.get(id).x() + shift, Math.ceil((ra.right() + GAP) / Geometry.GRID) * Geometry.GRID);
                e.setValue(new Router.Rect(x, rb.y(), rb.w(), rb.h()));
                moved.put(id, x);
                pushing.add(id);
            }
        }
        return moved;
    }

    /**
     * The boxes pushed down to make room for box {@code grown}, which has become taller than
     * {@code oldHeight} (more ports): {@link #pushRight} with the axes swapped, so boxes only ever
     * move down and keep their room. Returns the new y of each box that moved.
     */
    public static Map<String, Double> pushDown(String grown, double oldHeight, Map<String, Router.Rect> boxes) {
        Map<String, Router.Rect> transposed = new LinkedHashMap<>();
        boxes.forEach((id, r) -> transposed.put(id, new Router.Rect(r.y(), r.x(), r.h(), r.w())));
        return pushRight(grown, oldHeight, transposed);
    }

    /** Whether {@code b} is closer to {@code a} than the gap (or overlaps it). */
    private static boolean crowds(Router.Rect a, Router.Rect b) {
        return b.x() < a.right() + GAP && b.right() > a.x() - GAP && b.y() < a.bottom() + GAP && b.bottom() > a.y() - GAP;
    }
}
