package org.dbspstudio.model.fuzz;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs fuzz cases one after the other on a worker thread with a time limit per case, so that a
 * case that hangs fails the build (naming the case) instead of stalling it. A case that throws
 * fails with its exception.
 */
public final class CaseRunner implements AutoCloseable {
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fuzz-case");
        t.setDaemon(true);
        return t;
    });
    private final Duration limit;
    private int cases;

    public CaseRunner(Duration limit) {
        this.limit = limit;
    }

    /** Runs one case; fails when it takes longer than the limit or throws. */
    public <T> T run(String label, Callable<T> body) {
        cases++;
        Future<T> f = worker.submit(body);
        try {
            return f.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new AssertionError("case took longer than " + limit.toMillis() + " ms (a hang?): " + clip(label));
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            throw new AssertionError("case failed: " + clip(label) + "\n" + c, c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    public void run(String label, Runnable body) {
        run(label, () -> {
            body.run();
            return null;
        });
    }

    /** Cases run so far. */
    public int cases() {
        return cases;
    }

    private static String clip(String s) {
        return s.length() > 3000 ? s.substring(0, 3000) + "... (" + s.length() + " characters)" : s;
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
