package org.dbspstudio.ide;

import static org.dbspstudio.fixtures.ArchitectureRules.check;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.dbspstudio.fixtures.ArchitectureRules;
import org.dbspstudio.ide.doc.EditorDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The IDE's document and analysis are not UI: {@code analysis} (types, port rules, problems) uses
 * no JavaFX at all, {@code doc} (the edited document, its commands and undo) only JavaFX's
 * observable properties and collections, which the views bind to — never a control, a scene or a
 * stage — and neither reaches up into the views.
 */
class ArchitectureTest {
    private static final String ANALYSIS = "org.dbspstudio.ide.analysis..";
    private static final String DOC = "org.dbspstudio.ide.doc..";
    /** (not the canvas: the document's restructurings place boxes with its Geometry, the grid and box sizes) */
    private static final String[] VIEWS = {"org.dbspstudio.ide.ui..", "org.dbspstudio.ide.debug..",
        "org.dbspstudio.ide.samples.."};
    private static JavaClasses ide;

    @BeforeAll
    static void importIde() {
        ide = ArchitectureRules.classesOf(EditorDocument.class);
    }

    @Test
    void theAnalysisUsesNoJavaFx() {
        check(ArchitectureRules.noJavaFx("the analysis is computed off the JavaFX thread and tested without it", ANALYSIS), ide);
    }

    @Test
    void theDocumentUsesNoControlsScenesOrStages() {
        check(ArchitectureRules.noneUse(new String[] {DOC}, "the document is a view model: views bind to it, not it to them",
                "javafx.scene..", "javafx.stage..", "javafx.application..", "org.controlsfx..", "atlantafx.."), ide);
    }

    @Test
    void theDocumentAndTheAnalysisDoNotReachIntoTheViews() {
        check(ArchitectureRules.noneUse(new String[] {DOC, ANALYSIS}, "views depend on the document, not the other way",
                VIEWS), ide);
    }

    @Test
    void noScriptEngines() {
        check(ArchitectureRules.noScriptEngines("opening a circuit file never executes arbitrary code", "org.dbspstudio.ide.."),
                ide);
    }
}
