package org.dbspstudio.ide.doc;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Unlimited undo/redo history. The document is dirty whenever the position in the history
 * differs from the position at the last save.
 */
public final class CommandStack {
    private final List<Command> done = new ArrayList<>();
    private int position;
    private int savedPosition;

    /** Runs {@code c} and records it, discarding any redo history. */
    void push(Command c, EditorDocument doc) {
        c.execute(doc);
        while (done.size() > position) {
            done.remove(done.size() - 1);
        }
        if (savedPosition > position) {
            savedPosition = -1;
        }
        done.add(c);
        position++;
    }

    /** Undoes the last command; returns it, or null when there is nothing to undo. */
    Command undo(EditorDocument doc) {
        if (position == 0) {
            return null;
        }
        Command c = done.get(--position);
        c.undo(doc);
        return c;
    }

    /** Redoes the next command; returns it, or null when there is nothing to redo. */
    Command redo(EditorDocument doc) {
        if (position == done.size()) {
            return null;
        }
        Command c = done.get(position++);
        c.execute(doc);
        return c;
    }

    public Optional<Command> nextUndo() {
        return position == 0 ? Optional.empty() : Optional.of(done.get(position - 1));
    }

    public Optional<Command> nextRedo() {
        return position == done.size() ? Optional.empty() : Optional.of(done.get(position));
    }

    void markSaved() {
        savedPosition = position;
    }

    /** Marks the document as differing from any saved file (recovered documents). */
    void markUnsaved() {
        savedPosition = -1;
    }

    public boolean isDirty() {
        return savedPosition != position;
    }

    public int size() {
        return done.size();
    }
}
