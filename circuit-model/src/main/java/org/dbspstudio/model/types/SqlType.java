package org.dbspstudio.model.types;

/**
 * The SQL column types a row schema may use. Runtime values are represented as:
 * BOOLEAN → {@link Boolean}; INTEGER and BIGINT → {@link Long}; DOUBLE → {@link Double};
 * DECIMAL → {@link java.math.BigDecimal}; VARCHAR → {@link String}; DATE → {@link java.time.LocalDate};
 * TIMESTAMP → {@link java.time.LocalDateTime}; SQL NULL → {@code null}.
 */
public enum SqlType {
    BOOLEAN, INTEGER, BIGINT, DOUBLE, DECIMAL, VARCHAR, DATE, TIMESTAMP;

    /** True for the types arithmetic applies to. */
    public boolean isNumeric() {
        return this == INTEGER || this == BIGINT || this == DOUBLE || this == DECIMAL;
    }
}
