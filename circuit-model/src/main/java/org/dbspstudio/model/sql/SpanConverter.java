package org.dbspstudio.model.sql;

import java.util.IdentityHashMap;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/** Records, for each relational expression it creates, the SQL it came from. */
final class SpanConverter extends SqlToRelConverter {
    private final IdentityHashMap<RelNode, SqlParserPos> spans;

    SpanConverter(SqlValidator validator, CalciteCatalogReader reader, RelOptCluster cluster,
                  IdentityHashMap<RelNode, SqlParserPos> spans) {
        super(null, validator, reader, cluster, StandardConvertletTable.INSTANCE,
                SqlToRelConverter.config().withExpand(false).withTrimUnusedFields(false)
                        .withInSubQueryThreshold(Integer.MAX_VALUE));
        this.spans = spans;
    }

    @Override
    protected RelRoot convertQueryRecursive(SqlNode query, boolean top, RelDataType targetRowType) {
        RelRoot r = super.convertQueryRecursive(query, top, targetRowType);
        mark(r.rel, query);
        return r;
    }

    private void mark(RelNode rel, SqlNode query) {
        if (spans.containsKey(rel)) {
            return;
        }
        spans.put(rel, spanFor(rel, query));
        for (RelNode in : rel.getInputs()) {
            mark(in, query);
        }
    }

    private static SqlParserPos spanFor(RelNode rel, SqlNode query) {
        if (query instanceof SqlSelect s) {
            if (rel instanceof Filter f) {
                boolean aboveAggregate = f.getInput() instanceof Aggregate
                        || f.getInput() instanceof Project p
                        && p.getInput() instanceof Aggregate;
                if (aboveAggregate && s.getHaving() != null) {
                    return s.getHaving().getParserPosition();
                }
                if (s.getWhere() != null) {
                    return s.getWhere().getParserPosition();
                }
            }
            if (rel instanceof Aggregate && s.getGroup() != null && s.getGroup().size() > 0) {
                return s.getGroup().getParserPosition();
            }
            if ((rel instanceof Join || rel instanceof Correlate)
                    && s.getFrom() != null) {
                return s.getFrom().getParserPosition();
            }
            if (rel instanceof Project || rel instanceof Aggregate) {
                return s.getSelectList().getParserPosition();
            }
            if (rel instanceof Sort && s.getOrderList() != null) {
                return s.getOrderList().getParserPosition();
            }
        }
        return query.getParserPosition();
    }
}
