package org.dbspstudio.model;

import java.util.stream.Collectors;

/** Short human-readable descriptions of operators, for boxes, logs and DOT output. */
final class Labels {
    private Labels() {
    }

    private static String list(java.util.List<NamedExpr> exprs) {
        return exprs == null ? "" : exprs.stream().map(NamedExpr::toString).collect(Collectors.joining(", "));
    }

    static String of(Operator op) {
        Params p = op.params();
        return switch (op.kind()) {
            case INPUT, OUTPUT -> op.kind().glyph() + " " + p.string("name");
            case CONSTANT -> p.type("type") instanceof org.dbspstudio.model.types.StreamType.Integers
                    ? String.valueOf(p.integer("value")) : "{" + p.changes("rows").size() + " rows}";
            case FILTER -> "σ " + p.string("predicate");
            case MAP -> "π " + list(p.namedExprs("projection"));
            case JOIN, ANTIJOIN -> op.kind().glyph() + " " + String.join(",", p.strings("leftKeys")) + " = "
                    + String.join(",", p.strings("rightKeys"));
            case INDEX -> "G " + list(p.namedExprs("keys"));
            case AGGREGATE -> p.aggregates("aggregates").stream().map(a -> a.function() + "(" + (a.expr() == null ? "*" : a.expr()) + ")")
                    .collect(Collectors.joining(", "))
                    + (p.namedExprs("groupBy") == null || p.namedExprs("groupBy").isEmpty() ? ""
                    : " by " + p.namedExprs("groupBy").stream().map(NamedExpr::name).collect(Collectors.joining(", ")));
            case SCALAR -> p.string("expr");
            case DELTA0, INTEGRAL -> op.kind().glyph() + " " + p.string("port");
            case DELAY, INTEGRATE, DIFFERENTIATE -> op.isOuterClock() ? op.kind().glyph() + " (outer)" : op.kind().glyph();
            default -> op.kind().glyph();
        };
    }
}
