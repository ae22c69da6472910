package org.dbspstudio.ide.doc;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.ide.canvas.Placement;
import org.dbspstudio.ide.canvas.Router;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/**
 * The structural edits of the editor, each building one undoable {@link Command}: delete, rename,
 * copy/paste fragments, group into a nested circuit and expand {@code I}/{@code D}.
 */
public final class Edits {
    private Edits() {
    }

    /** Deletes operators (with their streams) and streams from the current circuit. */
    public static Command delete(EditorDocument doc, Collection<String> ops, Collection<Stream> streams) {
        DocState before = DocState.of(doc);
        Circuit c = doc.current();
        streams.forEach(c::disconnect);
        for (String id : ops) {
            Operator op = c.op(id);
            if (op != null) {
                if (op.child() != null) {
                    op.child().forEachDeep(o -> doc.document().layout().remove(o.id()));
                }
                c.remove(id);
                doc.document().layout().remove(id);
            }
        }
        DocState after = DocState.of(doc);
        int n = ops.size() + streams.size();
        String what = ops.isEmpty() ? plural(streams.size(), "stream")
                : streams.isEmpty() ? plural(ops.size(), "operator") : plural(n, "item");
        return new SnapshotCommand("Delete " + what, before, after);
    }

    /**
     * Removes an operator with one input and one output and reconnects its source directly to
     * its targets ("delete and keep the flow"), e.g. taking the {@code z⁻¹} out of a feedback loop.
     */
    public static Command bypass(EditorDocument doc, String id) {
        Circuit c = doc.current();
        Operator op = c.op(id);
        if (op == null || op.inputPorts().size() != 1 || op.outputPorts().size() != 1) {
            throw new IllegalArgumentException("select one operator with one input and one output");
        }
        DocState before = DocState.of(doc);
        PortRef source = c.feeding(new PortRef(id, op.inputPorts().get(0))).map(Stream::from).orElse(null);
        List<PortRef> targets = c.streamsFrom(id).stream().map(Stream::to).toList();
        c.remove(id);
        doc.document().layout().remove(id);
        if (source != null) {
            targets.forEach(t -> c.connect(new Stream(source, t)));
        }
        return new SnapshotCommand("Remove " + op.kind().glyph() + " " + id + " and reconnect", before, DocState.of(doc));
    }

    /**
     * Puts a new operator with inputs and outputs on a stream: the stream's source feeds its first
     * input and its first output feeds the stream's target (one undoable edit).
     */
    public static Command insertOnStream(EditorDocument doc, Operator op, Layout.Point at, Stream s) {
        Circuit c = doc.current();
        if (op.inputPorts().isEmpty() || op.outputPorts().isEmpty() || !c.streams().contains(s)) {
            throw new IllegalArgumentException("only an operator with an input and an output can go on a stream");
        }
        DocState before = DocState.of(doc);
        c.add(op);
        doc.document().layout().put(op.id(), at.x(), at.y());
        c.disconnect(s);
        c.connect(new Stream(s.from(), new PortRef(op.id(), op.inputPorts().get(0))));
        c.connect(new Stream(new PortRef(op.id(), op.outputPorts().get(0)), s.to()));
        return new SnapshotCommand("Insert " + op.kind().glyph() + " " + op.id() + " into " + s.from() + " → " + s.to(),
                before, DocState.of(doc));
    }

    /** Renames an operator (its id), keeping its streams and position. */
    public static Command rename(EditorDocument doc, String oldId, String newId) {
        if (doc.document().circuit().allOperators().containsKey(newId)) {
            throw new IllegalArgumentException("the id " + newId + " is already used");
        }
        if (!newId.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("an id is a letter or _ followed by letters, digits or _");
        }
        DocState before = DocState.of(doc);
        Operator op = doc.current().op(oldId);
        doc.current().rename(oldId, newId);
        Layout.Point p = doc.document().layout().get(oldId);
        if (p != null) {
            doc.document().layout().remove(oldId).put(newId, p.x(), p.y());
        }
        Operator renamed = doc.current().op(newId);
        if (renamed != null && op != null) {
            move(doc, crowded(doc, renamed, op));
        }
        return new SnapshotCommand("Rename " + oldId + " to " + newId, before, DocState.of(doc));
    }

    /**
     * Replaces an operator of the current circuit by a version with other parameters. When its box
     * grows (a longer label, more ports) into its neighbours, they move right or down in the same
     * undoable edit.
     */
    public static Command setOperator(EditorDocument doc, Operator before, Operator after, String description) {
        Map<String, Layout.Point> moved = crowded(doc, after, before);
        if (moved.isEmpty()) {
            return new SetOperatorCommand(doc.currentPath(), before, after, description);
        }
        DocState state = DocState.of(doc);
        doc.current().replace(after);
        move(doc, moved);
        return new SnapshotCommand(description, state, DocState.of(doc));
    }

    /**
     * Where the boxes that {@code grown}'s box, at its current version's size, crowds now that it
     * is wider than {@code old}'s or taller, must go: first those to its right move right
     * ({@link Placement#pushRight}), then those below it move down ({@link Placement#pushDown}).
     * The document is not changed.
     */
    private static Map<String, Layout.Point> crowded(EditorDocument doc, Operator grown, Operator old) {
        return crowded(doc.current(), doc.document().layout(), grown, Geometry.width(old), Geometry.height(old));
    }

    /**
     * Where the boxes of {@code level} that {@code grown}'s box crowds, now that it is wider than
     * {@code oldWidth} or taller than {@code oldHeight}, must go; {@code layout} is not changed.
     */
    static Map<String, Layout.Point> crowded(Circuit level, Layout layout, Operator grown, double oldWidth,
            double oldHeight) {
        Map<String, Router.Rect> boxes = new LinkedHashMap<>();
        for (Operator o : level.operators()) {
            Operator shown = o.id().equals(grown.id()) ? grown : o;
            Layout.Point p = layout.get(o.id());
            if (p != null) {
                boxes.put(o.id(), new Router.Rect(p.x(), p.y(), Geometry.width(shown), Geometry.height(shown)));
            }
        }
        Map<String, Layout.Point> moved = new LinkedHashMap<>();
        Placement.pushRight(grown.id(), oldWidth, boxes).forEach((id, x) -> {
            Router.Rect r = boxes.get(id);
            boxes.put(id, new Router.Rect(x, r.y(), r.w(), r.h()));
            moved.put(id, new Layout.Point(x, r.y()));
        });
        Placement.pushDown(grown.id(), oldHeight, boxes).forEach((id, y) -> {
            Router.Rect r = boxes.get(id);
            boxes.put(id, new Router.Rect(r.x(), y, r.w(), r.h()));
            moved.put(id, new Layout.Point(r.x(), y));
        });
        return moved;
    }

    private static void move(EditorDocument doc, Map<String, Layout.Point> moved) {
        Layout layout = doc.document().layout();
        moved.forEach((o, p) -> layout.put(o, p.x(), p.y()));
    }

    /**
     * The selected operators as a stand-alone document: deep copies, the streams among them, and
     * their positions (nested children's too). This is what goes on the clipboard.
     */
    public static CircuitDocument fragment(EditorDocument doc, Collection<String> ids) {
        Circuit c = doc.current();
        Circuit out = new Circuit();
        Layout layout = new Layout();
        for (Operator op : c.operators()) {
            if (ids.contains(op.id())) {
                out.add(op.copy());
                copyPositions(doc.document().layout(), layout, op);
            }
        }
        for (Stream s : c.streams()) {
            if (ids.contains(s.from().op()) && ids.contains(s.to().op())) {
                out.connect(s);
            }
        }
        return new CircuitDocument("clipboard", out).setLayout(layout);
    }

    private static void copyPositions(Layout from, Layout to, Operator op) {
        Layout.Point p = from.get(op.id());
        if (p != null) {
            to.put(op.id(), p.x(), p.y());
        }
        if (op.child() != null) {
            op.child().operators().forEach(o -> copyPositions(from, to, o));
        }
    }

    /**
     * Adds a copy of {@code fragment} to the current circuit with fresh ids, shifted by
     * (dx, dy); nested children are renamed too.
     */
    public static AddCommand paste(EditorDocument doc, CircuitDocument fragment, double dx, double dy, String verb) {
        Circuit top = doc.document().circuit();
        Set<String> taken = new HashSet<>(top.allOperators().keySet());
        Map<String, String> renames = new HashMap<>();
        fragment.circuit().forEachDeep(o -> {
            String fresh = fresh(o.id(), taken);
            taken.add(fresh);
            renames.put(o.id(), fresh);
        });
        Circuit renamed = renameAll(fragment.circuit(), renames);
        Map<String, Layout.Point> positions = new LinkedHashMap<>();
        fragment.layout().positions().forEach((id, p) -> {
            if (renames.containsKey(id)) {
                positions.put(renames.get(id), new Layout.Point(p.x() + dx, p.y() + dy));
            }
        });
        List<Operator> ops = new ArrayList<>(renamed.operators());
        int n = ops.size();
        return new AddCommand(doc.currentPath(), ops, renamed.streams(), positions, verb + " " + plural(n, "operator"));
    }

    private static Circuit renameAll(Circuit c, Map<String, String> renames) {
        Circuit out = new Circuit();
        out.setInputMode(c.inputMode());
        for (Operator o : c.operators()) {
            Circuit child = o.child() == null ? null : renameAll(o.child(), renames);
            out.add(new Operator(renames.get(o.id()), o.kind(), o.params(), child));
        }
        for (Stream s : c.streams()) {
            out.connect(new Stream(new PortRef(renames.getOrDefault(s.from().op(), s.from().op()), s.from().port()),
                    new PortRef(renames.getOrDefault(s.to().op(), s.to().op()), s.to().port())));
        }
        return out;
    }

    private static String fresh(String base, Set<String> taken) {
        if (!taken.contains(base)) {
            return base;
        }
        String stem = base.replaceAll("_\\d+$", "");
        for (int i = 2; ; i++) {
            if (!taken.contains(stem + "_" + i)) {
                return stem + "_" + i;
            }
        }
    }

    static String plural(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
