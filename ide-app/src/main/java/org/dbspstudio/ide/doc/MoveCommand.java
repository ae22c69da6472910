package org.dbspstudio.ide.doc;

import java.util.Map;
import org.dbspstudio.model.Layout;

/** Moves operators: the layout positions before and after, by operator id. */
public final class MoveCommand implements Command {
    private final Map<String, Layout.Point> before;
    private final Map<String, Layout.Point> after;
    private final String description;

    public MoveCommand(Map<String, Layout.Point> before, Map<String, Layout.Point> after, String description) {
        this.before = Map.copyOf(before);
        this.after = Map.copyOf(after);
        this.description = description;
    }

    public MoveCommand(Map<String, Layout.Point> before, Map<String, Layout.Point> after) {
        this(before, after, after.size() == 1 ? "Move operator " + after.keySet().iterator().next()
                : "Move " + after.size() + " operators");
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public boolean changesCircuit() {
        return false;
    }

    @Override
    public void execute(EditorDocument doc) {
        apply(doc, after);
    }

    @Override
    public void undo(EditorDocument doc) {
        apply(doc, before);
    }

    private static void apply(EditorDocument doc, Map<String, Layout.Point> positions) {
        Layout l = doc.document().layout();
        positions.forEach((id, p) -> {
            if (p == null) {
                l.remove(id);
            } else {
                l.put(id, p.x(), p.y());
            }
        });
    }
}
