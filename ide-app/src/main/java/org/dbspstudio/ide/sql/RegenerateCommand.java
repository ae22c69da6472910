package org.dbspstudio.ide.sql;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.dbspstudio.ide.doc.Command;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.SourceSpan;

/**
 * The circuit regenerated after an edit of the SQL: circuit, layout and source spans before and
 * after, and the SQL text they came from. Undo and redo put the SQL text back too, so the circuit
 * on screen is always the one of the text beside it.
 */
final class RegenerateCommand implements Command {
    /** A circuit with its layout and spans, as generated from one SQL text. */
    record State(String sql, Circuit circuit, Layout layout, Map<String, SourceSpan> sources) {
        static State of(String sql, EditorDocument doc) {
            return new State(sql, doc.document().circuit().copy(), doc.document().layout().copy(),
                    new LinkedHashMap<>(doc.document().sources()));
        }

        void restore(EditorDocument doc) {
            doc.document().setCircuit(circuit.copy());
            doc.document().setLayout(layout.copy());
            doc.document().sources().clear();
            doc.document().sources().putAll(sources);
        }
    }

    private final State before;
    private final State after;
    private final Consumer<String> showText;
    private boolean first = true;

    RegenerateCommand(State before, State after, Consumer<String> showText) {
        this.before = before;
        this.after = after;
        this.showText = showText;
    }

    @Override
    public String description() {
        return "SQL Edit";
    }

    @Override
    public void execute(EditorDocument doc) {
        after.restore(doc);
        if (!first) {
            showText.accept(after.sql());
        }
        first = false;
    }

    @Override
    public void undo(EditorDocument doc) {
        before.restore(doc);
        showText.accept(before.sql());
    }
}
