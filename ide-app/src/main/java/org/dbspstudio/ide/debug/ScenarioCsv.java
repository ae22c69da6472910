package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.RowSchema;

/**
 * Reads changes of one input from CSV text. The first line is a header naming the schema's
 * columns (in any order, case-insensitive) and optionally {@code weight} (default 1) and
 * {@code step} (default: the step being edited). Blank lines and lines starting with {@code #}
 * are skipped. Errors name the line.
 */
public final class ScenarioCsv {
    private ScenarioCsv() {
    }

    /** Changes per step, in step order. */
    public static Map<Integer, List<Change>> read(String text, RowSchema schema, int defaultStep) {
        String[] lines = text.split("\\R");
        int header = -1;
        for (int i = 0; i < lines.length; i++) {
            if (!skip(lines[i])) {
                header = i;
                break;
            }
        }
        if (header < 0) {
            throw new IllegalArgumentException("the CSV is empty");
        }
        List<String> names = CellValues.split(lines[header]);
        int[] colAt = new int[schema.size()];
        java.util.Arrays.fill(colAt, -1);
        int weightAt = -1;
        int stepAt = -1;
        for (int k = 0; k < names.size(); k++) {
            String n = names.get(k).strip();
            int c = schema.indexOf(n);
            if (c >= 0) {
                colAt[c] = k;
            } else if (n.equalsIgnoreCase("weight")) {
                weightAt = k;
            } else if (n.equalsIgnoreCase("step")) {
                stepAt = k;
            } else {
                throw new IllegalArgumentException("line " + (header + 1) + ": unknown column '" + n + "'; expected "
                        + schema.names() + ", weight, step");
            }
        }
        for (int c = 0; c < colAt.length; c++) {
            if (colAt[c] < 0) {
                throw new IllegalArgumentException("line " + (header + 1) + ": column '" + schema.column(c).name()
                        + "' is missing from the header");
            }
        }
        Map<Integer, List<Change>> out = new TreeMap<>();
        for (int i = header + 1; i < lines.length; i++) {
            if (skip(lines[i])) {
                continue;
            }
            try {
                List<String> cells = CellValues.split(lines[i]);
                if (cells.size() != names.size()) {
                    throw new IllegalArgumentException("expected " + names.size() + " values, got " + cells.size());
                }
                List<String> row = new ArrayList<>();
                for (int c : colAt) {
                    row.add(cells.get(c));
                }
                long w = weightAt < 0 ? 1 : Long.parseLong(cells.get(weightAt).strip());
                if (w == 0) {
                    throw new IllegalArgumentException("a weight of 0 is not a change");
                }
                int step = stepAt < 0 ? defaultStep : Integer.parseInt(cells.get(stepAt).strip());
                if (step < 0) {
                    throw new IllegalArgumentException("steps start at 0");
                }
                out.computeIfAbsent(step, s -> new ArrayList<>()).add(new Change(CellValues.row(row, schema), w));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": not a number: " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return out;
    }

    private static boolean skip(String line) {
        String s = line.strip();
        return s.isEmpty() || s.startsWith("#");
    }
}
