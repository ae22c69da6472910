package org.dbspstudio.ide.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import org.dbspstudio.ide.doc.Edits;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.doc.MoveCommand;
import org.dbspstudio.ide.doc.Restructure;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.layout.AutoLayout;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.json.LoadException;

/**
 * Edit and circuit commands of the menus: undo/redo, clipboard (JSON text, so it works between
 * documents and windows), duplicate, delete, select all, group, expand, auto-layout, navigation.
 * When a text field has the focus, the clipboard and undo keys act on the text instead.
 */
public final class EditActions {
    private final MainWindow window;
    private CircuitDocument internalClipboard;
    private int pasteCount;

    EditActions(MainWindow window) {
        this.window = window;
    }

    private Optional<EditorTab> tab() {
        return window.current();
    }

    /** The editing keys of a focused text: a text field or area, or the SQL editor. */
    private interface TextKeys {
        void undo();

        void redo();

        void copy();

        void cut();

        void paste();

        void deleteNextChar();

        void selectAll();
    }

    private Optional<TextKeys> textFocus() {
        Node n = window.scene().getFocusOwner();
        if (n instanceof TextInputControl t) {
            return Optional.of(new TextKeys() {
                public void undo() { t.undo(); }
                public void redo() { t.redo(); }
                public void copy() { t.copy(); }
                public void cut() { t.cut(); }
                public void paste() { t.paste(); }
                public void deleteNextChar() { t.deleteNextChar(); }
                public void selectAll() { t.selectAll(); }
            });
        }
        if (n instanceof org.fxmisc.richtext.GenericStyledArea<?, ?, ?> a) {
            return Optional.of(new TextKeys() {
                public void undo() { a.undo(); }
                public void redo() { a.redo(); }
                public void copy() { a.copy(); }
                public void cut() { a.cut(); }
                public void paste() { a.paste(); }
                public void deleteNextChar() { a.deleteNextChar(); }
                public void selectAll() { a.selectAll(); }
            });
        }
        return Optional.empty();
    }

    public void undo() {
        if (textFocus().isPresent()) {
            textFocus().get().undo();
            return;
        }
        tab().ifPresent(t -> t.doc().commands().nextUndo().ifPresent(c -> {
            t.doc().undo();
            window.status("Undid " + c.description());
        }));
    }

    public void redo() {
        if (textFocus().isPresent()) {
            textFocus().get().redo();
            return;
        }
        tab().ifPresent(t -> t.doc().commands().nextRedo().ifPresent(c -> {
            t.doc().redo();
            window.status("Redid " + c.description());
        }));
    }

    public void copy() {
        if (textFocus().isPresent()) {
            textFocus().get().copy();
            return;
        }
        tab().ifPresent(t -> {
            if (t.doc().selectedOperators().isEmpty()) {
                window.status("Select operators to copy");
                return;
            }
            CircuitDocument fragment = Edits.fragment(t.doc(), t.doc().selectedOperators());
            internalClipboard = fragment;
            pasteCount = 0;
            ClipboardContent content = new ClipboardContent();
            content.putString(DocumentFiles.toJson(fragment));
            Clipboard.getSystemClipboard().setContent(content);
            window.status("Copied " + fragment.circuit().operators().size() + " operators");
        });
    }

    public void cut() {
        if (textFocus().isPresent()) {
            textFocus().get().cut();
            return;
        }
        copy();
        tab().ifPresent(t -> {
            if (!t.doc().selectedOperators().isEmpty()) {
                t.doc().execute(Edits.delete(t.doc(), List.copyOf(t.doc().selectedOperators()), List.of()));
            }
        });
    }

    public void paste() {
        if (textFocus().isPresent()) {
            textFocus().get().paste();
            return;
        }
        tab().ifPresent(t -> {
            CircuitDocument fragment = clipboardFragment();
            if (fragment == null) {
                window.status("The clipboard holds no circuit");
                return;
            }
            pasteCount++;
            insert(t, fragment, 30.0 * pasteCount, "Paste");
        });
    }

    private CircuitDocument clipboardFragment() {
        Clipboard cb = Clipboard.getSystemClipboard();
        if (cb.hasString() && cb.getString().contains("\"circuit\"")) {
            try {
                return DocumentFiles.parse(cb.getString(), "clipboard").document();
            } catch (LoadException | RuntimeException e) {
                window.status("Clipboard: " + e.getMessage());
            }
        }
        return internalClipboard;
    }

    public void duplicate() {
        tab().ifPresent(t -> {
            if (t.doc().selectedOperators().isEmpty()) {
                window.status("Select operators to duplicate");
                return;
            }
            insert(t, Edits.fragment(t.doc(), t.doc().selectedOperators()), 30, "Duplicate");
        });
    }

    private void insert(EditorTab t, CircuitDocument fragment, double offset, String verb) {
        var cmd = Edits.paste(t.doc(), fragment, offset, offset, verb);
        t.doc().execute(cmd);
        t.doc().select(cmd.operators().stream().map(Operator::id).toList());
        window.status(cmd.description());
    }

    public void delete() {
        if (textFocus().isPresent()) {
            textFocus().get().deleteNextChar();
            return;
        }
        tab().ifPresent(t -> {
            EditorDocument d = t.doc();
            if (d.selectedOperators().isEmpty() && d.selectedStreams().isEmpty()) {
                return;
            }
            var cmd = Edits.delete(d, List.copyOf(d.selectedOperators()), List.copyOf(d.selectedStreams()));
            d.execute(cmd);
            window.status(cmd.description());
        });
    }

    /** Removes the selected one-in one-out operator, connecting its input's source to its outputs' targets. */
    public void bypass() {
        tab().ifPresent(t -> {
            Optional<Operator> op = t.doc().singleSelection();
            if (op.isEmpty()) {
                window.status("Select one operator to remove and reconnect");
                return;
            }
            try {
                var cmd = Edits.bypass(t.doc(), op.get().id());
                t.doc().execute(cmd);
                window.status(cmd.description());
            } catch (IllegalArgumentException e) {
                window.status(e.getMessage());
            }
        });
    }

    public void selectAll() {
        if (textFocus().isPresent()) {
            textFocus().get().selectAll();
            return;
        }
        tab().ifPresent(t -> t.doc().select(t.doc().current().operatorIds()));
    }

    public void group() {
        tab().ifPresent(t -> {
            try {
                var cmd = Restructure.group(t.doc(), List.copyOf(t.doc().selectedOperators()));
                t.doc().execute(cmd);
                window.status(cmd.description());
            } catch (IllegalArgumentException e) {
                window.status(e.getMessage());
            }
        });
    }

    public void expand() {
        tab().ifPresent(t -> {
            Optional<Operator> op = t.doc().singleSelection();
            if (op.isEmpty()) {
                window.status("Select one I or D to expand");
                return;
            }
            try {
                var cmd = Restructure.expand(t.doc(), op.get().id());
                t.doc().execute(cmd);
                window.status(cmd.description());
            } catch (IllegalArgumentException e) {
                window.status(e.getMessage());
            }
        });
    }

    public void autoLayout() {
        tab().ifPresent(t -> {
            EditorDocument d = t.doc();
            Map<String, Layout.Point> after = AutoLayout.positions(d.current(), 40, 40);
            Map<String, Layout.Point> before = new java.util.HashMap<>();
            for (String id : after.keySet()) {
                before.put(id, d.document().layout().get(id));
            }
            d.execute(new MoveCommand(before, after, "Auto-layout " + after.size() + " operators"));
            t.canvas().fit();
            window.status("Laid out " + after.size() + " operators");
        });
    }

    public void enterSelected() {
        tab().ifPresent(t -> t.doc().singleSelection().filter(o -> o.kind() == OpKind.NESTED).ifPresent(o -> {
            t.doc().enter(o.id());
            t.canvas().fit();
        }));
    }

    public void goUp() {
        tab().ifPresent(t -> {
            List<String> p = new ArrayList<>(t.doc().currentPath());
            if (!p.isEmpty()) {
                t.doc().goUp(p.size() - 1);
                t.canvas().fit();
            }
        });
    }
}
