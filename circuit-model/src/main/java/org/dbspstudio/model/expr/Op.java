package org.dbspstudio.model.expr;

/** The operators and functions of the expression language, with the symbol or name shown in messages. */
public enum Op {
    PLUS("+"), MINUS("-"), TIMES("*"), DIVIDE("/"), MOD("%"), NEGATE("-"),
    EQ("="), NE("<>"), IS_DISTINCT_FROM("IS DISTINCT FROM"), IS_NOT_DISTINCT_FROM("IS NOT DISTINCT FROM"), LT("<"), LE("<="), GT(">"), GE(">="),
    AND("AND"), OR("OR"), NOT("NOT"),
    IS_NULL("IS NULL"), IS_NOT_NULL("IS NOT NULL"), IS_TRUE("IS TRUE"), IS_NOT_TRUE("IS NOT TRUE"),
    IS_FALSE("IS FALSE"), IS_NOT_FALSE("IS NOT FALSE"),
    BETWEEN("BETWEEN"), NOT_BETWEEN("NOT BETWEEN"), IN("IN"), NOT_IN("NOT IN"), LIKE("LIKE"), NOT_LIKE("NOT LIKE"),
    CONCAT("||"), COALESCE("COALESCE"), NULLIF("NULLIF"),
    ABS("ABS"), FLOOR("FLOOR"), CEIL("CEIL"), ROUND("ROUND"),
    UPPER("UPPER"), LOWER("LOWER"), CHAR_LENGTH("CHAR_LENGTH"), SUBSTRING("SUBSTRING"),
    TRIM_BOTH("TRIM"), TRIM_LEADING("TRIM LEADING"), TRIM_TRAILING("TRIM TRAILING"), POSITION("POSITION"),
    EXTRACT_YEAR("EXTRACT(YEAR)"), EXTRACT_QUARTER("EXTRACT(QUARTER)"), EXTRACT_MONTH("EXTRACT(MONTH)"),
    EXTRACT_DAY("EXTRACT(DAY)"), EXTRACT_DOW("EXTRACT(DOW)"), EXTRACT_DOY("EXTRACT(DOY)"),
    EXTRACT_HOUR("EXTRACT(HOUR)"), EXTRACT_MINUTE("EXTRACT(MINUTE)"), EXTRACT_SECOND("EXTRACT(SECOND)");

    private final String symbol;

    Op(String symbol) {
        this.symbol = symbol;
    }

    /** How the operator is written in SQL, e.g. {@code +} or {@code COALESCE}. */
    public String symbol() {
        return symbol;
    }
}
