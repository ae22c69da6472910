package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.dbspstudio.engine.io.ChangeSource;
import org.dbspstudio.engine.io.Database;
import org.dbspstudio.engine.io.TableException;
import org.dbspstudio.engine.io.TableRun;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.CircuitDocument;

/** {@code dbsp run FILE --db DB}: the circuit over database tables (see {@link TableRun}). */
final class TableRunner {
    private TableRunner() {
    }

    static int run(RunCommand c, CircuitDocument doc, PrintWriter out, PrintWriter err) {
        if (c.trace || c.on != null || c.scenarios != null || c.format != RunCommand.Format.table) {
            err.println("dbsp run: --db cannot be combined with --trace, --on, --scenario or --format");
            return CliSupport.UNREADABLE;
        }
        if (c.pollMillis < 1) {
            err.println("dbsp run: --poll must be at least 1 ms, not " + c.pollMillis);
            return CliSupport.UNREADABLE;
        }
        Simulation sim;
        try {
            sim = Simulation.compile(doc.circuit(), EngineOptions.DEFAULT.withRecordTrace(false).withRetention(2, 0));
        } catch (EngineException e) {
            err.println(c.file + ": ERROR [RUN] " + e.getMessage());
            return CliSupport.CIRCUIT_ERRORS;
        }
        Database db;
        try {
            db = Database.open(c.db);
        } catch (TableException e) {
            err.println("dbsp run: " + e.getMessage());
            return CliSupport.UNREADABLE;
        }
        try (db) {
            db.releaseBetweenPolls(c.follow);
            TableRun run;
            try {
                run = TableRun.bind(sim, db, new TableRun.Options(c.sources == null ? Map.of() : c.sources, c.changelog, c.fresh,
                        c.follow, c.pollMillis, c.steps == null ? null : (long) c.steps));
            } catch (TableException e) {
                for (String line : e.getMessage().split("\n")) {
                    err.println(c.file + ": ERROR [TABLE] " + line);
                }
                return CliSupport.CIRCUIT_ERRORS;
            }
            for (ChangeSource s : run.sources()) {
                err.println("input '" + s.input() + "' ← " + s.describe());
            }
            if (run.resumedAfter() >= 0) {
                err.println("resuming after step " + run.resumedAfter() + " (replaying steps 0.." + run.resumedAfter() + " without writing)");
            }
            StopFlag stop = new StopFlag();
            CountDownLatch finished = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                stop.set = true;
                try {
                    finished.await(30, TimeUnit.SECONDS); // the step being written commits or rolls back
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
            }, "dbsp-run-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            Progress progress = new Progress(err, c.follow);
            long start = System.nanoTime();
            try {
                run.run(progress::show, () -> stop.set);
            } catch (TableException e) {
                progress.end();
                err.println(c.file + ": ERROR [TABLE] " + e.getMessage());
                return CliSupport.CIRCUIT_ERRORS;
            } catch (EngineException e) {
                progress.end();
                if (e.outOfMemory()) {
                    return CliSupport.outOfMemory(err, c.file + ": " + (e.operatorId() == null ? "" : "operator '" + e.operatorId() + "' ")
                            + "at step " + e.step());
                }
                err.println(c.file + ": ERROR [RUN] " + e.getMessage());
                return CliSupport.CIRCUIT_ERRORS;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                finished.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl+C: the hook is running and waits for this run to end
                }
            }
            progress.end();
            double secs = (System.nanoTime() - start) / 1e9;
            String tables = String.join(", ", run.outputs().keySet().stream().sorted().toList());
            if (run.stepsWritten() == 0) {
                out.println("no new steps" + (run.resumedAfter() >= 0 ? " after step " + run.resumedAfter() : "") + "; tables "
                        + tables + " in " + c.db + " are up to date");
            } else {
                out.printf(Locale.ROOT, "steps %d..%d written to %s (tables %s%s): %,d changes read, %,d written, %.1f s%n",
                        run.firstStepWritten(), run.lastStepWritten(), c.db, tables, c.changelog ? " and their _changes" : "",
                        run.changesRead(), run.changesWritten(), secs);
            }
            return CliSupport.OK;
        }
    }

    private static final class StopFlag {
        volatile boolean set;
    }

    /** Progress on standard error: at most once a second (and for the first step written). */
    private static final class Progress {
        private final PrintWriter err;
        private final boolean follow;
        private final boolean console = System.console() != null;
        private long lastShown;
        private boolean shown;
        private boolean firstWritten;

        Progress(PrintWriter err, boolean follow) {
            this.err = err;
            this.follow = follow;
        }

        void show(TableRun.Progress p) {
            long now = System.nanoTime();
            boolean first = !p.replay() && !firstWritten;
            if (!first && now - lastShown < 1_000_000_000L) {
                return;
            }
            firstWritten |= !p.replay();
            lastShown = now;
            double secs = Math.max(1e-9, p.elapsedNanos() / 1e9);
            String line = p.replay()
                    ? String.format(Locale.ROOT, "replaying step %d of %d", p.step(), p.newestStepAvailable())
                    : String.format(Locale.ROOT, "step %d written, %d steps, %,.0f rows/s in, %,.0f rows/s out, lag %d step(s)",
                    p.step(), p.stepsWritten(), p.changesRead() / secs, p.changesWritten() / secs,
                    Math.max(0, p.newestStepAvailable() - p.step()));
            err.print(console ? "\r" + line + "   " : line + "\n");
            err.flush();
            shown = true;
        }

        void end() {
            if (shown && console) {
                err.println();
            }
            shown = false;
        }
    }
}
