package org.dbspstudio.ide.doc;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.rewrite.Expansions;

/**
 * Edits that change the shape of a circuit: grouping operators into a nested circuit (streams
 * crossing the boundary go through new {@code δ₀} / {@code ∫} operators) and expanding {@code I}
 * and {@code D} into their definitions ({@code I = fix α. s + z⁻¹(α)}, {@code D = s − z⁻¹(s)})
 * with the model's {@link Expansions}.
 */
public final class Restructure {
    private Restructure() {
    }

    /** Moves the selected operators of the current circuit into a new nested circuit. */
    public static Command group(EditorDocument doc, Collection<String> selection) {
        Circuit c = doc.current();
        List<String> ids = c.operatorIds().stream().filter(selection::contains).toList();
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("select the operators to group first");
        }
        DocState before = DocState.of(doc);
        Circuit top = doc.document().circuit();
        Layout layout = doc.document().layout();
        String nestedId = top.freshId("nested");
        Circuit child = new Circuit();
        List<Stream> all = new ArrayList<>(c.streams());
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        for (String id : ids) {
            Operator op = c.op(id);
            Layout.Point p = layout.get(id);
            if (p != null) {
                minX = Math.min(minX, p.x());
                minY = Math.min(minY, p.y());
                maxX = Math.max(maxX, p.x() + Geometry.width(op));
            }
            c.remove(id);
            child.add(op);
        }
        if (minX == Double.MAX_VALUE) {
            minX = 100;
            minY = 100;
            maxX = 200;
        }
        Circuit outer = c;
        List<Stream> outerStreams = new ArrayList<>();
        Map<PortRef, String> inPorts = new LinkedHashMap<>();
        Map<PortRef, String> outPorts = new LinkedHashMap<>();
        List<String> reserved = new ArrayList<>();
        for (Stream s : all) {
            boolean from = ids.contains(s.from().op());
            boolean to = ids.contains(s.to().op());
            if (from && to) {
                child.connect(s);
            } else if (to) {
                String port = inPorts.get(s.from());
                if (port == null) {
                    port = portName("in", inPorts.size());
                    inPorts.put(s.from(), port);
                    String d = fresh(top, child, reserved, "delta0");
                    child.add(Operator.of(d, OpKind.DELTA0, "port", port));
                    Layout.Point target = layout.get(s.to().op());
                    layout.put(d, Geometry.snap(minX - 160), target == null ? minY : target.y());
                    outerStreams.add(new Stream(s.from(), new PortRef(nestedId, port)));
                }
                String delta = deltaFor(child, port);
                child.connect(new Stream(new PortRef(delta, "out"), s.to()));
            } else if (from) {
                String port = outPorts.get(s.from());
                if (port == null) {
                    port = portName("out", outPorts.size());
                    outPorts.put(s.from(), port);
                    String i = fresh(top, child, reserved, "integral");
                    child.add(Operator.of(i, OpKind.INTEGRAL, "port", port));
                    Layout.Point source = layout.get(s.from().op());
                    layout.put(i, Geometry.snap(maxX + 70), source == null ? minY : source.y());
                    child.connect(new Stream(s.from(), new PortRef(i, "in")));
                }
                outerStreams.add(new Stream(new PortRef(nestedId, port), s.to()));
            }
        }
        outer.add(Operator.nested(nestedId, child));
        layout.put(nestedId, Geometry.snap(minX), Geometry.snap(minY));
        outerStreams.forEach(outer::connect);
        doc.select(List.of(nestedId));
        return new SnapshotCommand("Group " + Edits.plural(ids.size(), "operator") + " into " + nestedId,
                before, DocState.of(doc));
    }

    private static String portName(String base, int index) {
        return index == 0 ? base : base + (index + 1);
    }

    private static String deltaFor(Circuit child, String port) {
        return child.operatorsOfKind(OpKind.DELTA0).stream().filter(o -> port.equals(o.params().string("port")))
                .findFirst().orElseThrow().id();
    }

    private static String fresh(Circuit top, Circuit child, List<String> reserved, String base) {
        String id = base;
        for (int i = 2; top.allOperators().containsKey(id) || child.allOperators().containsKey(id)
                || reserved.contains(id); i++) {
            id = base + "_" + i;
        }
        reserved.add(id);
        return id;
    }

    /**
     * Replaces an {@code I} or {@code D} of the current circuit by its definition with {@code z⁻¹},
     * rewired by the model's {@link Expansions}; one undoable command that also places the new
     * operators where the expanded one was.
     */
    public static Command expand(EditorDocument doc, String id) {
        Circuit c = doc.current();
        Operator op = c.op(id);
        if (op == null || (op.kind() != OpKind.INTEGRATE && op.kind() != OpKind.DIFFERENTIATE)) {
            throw new IllegalArgumentException("select an I or a D to expand");
        }
        DocState before = DocState.of(doc);
        Expansions.Expansion done = Expansions.expand(doc.document().circuit(), id);
        Layout layout = doc.document().layout();
        Layout.Point at = layout.get(id);
        layout.remove(id);
        double x = at == null ? 100 : at.x();
        double y = at == null ? 100 : at.y();
        String main = done.created().get(0);
        String z = done.created().get(1);
        layout.put(main, x, y);
        layout.put(z, op.kind() == OpKind.INTEGRATE ? x + 20 : x - 130, y + 100);
        doc.select(done.created());
        return new SnapshotCommand("Expand " + op.kind().glyph() + " " + id + " into its definition",
                before, DocState.of(doc));
    }
}
