package org.dbspstudio.ide.doc;

/**
 * A structural edit (delete, group, expand, rename, ...) recorded as the document state before
 * and after it, so that undo restores operator and stream order exactly.
 */
public final class SnapshotCommand implements Command {
    private final String description;
    private final DocState before;
    private final DocState after;

    public SnapshotCommand(String description, DocState before, DocState after) {
        this.description = description;
        this.before = before;
        this.after = after;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public void execute(EditorDocument doc) {
        after.restore(doc);
    }

    @Override
    public void undo(EditorDocument doc) {
        before.restore(doc);
    }
}
