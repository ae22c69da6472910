package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.TableView;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.ide.data.DataPanel;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Data panel with a DuckDB file: open it, see its tables with row counts, bind tables to the
 * inputs of sample 6 (users ⋈ orders) by name and by dragging, preview rows, import the change
 * tables as the scenario and step through it (the outputs are the sample's expected changes), then
 * follow a CSV change file: a step appended to it becomes a new step of the scenario.
 */
class DataPanelTest extends IdeTestBase {
    private static final String SAMPLE = "06-users-join-orders.json";

    private DataPanel panel(FxRobot robot) {
        return robot.lookup("#data-panel").queryAs(DataPanel.class);
    }

    /** The row cell showing item {@code index} of a table. */
    private Node row(FxRobot robot, TableView<?> table, int index) {
        fx(() -> {
            table.scrollTo(index);
            return null;
        });
        return robot.from(table).lookup(".table-row-cell").match(n -> n instanceof javafx.scene.control.TableRow<?> r
                && r.getIndex() == index && r.getItem() != null).query();
    }

    private static void waitUntil(java.util.concurrent.Callable<Boolean> c, String what) {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("waited 30 s for " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void bindADuckDbTableImportItAndStepThenFollowAFile(FxRobot robot) throws Exception {
        Path db = ShopDatabase.create(temp.resolve("shop.duckdb"), "order_log",
                "CREATE TABLE people (id INTEGER, name VARCHAR)", "INSERT INTO people VALUES (1, 'Alice'), (2, 'Bob'), (3, 'Carl')");
        Path doc = Samples.copy(SAMPLE, temp.resolve("users-orders.json"));
        fx(() -> window.files().open(doc));
        EditorTab t = fx(() -> window.current().orElseThrow());

        fx(() -> { // room for the panel: the bottom area takes half the window
            for (javafx.scene.Parent n = window.bottomPanels().getParent(); n != null; n = n.getParent()) {
                if (n instanceof javafx.scene.control.SplitPane sp && sp.getOrientation() == javafx.geometry.Orientation.VERTICAL) {
                    sp.setDividerPositions(0.45);
                    break;
                }
            }
            return null;
        });
        robot.clickOn("#panel-data");
        robot.clickOn("#data-target").write(db.toString());
        robot.clickOn("#data-open");
        DataPanel p = panel(robot);
        waitUntil(() -> fx(() -> p.tableEntries().size() == 3), "the tables to be listed");
        assertThat(fx(p::tableEntries)).containsExactly(new DataPanel.TableEntry("order_log", 4),
                new DataPanel.TableEntry("people", 3), new DataPanel.TableEntry("users", 4));
        // users is bound by name; orders has no table of its name
        assertThat(fx(() -> p.bindings().stream().map(b -> b.input() + "←" + b.sourceProperty().get()).toList()))
                .containsExactly("users←users", "orders←");

        // drag order_log onto the orders input
        @SuppressWarnings("unchecked")
        TableView<DataPanel.TableEntry> tables = robot.lookup("#data-tables").queryAs(TableView.class);
        @SuppressWarnings("unchecked")
        TableView<DataPanel.Binding> inputs = robot.lookup("#data-bindings").queryAs(TableView.class);
        if (!"Monocle".equals(System.getProperty("glass.platform"))) {
            robot.drag(row(robot, tables, 0)).dropTo(row(robot, inputs, 1)); // headless Monocle fails inside its drag-and-drop
        }
        if (fx(() -> p.bindings().get(1).sourceProperty().get()).isEmpty()) {
            // no drag-and-drop (headless): select the table and the input, then Bind
            robot.clickOn(row(robot, tables, 0));
            robot.clickOn(row(robot, inputs, 1));
            robot.clickOn("#data-bind");
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> p.bindings().get(1).sourceProperty().get())).isEqualTo("order_log");

        // preview: clicking a table shows its first rows
        robot.clickOn(row(robot, tables, 1));
        @SuppressWarnings("unchecked")
        TableView<List<String>> preview = robot.lookup("#data-preview").queryAs(TableView.class);
        waitUntil(() -> fx(() -> preview.getItems().size() == 3), "the preview of people");
        assertThat(fx(() -> preview.getItems().get(2))).containsExactly("3", "Carl");

        // import the bound change tables as the scenario and step through it
        robot.clickOn("#data-import");
        waitUntil(() -> fx(() -> t.doc().document().scenario().steps() == 4), "the import");
        assertThat(fx(() -> t.doc().document().scenario().of("orders").get(2)))
                .isEqualTo(StepData.rows(List.of(new Change(Row.of(1L, "book"), -1))));
        var expected = fx(() -> t.doc().document().expected());
        for (int i = 0; i < 4; i++) {
            robot.clickOn("#debug-step");
            settle(t, i);
            int step = i;
            ZSet got = (ZSet) fx(() -> window.debugger().session(t).outputChanges(step).get("user_orders"));
            assertThat(got).as("step %d", i).isEqualTo(ZSet.ofChanges(((StepData.Rows) expected.at("user_orders", i)).changes()));
        }

        // follow a CSV change file: a step appended to it arrives as step 4
        Path csv = temp.resolve("orders.csv");
        String head = "user_id,item,weight,step\n1,book,1,0\n1,pen,1,0\n2,laptop,1,1\n1,book,-1,2\n";
        Files.writeString(csv, head);
        fx(() -> {
            p.bind("orders", csv.toString());
            return null;
        });
        robot.clickOn("#data-follow");
        waitUntil(() -> fx(p::statusText).startsWith("Following"), "following to start: " + fx(p::statusText));
        Files.writeString(csv.resolveSibling("orders.tmp"), head + "2,pen,1,4\n");
        Files.move(csv.resolveSibling("orders.tmp"), csv, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        waitUntil(() -> fx(() -> t.doc().document().scenario().steps() == 5), "step 4 to arrive");
        robot.clickOn("#debug-step");
        settle(t, 4);
        ZSet got = (ZSet) fx(() -> window.debugger().session(t).outputChanges(4).get("user_orders"));
        assertThat(got).isEqualTo(ZSet.of(Row.of(2L, "Bob", "pen"), 1));
        robot.clickOn("#data-follow"); // stop
        waitUntil(() -> fx(() -> !robot.lookup("#data-follow").queryAs(javafx.scene.control.ToggleButton.class).isSelected()), "stop");
    }
}
