package org.dbspstudio.ide.debug;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.control.Button;
import org.dbspstudio.ide.ToolWindow;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;

/**
 * Not a test: measures, in the real window, the time from pressing Step to the refreshed
 * inspector on users ⋈ orders whose integrated inputs hold 100k rows (50k users, 50k orders
 * loaded at step 0), then steps of a few changes (four warm-up steps first); "refreshed" means the
 * session published the step and the inspector shows that step's count and the rows in view (which
 * it may list on its own thread, a page at a time for a large value in its own order). Prints the
 * wall-clock median and the process's CPU time per step (the latter tells the work apart from
 * waiting for a busy machine). A tool ({@link ToolWindow}); args: number of measured steps (default 10), then {@code incremental} to step the incremental
 * version of the circuit instead.
 */
public final class StepLatency {
    public static void main(String[] args) throws Exception {
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int n = 50_000;
        CircuitDocument d = DebugFixtures.usersOrders();
        List<Change> users = new ArrayList<>();
        List<Change> orders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            users.add(DebugFixtures.ch(1, i, "user" + i));
            orders.add(DebugFixtures.ch(1, i, "item" + i));
        }
        List<StepData> us = new ArrayList<>(List.of(StepData.rows(users)));
        List<StepData> os = new ArrayList<>(List.of(StepData.rows(orders)));
        for (int t = 1; t <= steps + WARM_UP + 1; t++) {
            us.add(StepData.rows(List.of(DebugFixtures.ch(-1, t, "user" + t), DebugFixtures.ch(1, t, "renamed" + t))));
            os.add(StepData.rows(List.of(DebugFixtures.ch(1, t, "extra" + t), DebugFixtures.ch(1, n + t, "orphan" + t))));
        }
        Scenario s = new Scenario();
        s.put("users", us);
        s.put("orders", os);
        d.setScenario(s);
        boolean incremental = args.length > 1 && args[1].equals("incremental");
        if (incremental) {
            d.setCircuit(org.dbspstudio.model.rewrite.Incrementalizer.incrementalize(d.circuit()).incremental());
            d.setLayout(new org.dbspstudio.model.Layout());
        }
        System.out.println(incremental ? "incremental circuit (inputs receive changes)" : "snapshot circuit (inputs receive contents)");
        Path file = Files.createTempDirectory("latency").resolve("users_orders_100k.json");
        DocumentFiles.save(d, file);
        ToolWindow.startFx();
        MainWindow mw = ToolWindow.open("ide-latency", false, 0, 0);
        ToolWindow.fx(() -> mw.files().open(file));
        AtomicReference<EditorTab> tab = new AtomicReference<>();
        ToolWindow.fx(() -> {
            tab.set(mw.current().orElseThrow());
            // the join's output: "j" drawn, the operator feeding the output once incrementalized
            var c = tab.get().doc().document().circuit();
            String join = c.op("j") != null ? "j" : c.streamsInto("v").get(0).from().op();
            tab.get().doc().select(List.of(join));
            mw.debugger().showPanel("Inspector");
        });
        long t0 = System.nanoTime();
        press(mw, tab.get(), 0).get(300, TimeUnit.SECONDS);
        // the compilers warm on a few steps before the measured ones (the first steps after loading ran interpreted)
        ToolWindow.fx(() -> mw.debugger().inspector().setMode(InspectMode.CONTENTS));
        for (int t = 1; t <= WARM_UP; t++) {
            press(mw, tab.get(), t).get(60, TimeUnit.SECONDS);
        }
        System.out.printf("step 0 (load 100k rows): %.1f ms%n", (System.nanoTime() - t0) / 1e6);
        for (String mode : List.of("CHANGE", "CONTENTS")) {
            ToolWindow.fx(() -> mw.debugger().inspector().setMode(InspectMode.valueOf(mode)));
            List<Double> ms = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            for (int t = 1; t <= steps / 2; t++) {
                int target = WARM_UP + (mode.equals("CHANGE") ? t : steps / 2 + t);
                long c = processCpu();
                long a = System.nanoTime();
                long[] at = press(mw, tab.get(), target).get(60, TimeUnit.SECONDS);
                ms.add((at[1] - a) / 1e6);
                cpu.add((processCpu() - c) / 1e6);
            }
            String rows = mw.debugger().inspector().summaryText();
            ms.sort(Double::compare);
            cpu.sort(Double::compare);
            System.out.printf("inspector %s (%s): Step → refreshed inspector, median %.1f ms, max %.1f ms over %d steps %s;"
                    + " CPU of the process per step median %.1f ms%n",
                    mode, rows, ms.get(ms.size() / 2), ms.get(ms.size() - 1), ms.size(), ms, cpu.get(cpu.size() / 2));
        }
        ToolWindow.fx(() -> {
            Debugger dbg = mw.debugger();
            EditorTab t = tab.get();
            String[] names = {"canvas values", "inspector", "timeline", "statistics", "window panels"};
            Runnable[] parts = {() -> dbg.values(t).refresh(), () -> dbg.inspector().refresh(),
                () -> dbg.timeline().refresh(), () -> dbg.statistics().refresh(), mw::refreshPanels};
            StringBuilder sb = new StringBuilder("refresh breakdown on the FX thread:");
            for (int i = 0; i < parts.length; i++) {
                long a = System.nanoTime();
                parts[i].run();
                sb.append(String.format(" %s %.1f ms;", names[i], (System.nanoTime() - a) / 1e6));
            }
            System.out.println(sb);
        });
        long e0 = System.nanoTime();
        mw.debugger().session(tab.get()).step().get(60, TimeUnit.SECONDS);
        System.out.printf("engine job alone (step, publish, listeners): %.1f ms%n", (System.nanoTime() - e0) / 1e6);
        ToolWindow.fx(() -> mw.stage().close());
        Platform.exit();
    }

    /** Steps run before the measured ones. */
    private static final int WARM_UP = 4;

    /**
     * Presses Step on the FX thread; completes after the inspector refreshed for {@code target}
     * (it shows the count and the rows in view) and the JavaFX thread ran what was queued by then,
     * with the time ({@code System.nanoTime}) at which it did.
     */
    private static CompletableFuture<long[]> press(MainWindow mw, EditorTab t, int target) {
        CompletableFuture<long[]> done = new CompletableFuture<>();
        long[] at = new long[2];
        Platform.runLater(() -> {
            DebugSession s = mw.debugger().session(t);
            InspectorPanel ins = mw.debugger().inspector();
            Runnable check = () -> {
                boolean here = s.cursor() == target && !s.busyProperty().get();
                if (!done.isDone() && here && ins.upToDate()) {
                    Platform.runLater(() -> {
                        at[1] = System.nanoTime();
                        done.complete(at);
                    });
                }
            };
            s.addListener(x -> check.run());
            ins.shownRequestProperty().addListener((o, a, b) -> check.run());
            ((Button) mw.scene().lookup("#debug-step")).fire();
        });
        return done;
    }

    /** CPU time of the whole process (every thread, the collector's included), in nanoseconds. */
    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
