package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.MouseButton;
import javafx.stage.Window;
import org.dbspstudio.ide.debug.Breakpoint;
import org.dbspstudio.ide.debug.DebugSession;
import org.dbspstudio.ide.debug.StreamRef;
import org.dbspstudio.ide.debug.Waveform;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The waveform scope and breakpoints (issue 16, features). */
class ScopeAndBreakpointsTest extends IdeTestBase {

    private void idle(EditorTab t) throws Exception {
        DebugSession s = window.debugger().session(t);
        WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> !s.busyProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Waits (at most 60 s) until the scope plots the samples of its latest refresh (read off the JavaFX thread). */
    private void scopeShown() throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.debugger().scope().upToDate()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** [inserted, deleted, size after] per step of an input, from the scenario alone. */
    private static long[][] expected(Scenario sc, String input) {
        long[][] out = new long[sc.steps()][3];
        long size = 0;
        for (int t = 0; t < sc.steps(); t++) {
            StepData d = sc.at(input, t);
            if (d instanceof StepData.Rows r) {
                for (Change c : r.changes()) {
                    out[t][c.weight() > 0 ? 0 : 1] += Math.abs(c.weight());
                    size += c.weight();
                }
            }
            out[t][2] = size;
        }
        return out;
    }

    @Test
    void pinnedZSetsArePlottedAsInsertedAndDeletedBarsWithTheirSize(FxRobot robot) throws Exception {
        EditorTab t = openSample("06");
        // pin users.out from the canvas's context menu, like a user
        var s = t.doc().current().streams().stream().filter(x -> x.from().op().equals("users")).findFirst().orElseThrow();
        var route = fx(() -> canvas().streamView(s).route());
        var p0 = route.get(0);
        var p1 = route.get(1);
        robot.clickOn(fx(() -> canvas().drawing().localToScreen((p0.x() + p1.x()) / 2, p0.y())), MouseButton.SECONDARY);
        MenuItem pin = fx(() -> Window.getWindows().stream().filter(w -> w instanceof ContextMenu && w.isShowing())
                .flatMap(w -> ((ContextMenu) w).getItems().stream()).filter(i -> "Pin to Scope".equals(i.getText()))
                .findFirst().orElseThrow());
        fx(() -> pin.fire());
        fx(() -> ((ContextMenu) pin.getParentPopup()).hide());
        fx(() -> window.debugger().pinToScope(t, StreamRef.top("orders", "out")));
        fx(() -> window.debugger().session(t).seek(3));
        settle(t, 3);
        scopeShown();
        List<Waveform> ws = fx(() -> window.debugger().scope().waveforms());
        assertThat(ws).extracting(w -> w.ref().label()).containsExactly("users.out", "orders.out");
        Scenario sc = t.doc().document().scenario();
        for (Waveform w : ws) {
            long[][] exp = expected(sc, w.ref().op());
            assertThat(w.axis()).isEqualTo("step");
            assertThat(w.numeric()).isFalse();
            assertThat(w.samples()).hasSize(exp.length);
            for (int i = 0; i < exp.length; i++) {
                Waveform.Sample p = w.samples().get(i);
                assertThat(new long[] {p.plus(), p.minus(), p.size()}).as(w.ref().label() + " at step " + i).containsExactly(exp[i]);
            }
        }
        assertThat(robot.lookup("#scope-users_out").tryQuery()).isPresent();
        // exports
        Path svg = temp.resolve("scope.svg");
        Path csv = temp.resolve("scope.csv");
        Path png = temp.resolve("scope.png");
        fx(() -> {
            try {
                window.debugger().showPanel("Scope");
                window.debugger().scope().exportSvg(svg);
                window.debugger().scope().exportCsv(csv);
                window.debugger().scope().exportPng(png);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        String text = Files.readString(svg);
        assertThat(text).startsWith("<svg").contains("fill=\"#2da44e\"", "fill=\"#cf222e\"", "users.out", "orders.out");
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo("stream,axis,x,value,plus,minus,size");
        assertThat(lines).hasSize(1 + 2 * sc.steps()).contains("users.out,step,3,,1,1,2");
        assertThat(Files.size(png)).isGreaterThan(1000);
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 4);
        assertThat(head).containsExactly((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }

    /** The pinned stream's samples as [inserted, deleted, size] per step. */
    private static long[][] plotted(Waveform w) {
        return w.samples().stream().map(p -> new long[] {p.plus(), p.minus(), p.size()}).toArray(long[][]::new);
    }

    @Test
    void editingTheScenarioReplotsAPinnedStreamFromTheNewData(FxRobot robot) throws Exception {
        EditorTab t = openSample("06");
        fx(() -> window.debugger().pinToScope(t, StreamRef.top("users", "out")));
        fx(() -> window.debugger().session(t).seek(3));
        settle(t, 3);
        scopeShown();
        Scenario before = t.doc().document().scenario().copy();
        assertThat(plotted(fx(() -> window.debugger().scope().waveforms()).get(0))).isDeepEqualTo(expected(before, "users"));
        // the user inserts a row at step 1 and deletes one at step 3, through the scenario panel
        fx(() -> window.debugger().showPanel("Scenario"));
        javafx.scene.control.TextField row = robot.lookup("#scenario-row").queryAs(javafx.scene.control.TextField.class);
        fx(() -> {
            window.debugger().scenarioPanel().select("users", 1);
            row.setText("3, Carol");
            window.debugger().scenarioPanel().quick(1);
            window.debugger().scenarioPanel().select("users", 3);
            row.setText("2, Bob");
            window.debugger().scenarioPanel().quick(-1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Scenario after = t.doc().document().scenario();
        long[][] exp = expected(after, "users");
        assertThat(java.util.Arrays.deepEquals(exp, expected(before, "users"))).as("the edit changes the plot").isFalse();
        fx(() -> window.debugger().session(t).seek(3));
        settle(t, 3);
        fx(() -> window.debugger().showPanel("Scope"));
        scopeShown();
        assertThat(plotted(fx(() -> window.debugger().scope().waveforms()).get(0))).isDeepEqualTo(exp);
    }

    @Test
    void aNestedStreamIsPlottedOverTheInnerIterationsOfTheStep(FxRobot robot) throws Exception {
        EditorTab t = openSample("05");
        StreamRef paths = new StreamRef(List.of("tc"), "paths", "out");
        fx(() -> window.debugger().pinToScope(t, paths));
        fx(() -> window.debugger().session(t).seek(1));
        settle(t, 1);
        scopeShown();
        Waveform w = fx(() -> window.debugger().scope().waveforms().get(0));
        DebugSession s = window.debugger().session(t);
        int n = fx(() -> s.iterations("tc", 1));
        assertThat(w.axis()).isEqualTo("iteration at step 1");
        assertThat(w.samples()).hasSize(n).extracting(Waveform.Sample::x).startsWith(0);
        for (int i = 0; i < n; i++) {
            int it = i;
            long[] pn = fx(() -> org.dbspstudio.ide.debug.ValueRows.weights(s.change(paths, 1, it)));
            assertThat(new long[] {w.samples().get(i).plus(), w.samples().get(i).minus()}).containsExactly(pn);
        }
    }

    @Test
    void aConditionBreakpointAddedInThePanelStopsPlayAtTheStepItHolds(FxRobot robot) throws Exception {
        EditorTab t = openSample("06");
        fx(() -> t.doc().select(List.of("orders")));
        fx(() -> window.debugger().showPanel("Breakpoints"));
        robot.clickOn("#breakpoint-kind");
        robot.clickOn("when a condition holds");
        robot.clickOn("#breakpoint-argument").write("weight < 0 AND item = 'book'");
        robot.clickOn("#breakpoint-add");
        assertThat(window.debugger().breakpoints().breakpoints()).hasSize(1);
        assertThat(window.debugger().breakpoints().breakpoints().get(0).describe()).isEqualTo("when weight < 0 AND item = 'book'");
        robot.clickOn("#debug-play");
        idle(t);
        DebugSession s = window.debugger().session(t);
        // the scenario deletes (1, book) from orders at step 2, and only there
        assertThat(s.cursor()).isEqualTo(2);
        assertThat(window.statusText()).startsWith("Breakpoint: orders.out at step 2");
        assertThat(window.debugger().breakpoints().messageText()).contains("book");
        // switched off, Play runs to the end
        fx(() -> window.debugger().breakpoints().breakpoints().get(0).setEnabled(false));
        robot.clickOn("#debug-play");
        idle(t);
        assertThat(s.cursor()).isEqualTo(3);
    }

    @Test
    void aBadConditionIsRefusedWithTheReason(FxRobot robot) {
        EditorTab t = openSample("06");
        fx(() -> t.doc().select(List.of("orders")));
        fx(() -> window.debugger().showPanel("Breakpoints"));
        robot.clickOn("#breakpoint-kind");
        robot.clickOn("when a condition holds");
        robot.clickOn("#breakpoint-argument").write("nosuch > 1");
        robot.clickOn("#breakpoint-add");
        assertThat(window.debugger().breakpoints().breakpoints()).isEmpty();
        assertThat(window.debugger().breakpoints().messageText()).startsWith("Not added").contains("nosuch");
    }

    @Test
    void changeAndIterationBreakpointsStopRunToWhereTheyHold(FxRobot robot) throws Exception {
        EditorTab t = openSample("06");
        DebugSession s = window.debugger().session(t);
        fx(() -> window.debugger().addBreakpoint(t, Breakpoint.onChange(StreamRef.top("users", "out"))));
        // users changes at steps 0 and 3: Run to 3 stops at 0 first, then reaches 3
        fx(() -> s.seek(3));
        idle(t);
        assertThat(s.cursor()).isZero();
        fx(() -> s.seek(3));
        idle(t);
        assertThat(s.cursor()).isEqualTo(3);

        EditorTab tc = openSample("05");
        DebugSession s2 = window.debugger().session(tc);
        StreamRef paths = new StreamRef(List.of("tc"), "paths", "out");
        fx(() -> window.debugger().addBreakpoint(tc, Breakpoint.onIteration(paths, 3)));
        assertThat(window.debugger().breakpoints().breakpoints()).as("the panel follows the tab").hasSize(1)
                .extracting(b -> b.ref().label()).containsExactly("tc/paths.out");
        int last = fx(() -> tc.doc().document().scenario().steps()) - 1;
        fx(() -> s2.seek(last));
        idle(tc);
        int stop = s2.cursor();
        for (int step = 0; step < stop; step++) {
            int st = step;
            assertThat(fx(() -> s2.iterations("tc", st))).as("step " + step + " ran fewer than 4 iterations").isLessThanOrEqualTo(3);
        }
        if (stop < last) {
            assertThat(fx(() -> s2.iterations("tc", stop))).isGreaterThan(3);
            assertThat(window.statusText()).contains("tc ran inner iteration 3 at step " + stop);
        }
        fx(() -> window.documents().getSelectionModel().select(t.tab()));
        assertThat(window.debugger().breakpoints().breakpoints()).extracting(b -> b.ref().label()).containsExactly("users.out");
        fx(() -> window.debugger().showPanel("Breakpoints"));
        assertThat(robot.lookup("#breakpoint-table").queryAs(Node.class)).isNotNull();
    }
}
