package org.dbspstudio.engine.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.function.BooleanSupplier;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.typing.TypeInference;

/**
 * Runs a circuit over tables: each input reads a {@link ChangeSource} (by default the table named
 * like the input), each output is kept as a table by a {@link TableSink}. Every binding is checked
 * before the first step. A run resumes after the last step an earlier run wrote: the engine's
 * state is rebuilt by replaying the steps already written (their changes read again, nothing
 * written), then new steps are run and each is written in one transaction. Steps are the
 * engine's clock ticks: every step number from 0 to the last one a change source names is run,
 * with empty changes where a source has none.
 */
public final class TableRun {
    /** What a run is asked to do. */
    public record Options(Map<String, String> sources, boolean changelog, boolean fresh, boolean follow, long pollMillis,
                          Long maxSteps) {
        public static Options defaults() {
            return new Options(Map.of(), false, false, false, 500, null);
        }
    }

    /** After each step written (or replayed): what was done so far. */
    public record Progress(long step, boolean replay, long stepsWritten, long changesRead, long changesWritten,
                           long newestStepAvailable, long elapsedNanos) {
        // changesRead and changesWritten count the steps written by this run (not those replayed)
    }

    /** Receives progress; called on the run's thread. */
    public interface Listener {
        void progress(Progress p);
    }

    private static final int CHUNK = 1_000;

    private final Simulation sim;
    private final Database db;
    private final Options options;
    private final List<ChangeSource> sources = new ArrayList<>();
    private final Map<String, RowSchema> outputs = new LinkedHashMap<>();
    private final TableSink sink;
    private long stepsWritten;
    private long changesRead;
    private long changesWritten;
    private long firstStep = -1;
    private long lastStep = -1;

    private TableRun(Simulation sim, Database db, Options options) throws TableException {
        this.sim = sim;
        this.db = db;
        this.options = options;
        List<String> problems = new ArrayList<>();
        Map<String, RowSchema> logs = new LinkedHashMap<>();
        for (var e : options.sources().keySet()) {
            if (!sim.inputTypes().containsKey(e)) {
                problems.add("--source " + e + "=…: the circuit has no input '" + e + "' (inputs: " + sim.inputTypes().keySet() + ")");
            }
        }
        for (var e : sim.inputTypes().entrySet()) {
            String input = e.getKey();
            if (!(e.getValue() instanceof StreamType.ZSet z)) {
                problems.add("input '" + input + "' is a stream of " + e.getValue() + ": tables hold rows");
                continue;
            }
            String spec = options.sources().getOrDefault(input, input);
            try {
                Relation rel = Relation.bind(db, input, z.row(), spec);
                if (rel.changes) {
                    sources.add(new TableSource(input, z.row(), rel));
                } else {
                    sources.add(new SnapshotSource(input, z.row(), rel, TableSink.logTable(input)));
                    logs.put(input, z.row());
                }
            } catch (TableException ex) {
                problems.add(ex.getMessage());
            }
        }
        Map<String, StreamType> outTypes = outputTypes(sim.circuit());
        for (String out : sim.outputs()) {
            StreamType t = outTypes.get(out);
            if (t instanceof StreamType.ZSet z) {
                outputs.put(out, z.row());
            } else if (t instanceof StreamType.Indexed ix) {
                outputs.put(out, ix.key().concat(ix.value()));
            } else {
                problems.add("output '" + out + "' is a stream of " + t + ": tables hold rows");
            }
        }
        if (!problems.isEmpty()) {
            throw new TableException(String.join("\n", problems));
        }
        sink = new TableSink(db, outputs, logs, options.changelog());
    }

    /**
     * Binds every input and output of {@code sim}'s circuit to the database, checking tables,
     * columns and types, and creates or checks the output tables: all before the first step.
     */
    public static TableRun bind(Simulation sim, Database db, Options options) throws TableException {
        TableRun r = new TableRun(sim, db, options);
        r.sink.prepare(options.fresh());
        for (ChangeSource s : r.sources) {
            if (s instanceof SnapshotSource snap) {
                snap.restoreUpTo(r.sink.lastStep());
            }
        }
        return r;
    }

    private static Map<String, StreamType> outputTypes(Circuit c) {
        InferredTypes types = TypeInference.infer(c);
        Map<String, StreamType> m = new HashMap<>();
        for (Operator op : c.operatorsOfKind(OpKind.OUTPUT)) {
            for (Stream s : c.streamsInto(op.id())) {
                m.put(op.params().string("name"), types.typeOf(s));
            }
        }
        return m;
    }

    public List<ChangeSource> sources() {
        return List.copyOf(sources);
    }

    public Map<String, RowSchema> outputs() {
        return Map.copyOf(outputs);
    }

    /** The last step written before this run started (-1: none). */
    public long resumedAfter() {
        return sink.lastStep() < firstStep || firstStep < 0 ? sink.lastStep() : firstStep - 1;
    }

    public long firstStepWritten() {
        return firstStep;
    }

    public long lastStepWritten() {
        return lastStep;
    }

    public long stepsWritten() {
        return stepsWritten;
    }

    public long changesRead() {
        return changesRead;
    }

    public long changesWritten() {
        return changesWritten;
    }

    /**
     * Replays the steps written before, then runs and writes new ones: up to the last step of the
     * change sources (and one step reading each snapshot source), or, with {@code follow}, polling
     * the sources until {@code stop} says so.
     */
    public void run(Listener listener, BooleanSupplier stop) throws TableException, EngineException, InterruptedException {
        long start = System.nanoTime();
        long done = sink.lastStep();
        for (long from = -1; from < done && !stop.getAsBoolean(); from = Math.min(done, from + CHUNK)) {
            long to = Math.min(done, from + CHUNK);
            Map<String, NavigableMap<Long, ZSet>> read = readAll(from, to, false);
            for (long t = from + 1; t <= to; t++) {
                step(t, read, true);
                listener.progress(new Progress(t, true, stepsWritten, changesRead, changesWritten, done, System.nanoTime() - start));
            }
        }
        long writing = System.nanoTime(); // rates count from here: the steps written by this run
        long limit = options.maxSteps() == null ? Long.MAX_VALUE : options.maxSteps() - 1;
        boolean once = true;
        while (!stop.getAsBoolean()) {
            long next = done + 1;
            long target = -1;
            Map<String, NavigableMap<Long, ZSet>> snaps = new HashMap<>();
            boolean snapshotChanged = false;
            try {
                for (ChangeSource s : sources) {
                    target = Math.max(target, s.lastStep());
                }
                for (ChangeSource s : sources) {
                    if (s.snapshots() && next <= limit) {
                        NavigableMap<Long, ZSet> d = s.read(next - 1, next);
                        snaps.put(s.input(), d);
                        snapshotChanged |= !d.isEmpty();
                    }
                }
            } catch (TableException e) {
                if (options.follow() && Database.lockConflict(e)) {
                    // another process is writing to the DuckDB file (the first use of this poll found it
                    // locked, so nothing was read): wait for it and poll again
                    release();
                    Thread.sleep(options.pollMillis());
                    continue;
                }
                throw e;
            }
            if (snapshotChanged || (!options.follow() && once && !snaps.isEmpty())) {
                target = Math.max(target, next);
            }
            once = false;
            target = Math.min(target, limit);
            if (target < next) {
                release();
                if (!options.follow() || next > limit) {
                    return;
                }
                Thread.sleep(options.pollMillis());
                continue;
            }
            long newest = target;
            for (long from = next - 1; from < target && !stop.getAsBoolean(); from = Math.min(target, from + CHUNK)) {
                long to = Math.min(target, from + CHUNK);
                Map<String, NavigableMap<Long, ZSet>> read = readAll(from, to, true);
                read.putAll(snaps);
                snaps.clear();
                for (long t = from + 1; t <= to && !stop.getAsBoolean(); t++) {
                    Map<String, ZSet> outs = step(t, read, false);
                    Map<String, ZSet> logged = new HashMap<>();
                    for (ChangeSource s : sources) {
                        if (s.snapshots()) {
                            logged.put(s.input(), read.getOrDefault(s.input(), new java.util.TreeMap<>()).getOrDefault(t, ZSet.EMPTY));
                        }
                    }
                    sink.write(t, outs, logged);
                    outs.values().forEach(z -> changesWritten += z.size());
                    stepsWritten++;
                    if (firstStep < 0) {
                        firstStep = t;
                    }
                    lastStep = t;
                    done = t;
                    listener.progress(new Progress(t, false, stepsWritten, changesRead, changesWritten, newest, System.nanoTime() - writing));
                }
            }
            if (!options.follow()) {
                release();
                return;
            }
        }
    }

    private void release() throws TableException {
        try {
            db.release();
        } catch (java.sql.SQLException e) {
            throw new TableException("closing " + db.target() + " between polls: " + e.getMessage(), e);
        }
    }

    private Map<String, NavigableMap<Long, ZSet>> readAll(long from, long to, boolean fresh) throws TableException {
        Map<String, NavigableMap<Long, ZSet>> m = new HashMap<>();
        for (ChangeSource s : sources) {
            if (!s.snapshots() || !fresh) {
                m.put(s.input(), s.read(from, to));
            }
        }
        return m;
    }

    /** Runs step t of the engine with the changes read for it; returns each output's change. */
    private Map<String, ZSet> step(long t, Map<String, NavigableMap<Long, ZSet>> read, boolean replay)
            throws EngineException, TableException {
        if (sim.stepsRun() != t) {
            throw new IllegalStateException("engine at step " + sim.stepsRun() + ", table step " + t);
        }
        Map<String, StreamValue> in = new HashMap<>();
        for (ChangeSource s : sources) {
            NavigableMap<Long, ZSet> m = read.get(s.input());
            ZSet z = m == null ? null : m.get(t);
            if (z != null) {
                in.put(s.input(), z);
                changesRead += replay ? 0 : z.size();
            }
        }
        int k = sim.stepWith(in);
        Map<String, ZSet> outs = new LinkedHashMap<>();
        sim.trace().outputChanges(k).forEach((name, v) -> outs.put(name, flat(v)));
        return outs;
    }

    private static ZSet flat(StreamValue v) {
        if (v instanceof ZSet z) {
            return z;
        }
        if (v instanceof IndexedZSet ix) {
            ZSet.Builder b = ZSet.builder();
            for (Row key : ix.sortedKeys()) {
                for (Change c : ix.get(key).toChanges()) {
                    b.add(key.concat(c.row()), c.weight());
                }
            }
            return b.build();
        }
        if (v instanceof ZInt) {
            throw new IllegalArgumentException("an integer stream has no table");
        }
        return ZSet.EMPTY;
    }
}
