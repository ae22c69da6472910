package org.dbspstudio.verify;

import java.util.LinkedHashMap;
import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.sql.SqlFrontEnd;

/**
 * The views of a translated SQL script, maintained two ways side by side: the snapshot circuit
 * (each step recomputes the views from the tables' contents) and its incrementalized version
 * (each step consumes the tables' changes; its output changes are summed here). Used by the SQL
 * Logic Test runner and the differential tests against DuckDB.
 */
public final class SqlViews {
    private final Simulation snapshot;
    private final Simulation incremental;
    private final Map<String, ZSet> integrated = new LinkedHashMap<>();

    /** Compiles both circuits of a translated script (which must have no errors). */
    public SqlViews(SqlFrontEnd.Result translated) throws EngineException {
        if (!translated.ok()) {
            throw new IllegalArgumentException("the script has errors: " + translated.errors());
        }
        Circuit c = translated.document().circuit();
        snapshot = Simulation.compile(c, EngineOptions.DEFAULT.withRecordTrace(false));
        Circuit inc = Incrementalizer.incrementalize(c).incremental();
        incremental = Simulation.compile(inc, EngineOptions.DEFAULT.withRecordTrace(false));
        for (String v : snapshot.outputs()) {
            integrated.put(v, ZSet.EMPTY);
        }
    }

    /** One step: {@code changes} (table name → change) go to both circuits. */
    public void step(Map<String, ZSet> changes) throws EngineException {
        Map<String, StreamValue> in = new LinkedHashMap<>(changes);
        snapshot.stepWith(in);
        incremental.stepWith(in);
        Map<String, StreamValue> d = incremental.lastOutputs();
        for (var e : integrated.entrySet()) {
            StreamValue change = d.get(e.getKey());
            if (change instanceof ZSet z) {
                e.setValue(e.getValue().plus(z));
            }
        }
    }

    /** A view's contents computed by the snapshot circuit after the last step. */
    public ZSet snapshot(String view) {
        StreamValue v = snapshot.lastOutputs().get(view);
        return v instanceof ZSet z ? z : ZSet.EMPTY;
    }

    /** A view's contents as the sum of the incremental circuit's output changes so far. */
    public ZSet incremental(String view) {
        return integrated.getOrDefault(view, ZSet.EMPTY);
    }
}
