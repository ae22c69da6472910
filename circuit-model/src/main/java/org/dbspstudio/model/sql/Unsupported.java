package org.dbspstudio.model.sql;

import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Finds, before validation, the constructs of a query that the translation refuses, so that the
 * error names the construct at its own line and column.
 */
final class Unsupported extends SqlBasicVisitor<Void> {
    /** Functions (besides operators and CASE/CAST) whose meaning the catalog's expressions and aggregates have. */
    private static final Set<String> FUNCTIONS = Set.of("COUNT", "SUM", "AVG", "MIN", "MAX", "ABS", "MOD", "ROUND",
            "FLOOR", "CEIL", "CEILING", "UPPER", "LOWER", "CHAR_LENGTH", "CHARACTER_LENGTH", "SUBSTRING", "TRIM",
            "POSITION", "COALESCE", "NULLIF", "EXTRACT", "CAST", "ROW_NUMBER", "RANK", "DENSE_RANK");

    private static final class Found extends RuntimeException {
        final transient SqlParserPos pos;

        Found(SqlParserPos pos, String message) {
            super(message, null, false, false);
            this.pos = pos;
        }
    }

    static void check(SqlNode query) throws SqlException {
        try {
            query.accept(new Unsupported());
        } catch (Found f) {
            throw new SqlException(f.pos.getLineNum(), f.pos.getColumnNum(), f.getMessage());
        }
    }

    @Override
    public Void visit(SqlCall call) {
        SqlKind k = call.getKind();
        SqlParserPos pos = call.getParserPosition();
        if (call instanceof SqlOrderBy ob && (ob.fetch != null || ob.offset != null)) {
            SqlNode at = ob.fetch != null ? ob.fetch : ob.offset;
            if (ob.orderList.isEmpty()) {
                throw new Found(at.getParserPosition(), "unsupported: LIMIT/OFFSET without ORDER BY (it keeps arbitrary rows)");
            }
            if (ob.fetch == null) {
                throw new Found(at.getParserPosition(), "unsupported: OFFSET without LIMIT");
            }
        }
        if (call instanceof SqlSelect s && (s.getFetch() != null || s.getOffset() != null)) {
            SqlNode at = s.getFetch() != null ? s.getFetch() : s.getOffset();
            throw new Found(at.getParserPosition(), "unsupported: LIMIT/OFFSET without ORDER BY (it keeps arbitrary rows)");
        }
        switch (k) {
            case OVER -> {
                SqlNode f = call.operand(0);
                String fn = f instanceof SqlCall fc ? fc.getOperator().getName().toUpperCase(Locale.ROOT) : "";
                if (!Set.of("ROW_NUMBER", "RANK", "DENSE_RANK").contains(fn)) {
                    throw new Found(pos, "unsupported: window functions other than ROW_NUMBER, RANK and DENSE_RANK (OVER)");
                }
            }
            case GROUPING_SETS, ROLLUP, CUBE -> throw new Found(pos, "unsupported: " + k.name().replace('_', ' '));
            case FILTER -> throw new Found(pos, "unsupported: aggregate FILTER clauses");
            case WITHIN_GROUP -> throw new Found(pos, "unsupported: WITHIN GROUP");
            case UNNEST -> throw new Found(pos, "unsupported: UNNEST");
            case LATERAL -> throw new Found(pos, "unsupported: LATERAL");
            case TABLESAMPLE -> throw new Found(pos, "unsupported: TABLESAMPLE");
            case MATCH_RECOGNIZE -> throw new Found(pos, "unsupported: MATCH_RECOGNIZE");
            case SIMILAR -> throw new Found(pos, "unsupported: SIMILAR TO");
            case ARRAY_VALUE_CONSTRUCTOR, MAP_VALUE_CONSTRUCTOR, ROW, MULTISET_VALUE_CONSTRUCTOR, MULTISET_QUERY_CONSTRUCTOR,
                 ARRAY_QUERY_CONSTRUCTOR, MAP_QUERY_CONSTRUCTOR -> {
                if (k != SqlKind.ROW) {
                    throw new Found(pos, "unsupported: " + k.name().toLowerCase(Locale.ROOT).replace('_', ' '));
                }
            }
            default -> {
            }
        }
        if (call.getOperator() instanceof SqlFunction f && k != SqlKind.CAST) {
            String name = f.getName().toUpperCase(Locale.ROOT);
            if (!FUNCTIONS.contains(name)) {
                throw new Found(pos, "unsupported function: " + f.getName().toUpperCase(Locale.ROOT));
            }
        }
        if (call.getFunctionQuantifier() != null && call.getFunctionQuantifier().toValue() != null
                && "DISTINCT".equalsIgnoreCase(call.getFunctionQuantifier().toValue())) {
            String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
            if (!name.equals("COUNT") && !name.equals("SUM") && !name.equals("MIN") && !name.equals("MAX")
                    && !name.equals("AVG")) {
                throw new Found(pos, "unsupported: " + name + "(DISTINCT …)");
            }
        }
        return super.visit(call);
    }

    @Override
    public Void visit(SqlNodeList list) {
        for (SqlNode n : list) {
            if (n != null) {
                n.accept(this);
            }
        }
        return null;
    }
}
