package org.dbspstudio.flink;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.remote.RemoteEngineException;
import org.dbspstudio.model.export.SqlProgram;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;

/**
 * The Flink runner's input for a program's constants: Flink plans each {@code VALUES} as a source
 * of its own that emits whenever its task runs, maybe after the checkpoint ending step 0; the
 * runner reads them from an input of its own instead, fed with the scenario (its row in step 0).
 */
final class ConstantsInput {
    private ConstantsInput() {
    }

    /**
     * The input the runner adds for the program's constants: one row (1) from step 0 on. Its name
     * is no input's (inputs are named by identifiers).
     */
    static final String UNIT = "dbsp unit";

    /**
     * The program with each {@code (VALUES (r1), (r2), …)} in its views read from {@link #UNIT}
     * instead, as {@code (SELECT r1 FROM unit UNION ALL SELECT r2 FROM unit …)} (same rows, same
     * types), and UNIT among its tables when a view reads it. Flink plans a VALUES as a source of
     * its own, which emits its rows whenever its task gets to it, maybe after the checkpoint that
     * ends step 0 (the rows would then be counted in a later step); the unit input is fed with the
     * scenario, its row in step 0.
     */
    static SqlProgram constantsFed(SqlProgram program) throws RemoteEngineException {
        String unit = program.dialect().id(UNIT);
        List<SqlProgram.View> views = new ArrayList<>();
        boolean read = false;
        for (SqlProgram.View v : program.views()) {
            String q = valuesFrom(v.query(), unit);
            read |= !q.equals(v.query());
            views.add(new SqlProgram.View(v.name(), v.schema(), q, v.output(), v.recursive()));
        }
        if (!read) {
            return program;
        }
        List<SqlProgram.Table> tables = new ArrayList<>(program.tables());
        for (SqlProgram.Table t : tables) {
            if (t.name().equals(UNIT)) {
                throw new RemoteEngineException("an input is named \"" + UNIT + "\", the name the Flink runner gives its constants' input");
            }
        }
        tables.add(new SqlProgram.Table(UNIT, RowSchema.of(new Column("dbsp_one", org.dbspstudio.model.types.SqlType.INTEGER, false))));
        return new SqlProgram(program.dialect(), program.notes(), tables, views);
    }

    /** {@code query} with each {@code (VALUES …)} read from the table {@code unit} (see {@link #constantsFed}). */
    static String valuesFrom(String query, String unit) throws RemoteEngineException {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < query.length()) {
            char c = query.charAt(i);
            if (c == '\'' || c == '`' || c == '"') {
                int end = quoteEnd(query, i);
                out.append(query, i, end);
                i = end;
            } else if (query.regionMatches(true, i, "(VALUES ", 0, 8)) {
                int j = i + 8;
                List<String> rows = new ArrayList<>();
                while (true) {
                    while (j < query.length() && Character.isWhitespace(query.charAt(j))) {
                        j++;
                    }
                    if (j >= query.length() || query.charAt(j) != '(') {
                        throw new RemoteEngineException("Flink runner: cannot read the VALUES in " + query);
                    }
                    int close = closing(query, j);
                    rows.add(query.substring(j + 1, close));
                    j = close + 1;
                    while (j < query.length() && Character.isWhitespace(query.charAt(j))) {
                        j++;
                    }
                    if (j < query.length() && query.charAt(j) == ',') {
                        j++;
                    } else if (j < query.length() && query.charAt(j) == ')') {
                        break;
                    } else {
                        throw new RemoteEngineException("Flink runner: cannot read the VALUES in " + query);
                    }
                }
                out.append('(');
                for (int r = 0; r < rows.size(); r++) {
                    out.append(r == 0 ? "" : "\nUNION ALL\n").append("SELECT ").append(rows.get(r)).append(" FROM ").append(unit);
                }
                out.append(')');
                i = j + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The index just past the quoted string or identifier that starts at {@code start} (doubled quotes inside). */
    private static int quoteEnd(String s, int start) throws RemoteEngineException {
        char q = s.charAt(start);
        int i = start + 1;
        while (i < s.length()) {
            if (s.charAt(i) == q) {
                if (i + 1 < s.length() && s.charAt(i + 1) == q) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        throw new RemoteEngineException("Flink runner: an unclosed quote in " + s);
    }

    /** The index of the parenthesis closing the one at {@code open}. */
    private static int closing(String s, int open) throws RemoteEngineException {
        int depth = 0;
        int i = open;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\'' || c == '`' || c == '"') {
                i = quoteEnd(s, i);
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
            i++;
        }
        throw new RemoteEngineException("Flink runner: an unclosed parenthesis in " + s);
    }
}
