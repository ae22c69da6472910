package org.dbspstudio.ide.debug;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.control.Button;
import org.dbspstudio.ide.ToolWindow;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;

/**
 * Not a test: measures, in the real window, the time from pressing Step to the refreshed
 * inspector on users ⋈ orders whose integrated inputs hold 100k rows (50k users, 50k orders
 * loaded at step 0), then steps of a few changes (four warm-up steps first); "refreshed" means the
 * session published the step and the inspector shows that step's count and the rows in view (which
 * it may list on its own thread, a page at a time for a large value in its own order) and the next
 * pulse laid out and styled the window. Prints the
 * wall-clock median and the process's CPU time per step (the latter tells the work apart from
 * waiting for a busy machine), median and 90th percentile, for the change, the contents in their
 * own order and the contents sorted by a column. A tool ({@link ToolWindow}); args: number of measured steps
 * per inspector mode (default 30), then {@code incremental} to step the incremental version of the circuit instead.
 */
public final class StepLatency {
    public static void main(String[] args) throws Exception {
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int n = 50_000;
        List<List<Change>> users = new ArrayList<>();
        List<List<Change>> orders = new ArrayList<>();
        for (int t = 1; t <= 3 * steps + WARM_UP + 1; t++) {
            users.add(List.of(DebugFixtures.ch(-1, t, "user" + t), DebugFixtures.ch(1, t, "renamed" + t)));
            orders.add(List.of(DebugFixtures.ch(1, t, "extra" + t), DebugFixtures.ch(1, n + t, "orphan" + t)));
        }
        CircuitDocument d = DebugFixtures.usersOrders(n, users, orders);
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
        List<String> modes = List.of("CHANGE", "CONTENTS", "CONTENTS sorted by name");
        for (String mode : modes) {
            ToolWindow.fx(() -> {
                InspectorPanel ins = mw.debugger().inspector();
                ins.setMode(InspectMode.valueOf(mode.split(" ")[0]));
                if (mode.contains("sorted")) {
                    var name = ins.table().getColumns().stream().filter(c -> c.getText().equals("name")).findFirst().orElseThrow();
                    ins.table().getSortOrder().setAll(List.of(name));
                }
            });
            List<Double> ms = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            java.util.Map<String, Long> threads0 = threadCpu();
            long process0 = processCpu();
            System.out.printf("%s: measuring from %s UTC%n", mode, java.time.LocalTime.now(java.time.ZoneOffset.UTC));
            for (int t = 1; t <= steps; t++) {
                int target = WARM_UP + modes.indexOf(mode) * steps + t;
                long c = processCpu();
                long a = System.nanoTime();
                long[] at = press(mw, tab.get(), target).get(60, TimeUnit.SECONDS);
                ms.add((at[1] - a) / 1e6);
                cpu.add((processCpu() - c) / 1e6);
            }
            String rows = mw.debugger().inspector().summaryText();
            java.util.Map<String, Long> threads1 = threadCpu();
            StringBuilder per = new StringBuilder();
            long javaThreads = 0;
            for (var e : threads1.entrySet().stream().sorted((a, b) -> Long.compare(
                    b.getValue() - threads0.getOrDefault(b.getKey(), 0L), a.getValue() - threads0.getOrDefault(a.getKey(), 0L))).toList()) {
                long used = e.getValue() - threads0.getOrDefault(e.getKey(), 0L);
                javaThreads += used;
                if (used >= steps * 100_000L) {
                    per.append(String.format(" %s %.1f ms;", e.getKey(), used / 1e6 / steps));
                }
            }
            System.out.printf("  CPU per step by thread (mean):%s all else (collector, compilers, native threads) %.1f ms%n",
                    per, (processCpu() - process0 - javaThreads) / 1e6 / steps);
            ms.sort(Double::compare);
            cpu.sort(Double::compare);
            System.out.printf("inspector %s (%s): Step → refreshed inspector, median %.1f ms, p90 %.1f ms, max %.1f ms over %d steps %s;"
                    + " CPU of the process per step median %.1f ms, p90 %.1f ms; load average %.1f%n",
                    mode, rows, at(ms, 0.5), at(ms, 0.9), ms.get(ms.size() - 1), ms.size(), ms, at(cpu, 0.5), at(cpu, 0.9),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
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

    /** The value at fraction {@code q} of sorted {@code l} (0.5: the median, 0.9: the 90th percentile). */
    private static double at(List<Double> l, double q) {
        return l.get(Math.min(l.size() - 1, (int) Math.floor(q * l.size())));
    }

    /** Steps run before the measured ones. */
    private static final int WARM_UP = 4;

    /**
     * Presses Step on the FX thread; completes after the inspector refreshed for {@code target}
     * (it shows the count and the rows in view) and the next pulse laid out and styled the window,
     * with the time ({@code System.nanoTime}) at which it did.
     */
    private static CompletableFuture<long[]> press(MainWindow mw, EditorTab t, int target) {
        CompletableFuture<long[]> done = new CompletableFuture<>();
        long[] at = new long[2];
        Platform.runLater(() -> {
            DebugSession s = mw.debugger().session(t);
            InspectorPanel ins = mw.debugger().inspector();
            boolean[] laidOut = new boolean[1];
            Consumer<DebugSession> check = x -> {
                boolean here = s.cursor() == target && !s.busyProperty().get();
                if (!done.isDone() && !laidOut[0] && here && ins.upToDate()) {
                    // refreshed = the next pulse laid out and styled what changed (drawing it follows on the render thread)
                    laidOut[0] = true;
                    Runnable[] after = new Runnable[1];
                    after[0] = () -> {
                        mw.scene().removePostLayoutPulseListener(after[0]);
                        at[1] = System.nanoTime();
                        done.complete(at);
                    };
                    mw.scene().addPostLayoutPulseListener(after[0]);
                    Platform.requestNextPulse();
                }
            };
            javafx.beans.value.ChangeListener<Number> shown = (o, a, b) -> check.accept(s);
            s.addListener(check);
            ins.shownRequestProperty().addListener(shown);
            done.whenComplete((r, e) -> Platform.runLater(() -> {
                s.removeListener(check);
                ins.shownRequestProperty().removeListener(shown);
            }));
            stepButton(mw).fire();
        });
        return done;
    }

    private static Button step;

    /** The Step button (looked up once: a look-up walks the whole scene). */
    private static Button stepButton(MainWindow mw) {
        if (step == null) {
            step = (Button) mw.scene().lookup("#debug-step");
        }
        return step;
    }

    /** CPU time of every live Java thread by name (threads of the same name summed), in nanoseconds. */
    private static java.util.Map<String, Long> threadCpu() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.Map<String, Long> m = new java.util.HashMap<>();
        for (java.lang.management.ThreadInfo i : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (i != null) {
                long c = mx.getThreadCpuTime(i.getThreadId());
                if (c > 0) {
                    m.merge(i.getThreadName(), c, Long::sum);
                }
            }
        }
        return m;
    }

    /** CPU time of the whole process (every thread, the collector's included), in nanoseconds. */
    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
