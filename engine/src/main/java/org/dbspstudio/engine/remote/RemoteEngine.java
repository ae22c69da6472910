package org.dbspstudio.engine.remote;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.export.ExportException;

/**
 * Another engine that runs a circuit (exported to its language) on a scenario, found with
 * {@link ServiceLoader} so that its libraries stay out of this module: {@code bin/dbsp run --on
 * flink} puts the {@code flink-runner} module on the class path.
 */
public interface RemoteEngine {
    /** The name given to {@code run --on}. */
    String name();

    /**
     * Runs {@code circuit} on {@code scenario} for {@code steps} steps with {@code parallelism}
     * parallel tasks and returns, for each step, each output's change at that step (consolidated:
     * one change per row with its net weight, rows with weight 0 left out; values represented as
     * the engine represents them).
     *
     * @throws ExportException       when the circuit cannot be written in the engine's language
     * @throws RemoteEngineException when the engine fails or the scenario cannot be fed
     */
    List<Map<String, List<Change>>> run(Circuit circuit, String title, Scenario scenario, int steps, int parallelism)
            throws ExportException, RemoteEngineException;

    /** The engine with this name on the class path, if any. */
    static Optional<RemoteEngine> find(String name) {
        for (RemoteEngine e : ServiceLoader.load(RemoteEngine.class)) {
            if (e.name().equalsIgnoreCase(name)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
