package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javax.imageio.ImageIO;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/** Copy/paste, grouping, nested navigation, auto-layout and exports, driven through the window. */
class StructureEditTest extends IdeTestBase {

    private void openIntegrator() throws Exception {
        Path file = temp.resolve("integrator.json");
        DocumentFiles.save(new CircuitDocument("integrator", Samples.integrator()), file);
        fx(() -> window.files().open(file));
    }

    private void shortcut(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL, key).release(key, KeyCode.CONTROL);
    }

    @Test
    void copyPasteCopiesOperatorsWithTheirStreamsUnderFreshIds(FxRobot robot) throws Exception {
        openIntegrator();
        robot.clickOn(robot.lookup("#op-plus").queryAs(Node.class));
        robot.press(KeyCode.SHIFT).clickOn(robot.lookup("#op-delay").queryAs(Node.class)).release(KeyCode.SHIFT);
        assertThat(doc().selectedOperators()).containsExactlyInAnyOrder("plus", "delay");
        shortcut(robot, KeyCode.C);
        shortcut(robot, KeyCode.V);
        Circuit c = doc().current();
        assertThat(c.operatorIds()).containsExactly("input", "plus", "output", "delay", "plus_2", "delay_2");
        assertThat(c.streams()).contains(Stream.of("plus_2.out", "delay_2.in"), Stream.of("delay_2.out", "plus_2.b"));
        assertThat(c.streams()).hasSize(6);
        Layout l = doc().document().layout();
        assertThat(l.get("plus_2").x()).isEqualTo(l.get("plus").x() + 30);
        assertThat(doc().selectedOperators()).containsExactlyInAnyOrder("plus_2", "delay_2");
        assertThat(doc().commands().nextUndo().orElseThrow().description()).isEqualTo("Paste 2 operators");

        // and into another document
        shortcut(robot, KeyCode.N);
        shortcut(robot, KeyCode.V);
        assertThat(doc().current().operatorIds()).containsExactly("plus", "delay");
        assertThat(doc().current().streams()).hasSize(2);

        // duplicate
        shortcut(robot, KeyCode.D);
        assertThat(doc().current().operatorIds()).containsExactly("plus", "delay", "plus_2", "delay_2");
    }

    @Test
    void groupIntoNestedThenLookInsideAndBack(FxRobot robot) throws Exception {
        openIntegrator();
        fx(() -> doc().select(List.of("plus", "delay")));
        shortcut(robot, KeyCode.G);
        Circuit top = doc().document().circuit();
        assertThat(top.operatorIds()).containsExactly("input", "output", "nested");
        Operator nested = top.op("nested");
        assertThat(nested.inputPorts()).containsExactly("in");
        assertThat(nested.outputPorts()).containsExactly("out");
        assertThat(top.streams()).containsExactly(Stream.of("input.out", "nested.in"), Stream.of("nested.out", "output.in"));
        Circuit child = nested.child();
        assertThat(child.operatorIds()).containsExactly("plus", "delay", "delta0", "integral");
        assertThat(child.streams()).contains(Stream.of("delta0.out", "plus.a"), Stream.of("plus.out", "integral.in"),
                Stream.of("plus.out", "delay.in"), Stream.of("delay.out", "plus.b"));
        assertThat(tab().analysis().diagnostics()).filteredOn(d -> d.isError()).isEmpty();

        robot.doubleClickOn(robot.lookup("#op-nested").queryAs(Node.class), MouseButton.PRIMARY);
        assertThat(doc().currentPath()).containsExactly("nested");
        assertThat(robot.lookup("#op-delta0").tryQuery()).isPresent();
        assertThat(robot.lookup("#op-input").tryQuery()).isEmpty();
        assertThat(robot.lookup("#crumb-1").tryQuery()).isPresent();
        // streams inside the nested circuit, the feedback included, are typed for their hover tips
        assertThat(tab().analysis().typeOf(Stream.of("plus.out", "delay.in"))).isEqualTo(StreamType.Z);
        assertThat(tab().analysis().typeOf(Stream.of("delay.out", "plus.b"))).isEqualTo(StreamType.Z);
        assertThat(tab().analysis().typeOf(Stream.of("delta0.out", "plus.a"))).isEqualTo(StreamType.Z);

        robot.clickOn(robot.lookup("#crumb-0").queryAs(Node.class));
        assertThat(doc().currentPath()).isEmpty();
        assertThat(robot.lookup("#op-input").tryQuery()).isPresent();

        shortcut(robot, KeyCode.Z);
        assertThat(doc().document().circuit()).isEqualTo(Samples.integrator());
    }

    @Test
    void expandIntegrateIntoPlusAndDelay(FxRobot robot) throws Exception {
        Circuit c = new Circuit()
                .add(Operator.of("x", OpKind.INPUT, "name", "x", "type", org.dbspstudio.model.types.StreamType.Z))
                .add(Operator.of("i", OpKind.INTEGRATE))
                .add(Operator.of("y", OpKind.OUTPUT, "name", "y"))
                .connect("x.out", "i.in").connect("i.out", "y.in");
        Path file = temp.resolve("i.json");
        DocumentFiles.save(new CircuitDocument("i", c), file);
        fx(() -> window.files().open(file));
        robot.clickOn(robot.lookup("#op-i").queryAs(Node.class));
        shortcut(robot, KeyCode.E);
        Circuit e = doc().current();
        // the model's expansion: the new operators take i's place, named after it
        assertThat(e.operatorIds()).containsExactly("x", "i_plus", "i_z", "y");
        assertThat(e.streams()).containsExactlyInAnyOrder(Stream.of("x.out", "i_plus.a"), Stream.of("i_z.out", "i_plus.b"),
                Stream.of("i_plus.out", "i_z.in"), Stream.of("i_plus.out", "y.in"));
        assertThat(tab().analysis().diagnostics()).isEmpty();
        assertThat(doc().selectedOperators()).containsExactlyInAnyOrder("i_plus", "i_z");
        assertThat(doc().document().layout().get("i")).isNull();
        assertThat(doc().document().layout().get("i_plus")).isNotNull();
        assertThat(doc().document().layout().get("i_z")).isNotNull();
        // one undoable command with a description
        assertThat(doc().commands().nextUndo().orElseThrow().description()).isEqualTo("Expand I i into its definition");
        fx(() -> window.edits().undo());
        assertThat(doc().document().circuit()).isEqualTo(c);
        assertThat(tab().analysis().diagnostics()).isEmpty();
        fx(() -> window.edits().redo());
        assertThat(doc().current().operatorIds()).containsExactly("x", "i_plus", "i_z", "y");
    }

    @Test
    void autoLayoutPlacesOperatorsLeftToRightWithoutOverlap(FxRobot robot) throws Exception {
        CircuitDocument d = Samples.usersOrders();
        for (String id : d.circuit().allOperators().keySet()) {
            d.layout().put(id, 50, 50); // everything on one spot
        }
        Path file = temp.resolve("stacked.json");
        DocumentFiles.save(d, file);
        fx(() -> window.files().open(file));
        shortcut(robot, KeyCode.L);
        Layout l = doc().document().layout();
        Circuit c = doc().current();
        List<Operator> ops = List.copyOf(c.operators());
        for (int i = 0; i < ops.size(); i++) {
            for (int j = i + 1; j < ops.size(); j++) {
                var a = canvas().node(ops.get(i).id());
                var b = canvas().node(ops.get(j).id());
                boolean overlap = l.get(a.operator().id()).x() < l.get(b.operator().id()).x() + b.boxWidth()
                        && l.get(b.operator().id()).x() < l.get(a.operator().id()).x() + a.boxWidth()
                        && l.get(a.operator().id()).y() < l.get(b.operator().id()).y() + b.boxHeight()
                        && l.get(b.operator().id()).y() < l.get(a.operator().id()).y() + a.boxHeight();
                assertThat(overlap).as(a.operator().id() + " / " + b.operator().id()).isFalse();
            }
        }
        for (Stream s : c.streams()) {
            assertThat(l.get(s.from().op()).x()).as(s.id()).isLessThan(l.get(s.to().op()).x());
        }
        assertThat(doc().commands().nextUndo().orElseThrow().description()).startsWith("Auto-layout");
    }

    @Test
    void exportsPngSvgAndDot(FxRobot robot) throws Exception {
        openIntegrator();
        Path png = temp.resolve("c.png");
        Path svg = temp.resolve("c.svg");
        Path dot = temp.resolve("c.dot");
        assertThat(fx(() -> window.files().export("PNG", png))).isTrue();
        assertThat(fx(() -> window.files().export("SVG", svg))).isTrue();
        assertThat(fx(() -> window.files().export("DOT", dot))).isTrue();
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isGreaterThan(300);
        assertThat(img.getHeight()).isGreaterThan(150);
        // not blank: some dark pixels (boxes, text, arrows) on the white background
        long dark = 0;
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) {
                int rgb = img.getRGB(x, y);
                if (((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff) < 300) {
                    dark++;
                }
            }
        }
        assertThat(dark).isGreaterThan(200);
        String s = Files.readString(svg);
        assertThat(s).contains("<svg").contains("z⁻¹").contains(">input<").contains(">delay<");
        assertThat(s.split("<path", -1).length - 1).isGreaterThanOrEqualTo(2 * 4); // line + arrowhead per stream
        String d = Files.readString(dot);
        assertThat(d).contains("digraph");
        for (String id : List.of("input", "plus", "output", "delay")) {
            assertThat(d).contains(id);
        }
    }

    @Test
    void malformedFileShowsTheLoaderErrorAndTheWindowKeepsWorking(FxRobot robot) throws Exception {
        Path bad = temp.resolve("bad.json");
        Files.writeString(bad, "{\n  \"format\": \"dbsp-studio-circuit\",\n  \"version\": 1,\n  \"circuit\": [\n");
        fx(() -> window.files().open(bad));
        Node dialog = robot.lookup("#error-dialog").query();
        assertThat(dialog.isVisible()).isTrue();
        String text = fx(() -> ((javafx.scene.control.DialogPane) dialog).getContentText());
        assertThat(text).contains("bad.json:").containsPattern(":\\d+:\\d+");
        robot.clickOn(robot.lookup("#error-dialog .button").queryAs(Node.class));
        assertThat(robot.lookup("#error-dialog").tryQuery()).isEmpty();

        Path newer = temp.resolve("newer.json");
        Files.writeString(newer, "{\"format\": \"dbsp-studio-circuit\", \"version\": 99, \"circuit\": {}}");
        fx(() -> window.files().open(newer));
        String t2 = fx(() -> ((javafx.scene.control.DialogPane) robot.lookup("#error-dialog").query()).getContentText());
        assertThat(t2).contains("newer");
        robot.clickOn(robot.lookup("#error-dialog .button").queryAs(Node.class));

        // still usable: draw something
        dropFromPalette(robot, OpKind.INPUT, 150, 150);
        assertThat(doc().current().operatorIds()).containsExactly("input");
    }

    @Test
    void exportsSqlOrExplainsWhyNot(FxRobot robot) throws Exception {
        Path joinFile = Samples.copy("06-users-join-orders.json", temp.resolve("join.json"));
        fx(() -> window.files().open(joinFile));
        Path sql = temp.resolve("join.feldera.sql");
        assertThat(fx(() -> window.files().export("FELDERA-SQL", sql))).isTrue();
        assertThat(Files.readString(sql)).contains("CREATE TABLE users (", "CREATE VIEW user_orders AS");

        openIntegrator();
        Path refused = temp.resolve("integrator.flink.sql");
        assertThat(fx(() -> window.files().export("FLINK-SQL", refused))).isFalse();
        assertThat(refused).doesNotExist();
        String text = fx(() -> ((javafx.scene.control.DialogPane) robot.lookup("#error-dialog").query()).getContentText());
        assertThat(text).contains("input: input input is a stream of integers (type Z)");
        robot.clickOn(robot.lookup("#error-dialog .button").queryAs(Node.class));
    }
}
