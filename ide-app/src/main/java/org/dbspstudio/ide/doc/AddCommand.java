package org.dbspstudio.ide.doc;

import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * Adds operators (with their positions, nested children's included) and streams to the circuit
 * at {@code path}; undo removes them again. Used for palette drops, paste and duplicate.
 */
public final class AddCommand implements Command {
    private final List<String> path;
    private final List<Operator> operators;
    private final List<Stream> streams;
    private final Map<String, Layout.Point> positions;
    private final String description;

    public AddCommand(List<String> path, List<Operator> operators, List<Stream> streams,
                      Map<String, Layout.Point> positions, String description) {
        this.path = List.copyOf(path);
        this.operators = List.copyOf(operators);
        this.streams = List.copyOf(streams);
        this.positions = Map.copyOf(positions);
        this.description = description;
    }

    public List<Operator> operators() {
        return operators;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public void execute(EditorDocument doc) {
        Circuit c = doc.circuitAt(path);
        operators.forEach(o -> c.add(o.copy()));
        streams.forEach(c::connect);
        positions.forEach((id, p) -> doc.document().layout().put(id, p.x(), p.y()));
    }

    @Override
    public void undo(EditorDocument doc) {
        Circuit c = doc.circuitAt(path);
        for (int i = streams.size() - 1; i >= 0; i--) {
            c.disconnect(streams.get(i));
        }
        operators.forEach(o -> c.remove(o.id()));
        positions.keySet().forEach(id -> doc.document().layout().remove(id));
    }
}
