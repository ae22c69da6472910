package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.dbspstudio.ide.debug.DebugSession;
import org.dbspstudio.ide.debug.ScenarioPanel;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.Menus;
import org.dbspstudio.model.Stream;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a new user stumbled on (issue 16): scenario table columns, inserting steps and the step
 * counters, menu and help texts, keyboard and context menus. Each test failed before its fix.
 */
class FirstUseTest extends IdeTestBase {

    @Test
    void scenarioTableShowsEveryColumnWideEnoughToRead(FxRobot robot) {
        openSample("06");
        fx(() -> window.debugger().showPanel("Scenario"));
        ScenarioPanel p = window.debugger().scenarioPanel();
        for (int step : new int[] {0, 1, 3, 0}) {
            fx(() -> p.select("users", step));
            TableView<List<String>> table = p.table();
            List<Double> widths = fx(() -> table.getColumns().stream().map(TableColumn::getWidth).toList());
            double tableWidth = fx(() -> table.getWidth());
            assertThat(widths).as("columns at step " + step).hasSize(3).allSatisfy(w -> assertThat(w).isGreaterThanOrEqualTo(60));
            assertThat(widths.get(0)).as("the first column does not take the whole width").isLessThan(tableWidth * 0.6);
        }
    }

    @Test
    void insertStepAddsAnEmptyStepAfterTheCurrentOneAndKeepsTypedRows(FxRobot robot) {
        EditorTab t = openSample("06");
        fx(() -> window.debugger().showPanel("Scenario"));
        ScenarioPanel p = window.debugger().scenarioPanel();
        fx(() -> p.select("orders", 1));
        int before = t.doc().document().scenario().steps();
        robot.clickOn("#scenario-insert-step");
        assertThat(t.doc().document().scenario().steps()).isEqualTo(before + 1);
        assertThat(t.doc().document().scenario().at("orders", 1).toString()).as("step 1 keeps its rows").contains("laptop");
        assertThat(p.selectedStep()).as("the new step is shown").isEqualTo(2);
        assertThat(p.table().getItems()).isEmpty();
        assertThat(t.doc().document().scenario().at("orders", 3).toString()).as("old step 2 moved to 3").contains("book");
    }

    @Test
    void stepCountersCountTheScenarioSteps(FxRobot robot) throws Exception {
        EditorTab t = openSample("06");
        Label label = robot.lookup("#debug-step-label").queryAs(Label.class);
        assertThat(fx(label::getText)).isEqualTo("step – of 0–3");
        robot.clickOn("#debug-step");
        settle(t, 0);
        assertThat(fx(label::getText)).isEqualTo("step 0 of 0–3");
        robot.clickOn("#debug-step");
        settle(t, 1);
        assertThat(fx(label::getText)).isEqualTo("step 1 of 0–3");
        fx(() -> window.debugger().showPanel("Scenario"));
        Label scenarioSteps = robot.lookup("#scenario-steps").queryAs(Label.class);
        assertThat(fx(scenarioSteps::getText)).isEqualTo("of 0–3");
    }

    @Test
    void menusShowReadableShortcuts(FxRobot robot) {
        List<String> texts = fx(() -> window.menus().menuBar().getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> i.getAccelerator() != null && i.isVisible()).map(Menus::shortcutText).toList());
        assertThat(texts).contains("Ctrl+0", "Ctrl+1", "Ctrl+Backspace", "F8", "Shift+F8")
                .noneMatch(s -> s.contains("DIGIT") || s.contains("BACK_SPACE") || s.contains("_"));
        robot.clickOn("View");
        List<String> shown = robot.lookup(".accelerator-text").queryAllAs(Label.class).stream()
                .map(Label::getText).filter(s -> !s.isBlank()).toList();
        robot.type(KeyCode.ESCAPE);
        assertThat(shown).contains("Ctrl+0", "Ctrl+1").noneMatch(s -> s.contains("DIGIT"));
    }

    @Test
    void helpListsTheDebuggerKeysAndEscapeClosesIt(FxRobot robot) {
        robot.clickOn(onCanvas(30, 30));
        robot.type(KeyCode.F1);
        TableView<?> table = robot.lookup("#shortcuts").queryAs(TableView.class);
        List<String> keys = fx(() -> table.getItems().stream().map(i -> ((Menus.Shortcut) i).keys()).toList());
        assertThat(keys).contains("F8", "Shift+F8", "Ctrl+1", "Ctrl+Backspace");
        Stage help = fx(() -> (Stage) table.getScene().getWindow());
        robot.type(KeyCode.ESCAPE);
        assertThat(fx(help::isShowing)).as("Esc closes the shortcuts window").isFalse();
    }

    @Test
    void ctrl1ShowsActualSizeAndCtrl0Fits(FxRobot robot) {
        openSample("05");
        robot.clickOn(onCanvas(20, 20));
        fx(() -> canvas().setView(0.3, 0, 0));
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        assertThat(canvas().zoomLevel()).isEqualTo(1.0);
        fx(() -> canvas().setView(0.3, 900, 700));
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT0).release(KeyCode.DIGIT0, KeyCode.CONTROL);
        assertThat(canvas().zoomLevel()).isNotEqualTo(0.3);
        assertThat(canvas().panOffset()).isNotEqualTo(new javafx.geometry.Point2D(900, 700));
    }

    private List<String> contextItems() {
        return fx(() -> Window.getWindows().stream().filter(w -> w instanceof ContextMenu && w.isShowing())
                .flatMap(w -> ((ContextMenu) w).getItems().stream()).map(MenuItem::getText)
                .filter(java.util.Objects::nonNull).toList());
    }

    @Test
    void rightClickOffersContextMenusOnBoxesWiresAndTheCanvas(FxRobot robot) {
        openSample("06");
        fx(() -> canvas().fit());
        Node box = robot.lookup("#op-" + doc().current().operatorIds().get(2)).query();
        robot.clickOn(box, MouseButton.SECONDARY);
        assertThat(contextItems()).contains("Delete", "Duplicate", "Inspect Output");
        robot.type(KeyCode.ESCAPE);
        Stream s = doc().current().streams().get(0);
        var route = fx(() -> canvas().streamView(s).route());
        var p0 = route.get(route.size() / 2 - 1);
        var p1 = route.get(route.size() / 2);
        robot.clickOn(fx(() -> canvas().drawing().localToScreen((p0.x() + p1.x()) / 2, (p0.y() + p1.y()) / 2)), MouseButton.SECONDARY);
        assertThat(contextItems()).contains("Delete Stream", "Inspect Stream");
        assertThat(doc().selectedStreams()).containsExactly(s);
        robot.type(KeyCode.ESCAPE);
        fx(() -> doc().selectedStreams().clear());
        robot.clickOn(onCanvas(15, 15), MouseButton.SECONDARY);
        assertThat(contextItems()).contains("Paste", "Select All", "Auto-Layout", "Zoom to Fit");
        robot.type(KeyCode.ESCAPE);
        // a right drag still pans and opens no menu
        var pan = canvas().panOffset();
        robot.drag(onCanvas(15, 15), MouseButton.SECONDARY).dropTo(onCanvas(115, 65));
        assertThat(canvas().panOffset()).isNotEqualTo(pan);
        assertThat(contextItems()).isEmpty();
    }

    @Test
    void everyBottomPanelFollowsTheActiveTab(FxRobot robot) throws Exception {
        EditorTab tc = openSample("05");
        robot.clickOn("#debug-step");
        settle(tc, 0);
        fx(() -> tc.doc().enter("tc"));
        fx(() -> tc.doc().select(List.of("paths")));
        fx(() -> window.debugger().timeline().addStream(window.debugger().inspector().stream()));
        fx(() -> window.debugger().scenarioPanel().select("edges", 2));
        fx(() -> window.debugger().verify());
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.debugger().verifyPanel().verdictText().contains("PASS")));
        assertThat(window.debugger().inspector().titleText()).contains("paths.out");

        EditorTab uo = openSample("06");
        assertThat(fx(() -> window.debugger().inspector().titleText())).doesNotContain("paths");
        assertThat(fx(() -> window.debugger().inspector().shown())).isEmpty();
        assertThat(fx(() -> window.debugger().timeline().streams())).isEmpty();
        assertThat(fx(() -> window.debugger().verifyPanel().verdictText())).doesNotContain("PASS");
        assertThat(fx(() -> window.debugger().verifyPanel().checks())).isEmpty();
        assertThat(fx(() -> window.debugger().scenarioPanel().selectedStep())).isZero();
        assertThat(fx(() -> window.debugger().scenarioPanel().selectedInput())).isEqualTo("users");

        fx(() -> window.documents().getSelectionModel().select(tc.tab()));
        assertThat(fx(() -> window.debugger().inspector().titleText())).contains("paths.out");
        assertThat(fx(() -> window.debugger().timeline().streams())).hasSize(1);
        assertThat(fx(() -> window.debugger().verifyPanel().verdictText())).contains("PASS");
        assertThat(fx(() -> window.debugger().scenarioPanel().selectedStep())).isEqualTo(2);
        assertThat(uo).isNotSameAs(tc);
    }

    @Test
    void nestedBadgesKeepTheirValuesWhenAStepRunsFewerIterations(FxRobot robot) throws Exception {
        for (String sample : List.of("05", "10")) {
            EditorTab t = openSample(sample);
            String nested = fx(() -> t.doc().current().operators().stream()
                    .filter(o -> o.kind() == org.dbspstudio.model.OpKind.NESTED).findFirst().orElseThrow().id());
            fx(() -> t.doc().enter(nested));
            String inner = fx(() -> t.doc().current().operators().stream()
                    .filter(o -> o.kind() == org.dbspstudio.model.OpKind.PLUS).findFirst().orElseThrow().id());
            fx(() -> t.doc().select(List.of(inner)));
            DebugSession s = window.debugger().session(t);
            java.util.Set<Integer> counts = new java.util.TreeSet<>();
            int steps = t.doc().document().scenario().steps();
            for (int step = 0; step < steps; step++) {
                robot.clickOn("#debug-step");
                settle(t, step);
                var ins = window.debugger().inspector();
                int[] its = fx(ins::iterations);
                int ran = fx(() -> s.iterations(nested, s.cursor()));
                counts.add(ran);
                assertThat(fx(ins::iterationCountTexts)).as(sample + " step " + step)
                        .containsExactly("(" + ran + (ran == 1 ? " iteration" : " iterations") + " at step " + s.cursor() + ")");
                var ref = ins.stream();
                String expected = fx(() -> org.dbspstudio.ide.debug.ValueRows.summary(s.value(ref, s.cursor(), its), false));
                assertThat(fx(() -> window.debugger().values(t).labels().get(ref.op() + "." + ref.port())))
                        .as(sample + " badge of " + ref.label() + " at step " + step).isEqualTo(expected);
                for (var e : fx(() -> window.debugger().values(t).labels()).entrySet()) {
                    assertThat(e.getValue()).as(sample + " " + e.getKey() + " at step " + step).isNotIn("no value", "—", "–");
                }
            }
            assertThat(counts).as(sample + ": some step runs fewer iterations than another").hasSizeGreaterThan(1);
        }
    }

    /** The text a labeled control shows on screen (its skin's text, with an ellipsis when cut). */
    private static String shown(javafx.scene.control.Labeled l) {
        return l.lookupAll(".text").stream().filter(n -> n instanceof javafx.scene.text.Text && n.getParent() == l)
                .map(n -> ((javafx.scene.text.Text) n).getText()).findFirst().orElse(l.getText());
    }

    @Test
    void longMessagesWrapInsteadOfBeingCutOff(FxRobot robot) throws Exception {
        org.dbspstudio.model.Circuit c = Samples.integrator();
        c.remove("delay");
        c.add(org.dbspstudio.model.Operator.of("negate_the_running_total", org.dbspstudio.model.OpKind.NEGATE));
        c.connect("plus.out", "negate_the_running_total.in").connect("negate_the_running_total.out", "plus.b");
        EditorTab t = open(new org.dbspstudio.model.CircuitDocument("loop", c), "loop.json");
        String message = fx(() -> t.analysis().diagnostics().get(0).message());
        assertThat(message.length()).as("a long message").isGreaterThan(120);
        // the Problems row shows all of it, on several lines within its column
        var text = robot.lookup("#bottom-panels .problem-text").queryAs(javafx.scene.text.Text.class);
        assertThat(fx(text::getText)).isEqualTo(message);
        double width = fx(() -> text.getLayoutBounds().getWidth());
        double column = fx(() -> ((javafx.scene.control.TableCell<?, ?>) text.getParent()).getWidth());
        assertThat(width).as("the message within its column").isLessThanOrEqualTo(column);
        double line = fx(() -> new javafx.scene.text.Text("x").getLayoutBounds().getHeight());
        assertThat(fx(() -> text.getLayoutBounds().getHeight())).as("wrapped onto more lines").isGreaterThan(1.5 * line);
        // the operator's tooltip wraps at a width that fits on the screen
        var tip = fx(() -> (javafx.scene.control.Tooltip) canvas().node("plus").getProperties().get("javafx.scene.control.Tooltip"));
        assertThat(tip).as("the loop's message as the operator's tooltip").isNotNull();
        assertThat(tip.getText()).isEqualTo(message);
        assertThat(tip.isWrapText()).isTrue();
        assertThat(tip.getMaxWidth()).isLessThanOrEqualTo(520);
        // the Rewrite panel shows every rule's text whole
        EditorTab orders = openSample("06");
        fx(() -> window.debugger().incrementalize());
        fx(() -> window.debugger().showPanel("Rewrite"));
        WaitForAsyncUtils.waitForFxEvents();
        var cells = robot.lookup("#explanation-list .list-cell").queryAllAs(javafx.scene.control.ListCell.class).stream()
                .filter(x -> x.getText() != null && !x.getText().isEmpty()).toList();
        assertThat(cells).as("rules listed").hasSizeGreaterThan(1);
        for (var cell : cells) {
            assertThat(fx(() -> shown(cell))).as("rule text on screen").isEqualTo(cell.getText()).doesNotEndWith("...");
        }
        assertThat(orders).isNotNull();
    }

    @Test
    void toolBarButtonsHaveIconsAndTooltipsNamingTheirShortcut(FxRobot robot) {
        var buttons = robot.lookup("#tool-bar .button").queryAllAs(javafx.scene.control.ButtonBase.class);
        var debug = robot.lookup("#debug-toolbar .button").queryAllAs(javafx.scene.control.ButtonBase.class);
        assertThat(buttons).hasSizeGreaterThanOrEqualTo(13);
        assertThat(debug).hasSizeGreaterThanOrEqualTo(6);
        for (var b : java.util.stream.Stream.concat(buttons.stream(), debug.stream()).toList()) {
            assertThat(b.getGraphic()).as(b.getId() + " has an icon").isInstanceOf(org.kordamp.ikonli.javafx.FontIcon.class);
            assertThat(fx(() -> ((org.kordamp.ikonli.javafx.FontIcon) b.getGraphic()).getIconCode())).as(b.getId()).isNotNull();
            assertThat(org.dbspstudio.ide.ui.Icons.tipText(b)).as(b.getId() + " has a tooltip").isNotBlank();
            if (b.getContentDisplay() == javafx.scene.control.ContentDisplay.GRAPHIC_ONLY) {
                assertThat(org.dbspstudio.ide.ui.Icons.tipText(b)).as("an icon alone is named by its tooltip")
                        .containsIgnoringCase(b.getText());
            }
        }
        assertThat(org.dbspstudio.ide.ui.Icons.tipText(robot.lookup("#tool-save").query())).isEqualTo("Save (Ctrl+S)");
        // resting the pointer on a button shows its tooltip
        robot.moveTo("#tool-save");
        robot.moveBy(2, 1);
        var save = robot.lookup("#tool-save").queryAs(javafx.scene.control.Button.class);
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(() -> save.getTooltip() != null && save.getTooltip().isShowing()));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no tooltip shown over Save within 20 s", e);
        }
        assertThat(save.getTooltip().getText()).isEqualTo("Save (Ctrl+S)");
        robot.moveTo(canvas());
    }

    /** WCAG contrast ratio of two colours (1 to 21). */
    private static double contrast(javafx.scene.paint.Color a, javafx.scene.paint.Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(javafx.scene.paint.Color c) {
        java.util.function.DoubleUnaryOperator lin = v -> v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        return 0.2126 * lin.applyAsDouble(c.getRed()) + 0.7152 * lin.applyAsDouble(c.getGreen()) + 0.0722 * lin.applyAsDouble(c.getBlue());
    }

    /** The colour behind a node: the last opaque fill of the nearest ancestor that has one. */
    private static javafx.scene.paint.Color behind(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p instanceof javafx.scene.layout.Region r && r.getBackground() != null) {
                var fills = r.getBackground().getFills();
                for (int i = fills.size() - 1; i >= 0; i--) {
                    if (fills.get(i).getFill() instanceof javafx.scene.paint.Color c && c.getOpacity() > 0.9) {
                        return c;
                    }
                }
            }
        }
        return javafx.scene.paint.Color.WHITE;
    }

    @Test
    void theStatisticsTableReadsWellInTheDarkTheme(FxRobot robot) throws Exception {
        for (boolean modena : new boolean[] {false, true}) {
            System.setProperty("dbsp.modena", Boolean.toString(modena));
            try {
                fx(() -> window.setDark(true));
                EditorTab t = openSample("06");
                fx(() -> window.debugger().showPanel("Statistics"));
                fx(() -> window.debugger().session(t).seek(1));
                settle(t, 1);
                var cells = robot.lookup("#stats-table .table-row-cell .table-cell").queryAllAs(javafx.scene.control.Labeled.class)
                        .stream().filter(c -> c.getText() != null && !c.getText().isEmpty()).toList();
                assertThat(cells).as("statistics rows at step 1 (modena " + modena + ")").isNotEmpty();
                for (var c : cells) {
                    double ratio = fx(() -> {
                        var text = c.lookup(".text");
                        var fill = text instanceof javafx.scene.text.Text tx ? (javafx.scene.paint.Color) tx.getFill()
                                : (javafx.scene.paint.Color) c.getTextFill();
                        return contrast(fill, behind(c));
                    });
                    assertThat(ratio).as("contrast of '" + c.getText() + "' (modena " + modena + ")").isGreaterThanOrEqualTo(4.5);
                }
                var header = robot.lookup("#stats-table .column-header .label").queryAllAs(javafx.scene.control.Label.class);
                for (var h : header) {
                    double ratio = fx(() -> contrast((javafx.scene.paint.Color) h.getTextFill(), behind(h)));
                    assertThat(ratio).as("contrast of header '" + h.getText() + "' (modena " + modena + ")").isGreaterThanOrEqualTo(4.5);
                }
            } finally {
                System.clearProperty("dbsp.modena");
                fx(() -> window.setDark(false));
            }
        }
    }

    /** On-screen font size of each operator id shown, and whether its caption covers another box. */
    private java.util.Map<String, Double> idSizes() {
        return fx(() -> {
            java.util.Map<String, Double> out = new java.util.TreeMap<>();
            canvas().applyCss();
            canvas().layout();
            for (var e : canvas().nodes().entrySet()) {
                javafx.scene.text.Text id = e.getValue().idText();
                if (id.isVisible()) {
                    var toScene = id.getLocalToSceneTransform();
                    out.put(e.getKey(), id.getFont().getSize() * Math.hypot(toScene.getMyx(), toScene.getMyy()));
                }
            }
            return out;
        });
    }

    @Test
    void operatorIdsInsideNestedCircuitsAreReadableAtFitZoom(FxRobot robot) {
        for (String sample : List.of("05", "10")) {
            EditorTab t = openSample(sample);
            String nested = fx(() -> t.doc().current().operators().stream()
                    .filter(o -> o.kind() == org.dbspstudio.model.OpKind.NESTED).findFirst().orElseThrow().id());
            fx(() -> t.doc().enter(nested));
            fx(() -> t.canvas().fit());
            double zoom = fx(() -> t.canvas().zoomLevel());
            assertThat(zoom).as(sample + ": the nested circuit fits only zoomed out").isLessThan(0.9);
            var sizes = idSizes();
            assertThat(sizes).as(sample + ": ids shown at fit zoom " + zoom).isNotEmpty();
            assertThat(sizes.values()).as(sample + ": on-screen id sizes at zoom " + zoom + " " + sizes)
                    .allSatisfy(px -> assertThat(px).isGreaterThanOrEqualTo(OperatorNodeSizes.MIN - 1e-9));
            // enlarged ids sit under their own box and cover no other box
            fx(() -> {
                for (var a : t.canvas().nodes().values()) {
                    var caption = a.idText().localToScene(a.idText().getBoundsInLocal());
                    for (var b : t.canvas().nodes().values()) {
                        if (a != b) {
                            var box = b.localToScene(0, 0);
                            var other = new javafx.geometry.BoundingBox(box.getX(), box.getY(),
                                    b.boxWidth() * zoom, b.boxHeight() * zoom);
                            assertThat(caption.intersects(other)).as(sample + ": id of " + a.operator().id()
                                    + " over box " + b.operator().id()).isFalse();
                        }
                    }
                }
                return null;
            });
            // at 100% nothing changes: the id is inside its box at its own size
            fx(() -> t.canvas().actualSize());
            assertThat(idSizes().values()).allSatisfy(px -> assertThat(px).isCloseTo(10.5, org.assertj.core.data.Offset.offset(0.01)));
        }
    }

    /** The minimum on-screen id size the canvas promises. */
    private static final class OperatorNodeSizes {
        static final double MIN = org.dbspstudio.ide.canvas.OperatorNode.MIN_ID_PX;
    }

    private void assertNoOverlap(String when) {
        var boxes = fx(() -> canvas().boxes(List.of()));
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                var a = boxes.get(i);
                var b = boxes.get(j);
                boolean overlap = a.x() < b.right() && b.x() < a.right() && a.y() < b.bottom() && b.y() < a.bottom();
                assertThat(overlap).as(when + ": " + a + " overlaps " + b).isFalse();
            }
        }
    }

    @Test
    void newBoxesLandInFreeSpaceAndDropsNeverOverlap(FxRobot robot) {
        for (var kind : List.of(org.dbspstudio.model.OpKind.INTEGRATE, org.dbspstudio.model.OpKind.OUTPUT,
                org.dbspstudio.model.OpKind.DELAY)) {
            Node item = window.palette().item(kind);
            fx(() -> window.addAtCentre(kind));
            assertNoOverlap("after adding " + kind);
            assertThat(item).isNotNull();
        }
        dropFromPalette(robot, org.dbspstudio.model.OpKind.PLUS, 300, 300);
        var ids = doc().current().operatorIds();
        Node a = robot.lookup("#op-" + ids.get(0)).query();
        Node b = robot.lookup("#op-" + ids.get(3)).query();
        robot.drag(b, MouseButton.PRIMARY).dropTo(a);
        assertNoOverlap("after dropping " + ids.get(3) + " on " + ids.get(0));
        assertThat(doc().commands().nextUndo().orElseThrow().description()).startsWith("Move");
    }

    @Test
    void deletedRowsAreRedWithEitherThemeAndNoCssErrorIsLogged(FxRobot robot) throws Exception {
        for (boolean modena : new boolean[] {false, true}) {
            System.setProperty("dbsp.modena", Boolean.toString(modena));
            try {
                fx(() -> window.setDark(false));
                EditorTab t = openSample("06");
                fx(() -> window.debugger().showPanel("Inspector"));
                fx(() -> t.doc().select(List.of("users")));
                fx(() -> window.debugger().session(t).seek(3));
                settle(t, 3);
                var rows = robot.lookup("#inspector-table .table-row-cell").queryAll().stream()
                        .filter(r -> r.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("deleted"))).toList();
                assertThat(rows).as("a deleted row at step 3").isNotEmpty();
                for (Node r : rows) {
                    var bg = fx(() -> ((javafx.scene.layout.Region) r).getBackground());
                    assertThat(bg).isNotNull();
                    assertThat(bg.getFills().get(bg.getFills().size() - 1).getFill().toString())
                            .as("deleted row background (modena " + modena + ")").isNotEqualTo("0x00000000");
                }
            } finally {
                System.clearProperty("dbsp.modena");
            }
        }
        fx(() -> window.setDark(false));
        assertThat(cssProblems).isEmpty();
    }

    @Test
    void aRunThatFailsBeforeStepZeroSaysSoWithoutInternalNumbers(FxRobot robot) {
        String text = org.dbspstudio.ide.debug.CanvasValues.failureBadge(-1);
        assertThat(text).doesNotContain("-1");
        assertThat(org.dbspstudio.ide.debug.CanvasValues.failureBadge(3)).isEqualTo("✗ failed at step 3");
    }

    @Test
    void saveAndExportDialogsStartInTheDocumentsFolderNotTheWorkingDirectory(FxRobot robot) throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createDirectories(temp.resolve("circuits"));
        java.nio.file.Path file = dir.resolve("i.json");
        org.dbspstudio.ide.io.DocumentFiles.save(new org.dbspstudio.model.CircuitDocument("i", Samples.integrator()), file);
        fx(() -> window.files().open(file));
        assertThat(fx(() -> window.files().initialDirectory())).isEqualTo(dir.toAbsolutePath());
        fx(() -> window.files().newDocument());
        java.nio.file.Path fresh = fx(() -> window.files().initialDirectory());
        assertThat(fresh).isDirectory();
        if (!java.nio.file.Path.of(System.getProperty("user.home")).toAbsolutePath()
                .equals(java.nio.file.Path.of("").toAbsolutePath())) {
            assertThat(fresh).isNotEqualTo(java.nio.file.Path.of("").toAbsolutePath());
        }
    }

    @Test
    void droppingAnOperatorOnAStreamInsertsItIntoTheStream(FxRobot robot) {
        openSample("06");
        Stream out = doc().current().streams().stream().filter(x -> x.to().op().equals("user_orders")).findFirst().orElseThrow();
        var route = fx(() -> canvas().streamView(out).route());
        var a = route.get(0);
        var b = route.get(1);
        var local = fx(() -> canvas().drawing().localToParent((a.x() + b.x()) / 2, a.y()));
        dropFromPalette(robot, org.dbspstudio.model.OpKind.DISTINCT, local.getX(), local.getY());
        String id = doc().current().operators().stream().filter(o -> o.kind() == org.dbspstudio.model.OpKind.DISTINCT)
                .findFirst().orElseThrow().id();
        assertThat(doc().current().streams()).doesNotContain(out)
                .contains(new Stream(out.from(), new org.dbspstudio.model.PortRef(id, "in")),
                        new Stream(new org.dbspstudio.model.PortRef(id, "out"), out.to()));
        assertThat(doc().commands().nextUndo().orElseThrow().description()).startsWith("Insert");
        assertNoOverlap("after inserting on the stream");
        fx(() -> doc().undo());
        assertThat(doc().current().streams()).contains(out);
        assertThat(doc().current().operatorIds()).doesNotContain(id);
    }
}
