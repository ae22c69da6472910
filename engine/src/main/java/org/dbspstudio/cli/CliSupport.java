package org.dbspstudio.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Diagnostics;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.LoadException;
import org.dbspstudio.model.json.LoadResult;
import org.dbspstudio.model.validate.Validator;

/** What every command shares: exit codes, loading and checking a file, printing diagnostics. */
public final class CliSupport {
    /** Exit code: everything is fine (warnings may have been printed). */
    public static final int OK = 0;
    /** Exit code: a circuit has errors. */
    public static final int CIRCUIT_ERRORS = 1;
    /** Exit code: a file could not be read (missing, not JSON, not a circuit, newer format). */
    public static final int UNREADABLE = 2;
    /** Exit code: the Java heap was full (the message names what was being done: operator and step for a run). */
    public static final int OUT_OF_MEMORY = 3;
    /** Exit code: {@code run --timeout} stopped the run. */
    public static final int TIMED_OUT = 4;

    /**
     * Reports running out of memory while doing {@code what} and returns {@link #OUT_OF_MEMORY}.
     * Allocates little: called right after an {@link OutOfMemoryError}.
     */
    public static int outOfMemory(PrintWriter err, String what) {
        long max = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        err.println(what + ": ERROR [OUT_OF_MEMORY] the Java heap (" + max + " MB) is full;"
                + " give it more with JAVA_OPTS=-Xmx<size> (e.g. -Xmx8g), or run fewer steps or less data");
        err.flush();
        return OUT_OF_MEMORY;
    }

    /** Diagnostics of one code printed per file; the rest are counted in one line. */
    public static final int MAX_PER_CODE = 100;

    private CliSupport() {
    }

    /** What to print of {@code diagnostics}: at most {@link #MAX_PER_CODE} per code, then a count of the rest. */
    public static List<Diagnostic> shown(List<Diagnostic> diagnostics) {
        return Diagnostics.capped(diagnostics, MAX_PER_CODE);
    }

    /** Thrown by commands to stop with an exit code; {@link Main} turns it into that code. */
    public static final class Exit extends RuntimeException {
        private final int code;

        public Exit(int code) {
            super("exit " + code, null, false, false);
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    /**
     * Writes {@code text} to {@code output} (UTF-8), or prints it to {@code out} when there is no
     * output file; returns {@link #OK}, or {@link #UNREADABLE} after saying why the file could not
     * be written.
     */
    public static int emit(String text, Path output, PrintWriter out, PrintWriter err) {
        if (output == null) {
            out.print(text);
            out.flush();
            return OK;
        }
        try {
            Files.writeString(output, text, StandardCharsets.UTF_8);
            return OK;
        } catch (IOException e) {
            err.println(output + ": cannot write: " + e.getMessage());
            return UNREADABLE;
        }
    }

    /**
     * A loaded document with every problem found in it (loading, then validation), and what the
     * validator found for its circuit ({@code validated}: its diagnostics and inferred types, from
     * which {@code run} compiles the circuit instead of validating it again).
     */
    public record Checked(Path file, CircuitDocument document, List<Diagnostic> diagnostics, Validator.Result validated) {
        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }

        /** {@link #CIRCUIT_ERRORS} when there are errors, else {@link #OK}. */
        public int exitCode() {
            return hasErrors() ? CIRCUIT_ERRORS : OK;
        }
    }

    /** The one-line form {@code FILE: ERROR|WARNING [code] <where>: <message>}. */
    public static String line(Path file, Diagnostic d) {
        return file + ": " + d.format();
    }

    /** A file that cannot be loaded, in the same one-line form ({@code [LOAD_ERROR]}, where = line:column). */
    public static String line(LoadException e) {
        String where = e.line() > 0 ? e.line() + ":" + e.column() : "file";
        return e.file() + ": ERROR [LOAD_ERROR] " + where + ": " + e.detail();
    }

    /**
     * Loads and validates a file. Throws {@link LoadException} when it cannot be read; the
     * returned diagnostics are the loader's followed by the validator's.
     */
    public static Checked check(Path file) throws LoadException {
        LoadResult r = DocumentReader.read(file);
        List<Diagnostic> all = new ArrayList<>(r.diagnostics());
        Validator.Result validated = Validator.check(r.document().circuit());
        all.addAll(validated.diagnostics());
        return new Checked(file, r.document(), all, validated);
    }

    /**
     * For commands that need a usable circuit: loads and validates {@code file}, prints every
     * diagnostic to {@code err}, and returns the result; stops with {@link #UNREADABLE} when the
     * file cannot be read and, unless {@code allowErrors}, with {@link #CIRCUIT_ERRORS} when the
     * circuit has errors.
     */
    public static Checked load(Path file, PrintWriter err, boolean allowErrors) {
        Checked c;
        try {
            c = check(file);
        } catch (LoadException e) {
            err.println(line(e));
            throw new Exit(UNREADABLE);
        }
        shown(c.diagnostics()).forEach(d -> err.println(line(file, d)));
        if (c.hasErrors() && !allowErrors) {
            throw new Exit(CIRCUIT_ERRORS);
        }
        return c;
    }
}
