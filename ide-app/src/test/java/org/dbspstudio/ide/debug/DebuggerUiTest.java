package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dbspstudio.ide.IdeTestBase;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.rewrite.RewriteStep;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The debugger in the main window, driven like a user with TestFX (headless under Monocle). */
class DebuggerUiTest extends IdeTestBase {
    @Override
    protected double windowHeight() {
        return 860;
    }

    private Debugger debugger() {
        return window.debugger();
    }

    private void typeRow(FxRobot robot, String input, int step, String values, boolean insert) {
        fx(() -> debugger().scenarioPanel().select(input, step));
        robot.clickOn("#scenario-row").write(values);
        robot.clickOn(insert ? "#scenario-insert" : "#scenario-delete");
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Enters the seed's example through the scenario panel, as a user types it. */
    private void enterSeedScenario(FxRobot robot) {
        fx(() -> debugger().showPanel("Scenario"));
        typeRow(robot, "users", 0, "1, Alice", true);
        typeRow(robot, "users", 0, "2, Bob", true);
        typeRow(robot, "orders", 0, "1, book", true);
        typeRow(robot, "orders", 0, "1, pen", true);
        typeRow(robot, "orders", 1, "2, laptop", true);
        typeRow(robot, "orders", 2, "1, book", false);
        typeRow(robot, "users", 3, "1, Alice", false);
        typeRow(robot, "users", 3, "1, Alicia", true);
    }

    private static List<String> texts(List<ValueRows.Entry> entries) {
        return entries.stream().map(ValueRows.Entry::text).toList();
    }

    /** Waits until the inspector shows the rows of its latest refresh (large values are listed on its own thread). */
    private void inspectorShown() throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> debugger().inspector().upToDate()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * users ⋈ orders with 6,000 users and orders (more rows than the inspector lists on the JavaFX
     * thread): at every step, forward and back, the inspector shows the join's change and contents
     * computed from the scenario, sorting by a column orders all of them, and filtering keeps the
     * matching rows.
     */
    @Test
    void largeValuesAreListedOffTheJavaFxThreadAndStayRightWhenSteppingBack(FxRobot robot) throws Exception {
        int n = InspectorListing.INLINE_ROWS + 1000;
        CircuitDocument d = DebugFixtures.usersOrders(n,
                List.of(List.of(DebugFixtures.ch(-1, 7, "user7"), DebugFixtures.ch(1, 7, "seven"))),
                List.of(List.of(), List.of(DebugFixtures.ch(-1, 3, "item3"))));
        EditorTab t = open(d, "big.json");
        robot.clickOn("#op-j");
        fx(() -> debugger().showPanel("Inspector"));
        InspectorPanel ins = debugger().inspector();
        java.util.function.IntFunction<List<String>> change = step -> switch (step) {
            case 0 -> null;
            case 1 -> List.of("−1 (7, user7, item7)", "+1 (7, seven, item7)");
            default -> List.of("−1 (3, user3, item3)");
        };
        for (int step = 0; step < 3; step++) {
            robot.clickOn("#debug-step");
            settle(t, step);
            inspectorShown();
            if (step == 0) {
                assertThat(fx(ins::shown)).hasSize(n);
                assertThat(fx(ins::summaryText)).isEqualTo("+" + n);
            } else {
                assertThat(texts(fx(ins::shown))).containsExactlyInAnyOrderElementsOf(change.apply(step));
            }
        }
        robot.clickOn("#inspect-contents");
        inspectorShown();
        assertThat(fx(ins::shown)).hasSize(n - 1);
        assertThat(fx(ins::summaryText)).isEqualTo((n - 1) + " rows");
        // sorting by the name column, descending: every row in order
        sortByNameDescending(ins);
        inspectorShown();
        List<String> names = fx(ins::shown).stream().map(e -> (String) e.row().get(1)).toList();
        assertThat(names).hasSize(n - 1).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(names.get(0)).isEqualTo("user999");
        // back to step 1: the renamed user is there, the deleted order too
        robot.clickOn("#debug-back");
        settle(t, 1);
        inspectorShown();
        assertThat(fx(ins::shown)).hasSize(n).extracting(e -> e.row().get(1)).contains("seven", "user3").doesNotContain("user7");
        robot.clickOn("#inspect-filter").write("seven");
        WaitForAsyncUtils.waitForFxEvents();
        inspectorShown();
        assertThat(texts(fx(ins::shown))).containsExactly("+1 (7, seven, item7)");
        robot.clickOn("#inspect-change");
        inspectorShown();
        assertThat(texts(fx(ins::shown))).containsExactly("+1 (7, seven, item7)");
    }

    @Test
    void seedScenarioThroughThePanelThenStepToTheRename(FxRobot robot) throws Exception {
        EditorTab t = open(DebugFixtures.usersOrders(), "users_orders.json");
        enterSeedScenario(robot);
        assertThat(DebugSession.firstDifference(t.doc().document().scenario(), DebugFixtures.seedScenario()))
                .as("the scenario entered differs from the seed's at this step").isEqualTo(4);
        assertThat(t.doc().isDirty()).isTrue();
        robot.clickOn("#op-j");
        for (int i = 0; i < 4; i++) {
            robot.clickOn("#debug-step");
            settle(t, i);
        }
        fx(() -> debugger().showPanel("Inspector"));
        InspectorPanel ins = debugger().inspector();
        assertThat(fx(ins::stream)).isEqualTo(StreamRef.top("j", "out"));
        assertThat(texts(fx(ins::shown))).containsExactly("−1 (1, Alice, pen)", "+1 (1, Alicia, pen)");
        assertThat(fx(ins::summaryText)).isEqualTo("+1 −1");
        // the same step as contents: Alicia's pen and Bob's laptop
        robot.clickOn("#inspect-contents");
        assertThat(texts(fx(ins::shown))).containsExactly("+1 (1, Alicia, pen)", "+1 (2, Bob, laptop)");
        // the canvas shows the value beside the join's output
        assertThat(fx(() -> debugger().values(t).label("j", "out").getText())).isEqualTo("2 rows");
        // hovering the stream j → v shows its first rows at this step
        String tip = fx(() -> debugger().values(t).streamInfo(t.doc().document().circuit().streamsFrom("j").get(0)));
        assertThat(tip).contains("(1, Alicia, pen)").contains("(2, Bob, laptop)");
        // statistics: every operator, the join did work
        fx(() -> debugger().showPanel("Statistics"));
        assertThat(fx(() -> debugger().statistics().rows())).extracting(StatisticsPanel.OpRow::id)
                .containsExactlyInAnyOrder("users", "orders", "j", "v");
        robot.clickOn("#heatmap-toggle");
        assertThat(robot.lookup("#debug-layer .heat").queryAll()).hasSize(4);
    }

    @Test
    void runErrorsMarkTheOperatorAndKeepEarlierStepsInspectable(FxRobot robot) throws Exception {
        CircuitDocument d = DebugFixtures.usersOrdersFailingAtStep1();
        d.layout().put("bad", 480, 260);
        EditorTab t = open(d, "bad.json");
        robot.clickOn("#debug-target").write("3");
        robot.clickOn("#debug-run-to");
        settle(t, 1);
        assertThat(fx(() -> debugger().session(t).failure().operatorId())).isEqualTo("bad");
        assertThat(robot.lookup("#run-error-label").queryAll()).hasSize(1);
        assertThat(fx(() -> window.problems().getItems()).stream().map(Diagnostic::code)).contains("RUN_ERROR");
        robot.clickOn("#debug-step");
        settle(t, 1);
        robot.clickOn("#op-j");
        robot.clickOn("#debug-back");
        settle(t, 0);
        assertThat(texts(fx(() -> debugger().inspector().shown())))
                .containsExactly("+1 (1, Alice, book)", "+1 (1, Alice, pen)");
    }

    @Test
    void stepBackAndForwardReproduceAndScenarioEditsRerunFromTheirStep(FxRobot robot) throws Exception {
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(DebugFixtures.seedScenario());
        EditorTab t = open(d, "users_orders.json");
        robot.clickOn("#op-j");
        fx(() -> debugger().showPanel("Inspector"));
        InspectorPanel ins = debugger().inspector();
        List<List<String>> recorded = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            robot.clickOn("#debug-step");
            settle(t, i);
            recorded.add(texts(fx(ins::shown)));
        }
        for (int i = 2; i >= 0; i--) {
            robot.clickOn("#debug-back");
            settle(t, i);
            assertThat(texts(fx(ins::shown))).isEqualTo(recorded.get(i));
        }
        for (int i = 1; i < 4; i++) {
            robot.clickOn("#debug-step");
            settle(t, i);
            assertThat(texts(fx(ins::shown))).isEqualTo(recorded.get(i));
        }
        assertThat(fx(() -> debugger().session(t).stepsRun())).isEqualTo(4);
        // at step 2 Alice returns the pen as well
        fx(() -> debugger().showPanel("Scenario"));
        typeRow(robot, "orders", 2, "1, pen", false);
        DebugSession s = debugger().session(t);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(() -> !s.busyProperty().get()
                && s.lastRerunFromProperty().get() == 2));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(s::cursor)).isEqualTo(3);
        assertThat(texts(fx(ins::shown))).isEmpty();
        robot.clickOn("#debug-back");
        settle(t, 2);
        assertThat(texts(fx(ins::shown))).containsExactly("−1 (1, Alice, book)", "−1 (1, Alice, pen)");
        robot.clickOn("#debug-back");
        settle(t, 1);
        assertThat(texts(fx(ins::shown))).isEqualTo(recorded.get(1));
        // undo restores the scenario and the recorded values
        fx(() -> t.doc().undo());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(() -> !s.busyProperty().get()));
        robot.clickOn("#debug-step");
        settle(t, 2);
        assertThat(texts(fx(ins::shown))).isEqualTo(recorded.get(2));
        // the timeline: add the stream, click the cell of step 3
        fx(() -> debugger().showPanel("Timeline"));
        robot.clickOn("#timeline-add");
        assertThat(fx(() -> debugger().timeline().cellText(StreamRef.top("j", "out"), 3))).isEqualTo("+1 −1");
        robot.clickOn("#timeline-0-3");
        settle(t, 3);
    }

    @Test
    void incrementalizePaper45ExplainsValidatesAndVerifies(FxRobot robot) throws Exception {
        EditorTab t = open(DebugFixtures.paper45(), "paper45.json");
        robot.clickOn("#debug-step");
        settle(t, 0);
        robot.clickOn("#debug-incrementalize");
        WaitForAsyncUtils.waitForFxEvents();
        EditorTab inc = fx(() -> window.current().orElseThrow());
        assertThat(inc).isNotSameAs(t);
        List<Diagnostic> problems = Validator.validate(inc.doc().document().circuit());
        assertThat(Validator.hasErrors(problems)).as(problems.toString()).isFalse();
        List<String> rules = fx(() -> debugger().explanation().steps()).stream().map(RewriteStep::rule).toList();
        assertThat(rules).contains("Bilinear", "Distinct to H");
        // both tabs share the scenario and the current step
        assertThat(inc.doc().document().scenario()).isSameAs(t.doc().document().scenario());
        settle(inc, 0);
        robot.clickOn("#debug-step");
        settle(inc, 1);
        settle(t, 1);
        // selecting an explanation entry highlights what it created
        RewriteStep bilinear = fx(() -> debugger().explanation().steps()).stream()
                .filter(s -> s.rule().equals("Bilinear")).findFirst().orElseThrow();
        fx(() -> debugger().explanation().list().getSelectionModel().select(bilinear));
        String created = bilinear.created().stream().filter(id -> inc.canvas().node(id) != null).findFirst().orElseThrow();
        assertThat(robot.lookup("#debug-layer .hl-created").queryAll()).isNotEmpty();
        assertThat(created).isNotEmpty();
        // Replay shows the circuit after each rule, Result the final one
        fx(() -> debugger().showPanel("Rewrite"));
        org.dbspstudio.model.Circuit result = fx(() -> inc.doc().document().circuit().copy());
        robot.clickOn("#rewrite-replay");
        RewriteStep first = fx(() -> debugger().explanation().steps()).get(0);
        assertThat(fx(() -> inc.doc().document().circuit())).isEqualTo(first.after());
        robot.clickOn("#rewrite-replay");
        assertThat(fx(() -> inc.doc().document().circuit()))
                .isEqualTo(fx(() -> debugger().explanation().steps()).get(1).after());
        robot.clickOn("#rewrite-result");
        assertThat(fx(() -> inc.doc().document().circuit())).isEqualTo(result);
        settle(inc, 1);
        robot.clickOn("#debug-verify");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> debugger().verifyPanel().verdictText()
                .startsWith("✓") || debugger().verifyPanel().verdictText().startsWith("✗")));
        assertThat(fx(() -> debugger().verifyPanel().verdictText())).startsWith("✓ PASS");
        assertThat(fx(() -> debugger().verifyPanel().checks())).isNotEmpty().allMatch(StepVerifier.StepCheck::ok);
    }

    @Test
    void transitiveClosureShowsInnerIterations(FxRobot robot) throws Exception {
        EditorTab t = open(DebugFixtures.transitiveClosure(), "tc.json");
        robot.clickOn("#debug-step");
        settle(t, 0);
        fx(() -> t.doc().enter("tc"));
        robot.clickOn("#op-o");
        fx(() -> debugger().showPanel("Inspector"));
        InspectorPanel ins = debugger().inspector();
        assertThat(fx(ins::stream)).isEqualTo(new StreamRef(List.of("tc"), "o", "out"));
        int n = fx(() -> debugger().session(t).iterations("tc", 0));
        assertThat(fx(() -> ins.iterations()[0])).isEqualTo(n - 1);
        robot.clickOn("#inspect-contents");
        assertThat(fx(ins::shown)).hasSize(6);
        fx(() -> ins.setIteration(0, 0));
        assertThat(fx(ins::shown)).extracting(ValueRows.Entry::row)
                .containsExactly(Row.of(1L, 2L), Row.of(2L, 3L), Row.of(3L, 4L));
        robot.clickOn("#inspect-change");
        fx(() -> ins.setIteration(0, 1));
        assertThat(fx(ins::shown)).extracting(ValueRows.Entry::row).containsExactly(Row.of(1L, 3L), Row.of(2L, 4L));
        // the canvas follows the chosen iteration
        assertThat(fx(() -> String.valueOf(debugger().values(t).labels()))).contains("o.out=5 rows");
    }

    /**
     * While a large value is being listed on the inspector's thread (held here): another stream's
     * rows are never shown under the new stream's title and columns, nor the change's rows as the
     * contents; the same stream's previous listing (the step before, or before a sort or a filter)
     * stays, dimmed, with a summary saying which rows they are, until the new rows replace it.
     */
    @Test
    void whileALargeValueIsListedTheTableKeepsOnlyThisStreamsPreviousListingMarkedStale(FxRobot robot) throws Exception {
        int n = InspectorListing.INLINE_ROWS + 1000;
        CircuitDocument d = DebugFixtures.usersOrders(n, List.of(), List.of(List.of(DebugFixtures.ch(1, 5, "extra"))));
        EditorTab t = open(d, "listing.json");
        robot.clickOn("#op-j");
        fx(() -> debugger().showPanel("Inspector"));
        InspectorPanel ins = debugger().inspector();
        robot.clickOn("#debug-step");
        settle(t, 0);
        inspectorShown();
        assertThat(fx(ins::shown)).hasSize(n);

        // another large stream while the inspector's thread is busy: no rows of the join under the users' title
        java.util.concurrent.CountDownLatch hold = holdInspectorThread();
        robot.clickOn("#op-users");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(ins::titleText)).startsWith("users.out");
        assertThat(fx(ins::upToDate)).isFalse();
        assertThat(fx(ins::shown)).isEmpty();
        assertThat(fx(ins::summaryText)).isEqualTo("listing…");
        hold.countDown();
        inspectorShown();
        assertThat(fx(ins::shown)).hasSize(n).allMatch(e -> e.row().size() == 2);
        assertThat(fx(ins::showsStaleRows)).isFalse();

        // the join's contents after its change: none of the change's rows while the contents are listed
        robot.clickOn("#op-j");
        inspectorShown();
        hold = holdInspectorThread();
        robot.clickOn("#inspect-contents");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(ins::shown)).isEmpty();
        assertThat(fx(ins::summaryText)).isEqualTo("listing…");
        hold.countDown();
        inspectorShown();
        List<ValueRows.Entry> step0 = fx(ins::shown);
        assertThat(step0).hasSize(n);

        // the next step's contents while the inspector's thread is busy: step 0's rows, dimmed, said to be step 0's
        hold = holdInspectorThread();
        robot.clickOn("#debug-step");
        settle(t, 1);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(ins::titleText)).endsWith("step 1");
        assertThat(fx(ins::upToDate)).isFalse();
        assertThat(fx(ins::shown)).isEqualTo(step0);
        assertThat(fx(ins::showsStaleRows)).isTrue();
        assertThat(fx(ins::summaryText)).isEqualTo("listing… (showing step 0)");
        hold.countDown();
        inspectorShown();
        assertThat(fx(ins::shown)).hasSize(n + 1).extracting(e -> e.row().get(2)).contains("extra");
        assertThat(fx(ins::showsStaleRows)).isFalse();
        assertThat(fx(ins::summaryText)).isEqualTo((n + 1) + " rows");

        // sorted by name at the same step: the unsorted rows stay, dimmed, until the sorted ones are listed
        List<ValueRows.Entry> unsorted = fx(ins::shown);
        hold = holdInspectorThread();
        sortByNameDescending(ins);
        assertThat(fx(ins::shown)).isEqualTo(unsorted);
        assertThat(fx(ins::showsStaleRows)).isTrue();
        assertThat(fx(ins::summaryText)).isEqualTo("listing… (showing the previous listing)");
        hold.countDown();
        inspectorShown();
        assertThat(fx(ins::showsStaleRows)).isFalse();
        assertThat(fx(ins::shown)).extracting(e -> (String) e.row().get(1)).hasSize(n + 1).isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }

    /**
     * The contents of a join of more than {@link ValueRows#SORT_LIMIT} rows, unsorted: the table
     * has a row per row of the value and the count, lists the rows in view and lists further ones
     * when scrolled to them; a step forward counts the rows from the previous step's counts and
     * its change, and says what counting them all says.
     */
    @Test
    void largeContentsAreListedAPageAtATimeAndCountedByTheirChange(FxRobot robot) throws Exception {
        int n = ValueRows.SORT_LIMIT + 2000;
        CircuitDocument d = DebugFixtures.usersOrders(n, List.of(List.of(DebugFixtures.ch(-1, 9, "user9"))),
                List.of(List.of(DebugFixtures.ch(1, 5, "extra"))));
        EditorTab t = open(d, "paged.json");
        robot.clickOn("#op-j");
        fx(() -> debugger().showPanel("Inspector"));
        InspectorPanel ins = debugger().inspector();
        robot.clickOn("#inspect-contents");
        robot.clickOn("#debug-step");
        settle(t, 0);
        inspectorShown();
        assertThat(fx(() -> ins.table().getItems().size())).isEqualTo(n);
        assertThat(fx(ins::summaryText)).isEqualTo(n + " rows");
        List<ValueRows.Entry> all = ValueRows.entries(fx(() -> debugger().session(t).contents(StreamRef.top("j", "out"), 0)));
        assertThat(fx(() -> ins.table().getItems().subList(0, InspectorListing.PAGE))).isEqualTo(all.subList(0, InspectorListing.PAGE));
        // scrolled to the end: the last rows are listed once the inspector's thread has listed them
        fx(() -> ins.table().scrollTo(n - 1));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> {
            ins.table().getItems().get(n - 1);
            return ins.table().getItems().get(n - 1) != InspectorListing.PENDING;
        }));
        assertThat(fx(() -> ins.table().getItems().subList(n - 10, n))).isEqualTo(all.subList(n - 10, n));
        robot.clickOn("#debug-step");
        settle(t, 1);
        inspectorShown();
        var contents = fx(() -> debugger().session(t).contents(StreamRef.top("j", "out"), 1));
        assertThat(fx(() -> ins.table().getItems().size())).isEqualTo(n);
        assertThat(fx(ins::summaryText)).isEqualTo(ValueRows.summary(contents, false)).isEqualTo(n + " rows");
    }

    /**
     * While the inspector lists the contents of users ⋈ orders of 6,096 rows, the canvas's labels
     * of values larger than it counts directly (users, orders and the join) and the timeline's
     * cells of the join's changes (6,096 rows at step 0) are counted off the JavaFX thread, and so
     * are the scope's samples of the join pinned to it: at the first step, stepping on and back and
     * jumping, no value of that size is counted row by row on the JavaFX thread, each label and
     * cell ends up saying what counting the step's value says, and each of the scope's samples is
     * the weights of the step's change and the total weight of its whole contents.
     */
    @Test
    void theCanvasTimelineAndScopeCountLargeValuesOffTheJavaFxThread(FxRobot robot) throws Exception {
        int n = SummaryCache.DIRECT + 2000;
        CircuitDocument d = DebugFixtures.usersOrders(n,
                List.of(List.of(DebugFixtures.ch(-1, 7, "user7"), DebugFixtures.ch(1, 7, "seven")), List.of(),
                        List.of(DebugFixtures.ch(1, n, "new"))),
                List.of(List.of(), List.of(DebugFixtures.ch(-1, 3, "item3")), List.of(DebugFixtures.ch(1, n, "first"))));
        List<String> countedOnFx = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> countedByScope = new java.util.concurrent.CopyOnWriteArrayList<>();
        ValueRows.onCount = rows -> {
            if (rows >= SummaryCache.DIRECT && javafx.application.Platform.isFxApplicationThread()) {
                countedOnFx.add(rows + " rows");
            }
            if (rows >= SummaryCache.DIRECT && Thread.currentThread().getName().equals("dbsp-scope")) {
                countedByScope.add(rows + " rows");
            }
        };
        try {
            EditorTab t = open(d, "counted.json");
            robot.clickOn("#op-j");
            fx(() -> debugger().showPanel("Inspector"));
            inspectorPanelShown(robot);
            robot.clickOn("#inspect-contents");
            StreamRef join = StreamRef.top("j", "out");
            fx(() -> debugger().timeline().addStream(join));
            fx(() -> debugger().pinToScope(t, join));
            fx(() -> debugger().showPanel("Inspector"));
            DebugSession s = debugger().session(t);
            int at = -1;
            boolean firstVisit = true;
            for (int step : new int[] {0, 1, 2, 3, 2, 1, 3, 0, 2}) {
                if (step == at + 1) {
                    robot.clickOn("#debug-step");
                } else if (step == at - 1) {
                    robot.clickOn("#debug-back");
                } else {
                    int target = step;
                    fx(() -> s.seek(target));
                }
                settle(t, step);
                at = step;
                inspectorShown();
                for (String port : List.of("users.out", "orders.out", "j.out")) {
                    StreamRef ref = StreamRef.top(port.split("\\.")[0], "out");
                    String expected = ValueRows.summary(s.value(ref, step), false);
                    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS,
                            () -> expected.equals(fx(() -> debugger().values(t).labels().get(port))));
                }
                for (int k = 0; k <= 3 && k < fx(s::stepsRun); k++) {
                    int cell = k;
                    String expected = ValueRows.summary(s.change(join, k), true);
                    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS,
                            () -> expected.equals(fx(() -> debugger().timeline().cellText(join, cell))));
                }
                WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> debugger().scope().upToDate()));
                List<Waveform.Sample> samples = fx(() -> debugger().scope().waveforms().get(0).samples());
                int steps = fx(s::stepsRun);
                assertThat(samples).extracting(Waveform.Sample::x).containsExactlyElementsOf(
                        java.util.stream.IntStream.range(0, steps).boxed().toList());
                for (int k = 0; k < steps; k++) {
                    // the oracle, on the test's thread: the step's change and its whole contents weighed
                    long[] pn = ValueRows.weights(s.change(join, k));
                    long[] total = ValueRows.weights(s.contents(join, k));
                    Waveform.Sample p = samples.get(k);
                    assertThat(new long[] {p.plus(), p.minus(), p.size()}).as("the scope's join at step " + k + " (at step " + step + ")")
                            .containsExactly(pn[0], pn[1], total[0] - total[1]);
                }
                assertThat(countedOnFx).as("values counted on the JavaFX thread up to step " + step).isEmpty();
                if (firstVisit) {
                    // the scope read the join's first step (its change and contents of 6,096 rows) on its own thread, once
                    assertThat(countedByScope).as("large values the scope counted at the first step").isNotEmpty();
                    firstVisit = false;
                } else {
                    // then only the steps run since (small changes): stepping on, back or jumping reads no large value again
                    assertThat(countedByScope).as("large values the scope counted again at step " + step).isEmpty();
                }
                countedByScope.clear();
            }
        } finally {
            ValueRows.onCount = rows -> { };
        }
    }

    /**
     * The contents of users ⋈ orders (6,000 rows) sorted by name, descending: after the first
     * listing, a step lists the previous step's rows merged with the step's change instead of
     * listing and sorting the join again, and the table shows exactly the rows of the step's
     * contents in that order, filtered or not.
     */
    @Test
    void sortedContentsFollowEachStepsChangeWithoutListingTheValueAgain(FxRobot robot) throws Exception {
        int n = InspectorListing.INLINE_ROWS + 1000;
        CircuitDocument d = DebugFixtures.usersOrders(n,
                List.of(List.of(DebugFixtures.ch(-1, 7, "user7"), DebugFixtures.ch(1, 7, "seven")), List.of(),
                        List.of(DebugFixtures.ch(1, n, "zed")), List.of(DebugFixtures.ch(-1, 12, "user12"))),
                List.of(List.of(), List.of(DebugFixtures.ch(-1, 3, "item3")), List.of(DebugFixtures.ch(1, n, "first")),
                        List.of(DebugFixtures.ch(1, 15, "second"))));
        EditorTab t = open(d, "sorted.json");
        robot.clickOn("#op-j");
        fx(() -> debugger().showPanel("Inspector"));
        inspectorPanelShown(robot);
        InspectorPanel ins = debugger().inspector();
        DebugSession s = debugger().session(t);
        StreamRef join = StreamRef.top("j", "out");
        robot.clickOn("#inspect-contents");
        robot.clickOn("#debug-step");
        settle(t, 0);
        sortByNameDescending(ins);
        inspectorShown();
        java.util.Comparator<ValueRows.Entry> byName = java.util.Comparator.comparing((ValueRows.Entry e) -> (String) e.row().get(1)).reversed();
        List<Long> listedWhole = new java.util.concurrent.CopyOnWriteArrayList<>();
        ValueRows.onList = rows -> {
            if (rows >= n - 10) {
                listedWhole.add(rows);
            }
        };
        try {
            for (int step = 1; step <= 4; step++) {
                if (step == 4) {
                    // at step 3 another filter is listed anew; the step after it follows the change again
                    robot.clickOn("#inspect-filter").write("user1");
                    WaitForAsyncUtils.waitForFxEvents();
                    inspectorShown();
                    listedWhole.clear();
                }
                robot.clickOn("#debug-step");
                settle(t, step);
                inspectorShown();
                String filter = step == 4 ? "user1" : null;
                List<ValueRows.Entry> expected = ValueRows.entries(s.contents(join, step)).stream()
                        .filter(e -> filter == null || e.text().contains(filter)).sorted(byName).toList();
                assertThat(fx(ins::shown)).as("step " + step).isEqualTo(expected);
                assertThat(fx(ins::summaryText)).isEqualTo(ValueRows.summary(s.contents(join, step), false));
                assertThat(listedWhole).as("the join listed whole at step " + step).isEmpty();
            }
        } finally {
            ValueRows.onList = rows -> { };
        }
    }

    /** Waits until the inspector's controls are in the window (a bottom panel joins the scene when first shown). */
    private static void inspectorPanelShown(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
                () -> robot.lookup("#inspect-contents").match(org.testfx.util.NodeQueryUtils.isVisible()).tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Keeps the inspector's thread busy until the latch returned is counted down (at most a minute). */
    private static java.util.concurrent.CountDownLatch holdInspectorThread() throws InterruptedException {
        java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        InspectorListing.onInspectorThread(() -> {
            held.countDown();
            try {
                hold.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        held.await(60, TimeUnit.SECONDS);
        return hold;
    }

    /** Sorts the inspector's table by its name column, descending, as a click on the header twice does. */
    private void sortByNameDescending(InspectorPanel ins) {
        fx(() -> {
            var name = ins.table().getColumns().stream().filter(c -> c.getText().equals("name")).findFirst().orElseThrow();
            name.setSortType(javafx.scene.control.TableColumn.SortType.DESCENDING);
            ins.table().getSortOrder().setAll(List.of(name));
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
