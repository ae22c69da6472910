package org.dbspstudio.ide.doc;

/**
 * One undoable edit of an {@link EditorDocument}. {@link #execute} is called for the first run
 * and for every redo; {@link #undo} restores exactly the state before {@link #execute}.
 */
public interface Command {
    /** Shown in the Edit menu: "Move 3 operators". */
    String description();

    void execute(EditorDocument doc);

    void undo(EditorDocument doc);

    /** False for edits that only move things (no re-validation needed). */
    default boolean changesCircuit() {
        return true;
    }
}
