package org.dbspstudio.ide.doc;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * The view model of one open document: the {@link CircuitDocument}, its file, its undo history,
 * the nested circuit being looked at (a path of nested operator ids from the top) and the
 * selection. It never touches controls; views observe {@link #revisionProperty()} (bumped after
 * every edit, undo and redo), the path and the selection.
 */
public final class EditorDocument {
    private final CircuitDocument document;
    private final CommandStack commands = new CommandStack();
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    private long semanticRevision;
    private final ReadOnlyBooleanWrapper dirty = new ReadOnlyBooleanWrapper();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper();
    private final ObservableList<String> path = FXCollections.observableArrayList();
    private final ObservableSet<String> selectedOperators = FXCollections.observableSet(new java.util.LinkedHashSet<>());
    private final ObservableSet<Stream> selectedStreams = FXCollections.observableSet(new java.util.LinkedHashSet<>());

    public EditorDocument(CircuitDocument document, Path file) {
        this.document = document;
        this.file.set(file);
    }

    public CircuitDocument document() {
        return document;
    }

    public ObjectProperty<Path> fileProperty() {
        return file;
    }

    public Path file() {
        return file.get();
    }

    /** The name shown on the tab. */
    public String title() {
        if (file.get() != null) {
            return file.get().getFileName().toString();
        }
        return document.name().isBlank() ? "Untitled" : document.name();
    }

    public CommandStack commands() {
        return commands;
    }

    public ReadOnlyBooleanProperty dirtyProperty() {
        return dirty.getReadOnlyProperty();
    }

    public boolean isDirty() {
        return dirty.get();
    }

    /** Increases after every change of the model (edit, undo, redo, navigation). */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /**
     * Runs and records an edit. Inside a nested circuit, the nested operator being edited makes room
     * for its box when the edit grows it (more boundary ports), in the same undoable edit.
     */
    public void execute(Command c) {
        if (!path.isEmpty() && c.changesCircuit()) {
            c = new NestedGrowthCommand(c, path);
        }
        commands.push(c, this);
        edited(c);
    }

    public boolean undo() {
        Command c = commands.undo(this);
        edited(c);
        return c != null;
    }

    public boolean redo() {
        Command c = commands.redo(this);
        edited(c);
        return c != null;
    }

    private void edited(Command c) {
        if (c != null && c.changesCircuit()) {
            semanticRevision++;
        }
        changed();
    }

    /**
     * Replaces the document's content outside the undo history (a circuit generated from a text,
     * shown for the first time): views redraw and re-check it as after an edit.
     */
    public void replaceWithoutUndo(Runnable change) {
        change.run();
        semanticRevision++;
        changed();
    }

    /** Increases after every edit, undo or redo that changed the circuit (not mere moves). */
    public long semanticRevision() {
        return semanticRevision;
    }

    /** Records that the document was saved now. */
    public void markSaved(Path savedTo) {
        file.set(savedTo);
        commands.markSaved();
        dirty.set(commands.isDirty());
    }

    /** Marks the document as not saved anywhere (a recovered document). */
    public void markUnsaved() {
        commands.markUnsaved();
        dirty.set(true);
    }

    private void changed() {
        // drop navigation and selection entries that no longer exist
        List<String> valid = new ArrayList<>();
        Circuit c = document.circuit();
        for (String id : path) {
            Operator op = c.op(id);
            if (op == null || op.kind() != OpKind.NESTED) {
                break;
            }
            valid.add(id);
            c = op.child();
        }
        if (!valid.equals(path)) {
            path.setAll(valid);
        }
        Circuit current = current();
        selectedOperators.removeIf(id -> !current.contains(id));
        selectedStreams.removeIf(s -> !current.streams().contains(s));
        dirty.set(commands.isDirty());
        revision.set(revision.get() + 1);
    }

    /** Notifies views after a change that is not an edit (e.g. navigation). */
    public void refresh() {
        changed();
    }

    /** Nested operator ids from the top-level circuit to the circuit on screen. */
    public ObservableList<String> path() {
        return path;
    }

    /** The circuit reached by following nested operator ids from the top. */
    public Circuit circuitAt(List<String> ids) {
        Circuit c = document.circuit();
        for (String id : ids) {
            Operator op = c.op(id);
            if (op == null || op.child() == null) {
                throw new IllegalStateException("no nested circuit " + id + " on path " + ids);
            }
            c = op.child();
        }
        return c;
    }

    /** The circuit on screen. */
    public Circuit current() {
        return circuitAt(path);
    }

    public List<String> currentPath() {
        return List.copyOf(path);
    }

    /** Looks inside a nested operator of the current circuit. */
    public boolean enter(String nestedId) {
        Operator op = current().op(nestedId);
        if (op == null || op.kind() != OpKind.NESTED) {
            return false;
        }
        selectedOperators.clear();
        selectedStreams.clear();
        path.add(nestedId);
        changed();
        return true;
    }

    /** Goes back up to the first {@code depth} levels of the path (0 = top level). */
    public void goUp(int depth) {
        if (depth < path.size()) {
            String left = path.get(depth);
            path.remove(depth, path.size());
            selectedStreams.clear();
            selectedOperators.clear();
            selectedOperators.add(left);
            changed();
        }
    }

    public ObservableSet<String> selectedOperators() {
        return selectedOperators;
    }

    public ObservableSet<Stream> selectedStreams() {
        return selectedStreams;
    }

    /** The single selected operator of the current circuit, if exactly one is selected. */
    public Optional<Operator> singleSelection() {
        if (selectedOperators.size() != 1) {
            return Optional.empty();
        }
        return Optional.ofNullable(current().op(selectedOperators.iterator().next()));
    }

    public void select(java.util.Collection<String> ops) {
        selectedStreams.clear();
        selectedOperators.clear();
        selectedOperators.addAll(ops);
    }

    /** Navigates to the circuit that owns {@code opId} and selects it; false when it is not in the document. */
    public boolean reveal(String opId) {
        List<String> p = pathTo(document.circuit(), opId, new ArrayList<>());
        if (p == null) {
            return false;
        }
        if (!p.equals(path)) {
            path.setAll(p);
            changed();
        }
        select(List.of(opId));
        return true;
    }

    private static List<String> pathTo(Circuit c, String opId, List<String> prefix) {
        if (c.contains(opId)) {
            return prefix;
        }
        for (Operator op : c.operators()) {
            if (op.child() != null) {
                List<String> p = new ArrayList<>(prefix);
                p.add(op.id());
                List<String> found = pathTo(op.child(), opId, p);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
