package org.dbspstudio.flink;

import java.io.Serializable;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.RemoteStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.dbspstudio.engine.remote.RemoteEngine;
import org.dbspstudio.engine.remote.RemoteEngineException;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.export.Dialect;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.export.SqlExport;
import org.dbspstudio.model.export.SqlProgram;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;

/**
 * Runs a circuit on Apache Flink: the circuit is exported to Flink SQL ({@link SqlExport}) and its
 * views run, unchanged, on an embedded {@link MiniCluster} (started once and shared by every run
 * in this JVM; jobs are submitted to it over its REST endpoint on the loopback interface, as to
 * a real cluster).
 *
 * <p><b>Steps.</b> Flink has no notion of the circuit's steps. A run is one streaming job holding
 * the program once; its tables read one changelog stream ({@code +I} per unit of positive weight,
 * {@code -D} per unit of negative weight) that a source of our own ({@link ScenarioSource}) emits a
 * step at a time: after step t it emits nothing until a checkpoint taken at that point has
 * completed. Checkpoint barriers are aligned, so when the barrier reaches the operator that
 * collects the outputs ({@link StepEnds}), every output change caused by steps 0..t has reached it
 * and none of step t+1: there it marks the end of step t. The outputs' changelogs
 * ({@code +I/-U/+U/-D}) between two marks, consolidated, are the step's output changes, what
 * {@code run} prints for a snapshot circuit. Rows of an input travel keyed by their values, so that
 * a row's insertion and its later deletion take the same path and arrive in order at every
 * parallel task.
 */
public final class FlinkEngine implements RemoteEngine, AutoCloseable {
    /** One MiniCluster per JVM, shared by every instance (the command line finds a fresh one with ServiceLoader). */
    private static MiniCluster cluster;
    private static URI rest;
    private static int slots;

    @Override
    public String name() {
        return "flink";
    }

    /** Starts the MiniCluster (or returns the running one, when it has enough slots). */
    static synchronized URI cluster(int parallelism) throws Exception {
        if (cluster != null && slots >= parallelism) {
            return rest;
        }
        stopCluster();
        Configuration conf = new Configuration();
        conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        conf.set(RestOptions.ADDRESS, "127.0.0.1");
        conf.set(RestOptions.BIND_PORT, "0");
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, Math.max(parallelism, 2));
        // one job holds a copy of the program per step: many tasks, each with network buffers
        conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.ofMebiBytes(256));
        conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.ofMebiBytes(256));
        conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(64));
        MiniCluster c = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(conf).setNumTaskManagers(1).setNumSlotsPerTaskManager(Math.max(parallelism, 2)).build());
        c.start();
        cluster = c;
        slots = Math.max(parallelism, 2);
        rest = c.getRestAddress().get();
        return rest;
    }

    /** Stops the shared MiniCluster (the next run starts a new one). */
    @Override
    public void close() {
        stopCluster();
    }

    private static synchronized void stopCluster() {
        if (cluster != null) {
            try {
                cluster.close();
            } catch (Exception e) {
                // closing a local cluster: nothing left to do
            }
            cluster = null;
        }
    }

    @Override
    public List<Map<String, List<Change>>> run(Circuit circuit, String title, Scenario scenario, int steps, int parallelism)
            throws ExportException, RemoteEngineException {
        return run(SqlExport.export(circuit, Dialect.FLINK, title), scenario, steps, parallelism);
    }

    /** Runs an exported program (see the class comment). */
    public List<Map<String, List<Change>>> run(SqlProgram program, Scenario scenario, int steps, int parallelism)
            throws RemoteEngineException {
        if (parallelism < 1) {
            throw new RemoteEngineException("parallelism must be at least 1, not " + parallelism);
        }
        URI uri;
        try {
            uri = cluster(parallelism);
        } catch (Exception e) {
            throw new RemoteEngineException("cannot start Flink's MiniCluster: " + e, e);
        }
        program = ConstantsInput.constantsFed(program);
        List<SqlProgram.Table> tables = program.tables();
        List<List<Fed>> fed = new ArrayList<>();
        List<Map<org.dbspstudio.model.types.Row, Long>> contents = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) {
            contents.add(new HashMap<>());
        }
        for (int t = 0; t < steps; t++) {
            List<Fed> step = new ArrayList<>();
            step.add(new Fed(-1, t, true, null));
            for (int i = 0; i < tables.size(); i++) {
                if (tables.get(i).name().equals(ConstantsInput.UNIT)) {
                    if (t == 0) {
                        feed(tables.get(i), i, List.of(new Change(org.dbspstudio.model.types.Row.of(1L), 1)), t, step, contents.get(i));
                    }
                    continue;
                }
                StepData d = scenario.at(tables.get(i).name(), t);
                if (d instanceof StepData.Rows rows) {
                    feed(tables.get(i), i, rows.changes(), t, step, contents.get(i));
                }
            }
            fed.add(step);
        }
        List<Map<String, List<Change>>> result = job(program, fed, parallelism, uri);
        return result;
    }

    private static void feed(SqlProgram.Table table, int index, List<Change> changes, int step, List<Fed> log,
                             Map<org.dbspstudio.model.types.Row, Long> contents) throws RemoteEngineException {
        RowSchema schema = table.schema();
        for (Change c : changes) {
            long w = contents.merge(c.row(), c.weight(), Long::sum);
            if (w < 0) {
                throw new RemoteEngineException("input " + table.name() + ", step " + step + ": the scenario deletes "
                        + c.row() + " more often than it was inserted; a SQL table cannot hold a negative count");
            }
            Object[] values = new Object[schema.size()];
            for (int k = 0; k < schema.size(); k++) {
                values[k] = toFlink(c.row().get(k), schema.column(k));
            }
            for (long i = 0; i < Math.abs(c.weight()); i++) {
                log.add(new Fed(index, step, c.weight() > 0, values));
            }
        }
    }

    private static Object toFlink(Object v, Column c) {
        if (v instanceof Long l && c.type() == org.dbspstudio.model.types.SqlType.INTEGER) {
            return Math.toIntExact(l);
        }
        return v;
    }

    /** A Flink value in the engine's representation (INTEGER and BIGINT as Long). */
    private static Object fromFlink(Object v) {
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof Short s) {
            return s.longValue();
        }
        if (v instanceof Byte b) {
            return b.longValue();
        }
        if (v instanceof BigDecimal d) {
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        return v;
    }

    private static TypeInformation<?> typeInfo(Column c) {
        return switch (c.type()) {
            case BOOLEAN -> Types.BOOLEAN;
            case INTEGER -> Types.INT;
            case BIGINT -> Types.LONG;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> Types.BIG_DEC;
            case VARCHAR -> Types.STRING;
            case DATE -> Types.LOCAL_DATE;
            case TIMESTAMP -> Types.LOCAL_DATE_TIME;
        };
    }

    private static DataType dataType(Column c) {
        DataType t = switch (c.type()) {
            case BOOLEAN -> DataTypes.BOOLEAN();
            case INTEGER -> DataTypes.INT();
            case BIGINT -> DataTypes.BIGINT();
            case DOUBLE -> DataTypes.DOUBLE();
            case DECIMAL -> DataTypes.DECIMAL(38, 18);
            case VARCHAR -> DataTypes.STRING();
            case DATE -> DataTypes.DATE();
            case TIMESTAMP -> DataTypes.TIMESTAMP(9);
        };
        return c.nullable() ? t : t.notNull();
    }

    /** One record of the scenario's changelog: a row of input {@code table}, or (table −1) the start of a step. */
    public static final class Fed implements Serializable {
        private static final long serialVersionUID = 1L;
        public int table;
        public int step;
        public boolean insert;
        public Object[] values;

        public Fed() {
        }

        Fed(int table, int step, boolean insert, Object[] values) {
            this.table = table;
            this.step = step;
            this.insert = insert;
            this.values = values;
        }
    }

    /**
     * One record collected from the job: a change of output {@code output} (its changelog row), or
     * (output {@link #STEP_START}) the start of step {@code step} as fed, or (output {@link #STEP_END})
     * the end of step {@code step}: every change of steps 0..step came before it, none after.
     */
    public static final class Tagged implements Serializable {
        private static final long serialVersionUID = 1L;
        static final int STEP_START = -1;
        static final int STEP_END = -2;
        public int output;
        public int step;
        public boolean positive;
        public Object[] values;

        public Tagged() {
        }

        Tagged(int output, int step, boolean positive, Object[] values) {
            this.output = output;
            this.step = step;
            this.positive = positive;
            this.values = values;
        }
    }

    private static final class Tag implements MapFunction<Row, Tagged> {
        private static final long serialVersionUID = 1L;
        private final int output;

        Tag(int output) {
            this.output = output;
        }

        @Override
        public Tagged map(Row r) {
            Object[] values = new Object[r.getArity()];
            for (int i = 0; i < values.length; i++) {
                values[i] = r.getField(i);
            }
            boolean positive = r.getKind() == RowKind.INSERT || r.getKind() == RowKind.UPDATE_AFTER;
            return new Tagged(output, -1, positive, values);
        }
    }

    /** The rows of one input, as a changelog ({@code +I} or {@code -D}). */
    private static final class ToRow implements MapFunction<Fed, Row> {
        private static final long serialVersionUID = 1L;

        @Override
        public Row map(Fed f) {
            Row r = new Row(f.insert ? RowKind.INSERT : RowKind.DELETE, f.values.length);
            for (int k = 0; k < f.values.length; k++) {
                r.setField(k, f.values[k]);
            }
            return r;
        }
    }

    /** Keeps the records of one input. */
    private static final class OfTable implements FilterFunction<Fed> {
        private static final long serialVersionUID = 1L;
        private final int table;

        OfTable(int table) {
            this.table = table;
        }

        @Override
        public boolean filter(Fed f) {
            return f.table == table;
        }
    }

    /** A step's start, as collected. */
    private static final class StartOf implements MapFunction<Fed, Tagged> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tagged map(Fed f) {
            return new Tagged(Tagged.STEP_START, f.step, true, null);
        }
    }

    /** Keys a changelog row by its values (not its kind). */
    private static final class ByValues implements KeySelector<Row, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String getKey(Row r) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < r.getArity(); i++) {
                sb.append(r.getField(i)).append('\u0001');
            }
            return sb.toString();
        }
    }

    /**
     * Where all outputs meet (one task): passes the output changes on and, when a checkpoint's
     * barriers have arrived from every input (before the barrier goes on), marks the end of the
     * last step started; at the end of the input, marks the end of the last step.
     */
    static final class StepEnds extends AbstractStreamOperator<Tagged> implements OneInputStreamOperator<Tagged, Tagged>, BoundedOneInput {
        private static final long serialVersionUID = 1L;
        private transient int step = -1;

        @Override
        public void open() throws Exception {
            super.open();
            step = -1;
        }

        @Override
        public void processElement(StreamRecord<Tagged> r) {
            if (r.getValue().output == Tagged.STEP_START) {
                step = r.getValue().step;
            } else {
                output.collect(r);
            }
        }

        @Override
        public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
            super.prepareSnapshotPreBarrier(checkpointId);
            end();
        }

        @Override
        public void endInput() {
            end();
        }

        private void end() {
            if (step >= 0) {
                output.collect(new StreamRecord<>(new Tagged(Tagged.STEP_END, step, true, null)));
            }
        }
    }

    /**
     * {@code startsAndOutputs} (the steps' starts from the scenario's source {@code scenario}, and
     * the output changes) with the end of each step marked ({@link StepEnds}). Every row must come
     * from the scenario's source: another source (Flink plans each {@code VALUES} as a source of its
     * own, and a provably empty query as an empty one) would emit its rows when its task gets to it,
     * which may be after the checkpoint that ends step 0, and its rows would be counted in a later
     * step. The runner reads the program's VALUES from its own input ({@link ConstantsInput#constantsFed}); any
     * other source is let through only while it emits nothing ({@link NoRows}): a row from one
     * fails the run.
     */
    static DataStream<Tagged> markStepEnds(DataStream<Tagged> startsAndOutputs, Transformation<?> scenario) {
        TypeInformation<Tagged> type = TypeInformation.of(Tagged.class);
        DataStream<Tagged> all = startsAndOutputs;
        for (Transformation<?> t : otherSources(startsAndOutputs, scenario)) {
            @SuppressWarnings("unchecked")
            DataStream<Object> other = new DataStream<>(startsAndOutputs.getExecutionEnvironment(), (Transformation<Object>) t);
            all = all.union(other.flatMap(new NoRows(t.getName())).returns(type).setParallelism(t.getParallelism())
                    .name("no rows from " + t.getName()));
        }
        return all.transform("step ends", type, new StepEnds()).setParallelism(1);
    }

    /** The sources that {@code stream} reads besides {@code scenario}. */
    static List<Transformation<?>> otherSources(DataStream<?> stream, Transformation<?> scenario) {
        Set<Transformation<?>> found = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Transformation<?>> others = new ArrayList<>();
        for (Transformation<?> t : stream.getTransformation().getTransitivePredecessors()) {
            if (t.getInputs().isEmpty() && t != scenario && found.add(t)) {
                others.add(t);
            }
        }
        return others;
    }

    /** Fails on any record: a source other than the scenario's must emit nothing (see {@link #markStepEnds}). */
    private static final class NoRows implements FlatMapFunction<Object, Tagged> {
        private static final long serialVersionUID = 1L;
        private final String source;

        NoRows(String source) {
            this.source = source;
        }

        @Override
        public void flatMap(Object value, Collector<Tagged> out) {
            throw new IllegalStateException("a source of Flink's own (" + source + ") emitted a row, which would not keep"
                    + " to the steps (the runner feeds only VALUES with the scenario); the run is refused");
        }
    }

    /** An environment submitting to the MiniCluster at {@code rest}, checkpointing as the steps need. */
    static StreamExecutionEnvironment environment(URI rest, int parallelism) {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = new RemoteStreamEnvironment(rest.getHost(), rest.getPort(), conf);
        env.configure(conf);
        env.setParallelism(parallelism);
        env.enableCheckpointing(CHECKPOINT_MS);
        env.getCheckpointConfig().setMinPauseBetweenCheckpoints(0);
        return env;
    }

    /**
     * Reads a job's marked output ({@link StepEnds}) to its end: per step, the consolidated changes
     * of each output ({@code outputs}: their names, by index).
     */
    static List<Map<String, List<Change>>> collect(CloseableIterator<Tagged> it, List<String> outputs, int steps)
            throws RemoteEngineException {
        List<Map<org.dbspstudio.model.types.Row, Long>> sums = new ArrayList<>();
        for (int i = 0; i < outputs.size(); i++) {
            sums.add(new HashMap<>());
        }
        List<Map<String, List<Change>>> result = new ArrayList<>();
        while (it.hasNext()) {
            Tagged x = it.next();
            if (x.output == Tagged.STEP_END) {
                if (x.step == result.size()) {
                    Map<String, List<Change>> step = new LinkedHashMap<>();
                    for (int i = 0; i < outputs.size(); i++) {
                        step.put(outputs.get(i), difference(sums.get(i), Map.of()));
                        sums.get(i).clear();
                    }
                    result.add(step);
                } else if (x.step != result.size() - 1) {
                    throw new RemoteEngineException("Flink: the end of step " + x.step + " came after step "
                            + (result.size() - 1));
                }
                continue;
            }
            Object[] vals = new Object[x.values.length];
            for (int k = 0; k < vals.length; k++) {
                vals[k] = fromFlink(x.values[k]);
            }
            sums.get(x.output).merge(org.dbspstudio.model.types.Row.of(vals), x.positive ? 1L : -1L, Long::sum);
        }
        if (result.size() != steps) {
            throw new RemoteEngineException("Flink: the job ended after " + result.size() + " of " + steps + " steps");
        }
        return result;
    }

    /**
     * Runs one job holding the program once over the scenario's changelog, fed a step at a time;
     * returns each step's output changes.
     */
    private static List<Map<String, List<Change>>> job(SqlProgram program, List<List<Fed>> fed, int parallelism, URI rest)
            throws RemoteEngineException {
        List<String> outputs = program.outputs().stream().map(SqlProgram.View::output).toList();
        int steps = fed.size();
        String[] where = {""};
        try {
            StreamExecutionEnvironment env = environment(rest, parallelism);
            DataStream<Tagged> marked = build(env, program, fed, where);
            try (CloseableIterator<Tagged> it = marked.executeAndCollect("dbsp " + steps + " steps")) {
                return collect(it, outputs, steps);
            }
        } catch (RemoteEngineException e) {
            throw e;
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            throw new RemoteEngineException("Flink: " + (where[0].isEmpty() ? "" : "view " + where[0] + ": ") + firstLine(e.getMessage())
                    + (root != e ? " (" + firstLine(String.valueOf(root.getMessage())) + ")" : ""), e);
        }
    }

    /**
     * The job's pipeline: the scenario's source, a table per input, the program's views, and the
     * outputs' changelogs joined with the steps' starts into {@link StepEnds}. {@code where[0]}
     * names the view being planned (for error messages).
     */
    static DataStream<Tagged> build(StreamExecutionEnvironment env, SqlProgram program, List<List<Fed>> fed,
                                            String[] where) {
        Dialect d = program.dialect();
        List<SqlProgram.View> outputs = program.outputs();
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env, EnvironmentSettings.inStreamingMode());
        // declared as a retracting changelog (it carries +I and -D only): over a changelog declared as
        // {+I, -D}, Flink's planner finds no plan for a Top-N and fails on some unions of joins
        ChangelogMode mode = ChangelogMode.all();
        DataStream<Fed> source = env.fromSource(new ScenarioSource(fed), WatermarkStrategy.noWatermarks(), "scenario",
                TypeInformation.of(Fed.class)).setParallelism(1);
        List<SqlProgram.Table> tables = program.tables();
        for (int i = 0; i < tables.size(); i++) {
            RowSchema s = tables.get(i).schema();
            TypeInformation<?>[] types = s.columns().stream().map(FlinkEngine::typeInfo).toArray(TypeInformation[]::new);
            RowTypeInfo info = new RowTypeInfo(types, s.names().toArray(String[]::new));
            // parallelism 1 up to the key: a row's insertion and deletion keep their order
            DataStream<Row> rows = source.filter(new OfTable(i)).setParallelism(1).name("input " + tables.get(i).name())
                    .map(new ToRow()).returns(info).setParallelism(1).keyBy(new ByValues());
            Schema.Builder schema = Schema.newBuilder();
            for (Column c : s.columns()) {
                schema.column(c.name(), dataType(c));
            }
            tEnv.createTemporaryView(d.id(tables.get(i).name()), tEnv.fromChangelogStream(rows, schema.build(), mode));
        }
        for (SqlProgram.View v : program.views()) {
            where[0] = v.name();
            tEnv.executeSql("CREATE TEMPORARY VIEW " + d.id(v.name()) + " AS\n" + v.query());
        }
        DataStream<Tagged> all = source.filter(new OfTable(-1)).setParallelism(1).map(new StartOf()).setParallelism(1)
                .returns(TypeInformation.of(Tagged.class));
        for (int i = 0; i < outputs.size(); i++) {
            where[0] = outputs.get(i).name();
            all = all.union(tEnv.toChangelogStream(tEnv.from(d.id(outputs.get(i).name())))
                    .map(new Tag(i)).returns(TypeInformation.of(Tagged.class)));
        }
        where[0] = "";
        return markStepEnds(all, source.getTransformation());
    }

    /** Plans the program for Flink (as {@link #run} would) without running it; throws what the planner reports. */
    static void plan(SqlProgram program) throws RemoteEngineException {
        String[] where = {""};
        try {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
            build(env, ConstantsInput.constantsFed(program), List.of(), where);
        } catch (Exception e) {
            throw new RemoteEngineException("Flink: " + (where[0].isEmpty() ? "" : "view " + where[0] + ": ")
                    + firstLine(e.getMessage()), e);
        }
    }

    /** How often the job checkpoints, in milliseconds: each step waits for one checkpoint. */
    private static final long CHECKPOINT_MS = 20;

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** now − before, as changes sorted by row. */
    static List<Change> difference(Map<org.dbspstudio.model.types.Row, Long> now, Map<org.dbspstudio.model.types.Row, Long> before) {
        TreeMap<org.dbspstudio.model.types.Row, Long> diff = new TreeMap<>();
        now.forEach((r, w) -> diff.merge(r, w, Long::sum));
        before.forEach((r, w) -> diff.merge(r, -w, Long::sum));
        List<Change> changes = new ArrayList<>();
        diff.forEach((r, w) -> {
            if (w != 0) {
                changes.add(new Change(r, w));
            }
        });
        return changes;
    }
}
