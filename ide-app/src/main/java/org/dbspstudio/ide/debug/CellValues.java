package org.dbspstudio.ide.debug;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;

/**
 * Converts the text users type into column values of a row schema and back: numbers, quoted or
 * bare strings, ISO dates and timestamps, {@code true}/{@code false}, and {@code NULL} for
 * nullable columns. Errors name the column and say what was expected.
 */
public final class CellValues {
    private CellValues() {
    }

    /** The text of one value as typed in a cell (strings unquoted, NULL for null). */
    public static String format(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return v.toString();
    }

    /** Parses one cell for column {@code c}. */
    public static Object parse(String text, Column c) {
        String s = text == null ? "" : text.strip();
        if (s.equalsIgnoreCase("null")) {
            if (!c.nullable()) {
                throw new IllegalArgumentException("column '" + c.name() + "' is NOT NULL");
            }
            return null;
        }
        try {
            return switch (c.type()) {
                case BOOLEAN -> switch (s.toLowerCase(Locale.ROOT)) {
                    case "true", "t", "1" -> Boolean.TRUE;
                    case "false", "f", "0" -> Boolean.FALSE;
                    default -> throw new IllegalArgumentException("column '" + c.name() + "' expects true or false, got '" + s + "'");
                };
                case INTEGER, BIGINT -> Long.parseLong(s);
                case DOUBLE -> Double.parseDouble(s);
                case DECIMAL -> new BigDecimal(s);
                case VARCHAR -> unquote(s);
                case DATE -> LocalDate.parse(s);
                case TIMESTAMP -> LocalDateTime.parse(s.replace(' ', 'T'));
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException("column '" + c.name() + "' expects " + c.type() + ", got '" + s + "'");
        }
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && (s.startsWith("'") && s.endsWith("'") || s.startsWith("\"") && s.endsWith("\""))) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    /** Parses one row from cell texts. */
    public static Row row(List<String> cells, RowSchema schema) {
        if (cells.size() != schema.size()) {
            throw new IllegalArgumentException("expected " + schema.size() + " values " + schema.names() + ", got "
                    + cells.size());
        }
        Object[] v = new Object[schema.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = parse(cells.get(i), schema.column(i));
        }
        return Row.of(v);
    }

    /**
     * Splits a line of comma-separated values; double quotes group a value (and {@code ""} is a
     * quote inside it), single-quoted strings are kept together as well.
     */
    public static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quote != 0) {
                if (ch == quote) {
                    if (quote == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quote = 0;
                    }
                } else {
                    cur.append(ch);
                }
            } else if (ch == '"' || ch == '\'') {
                quote = ch;
                quoted = true;
            } else if (ch == ',') {
                out.add(quoted ? cur.toString() : cur.toString().strip());
                cur.setLength(0);
                quoted = false;
            } else {
                cur.append(ch);
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed quote in: " + line);
        }
        out.add(quoted ? cur.toString() : cur.toString().strip());
        return out;
    }
}
