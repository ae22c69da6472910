package org.dbspstudio.flink;

import java.io.Serializable;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.RemoteStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
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
 * of this object; jobs are submitted to it over its REST endpoint on the loopback interface, as to
 * a real cluster).
 *
 * <p><b>Steps.</b> Flink has no notion of the circuit's steps. A run is one bounded streaming job
 * holding one copy of the program per step t (its tables and views in a database
 * {@code dbsp_step_t}): copy t reads, as a changelog stream, every change of steps 0..t in step
 * order ({@code +I} per unit of positive weight, {@code -D} per unit of negative weight). The
 * outputs' changelogs ({@code +I/-U/+U/-D}), tagged with their step, are collected until the job
 * finishes and summed into each output's contents at step t; the change reported for step t is
 * contents(t) − contents(t−1), what {@code run} prints for a snapshot circuit. Rows of an input
 * travel keyed by their values, so that a row's insertion and its later deletion take the same
 * path and arrive in order at every parallel task.
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
    private static synchronized URI cluster(int parallelism) throws Exception {
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
        Map<String, List<Row>> changelogs = new LinkedHashMap<>();
        Map<String, Map<org.dbspstudio.model.types.Row, Long>> contents = new HashMap<>();
        for (SqlProgram.Table t : program.tables()) {
            changelogs.put(t.name(), new ArrayList<>());
            contents.put(t.name(), new HashMap<>());
        }
        // prefix.get(t).get(table): how many changelog rows steps 0..t have fed that table
        List<Map<String, Integer>> prefix = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            Map<String, Integer> sizes = new HashMap<>();
            for (SqlProgram.Table table : program.tables()) {
                StepData d = scenario.at(table.name(), t);
                if (d instanceof StepData.Rows rows) {
                    feed(table, rows.changes(), t, changelogs.get(table.name()), contents.get(table.name()));
                }
                sizes.put(table.name(), changelogs.get(table.name()).size());
            }
            prefix.add(sizes);
        }
        List<Map<String, Map<org.dbspstudio.model.types.Row, Long>>> snapshots = job(program, changelogs, prefix, parallelism, uri);
        List<Map<String, List<Change>>> result = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            Map<String, List<Change>> step = new LinkedHashMap<>();
            for (SqlProgram.View v : program.outputs()) {
                step.put(v.output(), difference(snapshots.get(t).get(v.output()),
                        t == 0 ? Map.of() : snapshots.get(t - 1).get(v.output())));
            }
            result.add(step);
        }
        return result;
    }

    private static void feed(SqlProgram.Table table, List<Change> changes, int step, List<Row> log,
                             Map<org.dbspstudio.model.types.Row, Long> contents) throws RemoteEngineException {
        RowSchema schema = table.schema();
        for (Change c : changes) {
            long w = contents.merge(c.row(), c.weight(), Long::sum);
            if (w < 0) {
                throw new RemoteEngineException("input " + table.name() + ", step " + step + ": the scenario deletes "
                        + c.row() + " more often than it was inserted; a SQL table cannot hold a negative count");
            }
            for (long i = 0; i < Math.abs(c.weight()); i++) {
                Row r = new Row(c.weight() > 0 ? RowKind.INSERT : RowKind.DELETE, schema.size());
                for (int k = 0; k < schema.size(); k++) {
                    r.setField(k, toFlink(c.row().get(k), schema.column(k)));
                }
                log.add(r);
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

    /** One output change as collected from the job: which output, and the changelog row. */
    public static final class Tagged implements Serializable {
        private static final long serialVersionUID = 1L;
        public int output;
        public boolean positive;
        public Object[] values;

        public Tagged() {
        }

        Tagged(int output, boolean positive, Object[] values) {
            this.output = output;
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
            return new Tagged(output, positive, values);
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
     * Runs one job holding a copy of the program per step, each in a database of its own
     * ({@code dbsp_step_t}) over the changelog of steps 0..t; returns each step's output contents.
     */
    private static List<Map<String, Map<org.dbspstudio.model.types.Row, Long>>> job(
            SqlProgram program, Map<String, List<Row>> changelogs, List<Map<String, Integer>> prefix, int parallelism, URI rest)
            throws RemoteEngineException {
        Dialect d = program.dialect();
        List<SqlProgram.View> outputs = program.outputs();
        int steps = prefix.size();
        String current = "";
        int step = 0;
        try {
            StreamExecutionEnvironment env = new RemoteStreamEnvironment(rest.getHost(), rest.getPort(), new Configuration());
            env.setParallelism(parallelism);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(env, EnvironmentSettings.inStreamingMode());
            ChangelogMode mode = ChangelogMode.newBuilder().addContainedKind(RowKind.INSERT).addContainedKind(RowKind.DELETE).build();
            DataStream<Tagged> all = null;
            for (step = 0; step < steps; step++) {
                String db = "dbsp_step_" + step;
                tEnv.executeSql("CREATE DATABASE IF NOT EXISTS " + db);
                tEnv.useDatabase(db);
                for (SqlProgram.Table t : program.tables()) {
                    RowSchema s = t.schema();
                    TypeInformation<?>[] types = s.columns().stream().map(FlinkEngine::typeInfo).toArray(TypeInformation[]::new);
                    RowTypeInfo info = new RowTypeInfo(types, s.names().toArray(String[]::new));
                    List<Row> log = new ArrayList<>(changelogs.get(t.name()).subList(0, prefix.get(step).get(t.name())));
                    DataStream<Row> rows = env.fromData(log, info).setParallelism(1).name("step " + step + " input " + t.name())
                            .keyBy(new ByValues());
                    Schema.Builder schema = Schema.newBuilder();
                    for (Column c : s.columns()) {
                        schema.column(c.name(), dataType(c));
                    }
                    Table table = tEnv.fromChangelogStream(rows, schema.build(), mode);
                    tEnv.createTemporaryView(d.id(t.name()), table);
                }
                for (SqlProgram.View v : program.views()) {
                    current = v.name();
                    tEnv.executeSql("CREATE TEMPORARY VIEW " + d.id(v.name()) + " AS\n" + v.query());
                }
                for (int i = 0; i < outputs.size(); i++) {
                    current = outputs.get(i).name();
                    DataStream<Tagged> tagged = tEnv.toChangelogStream(tEnv.from(d.id(outputs.get(i).name())))
                            .map(new Tag(step * outputs.size() + i)).returns(TypeInformation.of(Tagged.class));
                    all = all == null ? tagged : all.union(tagged);
                }
                current = "";
            }
            step = -1;
            List<Map<org.dbspstudio.model.types.Row, Long>> sums = new ArrayList<>();
            for (int i = 0; i < steps * outputs.size(); i++) {
                sums.add(new HashMap<>());
            }
            if (all != null) {
                try (CloseableIterator<Tagged> it = all.executeAndCollect("dbsp " + steps + " steps")) {
                    while (it.hasNext()) {
                        Tagged x = it.next();
                        Object[] vals = new Object[x.values.length];
                        for (int k = 0; k < vals.length; k++) {
                            vals[k] = fromFlink(x.values[k]);
                        }
                        sums.get(x.output).merge(org.dbspstudio.model.types.Row.of(vals), x.positive ? 1L : -1L, Long::sum);
                    }
                }
            }
            List<Map<String, Map<org.dbspstudio.model.types.Row, Long>>> result = new ArrayList<>();
            for (int t = 0; t < steps; t++) {
                Map<String, Map<org.dbspstudio.model.types.Row, Long>> out = new HashMap<>();
                for (int i = 0; i < outputs.size(); i++) {
                    Map<org.dbspstudio.model.types.Row, Long> m = sums.get(t * outputs.size() + i);
                    m.values().removeIf(w -> w == 0);
                    out.put(outputs.get(i).output(), m);
                }
                result.add(out);
            }
            return result;
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String where = (step >= 0 ? "step " + step + ": " : "") + (current.isEmpty() ? "" : "view " + current + ": ");
            throw new RemoteEngineException("Flink: " + where + firstLine(e.getMessage())
                    + (root != e ? " (" + firstLine(String.valueOf(root.getMessage())) + ")" : ""), e);
        }
    }

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
