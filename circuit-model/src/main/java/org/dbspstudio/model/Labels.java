package org.dbspstudio.model;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.dbspstudio.model.types.StreamType;

/** Box labels that the catalog ({@link OpKind}) composes: the glyph and an operator's main parameter. */
final class Labels {
    private Labels() {
    }

    /** The glyph, a space, and a string parameter ({@code in users}, {@code δ₀ edges}, {@code σ x > 1}). */
    static Function<Operator, String> glyphAnd(String param) {
        return op -> op.kind().glyph() + " " + op.params().string(param);
    }

    /** The glyph and a list of named expressions ({@code π a, b}). */
    static Function<Operator, String> glyphAndExprs(String param) {
        return op -> op.kind().glyph() + " " + list(op.params().namedExprs(param));
    }

    /** The glyph and the key equation of a join ({@code ⋈ a = b}). */
    static String keys(Operator op) {
        Params p = op.params();
        return op.kind().glyph() + " " + String.join(",", p.strings("leftKeys")) + " = "
                + String.join(",", p.strings("rightKeys"));
    }

    /** The glyph, marked {@code (outer)} on the outer clock. */
    static String clocked(Operator op) {
        return op.clock() == Clock.OUTER ? op.kind().glyph() + " (outer)" : op.kind().glyph();
    }

    /** A constant's value, or its row count. */
    static String constant(Operator op) {
        Params p = op.params();
        return p.type("type") instanceof StreamType.Integers ? String.valueOf(p.integer("value"))
                : "{" + p.changes("rows").size() + " rows}";
    }

    /** The aggregate calls, then the grouping columns. */
    static String aggregate(Operator op) {
        Params p = op.params();
        List<NamedExpr> groupBy = p.namedExprs("groupBy");
        return p.aggregates("aggregates").stream().map(a -> a.function() + "(" + (a.expr() == null ? "*" : a.expr()) + ")")
                .collect(Collectors.joining(", "))
                + (groupBy == null || groupBy.isEmpty() ? ""
                : " by " + groupBy.stream().map(NamedExpr::name).collect(Collectors.joining(", ")));
    }

    private static String list(List<NamedExpr> exprs) {
        return exprs == null ? "" : exprs.stream().map(NamedExpr::toString).collect(Collectors.joining(", "));
    }
}
