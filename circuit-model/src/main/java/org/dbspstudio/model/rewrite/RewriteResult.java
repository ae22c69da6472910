package org.dbspstudio.model.rewrite;

import java.util.List;
import java.util.Objects;
import org.dbspstudio.model.Circuit;

/**
 * The outcome of {@link Incrementalizer#incrementalize(Circuit)}: the incremental circuit and the
 * log of rule applications that produced it, in order.
 */
public record RewriteResult(Circuit incremental, List<RewriteStep> log) {
    public RewriteResult {
        Objects.requireNonNull(incremental, "incremental");
        log = List.copyOf(log);
    }

    /** The log as text, one numbered line per step. */
    public String explain() {
        var sb = new StringBuilder();
        for (int i = 0; i < log.size(); i++) {
            sb.append(i + 1).append(". ").append(log.get(i).summary()).append('\n');
        }
        return sb.toString();
    }
}
