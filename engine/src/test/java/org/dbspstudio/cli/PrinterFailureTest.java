package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code run}'s printing thread failing: the command stops the run and reports it instead of
 * exiting 0 with output missing. Running out of memory while printing is exit code 3 naming the
 * step printed; another failure is an internal error (exit code 1). Each test fails when the
 * command ignores the printing thread's failure (it then exits 0).
 */
class PrinterFailureTest {
    private static final Path CLOSURE = Path.of("../samples/05-transitive-closure.json");

    /**
     * A writer that takes {@code limit} characters and then throws {@code failure} at the next write,
     * and at every write after it unless {@code once}.
     */
    private static final class FailingWriter extends Writer {
        private final StringWriter taken = new StringWriter();
        private final int limit;
        private final boolean once;
        private final java.util.function.Supplier<Throwable> failure;
        private boolean failed;

        FailingWriter(int limit, boolean once, java.util.function.Supplier<Throwable> failure) {
            this.limit = limit;
            this.once = once;
            this.failure = failure;
        }

        @Override
        public void write(char[] cbuf, int off, int len) {
            if (taken.getBuffer().length() + len > limit && !(once && failed)) {
                failed = true;
                Throwable t = failure.get();
                if (t instanceof Error e) {
                    throw e;
                }
                throw (RuntimeException) t;
            }
            taken.write(cbuf, off, len);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    private static int run(Writer out, StringWriter err) {
        return Main.run(new PrintWriter(out), new PrintWriter(err), "run", CLOSURE.toString(), "--format", "csv");
    }

    /**
     * Fails (as a generic "dbsp run" out-of-memory line) when the text of the step that failed is
     * written again at the end, and (exit code 0) when the failure is ignored.
     */
    @Test
    void runningOutOfMemoryWhilePrintingIsExitCodeThreeNamingTheStep() {
        for (boolean once : new boolean[] {false, true}) {
            StringWriter err = new StringWriter();
            int code = run(new FailingWriter(header(), once, () -> new OutOfMemoryError("Java heap space")), err);
            assertThat(code).as("once " + once).isEqualTo(CliSupport.OUT_OF_MEMORY);
            assertThat(err.toString()).contains(CLOSURE + ": at step 0 (printing its output): ERROR [OUT_OF_MEMORY]");
        }
    }

    /** Fails (exit code 0) when the failure is ignored. */
    @Test
    void anotherPrintingFailureIsAnInternalError() {
        for (boolean once : new boolean[] {false, true}) {
            StringWriter err = new StringWriter();
            int code = run(new FailingWriter(header(), once, () -> new IllegalStateException("the disk is on fire")), err);
            assertThat(code).as("once " + once).isEqualTo(CliSupport.CIRCUIT_ERRORS);
            assertThat(err.toString()).contains("dbsp: internal error: java.lang.IllegalStateException: the disk is on fire");
        }
    }

    /** The length of the csv header line, which the command's own thread prints before the steps. */
    private static int header() {
        String all = Main.capture("run", CLOSURE.toString(), "--format", "csv").out();
        assertThat(all).startsWith("output,step,weight,values...");
        return all.indexOf('\n') + 1;
    }
}
