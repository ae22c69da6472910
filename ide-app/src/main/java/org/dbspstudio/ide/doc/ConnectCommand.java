package org.dbspstudio.ide.doc;

import java.util.List;
import org.dbspstudio.model.Stream;

/** Adds one stream to the circuit at {@code path}. */
public final class ConnectCommand implements Command {
    private final List<String> path;
    private final Stream stream;

    public ConnectCommand(List<String> path, Stream stream) {
        this.path = List.copyOf(path);
        this.stream = stream;
    }

    @Override
    public String description() {
        return "Connect " + stream.from() + " → " + stream.to();
    }

    @Override
    public void execute(EditorDocument doc) {
        doc.circuitAt(path).connect(stream);
    }

    @Override
    public void undo(EditorDocument doc) {
        doc.circuitAt(path).disconnect(stream);
    }
}
