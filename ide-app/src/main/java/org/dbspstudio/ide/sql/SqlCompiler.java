package org.dbspstudio.ide.sql;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.dbspstudio.model.sql.SqlFrontEnd;

/**
 * Runs the SQL front end off the JavaFX thread. Each {@link #submit} is a new generation; the
 * result of the latest one is published to the listener through the delivery executor (the
 * JavaFX thread in the editor), results of older ones are dropped, and a compilation that has not
 * started when a newer text arrives is skipped. No JavaFX.
 */
public final class SqlCompiler {
    /** What one compilation produced: the result, or the front end's own failure. */
    public record Compiled(long generation, String text, SqlFrontEnd.Result result, RuntimeException failure, long nanos,
                           String thread) {
        public boolean ok() {
            return failure == null && result.ok();
        }
    }

    /** One worker for every SQL editor: compilations are short and Calcite is warmed once. */
    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "sql-front-end");
        t.setDaemon(true);
        return t;
    });

    private final AtomicLong latest = new AtomicLong();
    private final Executor delivery;
    private final Consumer<Compiled> listener;

    public SqlCompiler(Executor delivery, Consumer<Compiled> listener) {
        this.delivery = delivery;
        this.listener = listener;
    }

    /** Compiles {@code text} soon, on the worker; returns the generation of this request. */
    public long submit(String text) {
        long g = latest.incrementAndGet();
        WORKER.execute(() -> {
            if (g != latest.get()) {
                return; // a newer text is queued
            }
            long t0 = System.nanoTime();
            Compiled c;
            try {
                c = new Compiled(g, text, SqlFrontEnd.compile(text), null, System.nanoTime() - t0, Thread.currentThread().getName());
            } catch (RuntimeException e) {
                c = new Compiled(g, text, null, e, System.nanoTime() - t0, Thread.currentThread().getName());
            }
            Compiled done = c;
            delivery.execute(() -> {
                if (done.generation() == latest.get()) {
                    listener.accept(done);
                }
            });
        });
        return g;
    }

    /** The generation of the latest request. */
    public long latest() {
        return latest.get();
    }

    /** Warms Calcite up on the worker (the first compilation loads and initialises it, a few seconds). */
    public static void warmUp() {
        WORKER.execute(() -> {
            try {
                SqlFrontEnd.compile("CREATE TABLE t (a INT); CREATE VIEW v AS SELECT a FROM t WHERE a > 0;");
            } catch (RuntimeException e) {
                // the real compilation reports it
            }
        });
    }
}
