package org.dbspstudio.ide.doc;

import java.util.List;
import org.dbspstudio.model.Operator;

/** Replaces an operator by a version with other parameters (same id, same place in the order). */
public final class SetOperatorCommand implements Command {
    private final List<String> path;
    private final Operator before;
    private final Operator after;
    private final String description;

    public SetOperatorCommand(List<String> path, Operator before, Operator after, String description) {
        this.path = List.copyOf(path);
        this.before = before;
        this.after = after;
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public void execute(EditorDocument doc) {
        doc.circuitAt(path).replace(after);
    }

    @Override
    public void undo(EditorDocument doc) {
        doc.circuitAt(path).replace(before);
    }
}
