package org.dbspstudio.verify;

import java.util.List;
import org.dbspstudio.model.types.Row;

/**
 * The first step at which the incremental circuit's output change differs from {@code D} of the
 * original circuit's output.
 *
 * @param run    which input stream: "scenario" or "random #k (seed S)"
 * @param seed   the seed that generated the run's changes (-1 for the document's scenario)
 * @param step   the step (0-based)
 * @param output the output's name
 * @param rows   the rows whose weights differ
 */
public record Mismatch(String run, long seed, int step, String output, List<RowDiff> rows) {
    public Mismatch {
        rows = List.copyOf(rows);
    }

    /**
     * One differing row: its weight in {@code D(Q(I(Δs)))} (expected) and in {@code Q^Δ(Δs)}
     * (actual). For an integer output, {@code row} is empty and the weights are the values; for an
     * indexed output the row is the key followed by the value row.
     */
    public record RowDiff(Row row, long expected, long actual) {
        /** {@code "(1, a): expected 1, got 0"} ({@code "value"} for an integer output). */
        public String describe() {
            return (row.size() == 0 ? "value" : row.toString()) + ": expected " + expected + ", got " + actual;
        }
    }

    /** A multi-line human-readable description. */
    public String describe() {
        var sb = new StringBuilder();
        sb.append("mismatch on ").append(run).append(", step ").append(step).append(", output '").append(output)
                .append("':\n");
        sb.append(String.format("  %-40s %12s %12s%n", "row", "D(Q(I(Δs)))", "Q^Δ(Δs)"));
        for (RowDiff d : rows) {
            sb.append(String.format("  %-40s %12d %12d%n", d.row().size() == 0 ? "(value)" : d.row().toString(),
                    d.expected(), d.actual()));
        }
        return sb.toString();
    }
}
