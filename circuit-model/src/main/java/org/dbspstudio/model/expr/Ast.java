package org.dbspstudio.model.expr;

import java.time.temporal.ChronoUnit;
import java.util.List;
import org.dbspstudio.model.types.SqlType;

/**
 * The project's own expression tree, built from Calcite's parse tree by {@link AstBuilder}. Every
 * node keeps the source {@link #text()} it was parsed from, so that errors can name it.
 */
public sealed interface Ast permits Ast.ColumnRef, Ast.Literal, Ast.Call, Ast.Case, Ast.Cast, Ast.Interval {
    /** The fragment of the expression text this node was parsed from. */
    String text();

    /** A column reference, {@code name} or {@code qualifier.name} (qualifier null when absent). */
    record ColumnRef(String qualifier, String name, String text) implements Ast {
    }

    /**
     * A literal: {@code value} is the runtime value ({@link SqlType}); the NULL literal has a null
     * value and a null type (its type comes from the context).
     */
    record Literal(Object value, SqlType type, String text) implements Ast {
    }

    /** An operator or function applied to arguments. */
    record Call(Op op, List<Ast> args, String text) implements Ast {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** A searched CASE (simple CASE is rewritten to this form); {@code otherwise} null when absent. */
    record Case(List<Ast> whens, List<Ast> thens, Ast otherwise, String text) implements Ast {
        public Case {
            whens = List.copyOf(whens);
            thens = List.copyOf(thens);
        }
    }

    /**
     * An interval literal of one unit ({@code INTERVAL '3' DAY}, YEAR to SECOND); it may only be
     * added to or subtracted from a DATE or TIMESTAMP.
     */
    record Interval(long amount, ChronoUnit unit, String text) implements Ast {
    }

    /** {@code CAST(operand AS target[(precision[, scale])])}; precision and scale are -1 when absent. */
    record Cast(Ast operand, SqlType target, int precision, int scale, String text) implements Ast {
    }
}
