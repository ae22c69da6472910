package org.dbspstudio.ide.canvas;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeSet;

/**
 * Orthogonal routes of streams around the operator boxes. A route leaves its output port to the
 * right, enters its input port from the left, and otherwise runs only along "channels" at a
 * clearance from every box, found by a shortest-path search (length plus a cost per bend) over
 * the grid of the boxes' channel lines. Each stream gets a clearance of its own ({@code lane}),
 * so streams that run side by side stay apart instead of sharing a track.
 */
public final class Router {
    /** A box, in world coordinates. */
    public record Rect(double x, double y, double w, double h) {
        public double right() {
            return x + w;
        }

        public double bottom() {
            return y + h;
        }
    }

    /** Clearance kept from boxes by lane 0. */
    public static final double CLEARANCE = 12;
    /** Extra clearance per lane. */
    public static final double LANE = 5;
    /** The cost of a bend, in pixels of length. */
    static final double BEND = 40;
    /** Above this many boxes, routes are not searched (the simple routes of {@link Routes} are used). */
    public static final int MAX_BOXES = 120;

    private Router() {
    }

    /**
     * A route from output port (sx, sy) to input port (tx, ty) that crosses no box, or null when
     * there is none (a port inside another box, or too many boxes).
     */
    public static List<Routes.Pt> route(double sx, double sy, double tx, double ty, List<Rect> boxes, int lane) {
        if (boxes.size() > MAX_BOXES) {
            return null;
        }
        double m = CLEARANCE + LANE * lane;
        Routes.Pt s = new Routes.Pt(sx + m + 2, sy);
        Routes.Pt e = new Routes.Pt(tx - m - 2, ty);
        if (blocked(sx + 1, sy, s.x(), sy, boxes, 0) || blocked(e.x(), ty, tx - 1, ty, boxes, 0)) {
            return null;
        }
        TreeSet<Double> xsSet = new TreeSet<>();
        TreeSet<Double> ysSet = new TreeSet<>();
        xsSet.add(s.x());
        xsSet.add(e.x());
        ysSet.add(s.y());
        ysSet.add(e.y());
        for (Rect r : boxes) {
            xsSet.add(r.x() - m);
            xsSet.add(r.right() + m);
            ysSet.add(r.y() - m);
            ysSet.add(r.bottom() + m);
        }
        double[] xs = xsSet.stream().mapToDouble(Double::doubleValue).toArray();
        double[] ys = ysSet.stream().mapToDouble(Double::doubleValue).toArray();
        int nx = xs.length;
        int ny = ys.length;
        boolean[] free = new boolean[nx * ny];
        for (int i = 0; i < nx; i++) {
            for (int j = 0; j < ny; j++) {
                free[i * ny + j] = !inside(xs[i], ys[j], boxes, m);
            }
        }
        int si = Arrays.binarySearch(xs, s.x());
        int sj = Arrays.binarySearch(ys, s.y());
        int ei = Arrays.binarySearch(xs, e.x());
        int ej = Arrays.binarySearch(ys, e.y());
        if (!free[si * ny + sj] || !free[ei * ny + ej]) {
            return null;
        }
        // Dijkstra over (node, direction): 0 = +x, 1 = -x, 2 = +y, 3 = -y
        int states = nx * ny * 4;
        double[] dist = new double[states];
        int[] prev = new int[states];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        Arrays.fill(prev, -1);
        PriorityQueue<double[]> q = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        int start = (si * ny + sj) * 4;
        dist[start] = 0;
        q.add(new double[] {0, start});
        int goal = -1;
        while (!q.isEmpty()) {
            double[] top = q.poll();
            int st = (int) top[1];
            if (top[0] > dist[st]) {
                continue;
            }
            int node = st / 4;
            int dir = st % 4;
            int i = node / ny;
            int j = node % ny;
            if (i == ei && j == ej) {
                // the last segment runs right into the input port: arriving leftwards would overlap
                if (dir != 1) {
                    goal = st;
                    break;
                }
            }
            for (int d = 0; d < 4; d++) {
                if ((dir ^ 1) == d) {
                    continue; // no U-turns
                }
                int ni = i + (d == 0 ? 1 : d == 1 ? -1 : 0);
                int nj = j + (d == 2 ? 1 : d == 3 ? -1 : 0);
                if (ni < 0 || nj < 0 || ni >= nx || nj >= ny || !free[ni * ny + nj]) {
                    continue;
                }
                if (blocked(xs[i], ys[j], xs[ni], ys[nj], boxes, m)) {
                    continue;
                }
                double cost = Math.abs(xs[ni] - xs[i]) + Math.abs(ys[nj] - ys[j])
                        + (d != dir ? BEND : 0);
                int ns = (ni * ny + nj) * 4 + d;
                double nd = dist[st] + cost;
                if (nd < dist[ns]) {
                    dist[ns] = nd;
                    prev[ns] = st;
                    q.add(new double[] {nd, ns});
                }
            }
        }
        if (goal < 0) {
            return null;
        }
        List<Routes.Pt> back = new ArrayList<>();
        for (int st = goal; st >= 0; st = prev[st]) {
            int node = st / 4;
            back.add(new Routes.Pt(xs[node / ny], ys[node % ny]));
        }
        List<Routes.Pt> pts = new ArrayList<>();
        pts.add(new Routes.Pt(sx, sy));
        for (int k = back.size() - 1; k >= 0; k--) {
            pts.add(back.get(k));
        }
        pts.add(new Routes.Pt(tx, ty));
        return simplify(pts);
    }

    /** Drops repeated points and points in the middle of straight runs. */
    static List<Routes.Pt> simplify(List<Routes.Pt> in) {
        List<Routes.Pt> out = new ArrayList<>();
        for (Routes.Pt p : in) {
            if (!out.isEmpty() && out.get(out.size() - 1).equals(p)) {
                continue;
            }
            if (out.size() >= 2) {
                Routes.Pt a = out.get(out.size() - 2);
                Routes.Pt b = out.get(out.size() - 1);
                if ((a.x() == b.x() && b.x() == p.x()) || (a.y() == b.y() && b.y() == p.y())) {
                    out.set(out.size() - 1, p);
                    continue;
                }
            }
            out.add(p);
        }
        return out;
    }

    private static boolean inside(double x, double y, List<Rect> boxes, double m) {
        for (Rect r : boxes) {
            if (x > r.x() - m + 0.01 && x < r.right() + m - 0.01 && y > r.y() - m + 0.01 && y < r.bottom() + m - 0.01) {
                return true;
            }
        }
        return false;
    }

    /** Whether the axis-parallel segment passes through a box grown by {@code m} (touching its edge is allowed). */
    static boolean blocked(double x1, double y1, double x2, double y2, List<Rect> boxes, double m) {
        double minX = Math.min(x1, x2);
        double maxX = Math.max(x1, x2);
        double minY = Math.min(y1, y2);
        double maxY = Math.max(y1, y2);
        for (Rect r : boxes) {
            double l = r.x() - m + 0.01;
            double rr = r.right() + m - 0.01;
            double t = r.y() - m + 0.01;
            double b = r.bottom() + m - 0.01;
            if (maxX > l && minX < rr && maxY > t && minY < b) {
                return true;
            }
        }
        return false;
    }

    /** Whether any segment of a route passes through the interior of a box. */
    public static boolean crossesAny(List<Routes.Pt> route, List<Rect> boxes) {
        for (int k = 1; k < route.size(); k++) {
            Routes.Pt a = route.get(k - 1);
            Routes.Pt b = route.get(k);
            if (blocked(a.x(), a.y(), b.x(), b.y(), boxes, -1)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The feedback streams of a circuit: those on a cycle with a strict operator (z⁻¹) at one end,
     * through which values go back in time. They are drawn dashed, each on a track of its own.
     */
    public static java.util.Set<org.dbspstudio.model.Stream> feedbackStreams(org.dbspstudio.model.Circuit c) {
        org.jgrapht.Graph<String, org.jgrapht.graph.DefaultEdge> g =
                new org.jgrapht.graph.DefaultDirectedGraph<>(org.jgrapht.graph.DefaultEdge.class);
        c.operatorIds().forEach(g::addVertex);
        for (org.dbspstudio.model.Stream s : c.streams()) {
            if (g.containsVertex(s.from().op()) && g.containsVertex(s.to().op()) && !s.from().op().equals(s.to().op())) {
                g.addEdge(s.from().op(), s.to().op());
            }
        }
        java.util.Map<String, Integer> component = new java.util.HashMap<>();
        var sccs = new org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector<>(g).stronglyConnectedSets();
        for (int i = 0; i < sccs.size(); i++) {
            for (String v : sccs.get(i)) {
                component.put(v, i);
            }
        }
        java.util.Set<org.dbspstudio.model.Stream> out = new java.util.LinkedHashSet<>();
        for (org.dbspstudio.model.Stream s : c.streams()) {
            org.dbspstudio.model.Operator a = c.op(s.from().op());
            org.dbspstudio.model.Operator b = c.op(s.to().op());
            if (a == null || b == null) {
                continue;
            }
            boolean cycle = s.from().op().equals(s.to().op())
                    || java.util.Objects.equals(component.get(a.id()), component.get(b.id()));
            if (cycle && (a.kind().strict() || b.kind().strict())) {
                out.add(s);
            }
        }
        return out;
    }

}
