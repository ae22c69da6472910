package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.scene.input.KeyCode;
import org.dbspstudio.ide.sql.SqlTab;
import org.dbspstudio.ide.sql.SqlText;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File → New from SQL…: the SQL editor beside the circuit the front end makes of it. Typing
 * recompiles (off the JavaFX thread) and shows errors at line:column; views become outputs;
 * selection follows both ways; editing keeps the places of the operators that stay; the SQL is
 * saved to a .sql file and kept by autosave for recovery.
 */
class SqlTabTest extends IdeTestBase {
    private SqlTab sql() {
        return fx(() -> SqlTab.of(tab()).orElseThrow());
    }

    private CodeArea area() {
        return sql().area();
    }

    /** Waits until the circuit on screen is the one of the text on screen. */
    private void compiled(SqlTab s) {
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(s::upToDate));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the SQL was not compiled in 60 s: " + fx(s::summary), e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private SqlTab newFromSql(FxRobot robot) {
        robot.clickOn("File").clickOn("New from SQL…");
        WaitForAsyncUtils.waitForFxEvents();
        SqlTab s = sql();
        compiled(s);
        return s;
    }

    private void setText(SqlTab s, String text) {
        fx(() -> {
            s.area().requestFocus();
            s.area().replaceText(text);
        });
        compiled(s);
    }

    private Set<String> ids(OpKind kind) {
        return fx(() -> doc().document().circuit().operators().stream().filter(o -> o.kind() == kind)
                .map(Operator::id).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void newFromSqlShowsHighlightedSqlBesideTheCircuitWithAnOutputPerView(FxRobot robot) {
        SqlTab s = newFromSql(robot);
        assertThat(fx(() -> s.tab().tab().getText())).contains("Untitled SQL");
        assertThat(fx(() -> window.tabs())).as("the untouched untitled tab gave way").containsExactly(s.tab());
        assertThat(s.errors()).isEmpty();
        assertThat(s.last().thread()).as("compiled off the JavaFX thread").isEqualTo("sql-front-end");
        assertThat(ids(OpKind.INPUT)).containsExactlyInAnyOrder("orders", "customers");
        assertThat(ids(OpKind.OUTPUT)).containsExactlyInAnyOrder("big_orders_out", "revenue_per_city_out");
        // the views' outputs are drawn on the tab's canvas, with the front end's output names
        assertThat(robot.lookup("#op-big_orders_out").tryQuery()).isPresent();
        assertThat(robot.lookup("#op-revenue_per_city_out").tryQuery()).isPresent();
        assertThat(fx(() -> doc().document().circuit().op("big_orders_out").params().get("name"))).isEqualTo("big_orders");
        String text = fx(() -> s.area().getText());
        assertThat(fx(() -> s.stylesAt(text.indexOf("CREATE VIEW") + 1))).contains("sql-keyword");
        assertThat(fx(() -> s.stylesAt(text.indexOf("100") + 1))).contains("sql-number");
        assertThat(fx(() -> s.stylesAt(text.indexOf("Tables become") + 1))).contains("sql-comment");
        assertThat(fx(() -> doc().isDirty())).isFalse();
    }

    @Test
    void typingBadSqlShowsTheErrorAtLineAndColumnAndFixingItBringsTheViewBack(FxRobot robot) {
        SqlTab s = newFromSql(robot);
        setText(s, "CREATE TABLE t (a INT, b INT);\nCREATE VIEW v AS SELECT a FROM t;\n");
        assertThat(ids(OpKind.OUTPUT)).containsExactly("v_out");
        // type a mistake at the end of line 2, like a user
        fx(() -> s.area().moveTo(1, "CREATE VIEW v AS SELECT a".length()));
        robot.write("x");
        compiled(s);
        assertThat(s.errors()).hasSize(1);
        assertThat(s.errors().get(0).line()).isEqualTo(2);
        assertThat(s.errors().get(0).column()).isEqualTo(25);
        assertThat(s.errors().get(0).message()).contains("'ax' not found");
        assertThat(robot.lookup("#sql-errors").queryListView().getItems()).hasSize(1);
        assertThat(robot.lookup(".sql-error-cell").queryLabeled().getText()).startsWith("2:25: ");
        int at = fx(() -> new SqlText(s.area().getText()).offset(2, 25));
        assertThat(fx(() -> s.stylesAt(at))).contains("sql-error");
        assertThat(fx(() -> s.summary())).startsWith("1 error");
        assertThat(ids(OpKind.OUTPUT)).as("the view with the error is left out").isEmpty();
        assertThat(fx(() -> doc().isDirty())).isTrue();

        robot.type(KeyCode.BACK_SPACE);
        compiled(s);
        assertThat(s.errors()).isEmpty();
        assertThat(ids(OpKind.OUTPUT)).containsExactly("v_out");
        assertThat(fx(() -> s.stylesAt(at))).doesNotContain("sql-error");
    }

    @Test
    void ctrlZInTheEditorUndoesTheLastTypingOnlyOnce(FxRobot robot) {
        SqlTab s = newFromSql(robot);
        fx(() -> {
            s.area().requestFocus();
            s.area().moveTo(s.area().getLength());
        });
        robot.write("-- a");
        robot.sleep(900); // longer than the editor's merge delay: the next key is an undo step of its own
        robot.write("b");
        assertThat(fx(() -> s.area().getText())).endsWith("-- ab");
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> s.area().getText())).as("one undo, not the editor's and the menu's").endsWith("-- a");
        compiled(s);
        assertThat(ids(OpKind.OUTPUT)).containsExactlyInAnyOrder("big_orders_out", "revenue_per_city_out");
    }

    @Test
    void selectingAnOperatorHighlightsItsSqlAndTheCaretSelectsOperators(FxRobot robot) {
        SqlTab s = newFromSql(robot);
        String text = fx(() -> s.area().getText());
        robot.clickOn("#op-big_orders_filter");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> Set.copyOf(doc().selectedOperators()))).containsExactly("big_orders_filter");
        List<SqlText.Range> hl = fx(s::highlighted);
        assertThat(hl).hasSize(1);
        assertThat(text.substring(hl.get(0).start(), hl.get(0).end())).isEqualTo("amount > 100");
        assertThat(fx(() -> s.stylesAt(text.indexOf("amount > 100") + 2))).contains("sql-linked");
        assertThat(fx(() -> s.stylesAt(text.indexOf("CREATE TABLE") + 2))).doesNotContain("sql-linked");

        // the caret in the join condition selects the join
        int onJoin = text.indexOf("JOIN customers") + 1;
        fx(() -> {
            s.area().requestFocus();
            s.area().moveTo(onJoin);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Set<String> sel = fx(() -> Set.copyOf(doc().selectedOperators()));
        assertThat(sel).isNotEmpty().allSatisfy(id -> assertThat(fx(() -> doc().document().circuit().op(id).kind()))
                .isEqualTo(OpKind.JOIN));
        // the canvas shows them selected
        assertThat(fx(() -> canvas().node(sel.iterator().next()).getStyleClass())).contains("selected");
        // selecting a whole view selects all its operators
        int from = text.indexOf("CREATE VIEW big_orders");
        int to = text.indexOf(';', from);
        fx(() -> s.area().selectRange(from, to));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> Set.copyOf(doc().selectedOperators()))).contains("big_orders_filter", "big_orders_out")
                .allSatisfy(id -> assertThat(id).startsWith("big_orders_"));
    }

    @Test
    void editingTheSqlKeepsThePlacesOfTheOperatorsThatStayAndUndoBringsTheSqlBack(FxRobot robot) {
        SqlTab s = newFromSql(robot);
        // move the filter and the output of big_orders on the canvas
        Layout.Point before = fx(() -> doc().document().layout().get("big_orders_out"));
        javafx.geometry.Point2D from = fx(() -> {
            var n = canvas().node("big_orders_out");
            var b = n.localToScreen(n.getBoundsInLocal());
            return new javafx.geometry.Point2D(b.getMinX() + 30, b.getMinY() + 12);
        });
        robot.drag(from, javafx.scene.input.MouseButton.PRIMARY).dropTo(from.add(60, 140));
        WaitForAsyncUtils.waitForFxEvents();
        Layout.Point moved = fx(() -> doc().document().layout().get("big_orders_out"));
        assertThat(moved).isNotEqualTo(before);
        Map<String, Layout.Point> placed = fx(() -> Map.copyOf(doc().document().layout().positions()));

        // add a condition to big_orders and a new view at the end
        String text = fx(() -> s.area().getText());
        String edited = text.replace("WHERE amount > 100", "WHERE amount > 100 AND customer <> 'x'")
                + "\nCREATE VIEW small_orders AS SELECT id FROM orders WHERE amount < 10;\n";
        setText(s, edited);
        assertThat(s.errors()).isEmpty();
        assertThat(ids(OpKind.OUTPUT)).contains("small_orders_out");
        Map<String, Layout.Point> now = fx(() -> Map.copyOf(doc().document().layout().positions()));
        for (var e : placed.entrySet()) {
            if (fx(() -> doc().document().circuit().contains(e.getKey()))) {
                assertThat(now.get(e.getKey())).as(e.getKey() + " stays where it was").isEqualTo(e.getValue());
            }
        }
        assertThat(now.get("big_orders_out")).isEqualTo(moved);
        assertThat(fx(() -> doc().document().circuit().op("big_orders_filter").params().values().toString())).contains("customer");

        // Edit → Undo with the canvas focused takes the SQL back with the circuit
        fx(() -> canvas().requestFocus());
        fx(() -> window.edits().undo());
        assertThat(fx(() -> s.area().getText())).isEqualTo(text);
        assertThat(ids(OpKind.OUTPUT)).doesNotContain("small_orders_out");
        compiled(s);
        assertThat(fx(() -> doc().document().layout().get("big_orders_out"))).isEqualTo(moved);
        fx(() -> window.edits().redo());
        assertThat(fx(() -> s.area().getText())).isEqualTo(edited);
        assertThat(ids(OpKind.OUTPUT)).contains("small_orders_out");
    }

    @Test
    void theSqlIsSavedToASqlFileReopenedAndKeptByAutosaveForRecovery(FxRobot robot) throws Exception {
        SqlTab s = newFromSql(robot);
        Path file = temp.resolve("shop.sql");
        assertThat(fx(() -> window.files().saveAs(file))).isTrue();
        assertThat(Files.readString(file)).isEqualTo(fx(() -> s.area().getText()));
        assertThat(fx(() -> doc().isDirty())).isFalse();
        assertThat(fx(() -> tab().tab().getText())).isEqualTo("shop.sql");

        // an edit makes it dirty at once, before the compilation, and autosave keeps the SQL
        fx(() -> {
            s.area().requestFocus();
            s.area().moveTo(s.area().getLength());
        });
        robot.write("-- more\n");
        assertThat(fx(() -> doc().isDirty())).isTrue();
        fx(() -> window.files().autosaveNow());
        Path rec = fx(() -> window.files().recovery().sqlFileFor(sessionKeyOf(tab())));
        assertThat(Files.readString(rec)).endsWith("-- more\n");
        compiled(s);

        // reopening the file shows its SQL and circuit in a SQL tab
        EditorTab reopened = fx(() -> {
            window.files().close(tab());
            return window.files().open(file).orElseThrow();
        });
        SqlTab again = fx(() -> SqlTab.of(reopened).orElseThrow());
        compiled(again);
        assertThat(fx(() -> again.area().getText())).isEqualTo(Files.readString(file));
        assertThat(ids(OpKind.OUTPUT)).containsExactlyInAnyOrder("big_orders_out", "revenue_per_city_out");
        assertThat(fx(() -> reopened.doc().isDirty())).isFalse();

        // a recovery file left by a crash comes back as an unsaved SQL tab
        Path left = temp.resolve("left").resolve("dead-1_1.recovery.sql");
        Files.createDirectories(left.getParent());
        Files.writeString(left, "CREATE TABLE r (x INT);\nCREATE VIEW rv AS SELECT x FROM r;\n");
        fx(() -> window.files().recoverFiles(List.of(left), true));
        SqlTab recovered = sql();
        compiled(recovered);
        assertThat(ids(OpKind.OUTPUT)).containsExactly("rv_out");
        assertThat(fx(() -> doc().isDirty())).isTrue();
        assertThat(left).doesNotExist();
    }

    private static String sessionKeyOf(EditorTab t) {
        try {
            var m = EditorTab.class.getDeclaredMethod("sessionKey");
            m.setAccessible(true);
            return (String) m.invoke(t);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
