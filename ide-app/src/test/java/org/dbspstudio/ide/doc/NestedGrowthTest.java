package org.dbspstudio.ide.doc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.ide.canvas.Placement;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.junit.jupiter.api.Test;

/**
 * A nested operator's ports are its child's boundaries: adding boundaries inside it makes its box
 * taller outside, and the box below it moves down in the same undoable edit (for a nested circuit
 * inside another, only the innermost box grows).
 */
class NestedGrowthTest {

    private static Operator boundary(String id, String port) {
        return Operator.of(id, OpKind.DELTA0, "port", port);
    }

    /** "outer" (holding "inner", which holds one boundary) at (0, 0), "below" right under it. */
    private static EditorDocument twoLevels() {
        Circuit innermost = new Circuit().add(boundary("b0", "p0"));
        Circuit middle = new Circuit().add(Operator.nested("inner", innermost)).add(boundary("m0", "q0"));
        EditorDocument doc = new EditorDocument(new CircuitDocument(), null);
        doc.document().circuit().add(Operator.nested("outer", middle)).add(Operator.of("below", OpKind.DISTINCT));
        Operator outer = doc.document().circuit().op("outer");
        Operator inner = middle.op("inner");
        doc.document().layout().put("outer", 0, 0).put("below", 0, Geometry.height(outer) + Placement.GAP)
                .put("inner", 0, 0).put("innerBelow", 0, Geometry.height(inner) + Placement.GAP)
                .put("b0", 0, 0).put("m0", 300, 0);
        middle.add(Operator.of("innerBelow", OpKind.DISTINCT));
        return doc;
    }

    private static Command addBoundaries(EditorDocument doc, String prefix, int n) {
        List<Operator> ops = new java.util.ArrayList<>();
        Map<String, Layout.Point> at = new java.util.HashMap<>();
        for (int i = 1; i <= n; i++) {
            ops.add(boundary(prefix + i, prefix + "port" + i));
            at.put(prefix + i, new Layout.Point(0, 60.0 * i));
        }
        return new AddCommand(doc.currentPath(), ops, List.of(), at, "Add boundaries");
    }

    private static double y(EditorDocument doc, String id) {
        return doc.document().layout().get(id).y();
    }

    @Test
    void boundariesAddedInsideANestedCircuitPushTheBoxBelowItOutsideAndUndoPutsItBack() {
        EditorDocument doc = twoLevels();
        double below = y(doc, "below");
        assertThat(doc.enter("outer")).isTrue();
        doc.execute(addBoundaries(doc, "m", 5));

        Operator outer = doc.document().circuit().op("outer");
        assertThat(outer.inputPorts()).hasSize(6);
        assertThat(y(doc, "below")).as("the box below the grown nested operator moved down")
                .isGreaterThanOrEqualTo(Geometry.height(outer) + Placement.GAP);
        assertThat(doc.document().layout().get("below").x()).isZero();

        doc.undo();
        assertThat(doc.document().circuit().op("outer").inputPorts()).hasSize(1);
        assertThat(y(doc, "below")).isEqualTo(below);
        doc.redo();
        assertThat(y(doc, "below")).isGreaterThanOrEqualTo(Geometry.height(outer) + Placement.GAP);
    }

    @Test
    void twoLevelsDownTheInnermostNestedOperatorMakesRoom() {
        EditorDocument doc = twoLevels();
        double below = y(doc, "below");
        double innerBelow = y(doc, "innerBelow");
        doc.enter("outer");
        doc.enter("inner");
        // The outer box grows only when the middle level gains boundaries; the inner one grows here.
        doc.execute(addBoundaries(doc, "b", 6));

        Operator inner = doc.circuitAt(List.of("outer")).op("inner");
        assertThat(inner.inputPorts()).hasSize(7);
        assertThat(y(doc, "innerBelow")).isGreaterThanOrEqualTo(Geometry.height(inner) + Placement.GAP);
        assertThat(y(doc, "below")).as("the outer box did not grow, so nothing outside moved").isEqualTo(below);

        doc.undo();
        assertThat(y(doc, "innerBelow")).isEqualTo(innerBelow);
    }

    @Test
    void anEditInsideThatDoesNotGrowTheBoxMovesNothingOutside() {
        EditorDocument doc = twoLevels();
        double below = y(doc, "below");
        doc.enter("outer");
        doc.execute(new AddCommand(doc.currentPath(), List.of(Operator.of("extra", OpKind.DISTINCT)), List.of(),
                Map.of("extra", new Layout.Point(600, 0)), "Add extra"));
        assertThat(y(doc, "below")).isEqualTo(below);
    }
}
