package org.dbspstudio.ide.debug;

import org.dbspstudio.ide.doc.Command;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.model.Scenario;

/**
 * An undoable edit of a document's scenario, recorded as the scenario before and after. The
 * scenario object is changed in place, so documents sharing it (an incremental circuit's tab)
 * see the edit too.
 */
public final class ScenarioCommand implements Command {
    private final String description;
    private final Scenario before;
    private final Scenario after;

    public ScenarioCommand(String description, Scenario before, Scenario after) {
        this.description = description;
        this.before = before.copy();
        this.after = after.copy();
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public void execute(EditorDocument doc) {
        ScenarioEdits.assign(doc.document().scenario(), after);
    }

    @Override
    public void undo(EditorDocument doc) {
        ScenarioEdits.assign(doc.document().scenario(), before);
    }
}
