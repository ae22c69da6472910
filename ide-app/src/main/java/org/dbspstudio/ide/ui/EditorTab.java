package org.dbspstudio.ide.ui;

import java.util.List;
import javafx.scene.control.Tab;
import org.dbspstudio.ide.analysis.Analysis;
import org.dbspstudio.ide.canvas.CircuitCanvas;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.doc.Edits;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.validate.Validator;

/**
 * One open document in the main window: its view model, its canvas, its tab and the analysis
 * (types and diagnostics) recomputed after every change, before the canvas redraws.
 */
public final class EditorTab implements CircuitCanvas.Host {
    private final MainWindow window;
    private final EditorDocument doc;
    private final CircuitCanvas canvas;
    private final Tab tab;
    private final String sessionKey;
    private Analysis analysis = Analysis.EMPTY;
    private long autosavedRevision = -1;
    private long analyzedRevision = -1;
    private TextSource source;

    EditorTab(MainWindow window, EditorDocument doc, String sessionKey) {
        this.window = window;
        this.doc = doc;
        this.sessionKey = sessionKey;
        analyze();
        // registered before the canvas so that it redraws with the fresh analysis
        doc.revisionProperty().addListener((o, a, b) -> analyze());
        canvas = new CircuitCanvas(doc, this);
        tab = new Tab(doc.title(), canvas);
        tab.setUserData(this);
        Runnable title = () -> tab.setText((doc.isDirty() ? "● " : "") + doc.title());
        doc.dirtyProperty().addListener((o, a, b) -> title.run());
        doc.fileProperty().addListener((o, a, b) -> title.run());
        title.run();
    }

    /** Checks a top-level circuit with the model's validator; a validator failure is itself reported. */
    static List<Diagnostic> check(Circuit c) {
        try {
            return Validator.validate(c);
        } catch (RuntimeException e) {
            return List.of(Diagnostic.error("VALIDATOR", "validator",
                    "the circuit could not be checked, the validator failed: " + e, List.of()));
        }
    }

    private void analyze() {
        if (analysis != Analysis.EMPTY && analyzedRevision == doc.semanticRevision()) {
            return;
        }
        analyzedRevision = doc.semanticRevision();
        analysis = Analysis.of(doc.document().circuit(), EditorTab::check);
    }

    public EditorDocument doc() {
        return doc;
    }

    public CircuitCanvas canvas() {
        return canvas;
    }

    public Tab tab() {
        return tab;
    }

    /** The text this tab's circuit is generated from (a SQL tab), if any. */
    public java.util.Optional<TextSource> source() {
        return java.util.Optional.ofNullable(source);
    }

    /** Makes this a tab whose circuit is generated from a text: Save and autosave keep the text. */
    public void setSource(TextSource source) {
        this.source = source;
    }

    String sessionKey() {
        return sessionKey;
    }

    long autosavedRevision() {
        return autosavedRevision;
    }

    void setAutosavedRevision(long r) {
        autosavedRevision = r;
    }

    @Override
    public void status(String message) {
        window.status(message);
    }

    @Override
    public Analysis analysis() {
        return analysis;
    }

    /** Sets one parameter of an operator of the current circuit (an undoable edit). */
    void setParam(Operator op, String name, Object value) {
        Operator current = doc.current().op(op.id());
        if (current == null) {
            return;
        }
        Operator next = current.withParam(name, value);
        if (next.equals(current)) {
            return;
        }
        doc.execute(Edits.setOperator(doc, current, next, "Set " + name + " of " + op.id()));
        status("Set " + name + " of " + op.id());
    }

    void rename(String oldId, String newId) {
        try {
            doc.execute(Edits.rename(doc, oldId, newId));
            doc.select(List.of(newId));
        } catch (IllegalArgumentException e) {
            status("Cannot rename " + oldId + ": " + e.getMessage());
            window.refreshPanels();
        }
    }
}
