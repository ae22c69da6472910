package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/** Taking the z⁻¹ out of a feedback loop: marks, problems, undo and redo. */
class LoopUndoTest extends IdeTestBase {

    private void open(Circuit c) throws Exception {
        Path file = temp.resolve("loop.json");
        DocumentFiles.save(new CircuitDocument("loop", c), file);
        fx(() -> window.files().open(file));
    }

    private void removeDelayWithKeyboard(FxRobot robot) {
        robot.clickOn(robot.lookup("#op-delay").queryAs(Node.class), MouseButton.PRIMARY);
        assertThat(doc().selectedOperators()).containsExactly("delay");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.DELETE).release(KeyCode.DELETE, KeyCode.SHIFT, KeyCode.CONTROL);
    }

    private boolean hasStyle(FxRobot robot, String query, String style) {
        return fx(() -> robot.lookup(query).queryAs(Node.class).getStyleClass().contains(style));
    }

    @Test
    void removingTheDelayFromNegatedFeedbackMarksBothOperatorsOfTheLoop(FxRobot robot) throws Exception {
        Circuit c = new Circuit()
                .add(Operator.of("input", OpKind.INPUT, "name", "input", "type", org.dbspstudio.model.types.StreamType.Z))
                .add(Operator.of("plus", OpKind.PLUS))
                .add(Operator.of("output", OpKind.OUTPUT, "name", "output"))
                .add(Operator.of("delay", OpKind.DELAY))
                .add(Operator.of("neg", OpKind.NEGATE))
                .connect("input.out", "plus.a").connect("plus.out", "output.in")
                .connect("plus.out", "delay.in").connect("delay.out", "neg.in").connect("neg.out", "plus.b");
        open(c);
        Circuit valid = doc().document().circuit().copy();
        assertThat(tab().analysis().diagnostics()).isEmpty();

        removeDelayWithKeyboard(robot);
        assertThat(doc().current().contains("delay")).isFalse();
        List<Diagnostic> ds = tab().analysis().diagnostics();
        assertThat(ds).extracting(Diagnostic::code).containsExactly("ALGEBRAIC_LOOP");
        assertThat(ds.get(0).operators()).containsExactlyInAnyOrder("plus", "neg");
        // the problems panel lists it, naming both operators
        assertThat(window.problems().getItems()).hasSize(1);
        assertThat(window.problems().getItems().get(0).message()).contains("plus").contains("neg");
        // operators and streams of the loop are drawn in red, the others not
        assertThat(hasStyle(robot, "#op-plus", "op-error")).isTrue();
        assertThat(hasStyle(robot, "#op-neg", "op-error")).isTrue();
        assertThat(hasStyle(robot, "#op-input", "op-error")).isFalse();
        assertThat(fx(() -> canvas().streamView(org.dbspstudio.model.Stream.of("neg.out", "plus.b")).getStyleClass()))
                .contains("stream-error");
        assertThat(fx(() -> canvas().streamView(org.dbspstudio.model.Stream.of("input.out", "plus.a")).getStyleClass()))
                .doesNotContain("stream-error");

        // clicking the problem selects the loop's operators
        robot.clickOn(robot.lookup("#problems .table-row-cell").nth(0).queryAs(Node.class));
        assertThat(doc().selectedOperators()).containsExactlyInAnyOrder("plus", "neg");

        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        assertThat(doc().document().circuit()).isEqualTo(valid);
        assertThat(tab().analysis().diagnostics()).isEmpty();
        assertThat(window.problems().getItems()).isEmpty();
        assertThat(hasStyle(robot, "#op-plus", "op-error")).isFalse();

        robot.press(KeyCode.CONTROL, KeyCode.Y).release(KeyCode.Y, KeyCode.CONTROL);
        assertThat(doc().current().contains("delay")).isFalse();
        assertThat(tab().analysis().diagnostics()).extracting(Diagnostic::code).containsExactly("ALGEBRAIC_LOOP");
        assertThat(hasStyle(robot, "#op-neg", "op-error")).isTrue();
    }

    @Test
    void removingTheIntegratorsDelayLeavesASelfLoopOnPlus(FxRobot robot) throws Exception {
        open(Samples.integrator());
        removeDelayWithKeyboard(robot);
        assertThat(doc().current().streams()).extracting(s -> s.id()).contains("plus.out->plus.b");
        List<Diagnostic> loops = tab().analysis().diagnostics().stream()
                .filter(d -> d.code().equals("ALGEBRAIC_LOOP")).toList();
        assertThat(loops).hasSize(1);
        assertThat(loops.get(0).operators()).containsExactly("plus");
        assertThat(doc().commands().nextUndo().orElseThrow().description()).contains("z⁻¹ delay");
        fx(() -> window.edits().undo());
        assertThat(doc().document().circuit()).isEqualTo(Samples.integrator());
        assertThat(doc().isDirty()).isFalse();
    }
}
