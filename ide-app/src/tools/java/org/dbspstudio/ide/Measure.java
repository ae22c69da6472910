package org.dbspstudio.ide;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.ui.MainWindow;
import org.dbspstudio.model.CircuitDocument;

/**
 * Not a test: measures opening (load + ELK layout + drawing) a generated circuit of N operators
 * without layout, and the frame intervals while panning and zooming it. A tool ({@link ToolWindow}).
 */
public final class Measure {
    private static void report(String what, List<Double> frames) {
        List<Double> sorted = new ArrayList<>(frames);
        Collections.sort(sorted);
        double mean = frames.stream().mapToDouble(d -> d).average().orElse(0);
        System.out.printf("%s: %d frames, mean %.1f ms, median %.1f ms, p95 %.1f ms, max %.1f ms%n", what, frames.size(),
                mean, sorted.get(sorted.size() / 2), sorted.get((int) (sorted.size() * 0.95)), sorted.get(sorted.size() - 1));
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        Path file = Files.createTempDirectory("measure").resolve("generated.json");
        DocumentFiles.save(new CircuitDocument("generated", Samples.generated(n)), file);
        for (int r = 0; r < 3; r++) {
            var mx0 = java.lang.management.ManagementFactory.getThreadMXBean();
            long c0 = mx0.getCurrentThreadCpuTime();
            long a = System.nanoTime();
            var doc = org.dbspstudio.model.json.DocumentReader.read(file).document();
            long b = System.nanoTime();
            org.dbspstudio.ide.layout.AutoLayout.layoutDeep(doc.circuit(), doc.layout());
            long c = System.nanoTime();
            org.dbspstudio.model.validate.Validator.validate(doc.circuit());
            long d = System.nanoTime();
            org.dbspstudio.model.typing.TypeInference.infer(doc.circuit());
            long e = System.nanoTime();
            System.out.printf("parts: read %.0f ms, ELK %.0f ms, validate %.0f ms, types %.0f ms (wall); %.0f ms CPU in all%n",
                    (b - a) / 1e6, (c - b) / 1e6, (d - c) / 1e6, (e - d) / 1e6, (mx0.getCurrentThreadCpuTime() - c0) / 1e6);
        }
        ToolWindow.startFx();
        MainWindow[] w = {ToolWindow.open("ide-measure", false, 0, 0)};
        Thread.sleep(500);
        for (int round = 0; round < 3; round++) {
            long[] t = new long[3];
            CountDownLatch shown = new CountDownLatch(1);
            long[] cpu = new long[2];
            var mx = java.lang.management.ManagementFactory.getThreadMXBean();
            ToolWindow.fx(() -> {
                cpu[0] = mx.getCurrentThreadCpuTime();
                t[0] = System.nanoTime();
                var tab = w[0].files().open(file).orElseThrow();
                t[1] = System.nanoTime();
                cpu[1] = mx.getCurrentThreadCpuTime();
                w[0].scene().getRoot().applyCss();
                w[0].scene().getRoot().layout();
                Platform.runLater(() -> {
                    t[2] = System.nanoTime();
                    shown.countDown();
                });
                tab.doc().document().layout();
            });
            shown.await();
            System.out.printf("round %d: %d operators: open (read + layout + analysis + canvas) %.0f ms wall (%.0f ms CPU),"
                    + " until first pulse %.0f ms%n", round, n, (t[1] - t[0]) / 1e6, (cpu[1] - cpu[0]) / 1e6, (t[2] - t[0]) / 1e6);
            if (round < 2) {
                ToolWindow.fx(() -> w[0].files().closeCurrent());
            }
        }
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long cpuBefore = os.getProcessCpuTime();
        List<Double> frames = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        ToolWindow.fx(() -> {
            var canvas = w[0].current().orElseThrow().canvas();
            canvas.fit();
            new AnimationTimer() {
                long last;
                int i;

                @Override
                public void handle(long now) {
                    if (last != 0) {
                        frames.add((now - last) / 1e6);
                    }
                    last = now;
                    if (i < 120) {
                        canvas.panBy(i % 40 < 20 ? 12 : -12, 5 * Math.sin(i / 7.0));
                    } else if (i < 240) {
                        canvas.zoomAt(i % 40 < 20 ? 1.05 : 1 / 1.05, 400, 300);
                    } else if (i == 240) {
                        canvas.setView(1.0, 0, 0); // 100 %: every detail drawn
                    } else if (i < 360) {
                        canvas.panBy(i % 40 < 20 ? -15 : 15, 0);
                    } else {
                        stop();
                        done.countDown();
                    }
                    i++;
                }
            }.start();
        });
        done.await();
        long cpuUsed = os.getProcessCpuTime() - cpuBefore;
        System.out.println("load average " + java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()
                + " on " + Runtime.getRuntime().availableProcessors() + " cores");
        report("pan/zoom at fit (" + n + " operators visible)", frames.subList(0, 239));
        report("pan at 100 % (details drawn)", frames.subList(241, frames.size()));
        System.out.printf("pan/zoom: process CPU per frame (all threads, incl. rendering) %.1f ms%n", cpuUsed / 1e6 / frames.size());
        Platform.exit();
        System.exit(0);
    }
}
