package org.dbspstudio.ide.canvas;

import java.util.List;
import org.dbspstudio.model.Operator;

/**
 * Sizes of operator boxes and positions of their ports, shared by the canvas, the SVG export and
 * the auto-layout so that all three draw the same picture. Coordinates are relative to the box's
 * top-left corner; inputs sit on the left edge, outputs on the right edge.
 */
public final class Geometry {
    public static final double GRID = 10;
    public static final double PORT_RADIUS = 5;
    public static final double MIN_WIDTH = 96;
    public static final double MAX_WIDTH = 220;
    public static final double PORT_SPACING = 22;
    public static final double MIN_HEIGHT = 62;
    private static final double CHAR_WIDTH = 6.6;

    private Geometry() {
    }

    /** The parameter text drawn under the glyph (the label without its leading glyph). */
    public static String detail(Operator op) {
        String label = op.label();
        String glyph = op.kind().glyph();
        if (label.equals(glyph)) {
            return "";
        }
        if (label.startsWith(glyph + " ")) {
            label = label.substring(glyph.length() + 1);
        }
        return label;
    }

    /** The detail text, shortened with an ellipsis to fit the widest box. */
    public static String shortDetail(Operator op) {
        String d = detail(op);
        int max = (int) ((MAX_WIDTH - 20) / CHAR_WIDTH);
        return d.length() > max ? d.substring(0, max - 1) + "…" : d;
    }

    public static double width(Operator op) {
        double text = Math.max(Math.max(shortDetail(op).length() * CHAR_WIDTH, op.id().length() * 6.4),
                op.kind().glyph().length() * 11.5);
        double in = showPortNames(op.inputPorts()) ? longest(op.inputPorts()) * 6.4 + 10 : 0;
        double out = showPortNames(op.outputPorts()) ? longest(op.outputPorts()) * 6.4 + 10 : 0;
        return snapUp(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, text + 2 * Math.max(in, out) + 20)));
    }

    public static double height(Operator op) {
        int n = Math.max(op.inputPorts().size(), op.outputPorts().size());
        return snapUp(Math.max(MIN_HEIGHT, n * PORT_SPACING + 14));
    }

    /** Y of the i-th of n ports relative to the box top. */
    public static double portY(Operator op, int i, int n) {
        double h = height(op);
        if (n == 1) {
            return h / 2;
        }
        double span = (n - 1) * PORT_SPACING;
        return (h - span) / 2 + i * PORT_SPACING;
    }

    public static double inputY(Operator op, String port) {
        List<String> ports = op.inputPorts();
        return portY(op, Math.max(0, ports.indexOf(port)), Math.max(1, ports.size()));
    }

    public static double outputY(Operator op, String port) {
        List<String> ports = op.outputPorts();
        return portY(op, Math.max(0, ports.indexOf(port)), Math.max(1, ports.size()));
    }

    /** Whether port names are worth printing next to the port (several ports, or non-default names). */
    public static boolean showPortNames(List<String> ports) {
        return ports.size() > 1 || (ports.size() == 1 && !ports.get(0).equals("in") && !ports.get(0).equals("out"));
    }

    public static double snap(double v) {
        return Math.round(v / GRID) * GRID;
    }

    private static double snapUp(double v) {
        return Math.ceil(v / GRID) * GRID;
    }

    private static int longest(List<String> names) {
        return names.stream().mapToInt(String::length).max().orElse(0);
    }
}
