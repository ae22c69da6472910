package org.dbspstudio.ide.doc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;

/** Undo history and the dirty flag, against a model of expected states. */
class CommandStackProperties {

    /** 0 = new edit, 1 = undo, 2 = redo, 3 = save. */
    @Property(tries = 300)
    void undoRedoRestoreStatesAndDirtyTracksTheSavedPoint(@ForAll @Size(max = 40) List<@IntRange(min = 0, max = 3) Integer> actions) {
        EditorDocument doc = new EditorDocument(new CircuitDocument(), null);
        doc.document().circuit().add(Operator.of("p", OpKind.PLUS));
        doc.document().layout().put("p", 0, 0);
        List<Double> history = new java.util.ArrayList<>(List.of(0.0)); // x of "p" after each done command
        int position = 0;
        int saved = 0;
        int edits = 0;
        for (int a : actions) {
            switch (a) {
                case 0 -> {
                    double x = ++edits * 10;
                    Layout.Point before = doc.document().layout().get("p");
                    doc.execute(new MoveCommand(Map.of("p", before), Map.of("p", new Layout.Point(x, 0))));
                    while (history.size() > position + 1) {
                        history.remove(history.size() - 1);
                    }
                    if (saved > position) {
                        saved = -1;
                    }
                    history.add(x);
                    position++;
                }
                case 1 -> {
                    assertThat(doc.undo()).isEqualTo(position > 0);
                    position = Math.max(0, position - 1);
                }
                case 2 -> {
                    assertThat(doc.redo()).isEqualTo(position < history.size() - 1);
                    position = Math.min(history.size() - 1, position + 1);
                }
                default -> {
                    doc.markSaved(java.nio.file.Path.of("x.json"));
                    saved = position;
                }
            }
            assertThat(doc.document().layout().get("p").x()).isEqualTo(history.get(position));
            assertThat(doc.isDirty()).isEqualTo(saved != position);
        }
    }

    @Property(tries = 50)
    void moveDescriptionsCountOperators(@ForAll @IntRange(min = 2, max = 20) int n) {
        Map<String, Layout.Point> m = new java.util.HashMap<>();
        for (int i = 0; i < n; i++) {
            m.put("o" + i, new Layout.Point(i, i));
        }
        assertThat(new MoveCommand(m, m).description()).isEqualTo("Move " + n + " operators");
    }
}
