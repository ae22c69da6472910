package org.dbspstudio.ide.doc;

import static org.assertj.core.api.Assertions.assertThat;

import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.ide.canvas.Placement;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.junit.jupiter.api.Test;

/**
 * Renaming an operator or editing its label makes room for its wider box, in one undoable edit: the
 * boxes it crowds move right as far as its right edge moved. (Box widths: f 96, d 120, p 96; d and p
 * 40 apart.)
 */
class GrowingBoxTest {

    private static EditorDocument row() {
        EditorDocument doc = new EditorDocument(new CircuitDocument(), null);
        doc.document().circuit().add(Operator.of("f", OpKind.FILTER).withParam("predicate", "x > 1"));
        doc.document().circuit().add(Operator.of("d", OpKind.DISTINCT));
        doc.document().circuit().add(Operator.of("p", OpKind.PLUS));
        doc.document().circuit().connect(new Stream(new PortRef("f", "out"), new PortRef("d", "in")));
        doc.document().layout().put("f", 0, 0).put("d", 140, 0).put("p", 300, 0);
        return doc;
    }

    private static double right(EditorDocument doc, String id) {
        return doc.document().layout().get(id).x() + Geometry.width(doc.document().circuit().op(id));
    }

    @Test
    void renamingToALongIdPushesTheNeighboursAndUndoPutsThemBack() {
        EditorDocument doc = row();
        doc.execute(Edits.rename(doc, "d", "reachability_closure_of_all_edges"));
        String id = "reachability_closure_of_all_edges";
        assertThat(doc.document().layout().get(id).x()).isEqualTo(140);
        assertThat(doc.document().layout().get("p").x()).as("the room between the boxes stays")
                .isEqualTo(right(doc, id) + (300 - 260));
        assertThat(doc.document().layout().get("f").x()).isZero();

        doc.undo();
        assertThat(doc.document().layout().get("p").x()).isEqualTo(300);
        assertThat(doc.document().layout().get("d").x()).isEqualTo(140);
        doc.redo();
        assertThat(doc.document().layout().get("p").x()).isGreaterThanOrEqualTo(right(doc, id) + Placement.GAP);
    }

    @Test
    void aLongerPredicatePushesTheBoxesItCrowdsAndUndoRestoresBoth() {
        EditorDocument doc = row();
        Operator before = doc.current().op("f");
        Operator after = before.withParam("predicate", "amount > 100 AND region <> 'north' AND status = 'open'");
        doc.execute(Edits.setOperator(doc, before, after, "Set predicate of f"));
        assertThat(doc.current().op("f")).isEqualTo(after);
        assertThat(doc.document().layout().get("d").x()).isGreaterThanOrEqualTo(right(doc, "f") + Placement.GAP);
        assertThat(doc.document().layout().get("p").x()).isGreaterThanOrEqualTo(right(doc, "d") + Placement.GAP);

        doc.undo();
        assertThat(doc.current().op("f")).isEqualTo(before);
        assertThat(doc.document().layout().get("d").x()).isEqualTo(140);
        assertThat(doc.document().layout().get("p").x()).isEqualTo(300);
    }

    @Test
    void anEditThatFitsMovesNothing() {
        EditorDocument doc = row();
        Operator before = doc.current().op("f");
        Command c = Edits.setOperator(doc, before, before.withParam("predicate", "x > 2"), "Set predicate of f");
        assertThat(c).isInstanceOf(SetOperatorCommand.class);
        assertThat(doc.current().op("f")).isEqualTo(before);
        doc.execute(c);
        assertThat(doc.document().layout().get("d").x()).isEqualTo(140);
    }

    @Test
    void aFunctionGivenMoreInputsPushesTheBoxBelowItDownAndUndoPutsItBack() {
        EditorDocument doc = new EditorDocument(new CircuitDocument(), null);
        Operator f = Operator.of("f", OpKind.SCALAR).withParam("inputs", java.util.List.of("a"))
                .withParam("expr", "a");
        doc.document().circuit().add(f);
        doc.document().circuit().add(Operator.of("below", OpKind.DISTINCT));
        doc.document().layout().put("f", 0, 0).put("below", 0, Geometry.height(f) + Placement.GAP);
        Operator wider = f.withParam("inputs", java.util.List.of("a", "b", "c", "d", "e", "g"));
        assertThat(Geometry.height(wider)).as("six ports make the box taller").isGreaterThan(Geometry.height(f));

        doc.execute(Edits.setOperator(doc, f, wider, "Set inputs of f"));
        assertThat(doc.document().layout().get("below").y())
                .isGreaterThanOrEqualTo(Geometry.height(wider) + Placement.GAP);
        assertThat(doc.document().layout().get("below").x()).isZero();

        doc.undo();
        assertThat(doc.current().op("f")).isEqualTo(f);
        assertThat(doc.document().layout().get("below").y()).isEqualTo(Geometry.height(f) + Placement.GAP);
    }
}
