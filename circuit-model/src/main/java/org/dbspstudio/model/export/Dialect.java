package org.dbspstudio.model.export;

import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParser;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.SqlType;

/**
 * The SQL dialects a circuit exports to. Both parse SQL with Apache Calcite, so an identifier is
 * quoted when it is not a plain lower-case name or when Calcite reserves it; they differ
 * in the quote character, in a few type names and in what they can express (recursion).
 */
public enum Dialect {
    /** Apache Flink SQL (Flink 2.x): backquoted identifiers, STRING, no recursive views. */
    FLINK("flink-sql", "Apache Flink SQL"),
    /** Feldera SQL: double-quoted identifiers, LOCAL views, {@code DECLARE RECURSIVE VIEW}. */
    FELDERA("feldera-sql", "Feldera SQL");

    private static final SqlAbstractParserImpl.Metadata KEYWORDS = SqlParser.create("").getMetadata();
    /** Keywords of the target engines that Calcite's default parser does not reserve. */
    private static final Set<String> EXTRA_KEYWORDS = Set.of("value", "string", "bytes", "raw", "watermark",
            "metadata", "virtual", "local", "recursive", "materialized", "declare", "view", "table", "key");

    private final String cliName;
    private final String title;

    Dialect(String cliName, String title) {
        this.cliName = cliName;
        this.title = title;
    }

    /** The name used on the command line ({@code --format flink-sql}). */
    public String cliName() {
        return cliName;
    }

    /** A human-readable name. */
    public String title() {
        return title;
    }

    /** Whether recursive views ({@code DECLARE RECURSIVE VIEW}) are available. */
    public boolean supportsRecursion() {
        return this == FELDERA;
    }

    /** An identifier, quoted when needed. */
    public String id(String name) {
        boolean plain = name.matches("[a-z_][a-z0-9_]*");
        String upper = name.toUpperCase(Locale.ROOT);
        if (plain && !KEYWORDS.isReservedWord(upper) && !KEYWORDS.isSql92ReservedWord(upper) && !EXTRA_KEYWORDS.contains(name)) {
            return name;
        }
        return this == FLINK ? "`" + name.replace("`", "``") + "`" : "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** The SQL type of a column, with {@code NOT NULL} unless nullable. */
    public String columnType(Column c) {
        return type(c.type(), -1, -1) + (c.nullable() ? "" : " NOT NULL");
    }

    /**
     * The SQL name of a type. Values of INTEGER columns are 64-bit in the engine, but the declared
     * type is kept; DECIMAL without precision becomes DECIMAL(38, 10) in Flink (whose default is
     * DECIMAL(10, 0)) and DECIMAL(28, 10) in Feldera; VARCHAR without length is Flink's STRING.
     */
    public String type(SqlType t, int precision, int scale) {
        return switch (t) {
            case BOOLEAN -> "BOOLEAN";
            case INTEGER -> "INT";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case DECIMAL -> precision >= 0
                    ? "DECIMAL(" + precision + (scale >= 0 ? ", " + scale : "") + ")"
                    : this == FLINK ? "DECIMAL(38, 10)" : "DECIMAL(28, 10)";
            case VARCHAR -> precision >= 0 ? "VARCHAR(" + precision + ")" : this == FLINK ? "STRING" : "VARCHAR";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
        };
    }

    /** The dialect with this command-line name, or null. */
    public static Dialect fromCliName(String name) {
        for (Dialect d : values()) {
            if (d.cliName.equalsIgnoreCase(name)) {
                return d;
            }
        }
        return null;
    }
}
