package org.dbspstudio.engine.io;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.SqlType;

/** Reads column values into the engine's Java values and binds them as statement parameters. */
final class Values {
    private Values() {
    }

    /** Thrown for a value that does not fit its column; the caller adds the table and the step. */
    static final class BadValue extends Exception {
        BadValue(String m) {
            super(m);
        }
    }

    /** Column i of the current row as the engine's value for {@code col}; {@code text}: the source holds text (CSV, JSON). */
    static Object read(ResultSet rs, int i, Column col, boolean text) throws SQLException, BadValue {
        Object v;
        if (text) {
            v = parse(rs.getString(i), col);
        } else {
            v = switch (col.type()) {
                case BOOLEAN -> {
                    boolean b = rs.getBoolean(i);
                    yield rs.wasNull() ? null : b;
                }
                case INTEGER, BIGINT -> {
                    long n = rs.getLong(i);
                    yield rs.wasNull() ? null : n;
                }
                case DOUBLE -> {
                    double d = rs.getDouble(i);
                    yield rs.wasNull() ? null : d;
                }
                case DECIMAL -> rs.getBigDecimal(i);
                case VARCHAR -> rs.getString(i);
                case DATE -> {
                    java.sql.Date d = rs.getDate(i);
                    yield d == null ? null : d.toLocalDate();
                }
                case TIMESTAMP -> {
                    java.sql.Timestamp ts = rs.getTimestamp(i);
                    yield ts == null ? null : ts.toLocalDateTime();
                }
            };
        }
        if (v == null && !col.nullable()) {
            throw new BadValue("NULL in column '" + col.name() + "', which is NOT NULL in the input");
        }
        return v;
    }

    private static Object parse(String s, Column col) throws BadValue {
        if (s == null) {
            return null;
        }
        String t = s.trim();
        try {
            return switch (col.type()) {
                case BOOLEAN -> switch (t.toLowerCase(Locale.ROOT)) {
                    case "true", "t", "1" -> Boolean.TRUE;
                    case "false", "f", "0" -> Boolean.FALSE;
                    default -> throw new BadValue("'" + s + "' in column '" + col.name() + "' is not a BOOLEAN");
                };
                case INTEGER, BIGINT -> Long.parseLong(t);
                case DOUBLE -> Double.parseDouble(t);
                case DECIMAL -> new BigDecimal(t);
                case VARCHAR -> s;
                case DATE -> LocalDate.parse(t);
                case TIMESTAMP -> LocalDateTime.parse(t.replace(' ', 'T'));
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new BadValue("'" + s + "' in column '" + col.name() + "' is not a " + col.type());
        }
    }

    /** Binds an engine value (or NULL) of type {@code t} as parameter i. */
    static void bind(PreparedStatement ps, int i, SqlType t, Object v) throws SQLException {
        if (v == null) {
            ps.setNull(i, switch (t) {
                case BOOLEAN -> Types.BOOLEAN;
                case INTEGER, BIGINT -> Types.BIGINT;
                case DOUBLE -> Types.DOUBLE;
                case DECIMAL -> Types.DECIMAL;
                case VARCHAR -> Types.VARCHAR;
                case DATE -> Types.DATE;
                case TIMESTAMP -> Types.TIMESTAMP;
            });
            return;
        }
        switch (t) {
            case BOOLEAN -> ps.setBoolean(i, (Boolean) v);
            case INTEGER, BIGINT -> ps.setLong(i, (Long) v);
            case DOUBLE -> ps.setDouble(i, (Double) v);
            case DECIMAL -> {
                BigDecimal d = (BigDecimal) v; // the engine strips trailing zeros: 1E+3 has a negative scale
                ps.setBigDecimal(i, d.scale() < 0 ? d.setScale(0) : d);
            }
            case VARCHAR -> ps.setString(i, (String) v);
            case DATE -> ps.setDate(i, java.sql.Date.valueOf((LocalDate) v));
            case TIMESTAMP -> ps.setTimestamp(i, java.sql.Timestamp.valueOf((LocalDateTime) v));
        }
    }
}
