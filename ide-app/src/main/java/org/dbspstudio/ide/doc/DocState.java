package org.dbspstudio.ide.doc;

import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;

/** A deep copy of a document's circuit and layout, for whole-document undo. */
public record DocState(Circuit circuit, Layout layout) {
    public static DocState of(EditorDocument doc) {
        return new DocState(doc.document().circuit().copy(), doc.document().layout().copy());
    }

    void restore(EditorDocument doc) {
        doc.document().setCircuit(circuit.copy());
        doc.document().setLayout(layout.copy());
    }
}
