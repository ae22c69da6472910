package org.dbspstudio.engine.io;

import java.sql.Types;
import org.dbspstudio.model.types.SqlType;

/**
 * A column as the database describes it: its name, the database's type name, the JDBC type code,
 * precision and scale, and the engine type it reads as ({@code null}: a type the engine does not read).
 */
public record DbColumn(String name, String typeName, int jdbcType, int precision, int scale, SqlType type) {

    /** The column with the engine type its JDBC type maps to (null when unsupported). */
    public static DbColumn of(String name, String typeName, int jdbcType, int precision, int scale) {
        return new DbColumn(name, typeName, jdbcType, precision, scale, map(typeName, jdbcType));
    }

    /** The type as the database writes it, e.g. {@code DECIMAL(10,2)}. */
    public String shown() {
        if (jdbcType == Types.DECIMAL || jdbcType == Types.NUMERIC) {
            return precision > 0 && precision < 1000 ? typeName.replaceAll("\\(.*", "") + "(" + precision + "," + scale + ")" : typeName;
        }
        return typeName;
    }

    /**
     * The engine type of a JDBC column type: the integers (TINYINT to BIGINT) read as INTEGER/BIGINT
     * (both 64-bit in the engine), DECIMAL/NUMERIC as DECIMAL, CHAR/VARCHAR/TEXT as VARCHAR, BOOLEAN,
     * DATE, TIMESTAMP without time zone, and REAL/DOUBLE as DOUBLE; anything else is unsupported.
     */
    static SqlType map(String typeName, int jdbcType) {
        String n = typeName == null ? "" : typeName.toUpperCase(java.util.Locale.ROOT);
        if (n.contains("WITH TIME ZONE") || n.equals("TIMESTAMPTZ") || n.equals("HUGEINT") || n.equals("UHUGEINT")
                || n.startsWith("UBIGINT")) {
            return null; // no exact engine type (time zones; integers beyond 64 bits)
        }
        return switch (jdbcType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> SqlType.INTEGER;
            case Types.BIGINT -> SqlType.BIGINT;
            case Types.DECIMAL, Types.NUMERIC -> SqlType.DECIMAL;
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR -> SqlType.VARCHAR;
            case Types.BOOLEAN, Types.BIT -> n.startsWith("BIT") || n.equals("VARBIT") ? null : SqlType.BOOLEAN; // PostgreSQL: bool is BIT
            case Types.DATE -> SqlType.DATE;
            case Types.TIMESTAMP -> SqlType.TIMESTAMP;
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> SqlType.DOUBLE;
            default -> null;
        };
    }

    /** Whether values of this column can feed an input column of type {@code t} (and be written from it). */
    public boolean fits(SqlType t) {
        if (type == null) {
            return false;
        }
        boolean integers = (type == SqlType.INTEGER || type == SqlType.BIGINT) && (t == SqlType.INTEGER || t == SqlType.BIGINT);
        return integers || type == t;
    }
}
