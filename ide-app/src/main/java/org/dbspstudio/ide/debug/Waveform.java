package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;

/**
 * The samples of one stream pinned to the scope: per step (or, for a stream inside a nested
 * circuit, per inner iteration of the current step) the value of an integer stream, or for a
 * Z-set the total positive and negative weight of its change and the size of its contents.
 */
public record Waveform(StreamRef ref, String axis, boolean numeric, List<Sample> samples) {
    /** One point: {@code x} is the step or the iteration; {@code value} for integers; plus, minus, size for Z-sets. */
    public record Sample(int x, Long value, long plus, long minus, long size) {
    }

    /**
     * The steps a waveform is read over: the session's current step, its first recorded step and
     * the number of steps run, as published to the JavaFX thread (read there, so that the samples
     * can be read on another thread from the steps the views show).
     */
    public record Steps(int cursor, int first, int end) {
        /** The steps of {@code s} now (on the JavaFX thread); none when there is no session. */
        public static Steps of(DebugSession s) {
            return s == null ? new Steps(-1, 0, 0) : new Steps(s.cursor(), s.firstStep(), s.stepsRun());
        }
    }

    /** Reads the waveform of {@code ref} from a session's trace at its current steps (on the JavaFX thread: lookups and counts). */
    public static Waveform of(DebugSession s, StreamRef ref) {
        return of(s, ref, Steps.of(s));
    }

    /**
     * Reads the waveform of {@code ref} over {@code at} from a session's trace: lookups and a pass
     * over each step's change and the first step's contents, from any thread (the scope's own).
     */
    public static Waveform of(DebugSession s, StreamRef ref, Steps at) {
        if (s == null || at.cursor() < 0) {
            return new Waveform(ref, ref.depth() == 0 ? "step" : "iteration", false, new ArrayList<>());
        }
        return ref.depth() == 0 ? read(s, ref, at, null).waveform() : inner(s, ref, at);
    }

    /**
     * A top-level stream's waveform read over the steps {@code first} to {@code end} − 1 of the
     * session's run {@code runId}, with the size of the contents at its last step ({@code size},
     * null when the next step's contents are to be weighed).
     */
    record Read(Waveform waveform, int first, int end, Long size, long runId) {
    }

    /**
     * Reads the waveform of {@code ref}, a top-level stream, over {@code at} (a step run), going on
     * from {@code from} when it was read in the same run from the same first step: only the
     * steps after it are read then (a step's change; the first step's contents are not weighed again).
     */
    static Read read(DebugSession s, StreamRef ref, Steps at, Read from) {
        // the run before the values: a waveform read while the run was replaced is never gone on from (see ScopePanel)
        long run = s.runId();
        List<Sample> out = new ArrayList<>();
        boolean numeric = false;
        // a step's contents are the previous step's plus its change: their total weight is
        // read once, then followed by the changes (a large stream is not read at every step)
        Long size = null;
        int start = Math.max(0, at.first());
        if (from != null && from.runId() == run && from.first() == at.first() && from.end() <= at.end()) {
            out.addAll(from.waveform().samples());
            numeric = from.waveform().numeric();
            size = from.size();
            start = Math.max(start, from.end());
        }
        for (int t = start; t < at.end(); t++) {
            StreamValue v = s.value(ref, t);
            StreamValue change = s.change(ref, t);
            Sample p;
            if (v instanceof ZInt || size == null) {
                StreamValue contents = s.contents(ref, t);
                p = sample(t, v, change, contents);
                size = contents == null || v instanceof ZInt ? null : p.size();
            } else {
                long[] pn = change == null ? new long[2] : ValueRows.weights(change);
                size += pn[0] - pn[1];
                p = new Sample(t, null, pn[0], pn[1], size);
            }
            numeric |= p.value() != null;
            out.add(p);
        }
        return new Read(new Waveform(ref, "step", numeric, List.copyOf(out)), at.first(), at.end(), size, run);
    }

    /** The waveform of a stream inside a nested circuit: over the inner iterations of the current step (the last ones outside). */
    private static Waveform inner(DebugSession s, StreamRef ref, Steps at) {
        List<Sample> out = new ArrayList<>();
        boolean numeric = false;
        int step = at.cursor();
        int[] outer = new int[ref.depth() - 1];
        for (int d = 0; d < outer.length; d++) {
            int n = s.iterations(ref.path().get(d), step, java.util.Arrays.copyOf(outer, d));
            outer[d] = Math.max(0, n - 1);
        }
        int n = s.iterations(ref.path().get(ref.depth() - 1), step, outer);
        for (int i = 0; i < n; i++) {
            int[] its = java.util.Arrays.copyOf(outer, ref.depth());
            its[ref.depth() - 1] = i;
            Sample p = sample(i, s.value(ref, step, its), s.change(ref, step, its), s.contents(ref, step, its));
            numeric |= p.value() != null;
            out.add(p);
        }
        return new Waveform(ref, "iteration at step " + step, numeric, out);
    }

    private static Sample sample(int x, StreamValue v, StreamValue change, StreamValue contents) {
        if (v instanceof ZInt z) {
            return new Sample(x, z.value(), 0, 0, 0);
        }
        long[] pn = change == null ? new long[2] : ValueRows.weights(change);
        long size = 0;
        if (contents != null && !(contents instanceof ZInt)) {
            long[] total = ValueRows.weights(contents);
            size = total[0] - total[1];
        }
        return new Sample(x, null, pn[0], pn[1], size);
    }

    /** The waveform as CSV lines {@code stream,axis,x,value,plus,minus,size} (no header). */
    public List<String> csv() {
        List<String> l = new ArrayList<>();
        for (Sample p : samples) {
            l.add(String.join(",", quote(ref.label()), quote(axis), Integer.toString(p.x()),
                    p.value() == null ? "" : p.value().toString(), Long.toString(p.plus()), Long.toString(p.minus()),
                    Long.toString(p.size())));
        }
        return l;
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
