package org.dbspstudio.model.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.SourceSpan;
import org.dbspstudio.model.sql.Translator.Node;
import org.dbspstudio.model.types.RowSchema;

/**
 * The top-k of a view's translation: {@code ORDER BY … LIMIT k [OFFSET m]} and
 * {@code WHERE r <= k} over {@code ROW_NUMBER() / RANK() / DENSE_RANK() OVER (…) AS r} become the
 * top-k operator; other window functions, LIMIT without ORDER BY and bounds that are not whole
 * number literals are refused.
 */
final class TopKTranslation {
    private final Translator tr;

    TopKTranslation(Translator tr) {
        this.tr = tr;
    }

    /** Whether a projection holds a window function. */
    static boolean hasOver(Project p) {
        for (RexNode e : p.getProjects()) {
            if (RexOver.containsOver(e)) {
                return true;
            }
        }
        return false;
    }

    /** A whole number literal (LIMIT, OFFSET, the bound of a rank), or null. */
    private static Long whole(RexNode e) {
        if (e instanceof RexLiteral lit && !lit.isNull()) {
            BigDecimal d = lit.getValueAs(BigDecimal.class);
            if (d != null && d.signum() >= 0 && d.stripTrailingZeros().scale() <= 0 && d.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0) {
                return d.longValueExact();
            }
        }
        return null;
    }

    private static String sortKey(String expr, boolean descending, RelFieldCollation.NullDirection nulls) {
        String s = expr + (descending ? " DESC" : " ASC");
        if (nulls == RelFieldCollation.NullDirection.FIRST) {
            s += " NULLS FIRST";
        } else if (nulls == RelFieldCollation.NullDirection.LAST) {
            s += " NULLS LAST";
        }
        return s;
    }

    /** A column name not among {@code schema}'s. */
    private static String freshColumn(RowSchema schema, String base) {
        String name = base;
        for (int i = 2; ; i++) {
            String n = name;
            if (schema.columns().stream().noneMatch(c -> c.name().equalsIgnoreCase(n))) {
                return name;
            }
            name = base + "_" + i;
        }
    }

    /** ORDER BY … LIMIT k [OFFSET m]: the top k + m rows by ROW_NUMBER, those ranked after m. */
    Node limit(Sort s, SourceSpan span) throws SqlException {
        Long fetch = s.fetch == null ? null : whole(s.fetch);
        Long offset = s.offset == null ? Long.valueOf(0) : whole(s.offset);
        if (s.fetch != null && fetch == null || offset == null) {
            throw tr.refuse(span, "unsupported: LIMIT/OFFSET other than a whole number literal");
        }
        if (fetch == null) {
            throw tr.refuse(span, "unsupported: OFFSET without LIMIT");
        }
        if (s.getCollation().getFieldCollations().isEmpty()) {
            throw tr.refuse(span, "unsupported: LIMIT without ORDER BY (it keeps arbitrary rows)");
        }
        Node in = tr.translate(s.getInput(), span);
        if (fetch == 0) {
            return tr.add(OpKind.FILTER, "limit_0", span, List.of(in), "predicate", "FALSE");
        }
        List<String> orderBy = new ArrayList<>();
        for (RelFieldCollation fc : s.getCollation().getFieldCollations()) {
            orderBy.add(sortKey(Exprs.ident(in.schema().column(fc.getFieldIndex()).name()),
                    fc.getDirection().isDescending(), fc.nullDirection));
        }
        if (offset == 0) {
            return tr.add(OpKind.TOP_K, "limit", span, List.of(in), "orderBy", orderBy, "k", fetch, "rank", "row_number");
        }
        String rn = freshColumn(in.schema(), "row_number");
        Node top = tr.add(OpKind.TOP_K, "limit", span, List.of(in), "orderBy", orderBy, "k", fetch + offset,
                "rank", "row_number", "rankColumn", rn);
        Node after = tr.add(OpKind.FILTER, "offset", span, List.of(top), "predicate", Exprs.ident(rn) + " > " + offset);
        return tr.add(OpKind.MAP, "map", span, List.of(after), "projection",
                Translator.columnsOf(in, null, Translator.unique(in.schema().names()), 0));
    }

    /**
     * {@code WHERE r <= k} over {@code ROW_NUMBER() / RANK() / DENSE_RANK() OVER (PARTITION BY … ORDER BY …) AS r}:
     * a top-k per partition; any other window function or use of it is refused.
     */
    Node rankFilter(Filter f, Project p, SourceSpan span) throws SqlException {
        int at = -1;
        RexOver over = null;
        for (int i = 0; i < p.getProjects().size(); i++) {
            RexNode e = p.getProjects().get(i);
            if (e instanceof RexOver o && at < 0) {
                at = i;
                over = o;
            } else if (RexOver.containsOver(e) || RexUtil.containsCorrelation(e)) {
                throw tr.refuse(span, "unsupported: window functions other than one ROW_NUMBER, RANK or DENSE_RANK bounded by WHERE … <= k");
            }
        }
        String rank = switch (over.getOperator().getKind()) {
            case ROW_NUMBER -> "row_number";
            case RANK -> "rank";
            case DENSE_RANK -> "dense_rank";
            default -> throw tr.refuse(span, "unsupported: window function " + over.getOperator().getName());
        };
        if (over.getWindow().orderKeys.isEmpty()) {
            throw tr.refuse(span, "unsupported: " + over.getOperator().getName() + "() OVER without ORDER BY");
        }
        Long k = null;
        List<RexNode> rest = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(f.getCondition())) {
            Long bound = rankBound(c, at);
            if (bound != null) {
                k = k == null ? bound : Math.min(k, bound);
            } else if (org.apache.calcite.plan.RelOptUtil.InputFinder.bits(c).get(at)) {
                throw tr.refuse(span, "unsupported: a condition on " + over.getOperator().getName()
                        + "() other than <= k, < k or = 1 (top-k)");
            } else {
                rest.add(c);
            }
        }
        if (k == null) {
            throw tr.refuse(span, "unsupported: " + over.getOperator().getName() + "() without a bound <= k in WHERE");
        }
        Node in = tr.translate(p.getInput(), span);
        if (k < 1) {
            k = 1L;
            rest.add(tr.rex.makeLiteral(false));
        }
        List<String> partitionBy = new ArrayList<>();
        for (RexNode e : over.getWindow().partitionKeys) {
            partitionBy.add(tr.sql(e, Translator.single(in), span));
        }
        List<String> orderBy = new ArrayList<>();
        for (org.apache.calcite.rex.RexFieldCollation fc : over.getWindow().orderKeys) {
            orderBy.add(sortKey(tr.sql(fc.left, Translator.single(in), span), fc.getDirection().isDescending(),
                    fc.getNullDirection()));
        }
        String rc = freshColumn(in.schema(), "rank");
        Node top = tr.add(OpKind.TOP_K, "topk", span, List.of(in), "partitionBy", partitionBy, "orderBy", orderBy, "k", k,
                "rank", rank, "rankColumn", rc);
        List<String> names = Translator.unique(p.getRowType().getFieldNames());
        List<NamedExpr> proj = new ArrayList<>();
        for (int i = 0; i < p.getProjects().size(); i++) {
            proj.add(new NamedExpr(names.get(i),
                    i == at ? Exprs.ident(rc) : tr.sql(p.getProjects().get(i), Translator.single(in), span)));
        }
        Node mapped = tr.add(OpKind.MAP, "map", span, List.of(top), "projection", proj);
        if (rest.isEmpty()) {
            return mapped;
        }
        return tr.add(OpKind.FILTER, "filter", span, List.of(mapped), "predicate",
                tr.sql(RexUtil.composeConjunction(tr.rex, rest), Translator.single(mapped), span));
    }

    /** k when {@code c} is {@code $at <= k}, {@code $at < k + 1}, {@code $at = 1} (or mirrored); else null. */
    private static Long rankBound(RexNode c, int at) {
        if (!(c instanceof org.apache.calcite.rex.RexCall call) || call.getOperands().size() != 2) {
            return null;
        }
        RexNode a = call.getOperands().get(0);
        RexNode b = call.getOperands().get(1);
        org.apache.calcite.sql.SqlKind kind = call.getKind();
        if (b instanceof org.apache.calcite.rex.RexInputRef && !(a instanceof org.apache.calcite.rex.RexInputRef)) {
            RexNode t = a;
            a = b;
            b = t;
            kind = kind.reverse();
        }
        if (!(a instanceof org.apache.calcite.rex.RexInputRef ref) || ref.getIndex() != at) {
            return null;
        }
        Long v = whole(b);
        if (v == null) {
            return null;
        }
        return switch (kind) {
            case LESS_THAN_OR_EQUAL -> v;
            case LESS_THAN -> v - 1;
            case EQUALS -> v == 1 ? Long.valueOf(1) : null;
            default -> null;
        };
    }
}
