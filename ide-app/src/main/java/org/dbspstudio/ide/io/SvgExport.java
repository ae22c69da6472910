package org.dbspstudio.ide.io;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.ide.canvas.Router;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.ide.canvas.Routes;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.jfree.svg.SVGGraphics2D;

/**
 * The circuit as SVG, drawn with JFreeSVG using the canvas's geometry and routes, so the file
 * shows the same boxes (coloured by palette group), glyphs, port names, routes and dashed
 * feedback streams as the screen (light colours).
 */
public final class SvgExport {
    private static final Color BOX = new Color(0xF6, 0xF8, 0xFA);
    private static final Color BORDER = new Color(0x57, 0x60, 0x6A);
    private static final Color TEXT = new Color(0x1F, 0x23, 0x28);
    private static final Color MUTED = new Color(0x65, 0x6D, 0x76);
    private static final Color LINE = new Color(0x42, 0x4A, 0x53);

    private SvgExport() {
    }

    public static String toSvg(Circuit c, Layout layout) {
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = 0;
        double maxY = 0;
        Map<String, Layout.Point> pos = new HashMap<>();
        int i = 0;
        for (Operator op : c.operators()) {
            Layout.Point p = layout.get(op.id());
            if (p == null) {
                p = new Layout.Point(40 + (i % 6) * 160, 40 + (i / 6) * 110);
            }
            i++;
            pos.put(op.id(), p);
            minX = Math.min(minX, p.x());
            minY = Math.min(minY, p.y());
            maxX = Math.max(maxX, p.x() + Geometry.width(op));
            maxY = Math.max(maxY, p.y() + Geometry.height(op) + Routes.BELOW + 40);
        }
        if (pos.isEmpty()) {
            minX = minY = 0;
            maxX = maxY = 100;
        }
        double margin = 20;
        double ox = margin - minX;
        double oy = margin - minY;
        SVGGraphics2D g = new SVGGraphics2D(maxX - minX + 2 * margin, maxY - minY + 2 * margin);
        g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, (int) Math.ceil(maxX - minX + 2 * margin), (int) Math.ceil(maxY - minY + 2 * margin));
        g.translate(ox, oy);
        drawStreams(g, c, pos);
        for (Operator op : c.operators()) {
            drawOperator(g, op, pos.get(op.id()));
        }
        return g.getSVGDocument();
    }

    private static void drawStreams(SVGGraphics2D g, Circuit c, Map<String, Layout.Point> pos) {
        // the same routes and feedback marks as the canvas: around every box, feedback dashed
        List<Router.Rect> boxes = new ArrayList<>();
        for (Operator op : c.operators()) {
            Layout.Point p = pos.get(op.id());
            boxes.add(new Router.Rect(p.x(), p.y(), Geometry.width(op), Geometry.height(op)));
        }
        Set<Stream> feedback = Router.feedbackStreams(c);
        Map<String, Integer> lanes = new HashMap<>();
        int feedbackLane = 0;
        for (Stream s : c.streams()) {
            Operator a = c.op(s.from().op());
            Operator b = c.op(s.to().op());
            if (a == null || b == null) {
                continue;
            }
            boolean back = feedback.contains(s);
            int lane = back ? 1 + feedbackLane++ % 6 : lanes.computeIfAbsent(s.from().toString(), k -> lanes.size() % 3);
            Layout.Point pa = pos.get(a.id());
            Layout.Point pb = pos.get(b.id());
            double sx = pa.x() + Geometry.width(a);
            double tx = pb.x();
            double sy = pa.y() + Geometry.outputY(a, s.from().port());
            double ty = pb.y() + Geometry.inputY(b, s.to().port());
            List<Routes.Pt> pts = Router.route(sx, sy, tx, ty, boxes, lane);
            if (pts == null) {
                pts = Routes.route(sx, sy, tx, ty, new Routes.Box(pa.y(), pa.y() + Geometry.height(a)),
                        new Routes.Box(pb.y(), pb.y() + Geometry.height(b)), lane);
            }
            Path2D.Double path = new Path2D.Double();
            path.moveTo(pts.get(0).x(), pts.get(0).y());
            for (int k = 1; k < pts.size(); k++) {
                double x = pts.get(k).x() - (k == pts.size() - 1 ? 7 : 0);
                path.lineTo(x, pts.get(k).y());
            }
            g.setColor(LINE);
            g.setStroke(back ? new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f)
                    : new BasicStroke(1.6f));
            g.draw(path);
            Routes.Pt end = pts.get(pts.size() - 1);
            double x = end.x() - Geometry.PORT_RADIUS + 1;
            Path2D.Double head = new Path2D.Double();
            head.moveTo(x, end.y());
            head.lineTo(x - 9, end.y() - 5);
            head.lineTo(x - 9, end.y() + 5);
            head.closePath();
            g.fill(head);
        }
    }

    /** The light theme's fill and border of a box, by palette group, as on the canvas. */
    static Color[] colours(Operator op) {
        return switch (op.kind().category().name()) {
            case "SOURCES_AND_SINKS" -> new Color[] {new Color(0xDC, 0xF7, 0xE3), new Color(0x2D, 0xA4, 0x4E)};
            case "STREAM_CALCULUS" -> new Color[] {new Color(0xDD, 0xF0, 0xFF), new Color(0x09, 0x69, 0xDA)};
            case "RELATIONAL", "SCALAR" -> new Color[] {new Color(0xFF, 0xF4, 0xC5), new Color(0xBF, 0x87, 0x00)};
            case "INCREMENTAL" -> new Color[] {new Color(0xF1, 0xE6, 0xFF), new Color(0x82, 0x50, 0xDF)};
            default -> new Color[] {BOX, BORDER};
        };
    }

    private static void drawOperator(SVGGraphics2D g, Operator op, Layout.Point p) {
        double w = Geometry.width(op);
        double h = Geometry.height(op);
        RoundRectangle2D box = new RoundRectangle2D.Double(p.x(), p.y(), w, h, 12, 12);
        Color[] colours = colours(op);
        g.setColor(colours[0]);
        g.fill(box);
        g.setColor(colours[1]);
        g.setStroke(new BasicStroke(op.kind() == OpKind.NESTED ? 2.2f : 1.2f));
        g.draw(box);
        if (op.kind() == OpKind.NESTED) {
            g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 3f}, 0f));
            g.draw(new RoundRectangle2D.Double(p.x() + 4, p.y() + 4, w - 8, h - 8, 8, 8));
        }
        String detail = Geometry.shortDetail(op);
        g.setColor(TEXT);
        centered(g, op.kind().glyph(), new Font(Font.SERIF, Font.PLAIN, 20), p.x() + w / 2,
                p.y() + (detail.isEmpty() ? h / 2 - 6 : h / 2 - 12));
        if (!detail.isEmpty()) {
            centered(g, detail, new Font(Font.SANS_SERIF, Font.PLAIN, 11), p.x() + w / 2, p.y() + h / 2 + 9);
        }
        g.setColor(MUTED);
        Font small = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
        centered(g, op.id(), small, p.x() + w / 2, p.y() + h - 9);
        g.setStroke(new BasicStroke(1.2f));
        List<String> in = op.inputPorts();
        for (int k = 0; k < in.size(); k++) {
            double y = p.y() + Geometry.portY(op, k, in.size());
            port(g, p.x(), y);
            if (Geometry.showPortNames(in)) {
                g.setColor(MUTED);
                g.setFont(small);
                FontMetrics m = g.getFontMetrics();
                g.drawString(in.get(k), (float) (p.x() + 8), (float) (y + (m.getAscent() - m.getDescent()) / 2.0));
            }
        }
        List<String> out = op.outputPorts();
        for (int k = 0; k < out.size(); k++) {
            double y = p.y() + Geometry.portY(op, k, out.size());
            port(g, p.x() + w, y);
            if (Geometry.showPortNames(out)) {
                g.setColor(MUTED);
                g.setFont(small);
                FontMetrics m = g.getFontMetrics();
                g.drawString(out.get(k), (float) (p.x() + w - 8 - m.stringWidth(out.get(k))),
                        (float) (y + (m.getAscent() - m.getDescent()) / 2.0));
            }
        }
    }

    private static void port(SVGGraphics2D g, double x, double y) {
        double r = Geometry.PORT_RADIUS;
        var circle = new java.awt.geom.Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r);
        g.setColor(Color.WHITE);
        g.fill(circle);
        g.setColor(BORDER);
        g.draw(circle);
    }

    private static void centered(SVGGraphics2D g, String text, Font font, double cx, double cy) {
        g.setFont(font);
        FontMetrics m = g.getFontMetrics();
        g.drawString(text, (float) (cx - m.stringWidth(text) / 2.0), (float) (cy + (m.getAscent() - m.getDescent()) / 2.0));
    }
}
