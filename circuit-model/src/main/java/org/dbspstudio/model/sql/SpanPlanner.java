package org.dbspstudio.model.sql;

import java.util.IdentityHashMap;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptListener;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.tools.RelBuilder;

/**
 * A Hep planner that carries source spans from each relational expression to its copies and rewrites,
 * and the front end's rewrite pipeline run with it ({@link #rewrite}).
 */
final class SpanPlanner extends HepPlanner {
    private final IdentityHashMap<RelNode, SqlParserPos> spans;

    SpanPlanner(HepProgram program, IdentityHashMap<RelNode, SqlParserPos> spans) {
        super(program);
        this.spans = spans;
        addListener(new RelOptListener() {
            @Override
            public void relEquivalenceFound(RelEquivalenceEvent event) {
            }

            @Override
            public void ruleAttempted(RuleAttemptedEvent event) {
            }

            @Override
            public void ruleProductionSucceeded(RuleProductionEvent event) {
                RelNode produced = event.getRel();
                if (produced == null || spans.containsKey(produced)) {
                    return;
                }
                RelNode[] old = event.getRuleCall().rels;
                SqlParserPos pos = null;
                for (RelNode o : old) {
                    if (o.getClass() == produced.getClass() && spans.get(o) != null) {
                        pos = spans.get(o);
                        break;
                    }
                }
                if (pos == null && old.length > 0) {
                    pos = spans.get(old[0]);
                }
                if (pos != null) {
                    spans.put(produced, pos);
                }
            }

            @Override
            public void relDiscarded(RelDiscardedEvent event) {
            }

            @Override
            public void relChosen(RelChosenEvent event) {
            }
        });
    }

    @Override
    public void onCopy(RelNode rel, RelNode newRel) {
        super.onCopy(rel, newRel);
        SqlParserPos p = spans.get(rel);
        if (p != null && !spans.containsKey(newRel)) {
            spans.put(newRel, p);
        }
    }

    private static RelNode hep(RelNode rel, SpanPlanner template, IdentityHashMap<RelNode, SqlParserPos> relSpans,
                               RelOptRule... rules) {
        HepProgramBuilder b = HepProgram.builder();
        for (RelOptRule r : rules) {
            b.addRuleInstance(r);
        }
        SpanPlanner p = new SpanPlanner(b.build(), relSpans);
        p.setRoot(rel);
        return p.findBestExp();
    }

    /**
     * The front end's rewrites of a converted query: sub-queries to correlates, decorrelation, filters into
     * joins, joins reordered where tables without a common predicate stand next to each other, DISTINCT
     * aggregates expanded, projections merged.
     */
    static RelNode rewrite(RelNode rel, SpanPlanner planner, IdentityHashMap<RelNode, SqlParserPos> relSpans,
                           RelOptCluster cluster, CalciteCatalogReader reader) {
        rel = hep(rel, planner, relSpans, CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
                CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE, CoreRules.JOIN_SUB_QUERY_TO_CORRELATE);
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(cluster, reader);
        rel = RelDecorrelator.decorrelateQuery(rel, builder);
        rel = hep(rel, planner, relSpans, CoreRules.FILTER_INTO_JOIN, CoreRules.JOIN_CONDITION_PUSH,
                CoreRules.FILTER_MERGE, CoreRules.JOIN_PUSH_EXPRESSIONS);
        if (hasAvoidableProduct(rel)) {
            // FROM a, b, c WHERE … in an order that puts tables without a common predicate next to each
            // other: order the joins so that each joins on a key where one exists (Calcite's heuristic)
            HepProgramBuilder b = HepProgram.builder();
            b.addMatchOrder(HepMatchOrder.BOTTOM_UP);
            b.addRuleInstance(CoreRules.PROJECT_REMOVE);
            b.addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN);
            b.addRuleInstance(CoreRules.PROJECT_MULTI_JOIN_MERGE);
            b.addRuleInstance(CoreRules.FILTER_MULTI_JOIN_MERGE);
            b.addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE);
            SpanPlanner p = new SpanPlanner(b.build(), relSpans);
            p.setRoot(rel);
            rel = p.findBestExp();
            rel = hep(rel, planner, relSpans, CoreRules.FILTER_INTO_JOIN, CoreRules.JOIN_CONDITION_PUSH,
                    CoreRules.FILTER_MERGE, CoreRules.JOIN_PUSH_EXPRESSIONS);
        }
        rel = hep(rel, planner, relSpans, CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES_TO_JOIN);
        rel = hep(rel, planner, relSpans, CoreRules.PROJECT_MERGE, CoreRules.PROJECT_REMOVE);
        return rel;
    }

    /** Whether an inner join without an equality predicate (a product) sits in a tree of inner joins. */
    private static boolean hasAvoidableProduct(RelNode rel) {
        int[] joins = {0};
        boolean[] product = {false};
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof Join j && j.getJoinType() == JoinRelType.INNER) {
                    joins[0]++;
                    if (j.analyzeCondition().leftKeys.isEmpty()) {
                        product[0] = true;
                    }
                }
                super.visit(node, ordinal, parent);
            }
        }.go(rel);
        return product[0] && joins[0] >= 2;
    }
}
