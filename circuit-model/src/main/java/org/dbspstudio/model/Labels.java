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
        return p.aggregates("aggregates").stream().map(AggCall::call)
                .collect(Collectors.joining(", "))
                + (groupBy == null || groupBy.isEmpty() ? ""
                : " by " + groupBy.stream().map(NamedExpr::name).collect(Collectors.joining(", ")));
    }

    /** A set operation, marked {@code all} for its bag form ({@code ∩ all}). */
    static String setOperation(Operator op) {
        return op.params().bool("all") ? op.kind().glyph() + " all" : op.kind().glyph();
    }

    /** H₂ with the set operation whose change it computes ({@code H₂ ∩ all}). */
    static String incrementalSetOperation(Operator op) {
        String of = "except".equals(op.params().string("of")) ? "∸" : "∩";
        return op.kind().glyph() + " " + of + (op.params().bool("all") ? " all" : "");
    }

    /** {@code top 3 by score DESC per game}, with the rank function when it is not ROW_NUMBER. */
    static String topK(Operator op) {
        Params p = op.params();
        List<String> by = p.strings("orderBy");
        List<String> part = p.strings("partitionBy");
        String rank = p.string("rank");
        return "top " + p.integer("k") + (rank == null || rank.equals("row_number") ? "" : " " + rank)
                + (by == null || by.isEmpty() ? "" : " by " + String.join(", ", by))
                + (part == null || part.isEmpty() ? "" : " per " + String.join(", ", part));
    }

    /** {@code over SUM(x) AS s per k by t rows 2 preceding}. */
    static String over(Operator op) {
        Params p = op.params();
        List<String> by = p.strings("orderBy");
        List<String> part = p.strings("partitionBy");
        Long preceding = p.get("preceding") == null ? null : p.integer("preceding");
        String aggs = p.aggregates("aggregates").stream().map(AggCall::toString).collect(Collectors.joining(", "));
        return op.kind().glyph() + " " + aggs
                + (part == null || part.isEmpty() ? "" : " per " + String.join(", ", part))
                + (by == null || by.isEmpty() ? "" : " by " + String.join(", ", by))
                + " " + p.string("frame") + " " + (preceding == null ? "unbounded" : preceding.toString()) + " preceding";
    }

    /** {@code ⊞ t size 10} (tumbling) or {@code ⊞ t size 10 slide 5} (hopping). */
    static String timeWindow(Operator op) {
        Params p = op.params();
        return op.kind().glyph() + " " + p.string("timestamp") + " size " + p.integer("size")
                + (p.get("slide") == null ? "" : " slide " + p.integer("slide"));
    }

    /** {@code W t ≥ θ − 10}. */
    static String window(Operator op) {
        Params p = op.params();
        long bound = p.integer("bound");
        return op.kind().glyph() + " " + p.string("timestamp") + " ≥ θ" + (bound == 0 ? "" : " − " + bound);
    }

    private static String list(List<NamedExpr> exprs) {
        return exprs == null ? "" : exprs.stream().map(NamedExpr::toString).collect(Collectors.joining(", "));
    }
}
