package org.dbspstudio.ide.doc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.Operator;

/**
 * An edit made inside a nested circuit, plus the room its nested operator needs one level up. A
 * nested operator's ports are its child's {@code δ₀} and {@code ∫} boundaries, so adding, renaming
 * or deleting one inside makes the box outside taller or wider; the boxes it then crowds at its own
 * level move right or down as they do when an operator's own parameters grow its box, in the same
 * undoable edit. Only that box can grow: a box's size depends on its ports, not on what is drawn
 * inside it, so the nested operators further up keep theirs.
 */
final class NestedGrowthCommand implements Command {
    private final Command inner;
    private final List<String> path;
    /** The positions, before this edit, of the boxes it moved (filled by {@link #execute}). */
    private Map<String, Layout.Point> movedFrom = Map.of();

    NestedGrowthCommand(Command inner, List<String> path) {
        this.inner = inner;
        this.path = List.copyOf(path);
    }

    @Override
    public String description() {
        return inner.description();
    }

    @Override
    public boolean changesCircuit() {
        return inner.changesCircuit();
    }

    @Override
    public void execute(EditorDocument doc) {
        int level = path.size() - 1;
        Operator grown = nestedAt(doc, level);
        double width = grown == null ? 0 : Geometry.width(grown);
        double height = grown == null ? 0 : Geometry.height(grown);
        inner.execute(doc);
        Operator nested = nestedAt(doc, level);
        Map<String, Layout.Point> from = new LinkedHashMap<>();
        if (grown != null && nested != null) {
            Layout layout = doc.document().layout();
            Edits.crowded(parentAt(doc, level), layout, nested, width, height).forEach((id, p) -> {
                from.put(id, layout.get(id));
                layout.put(id, p.x(), p.y());
            });
        }
        movedFrom = from;
    }

    @Override
    public void undo(EditorDocument doc) {
        Layout layout = doc.document().layout();
        movedFrom.forEach((id, p) -> layout.put(id, p.x(), p.y()));
        inner.undo(doc);
    }

    /** The circuit holding the path's {@code level}-th nested operator, or null when it is gone. */
    private Circuit parentAt(EditorDocument doc, int level) {
        try {
            return doc.circuitAt(path.subList(0, level));
        } catch (IllegalStateException gone) {
            return null;
        }
    }

    private Operator nestedAt(EditorDocument doc, int level) {
        Circuit parent = parentAt(doc, level);
        return parent == null ? null : parent.op(path.get(level));
    }
}
