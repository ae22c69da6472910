package org.dbspstudio.model.export;

import java.util.List;
import java.util.stream.Collectors;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;

/**
 * A circuit exported to SQL: a table per input, a view per intermediate operator (named after its
 * id) and per output (named after the output), in dependency order. {@link #text()} is the script
 * to submit; the parts are kept so that a runner can declare the tables its own way and run the
 * very same view definitions.
 *
 * @param dialect the target
 * @param notes   header comment lines (what was exported, how)
 * @param tables  the inputs
 * @param views   the views in an order where each is defined after what it reads, except the
 *                references to {@linkplain View#recursive() recursive} views
 */
public record SqlProgram(Dialect dialect, List<String> notes, List<Table> tables, List<View> views) {
    public SqlProgram {
        notes = List.copyOf(notes);
        tables = List.copyOf(tables);
        views = List.copyOf(views);
    }

    /** An input table: its name (the input's name) and columns. */
    public record Table(String name, RowSchema schema) {
    }

    /**
     * A view.
     *
     * @param name      its name: an operator id, or the name of the output it defines
     * @param schema    its columns
     * @param query     the SELECT defining it
     * @param output    the name of the circuit output this view is (usually its name too), or null
     *                  for an intermediate view
     * @param recursive whether it is read before it is defined (a fixpoint, forward-declared)
     */
    public record View(String name, RowSchema schema, String query, String output, boolean recursive) {
        /** Whether this view is an output of the circuit. */
        public boolean isOutput() {
            return output != null;
        }
    }

    /** The output views. */
    public List<View> outputs() {
        return views.stream().filter(View::isOutput).toList();
    }

    /** The SQL script. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (String n : notes) {
            sb.append(n.isEmpty() ? "--" : "-- " + n).append('\n');
        }
        sb.append('\n');
        for (Table t : tables) {
            sb.append("CREATE TABLE ").append(dialect.id(t.name())).append(" (\n").append(columns(t.schema())).append("\n)");
            if (dialect == Dialect.FLINK) {
                sb.append(" WITH (\n  'connector' = 'kafka',\n  'topic' = '").append(t.name().replace("'", "''"))
                        .append("',\n  'properties.bootstrap.servers' = 'localhost:9092',\n")
                        .append("  'scan.startup.mode' = 'earliest-offset',\n  'format' = 'debezium-json'\n)");
            }
            sb.append(";\n\n");
        }
        for (View v : views) {
            if (v.recursive()) {
                sb.append("DECLARE RECURSIVE VIEW ").append(dialect.id(v.name())).append(" (\n")
                        .append(columns(v.schema())).append("\n);\n");
            }
        }
        if (views.stream().anyMatch(View::recursive)) {
            sb.append('\n');
        }
        for (View v : views) {
            String kind = dialect == Dialect.FELDERA && !v.isOutput() ? "CREATE LOCAL VIEW " : "CREATE VIEW ";
            sb.append(kind).append(dialect.id(v.name())).append(" AS\n").append(v.query()).append(";\n\n");
        }
        if (dialect == Dialect.FLINK && !outputs().isEmpty()) {
            sb.append("-- One sink per output view; 'print' writes the changelog to the task managers' logs.\n");
            for (View v : outputs()) {
                sb.append("CREATE TABLE ").append(dialect.id(v.name() + "_sink")).append(" (\n").append(columns(nullable(v.schema())))
                        .append("\n) WITH ('connector' = 'print');\n\n");
            }
            sb.append("EXECUTE STATEMENT SET BEGIN\n");
            for (View v : outputs()) {
                sb.append("INSERT INTO ").append(dialect.id(v.name() + "_sink")).append(" SELECT * FROM ")
                        .append(dialect.id(v.name())).append(";\n");
            }
            sb.append("END;\n");
        }
        String s = sb.toString();
        return s.endsWith("\n\n") ? s.substring(0, s.length() - 1) : s;
    }

    private static RowSchema nullable(RowSchema schema) {
        return new RowSchema(schema.columns().stream().map(c -> Column.nullable(c.name(), c.type())).toList());
    }

    private String columns(RowSchema schema) {
        return schema.columns().stream()
                .map((Column c) -> "  " + dialect.id(c.name()) + " " + dialect.columnType(c))
                .collect(Collectors.joining(",\n"));
    }
}
