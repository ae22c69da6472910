package org.dbspstudio.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * Readability of a sample's layout: every operator (nested ones included) has a position, boxes
 * of one circuit do not overlap, and data flows left to right except along feedback edges (those
 * leaving or entering a delay). Box sizes are estimated like the editor's: 96–220 wide by the
 * label, at least 62 high.
 */
final class LayoutCheck {
    private LayoutCheck() {
    }

    static void check(CircuitDocument doc) {
        List<String> problems = new ArrayList<>();
        check(doc.circuit(), doc.layout(), problems);
        assertThat(problems).as("layout problems").isEmpty();
    }

    private static void check(Circuit c, Layout layout, List<String> problems) {
        List<Operator> ops = new ArrayList<>(c.operators());
        for (Operator op : ops) {
            if (layout.get(op.id()) == null) {
                problems.add(op.id() + " has no position");
            }
            if (op.child() != null) {
                check(op.child(), layout, problems);
            }
        }
        for (int i = 0; i < ops.size(); i++) {
            for (int j = i + 1; j < ops.size(); j++) {
                Operator a = ops.get(i);
                Operator b = ops.get(j);
                Layout.Point pa = layout.get(a.id());
                Layout.Point pb = layout.get(b.id());
                if (pa != null && pb != null && overlap(a, pa, b, pb)) {
                    problems.add(a.id() + " overlaps " + b.id());
                }
            }
        }
        for (Stream s : c.streams()) {
            Layout.Point from = layout.get(s.from().op());
            Layout.Point to = layout.get(s.to().op());
            boolean feedback = c.op(s.from().op()).kind() == OpKind.DELAY || c.op(s.to().op()).kind() == OpKind.DELAY;
            if (from != null && to != null && !feedback && from.x() >= to.x()) {
                problems.add("stream " + s + " runs right to left");
            }
        }
    }

    private static boolean overlap(Operator a, Layout.Point pa, Operator b, Layout.Point pb) {
        return pa.x() < pb.x() + width(b) && pb.x() < pa.x() + width(a)
                && pa.y() < pb.y() + height(b) && pb.y() < pa.y() + height(a);
    }

    static double width(Operator op) {
        int chars = Math.max(op.label().length(), op.id().length());
        return Math.min(220, Math.max(96, chars * 6.6 + 24));
    }

    static double height(Operator op) {
        int ports = Math.max(op.inputPorts().size(), op.outputPorts().size());
        return Math.max(62, ports * 22 + 14);
    }
}
