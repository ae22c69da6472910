package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.prefs.Preferences;
import javafx.scene.Node;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.ui.Menus;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/** Hover types, properties with live checking, shortcuts window, theme, recovery. */
class WindowFeaturesTest extends IdeTestBase {

    @Test
    void hoveringAStreamShowsItsType(FxRobot robot) throws Exception {
        Path file = temp.resolve("i.json");
        DocumentFiles.save(new CircuitDocument("i", Samples.integrator()), file);
        fx(() -> window.files().open(file));
        Node line = fx(() -> canvas().streamView(Stream.of("input.out", "plus.a")).getChildren().get(0));
        robot.moveTo(line);
        assertThat(window.statusText()).contains("input.out → plus.a").endsWith("Z");
    }

    @Test
    void filterPredicateIsCheckedLiveAndCommittedAsAnUndoableEdit(FxRobot robot) throws Exception {
        Circuit c = new Circuit()
                .add(Operator.of("orders", OpKind.INPUT, "name", "orders", "type", StreamType.zset(RowSchema.of(
                        Column.of("id", SqlType.BIGINT), Column.of("amount", SqlType.DECIMAL)))))
                .add(Operator.of("big", OpKind.FILTER, "predicate", "amount > 1"))
                .add(Operator.of("out", OpKind.OUTPUT, "name", "out"))
                .connect("orders.out", "big.in").connect("big.out", "out.in");
        Path file = temp.resolve("f.json");
        DocumentFiles.save(new CircuitDocument("f", c), file);
        fx(() -> window.files().open(file));
        robot.clickOn(robot.lookup("#op-big").queryAs(Node.class));
        TextField predicate = robot.lookup("#param-predicate").queryAs(TextField.class);
        robot.doubleClickOn(predicate);
        fx(() -> predicate.clear());
        robot.write("amount + ");
        String shown = fx(() -> ((javafx.scene.layout.VBox) predicate.getParent()).getChildren().stream()
                .filter(n -> n instanceof javafx.scene.control.Label l && l.getText().startsWith("✗"))
                .map(n -> ((javafx.scene.control.Label) n).getText()).findFirst().orElse(""));
        assertThat(shown).startsWith("✗");
        fx(() -> predicate.setText("nosuch > 3"));
        String unknown = fx(() -> ((javafx.scene.layout.VBox) predicate.getParent()).getChildren().stream()
                .filter(n -> n instanceof javafx.scene.control.Label l && l.getText().startsWith("✗"))
                .map(n -> ((javafx.scene.control.Label) n).getText()).findFirst().orElse(""));
        assertThat(unknown).contains("nosuch");
        fx(() -> predicate.setText("amount > 100"));
        robot.clickOn(predicate).type(KeyCode.ENTER);
        assertThat(doc().current().op("big").params().string("predicate")).isEqualTo("amount > 100");
        assertThat(doc().commands().nextUndo().orElseThrow().description()).isEqualTo("Set predicate of big");
        robot.clickOn(onCanvas(20, 20));
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        assertThat(doc().current().op("big").params().string("predicate")).isEqualTo("amount > 1");
    }

    @Test
    void inputSchemaIsEditedAsAColumnTable(FxRobot robot) {
        dropFromPalette(robot, OpKind.INPUT, 200, 200);
        robot.clickOn(robot.lookup("#op-input").queryAs(Node.class));
        robot.clickOn(robot.lookup("#param-type .combo-box").queryAs(Node.class));
        robot.clickOn("Z-set of rows");
        assertThat(doc().current().op("input").params().type("type"))
                .isEqualTo(StreamType.zset(RowSchema.of(Column.of("id", SqlType.BIGINT))));
        robot.clickOn("Add column");
        assertThat(((StreamType.ZSet) doc().current().op("input").params().type("type")).row().names())
                .containsExactly("id", "c2");
    }

    @Test
    void shortcutsWindowListsEveryAccelerator(FxRobot robot) {
        robot.type(KeyCode.F1);
        TableView<?> table = robot.lookup("#shortcuts").queryAs(TableView.class);
        List<String> keys = fx(() -> table.getItems().stream().map(i -> ((Menus.Shortcut) i).keys())
                .flatMap(k -> java.util.Arrays.stream(k.split("  or  "))).toList());
        assertThat(keys).contains("Ctrl+N", "Ctrl+O", "Ctrl+S", "Ctrl+Shift+S", "Ctrl+W", "Ctrl+Z", "Ctrl+Y",
                "Ctrl+X", "Ctrl+C", "Ctrl+V", "Ctrl+D", "Ctrl+A", "Ctrl+F", "Ctrl+0", "Ctrl+=", "Ctrl+-");
        assertThat(fx(() -> Window.getWindows().size())).isGreaterThanOrEqualTo(2);
    }

    @Test
    void themeChoiceIsRemembered(FxRobot robot) {
        fx(() -> window.setDark(true));
        assertThat(new Prefs(Preferences.userRoot().node("org/dbspstudio/ide-test")).darkTheme()).isTrue();
        assertThat(fx(() -> javafx.application.Application.getUserAgentStylesheet())).contains("dark");
        fx(() -> window.setDark(false));
        assertThat(new Prefs(Preferences.userRoot().node("org/dbspstudio/ide-test")).darkTheme()).isFalse();
    }

    @Test
    void autosaveWritesARecoveryFileThatCanBeRecovered(FxRobot robot) throws Exception {
        dropFromPalette(robot, OpKind.PLUS, 200, 200);
        fx(() -> window.files().autosaveNow());
        org.dbspstudio.ide.io.Recovery recovery = window.files().recovery();
        assertThat(recovery.leftovers()).as("this instance runs: its autosave is not offered").isEmpty();
        // what a crash leaves behind: the autosave and a lock file no running process holds
        Path autosaved;
        try (var s = Files.list(recovery.dir())) {
            autosaved = s.filter(p -> p.toString().endsWith(".recovery.json")).findFirst().orElseThrow();
        }
        Files.move(autosaved, recovery.dir().resolve("999999-dead_1-1.recovery.json"));
        Files.createFile(recovery.dir().resolve("999999-dead.lock"));
        List<Path> files = recovery.leftovers();
        assertThat(files).hasSize(1);
        Circuit drawn = doc().document().circuit().copy();
        fx(() -> window.files().recoverFiles(files, true));
        assertThat(doc().document().circuit()).isEqualTo(drawn);
        assertThat(doc().isDirty()).isTrue();
        assertThat(doc().file()).isNull();
        assertThat(Files.exists(files.get(0))).isFalse();
        assertThat(recovery.dir().resolve("999999-dead.lock")).doesNotExist();
    }

    @Test
    void zoomShortcutsAndFit(FxRobot robot) throws Exception {
        Path file = temp.resolve("u.json");
        DocumentFiles.save(Samples.usersOrders(), file);
        fx(() -> window.files().open(file));
        robot.clickOn(canvas());
        double z0 = canvas().zoomLevel();
        robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
        assertThat(canvas().zoomLevel()).isGreaterThan(z0);
        robot.press(KeyCode.CONTROL, KeyCode.MINUS).release(KeyCode.MINUS, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.MINUS).release(KeyCode.MINUS, KeyCode.CONTROL);
        assertThat(canvas().zoomLevel()).isLessThan(z0);
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT0).release(KeyCode.DIGIT0, KeyCode.CONTROL);
        var b = fx(() -> canvas().localToScreen(canvas().getBoundsInLocal()));
        for (String id : doc().current().operatorIds()) {
            var nb = fx(() -> canvas().node(id).localToScreen(canvas().node(id).getBoundsInLocal()));
            assertThat(b.contains(nb)).as(id + " visible after fit").isTrue();
        }
    }
}
