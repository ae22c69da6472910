package org.dbspstudio.model.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.SourceSpan;
import org.dbspstudio.model.sql.Translator.Node;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;

/**
 * The joins of a view's translation: an inner join becomes a join on its equality keys (a product when
 * it has none) with a filter for the rest of its condition; an outer join the inner join plus the
 * unmatched rows of the padded side(s) (an antijoin) padded with NULLs; a semi join a join with the
 * distinct keys; an anti join an antijoin. NULL matches NULL only for IS NOT DISTINCT FROM keys.
 */
final class JoinTranslation {
    private final Translator tr;

    JoinTranslation(Translator tr) {
        this.tr = tr;
    }

    /** Key expressions for column {@code c}: itself, or (when NULL must match NULL) whether it is NULL and its value. */
    private static void key(List<String> out, Column c, boolean nullMatchesNull) {
        String id = Exprs.ident(c.name());
        if (nullMatchesNull && c.nullable()) {
            out.add("(" + id + " IS NULL)");
            out.add("COALESCE(" + id + ", " + Translator.zero(c.type()) + ")");
        } else {
            out.add(id);
        }
    }

    /** Keys on every column, NULL matching NULL: rows compare as in DISTINCT and set operations. */
    private static List<String> wholeRow(RowSchema s) {
        List<String> out = new ArrayList<>();
        for (Column c : s.columns()) {
            key(out, c, true);
        }
        return out;
    }

    /** An inner, outer, semi or anti join. */
    Node join(Join j, SourceSpan span) throws SqlException {
        if (RexUtil.containsCorrelation(j.getCondition())) {
            throw tr.refuse(span, "unsupported: a correlated subquery that cannot be turned into a join");
        }
        Node l = tr.translate(j.getLeft(), span);
        Node r = tr.translate(j.getRight(), span);
        List<Integer> lk = new ArrayList<>();
        List<Integer> rk = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        List<RexNode> nonEqui = new ArrayList<>();
        RelOptUtil.splitJoinCondition(j.getLeft(), j.getRight(), j.getCondition(), lk, rk, filterNulls, nonEqui);
        RexNode residual = nonEqui.isEmpty() ? null : RexUtil.composeConjunction(tr.rex, nonEqui);
        if (residual != null && residual.isAlwaysTrue()) {
            residual = null;
        }
        List<String> leftKeys = new ArrayList<>();
        List<String> rightKeys = new ArrayList<>();
        for (int i = 0; i < lk.size(); i++) {
            Column lc = l.schema().column(lk.get(i));
            Column rc = r.schema().column(rk.get(i));
            // IS NOT DISTINCT FROM: NULL matches NULL, which only matters when both sides can be NULL
            boolean nullSafe = !filterNulls.get(i) && lc.nullable() && rc.nullable();
            key(leftKeys, lc, nullSafe);
            key(rightKeys, rc, nullSafe);
        }
        JoinRelType type = j.getJoinType();
        List<String> names = Translator.unique(j.getRowType().getFieldNames());
        switch (type) {
            case INNER:
                return inner(l, r, leftKeys, rightKeys, residual, names, span);
            case LEFT:
            case RIGHT:
            case FULL: {
                Node inner = inner(l, r, leftKeys, rightKeys, residual, names, span);
                Node result = inner;
                int nl = l.schema().size();
                if (type != JoinRelType.RIGHT) {
                    Node unmatched = unmatched(l, r, leftKeys, rightKeys, residual, inner, 0, span);
                    List<NamedExpr> pad = Translator.columnsOf(unmatched, null, names, 0);
                    for (int i = 0; i < r.schema().size(); i++) {
                        pad.add(new NamedExpr(names.get(nl + i), nullOf(r.schema().column(i))));
                    }
                    Node padded = tr.add(OpKind.MAP, "pad", span, List.of(unmatched), "projection", pad);
                    result = tr.add(OpKind.PLUS, "outer", span, List.of(result, padded));
                }
                if (type != JoinRelType.LEFT) {
                    Node unmatched = unmatched(r, l, rightKeys, leftKeys, residual, inner, nl, span);
                    List<NamedExpr> pad = new ArrayList<>();
                    for (int i = 0; i < nl; i++) {
                        pad.add(new NamedExpr(names.get(i), nullOf(l.schema().column(i))));
                    }
                    for (int i = 0; i < r.schema().size(); i++) {
                        pad.add(new NamedExpr(names.get(nl + i), Exprs.ident(unmatched.schema().column(i).name())));
                    }
                    Node padded = tr.add(OpKind.MAP, "pad", span, List.of(unmatched), "projection", pad);
                    result = tr.add(OpKind.PLUS, "outer", span, List.of(result, padded));
                }
                return result;
            }
            case SEMI: {
                if (residual == null && !leftKeys.isEmpty()) {
                    List<NamedExpr> keyCols = new ArrayList<>();
                    List<String> rkUnique = Translator.unique(r.schema().names());
                    Set<Integer> used = new java.util.LinkedHashSet<>(rk);
                    for (int c : used) {
                        keyCols.add(new NamedExpr(rkUnique.get(c), Exprs.ident(r.schema().column(c).name())));
                    }
                    Node keys = tr.add(OpKind.DISTINCT, "distinct", span,
                            List.of(tr.add(OpKind.MAP, "keys", span, List.of(r), "projection", keyCols)));
                    return tr.add(OpKind.JOIN, "semijoin", span, List.of(l, keys), "leftKeys", leftKeys,
                            "rightKeys", rightKeys, "projection", Translator.columnsOf(l, "l", Translator.unique(l.schema().names()), 0));
                }
                Node inner = inner(l, r, leftKeys, rightKeys, residual, Translator.unique(concatNames(l, r)), span);
                Node matched = matchedRows(inner, l, 0, span);
                return tr.add(OpKind.JOIN, "semijoin", span, List.of(l, matched), "leftKeys", wholeRow(l.schema()),
                        "rightKeys", wholeRow(matched.schema()), "projection", Translator.columnsOf(l, "l", Translator.unique(l.schema().names()), 0));
            }
            case ANTI: {
                if (residual == null && !leftKeys.isEmpty()) {
                    return tr.add(OpKind.ANTIJOIN, "antijoin", span, List.of(l, r), "leftKeys", leftKeys, "rightKeys", rightKeys);
                }
                Node inner = inner(l, r, leftKeys, rightKeys, residual, Translator.unique(concatNames(l, r)), span);
                Node matched = matchedRows(inner, l, 0, span);
                return tr.add(OpKind.ANTIJOIN, "antijoin", span, List.of(l, matched), "leftKeys", wholeRow(l.schema()),
                        "rightKeys", wholeRow(matched.schema()));
            }
            default:
                throw tr.refuse(span, "unsupported: " + type + " join");
        }
    }

    private static List<String> concatNames(Node l, Node r) {
        List<String> all = new ArrayList<>(l.schema().names());
        all.addAll(r.schema().names());
        return all;
    }

    private static String nullOf(Column c) {
        return "CAST(NULL AS " + c.type().name() + ")";
    }

    /** The distinct rows of {@code side} (its columns start at {@code offset} in {@code inner}) that found a match. */
    private Node matchedRows(Node inner, Node side, int offset, SourceSpan span) throws SqlException {
        List<NamedExpr> cols = new ArrayList<>();
        List<String> names = Translator.unique(side.schema().names());
        for (int i = 0; i < side.schema().size(); i++) {
            cols.add(new NamedExpr(names.get(i), Exprs.ident(inner.schema().column(offset + i).name())));
        }
        return tr.add(OpKind.DISTINCT, "matched", span, List.of(tr.add(OpKind.MAP, "map", span, List.of(inner), "projection", cols)));
    }

    /** The rows of {@code side} that match no row of {@code other}. */
    private Node unmatched(Node side, Node other, List<String> sideKeys, List<String> otherKeys, RexNode residual,
                           Node inner, int offset, SourceSpan span) throws SqlException {
        if (residual == null && !sideKeys.isEmpty()) {
            return tr.add(OpKind.ANTIJOIN, "unmatched", span, List.of(side, other), "leftKeys", sideKeys, "rightKeys", otherKeys);
        }
        Node matched = matchedRows(inner, side, offset, span);
        return tr.add(OpKind.ANTIJOIN, "unmatched", span, List.of(side, matched), "leftKeys", wholeRow(side.schema()),
                "rightKeys", wholeRow(matched.schema()));
    }

    private Node inner(Node l, Node r, List<String> leftKeys, List<String> rightKeys, RexNode residual,
                       List<String> names, SourceSpan span) throws SqlException {
        List<NamedExpr> proj = Translator.columnsOf(l, "l", names, 0);
        proj.addAll(Translator.columnsOf(r, "r", names, l.schema().size()));
        Node j = leftKeys.isEmpty()
                ? tr.add(OpKind.PRODUCT, "product", span, List.of(l, r), "projection", proj)
                : tr.add(OpKind.JOIN, "join", span, List.of(l, r), "leftKeys", leftKeys, "rightKeys", rightKeys, "projection", proj);
        if (residual != null) {
            j = tr.add(OpKind.FILTER, "filter", span, List.of(j), "predicate", tr.sql(residual, Translator.single(j), span));
        }
        return j;
    }
}
