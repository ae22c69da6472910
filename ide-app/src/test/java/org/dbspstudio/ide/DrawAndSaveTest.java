package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Draws the integrator with the mouse, saves it, reopens it and compares the models. */
class DrawAndSaveTest extends IdeTestBase {

    @Test
    void drawnIntegratorSavesAndReopensEqual(FxRobot robot) throws Exception {
        drawIntegrator(robot);
        assertThat(doc().document().circuit()).isEqualTo(Samples.integrator());
        assertThat(tab().analysis().diagnostics()).isEmpty();
        assertThat(doc().isDirty()).isTrue();
        // boxes were dropped where the pointer was (centred, snapped to the grid)
        Layout.Point plus = doc().document().layout().get("plus");
        assertThat(plus.x() + 48).isCloseTo(320, org.assertj.core.data.Offset.offset(10.0));
        assertThat(plus.x() % 10).isZero();

        Path file = temp.resolve("integrator.json");
        assertThat(fx(() -> window.files().saveAs(file))).isTrue();
        assertThat(doc().isDirty()).isFalse();
        assertThat(Files.list(temp).filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
        CircuitDocument drawn = doc().document().copy();

        fx(() -> window.files().closeCurrent());
        fx(() -> window.files().newDocument());
        fx(() -> window.files().open(file));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(doc().file()).isEqualTo(file.toAbsolutePath().normalize());
        assertThat(doc().document().circuit()).isEqualTo(Samples.integrator());
        assertThat(doc().document().layout()).isEqualTo(drawn.layout());
        assertThat(doc().document()).isEqualTo(drawn);
        assertThat(doc().isDirty()).isFalse();
    }

    @Test
    void rubberBandSelectsAndStreamsAreSelectedAndDeletedByClicking(FxRobot robot) {
        drawIntegrator(robot);
        robot.drag(onCanvas(20, 20), javafx.scene.input.MouseButton.PRIMARY).dropTo(onCanvas(420, 230));
        assertThat(doc().selectedOperators()).containsExactlyInAnyOrder("input", "plus");
        javafx.scene.Node hit = fx(() -> canvas().streamView(org.dbspstudio.model.Stream.of("plus.out", "output.in"))
                .getChildren().get(0));
        robot.clickOn(hit);
        assertThat(doc().selectedStreams()).containsExactly(org.dbspstudio.model.Stream.of("plus.out", "output.in"));
        assertThat(doc().selectedOperators()).isEmpty();
        robot.type(javafx.scene.input.KeyCode.DELETE);
        assertThat(doc().current().streams()).doesNotContain(org.dbspstudio.model.Stream.of("plus.out", "output.in"));
        assertThat(doc().current().operatorIds()).hasSize(4);
        assertThat(doc().commands().nextUndo().orElseThrow().description()).isEqualTo("Delete 1 stream");
        // the now unconnected input is ringed
        assertThat(fx(() -> robot.lookup("#port-output-in-in").queryAs(javafx.scene.Node.class).getStyleClass()))
                .contains("port-unconnected");
    }

    @Test
    void incompatibleConnectionIsRefusedWithTheReason(FxRobot robot) {
        dropFromPalette(robot, OpKind.INPUT, 120, 160);
        dropFromPalette(robot, OpKind.FILTER, 360, 160);
        connect(robot, "input", "out", "filter", "in");
        assertThat(doc().current().streams()).isEmpty();
        assertThat(window.statusText()).contains("Cannot connect").contains("Z-set");
    }

    @Test
    void movingBoxesIsOneUndoableCommand(FxRobot robot) {
        dropFromPalette(robot, OpKind.PLUS, 200, 200);
        Layout.Point before = doc().document().layout().get("plus");
        robot.drag(robot.lookup("#op-plus").queryAs(javafx.scene.Node.class), javafx.scene.input.MouseButton.PRIMARY)
                .dropTo(onCanvas(400, 330));
        Layout.Point after = doc().document().layout().get("plus");
        assertThat(after).isNotEqualTo(before);
        assertThat(after.x() % 10).isZero();
        assertThat(doc().commands().nextUndo().orElseThrow().description()).isEqualTo("Move operator plus");
        fx(() -> window.edits().undo());
        assertThat(doc().document().layout().get("plus")).isEqualTo(before);
        fx(() -> window.edits().redo());
        assertThat(doc().document().layout().get("plus")).isEqualTo(after);
    }
}
