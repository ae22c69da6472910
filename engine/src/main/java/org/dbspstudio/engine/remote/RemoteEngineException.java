package org.dbspstudio.engine.remote;

/** A remote engine failed to run a circuit, or the scenario cannot be fed to it. */
public final class RemoteEngineException extends Exception {
    public RemoteEngineException(String message) {
        super(message);
    }

    public RemoteEngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
