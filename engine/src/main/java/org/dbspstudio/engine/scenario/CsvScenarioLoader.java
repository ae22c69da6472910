package org.dbspstudio.engine.scenario;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.RowValues;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;

/**
 * Reads one input's changes from CSV: one line per change, {@code step,weight,col1,col2,...}
 * (for an integer input: {@code step,value}), values typed by the input's schema. An optional
 * header line starting with {@code step} is skipped; blank lines and lines starting with
 * {@code #} are ignored. Strings may be quoted with {@code "} (a doubled quote inside is a quote);
 * an empty unquoted field or {@code NULL} is SQL NULL. Errors name {@code file:line:column}.
 */
public final class CsvScenarioLoader {
    private CsvScenarioLoader() {
    }

    /** A CSV line that cannot be read. */
    public static final class CsvException extends Exception {
        public CsvException(String message) {
            super(message);
        }
    }

    public static List<StepData> read(Path file, StreamType type) throws IOException, CsvException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString(), type);
    }

    /** Parses CSV text; {@code name} is used in error messages. */
    public static List<StepData> parse(String text, String name, StreamType type) throws CsvException {
        List<List<Change>> rows = new ArrayList<>();
        List<Long> scalars = new ArrayList<>();
        boolean integers = type instanceof StreamType.Integers;
        RowSchema schema = type instanceof StreamType.ZSet z ? z.row() : RowSchema.EMPTY;
        if (type instanceof StreamType.Indexed) {
            throw new CsvException(name + ": an indexed input cannot be read from CSV");
        }
        String[] lines = text.split("\r?\n", -1);
        for (int ln = 0; ln < lines.length; ln++) {
            String line = lines[ln];
            String where = name + ":" + (ln + 1);
            if (line.isBlank() || line.startsWith("#") || (ln == 0 && line.trim().toLowerCase().startsWith("step"))) {
                continue;
            }
            List<Field> fields = split(line, where);
            int step = (int) integer(fields.get(0), where);
            if (step < 0) {
                throw new CsvException(where + ":1: step must be 0 or more, got " + step);
            }
            if (integers) {
                if (fields.size() != 2) {
                    throw new CsvException(where + ": expected step,value for an integer input, got " + fields.size() + " fields");
                }
                while (scalars.size() <= step) {
                    scalars.add(0L);
                }
                scalars.set(step, Math.addExact(scalars.get(step), integer(fields.get(1), where)));
                continue;
            }
            if (fields.size() != 2 + schema.size()) {
                throw new CsvException(where + ": expected step,weight," + String.join(",", schema.names()) + " ("
                        + (2 + schema.size()) + " fields), got " + fields.size());
            }
            long weight = integer(fields.get(1), where);
            Object[] values = new Object[schema.size()];
            for (int i = 0; i < values.length; i++) {
                Field f = fields.get(i + 2);
                Column c = schema.column(i);
                if (f.isNull()) {
                    values[i] = null;
                    continue;
                }
                try {
                    values[i] = RowValues.coerce(literal(f, c), c.type());
                } catch (IllegalArgumentException e) {
                    throw new CsvException(where + ":" + f.column + ": column '" + c.name() + "' (" + c.type() + "): "
                            + e.getMessage());
                }
            }
            while (rows.size() <= step) {
                rows.add(new ArrayList<>());
            }
            rows.get(step).add(new Change(Row.wrap(values), weight));
        }
        List<StepData> out = new ArrayList<>();
        if (integers) {
            scalars.forEach(v -> out.add(StepData.scalar(v)));
        } else {
            rows.forEach(r -> out.add(StepData.rows(r)));
        }
        return out;
    }

    private static Object literal(Field f, Column c) {
        String s = f.text;
        return switch (c.type()) {
            case INTEGER, BIGINT -> parse(() -> Long.parseLong(s.trim()), s);
            case DOUBLE -> parse(() -> Double.parseDouble(s.trim()), s);
            case DECIMAL -> parse(() -> new java.math.BigDecimal(s.trim()), s);
            case BOOLEAN -> switch (s.trim().toLowerCase()) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("'" + s + "' is not true or false");
            };
            default -> f.quoted ? s : s.trim();
        };
    }

    private static Object parse(java.util.function.Supplier<Object> p, String s) {
        try {
            return p.get();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not a number");
        }
    }

    private static long integer(Field f, String where) throws CsvException {
        try {
            return Long.parseLong(f.text.trim());
        } catch (NumberFormatException e) {
            throw new CsvException(where + ":" + f.column + ": '" + f.text + "' is not an integer");
        }
    }

    private record Field(String text, boolean quoted, int column) {
        boolean isNull() {
            return !quoted && (text.isBlank() || text.trim().equalsIgnoreCase("NULL"));
        }
    }

    private static List<Field> split(String line, String where) throws CsvException {
        List<Field> fields = new ArrayList<>();
        int i = 0;
        while (true) {
            int start = i + 1;
            StringBuilder sb = new StringBuilder();
            boolean quoted = false;
            if (i < line.length() && line.charAt(i) == '"') {
                quoted = true;
                i++;
                while (true) {
                    if (i >= line.length()) {
                        throw new CsvException(where + ":" + start + ": unterminated quoted field");
                    }
                    char c = line.charAt(i);
                    if (c == '"') {
                        if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                            sb.append('"');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    sb.append(c);
                    i++;
                }
                if (i < line.length() && line.charAt(i) != ',') {
                    throw new CsvException(where + ":" + (i + 1) + ": expected ',' after a quoted field");
                }
            } else {
                while (i < line.length() && line.charAt(i) != ',') {
                    sb.append(line.charAt(i++));
                }
            }
            fields.add(new Field(sb.toString(), quoted, start));
            if (i >= line.length()) {
                return fields;
            }
            i++;
        }
    }
}
