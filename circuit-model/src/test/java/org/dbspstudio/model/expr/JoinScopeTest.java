package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;

class JoinScopeTest {
    private static final RowSchema USERS = RowSchema.of(Column.of("id", SqlType.BIGINT), Column.of("name", SqlType.VARCHAR));
    private static final RowSchema ORDERS = RowSchema.of(Column.of("id", SqlType.BIGINT),
            Column.of("user_id", SqlType.BIGINT), Column.nullable("amount", SqlType.DECIMAL));
    private static final Scope JOIN = Scope.join(USERS, ORDERS);
    private static final Row ALICE = Row.of(1L, "alice");
    private static final Row ORDER = Row.of(10L, 1L, new java.math.BigDecimal("2.50"));

    @Test
    void qualifiedNamesReadTheirSide() throws ExprException {
        assertThat(Expressions.check("l.id", JOIN).eval(ALICE, ORDER)).isEqualTo(1L);
        assertThat(Expressions.check("r.id", JOIN).eval(ALICE, ORDER)).isEqualTo(10L);
        assertThat(Expressions.check("L.ID = R.user_id", JOIN).eval(ALICE, ORDER)).isEqualTo(true);
        assertThat(Expressions.check("l.name || ':' || CAST(r.amount * 2 AS VARCHAR)", JOIN).eval(ALICE, ORDER))
                .isEqualTo("alice:5");
    }

    @Test
    void unambiguousUnqualifiedNamesResolve() throws ExprException {
        TypedExpr e = Expressions.check("name || CAST(user_id AS VARCHAR)", JOIN);
        assertThat(e.eval(ALICE, ORDER)).isEqualTo("alice1");
        assertThat(Expressions.check("amount", JOIN).type()).isEqualTo(new ExprType(SqlType.DECIMAL, true));
    }

    @Test
    void ambiguousAndUnknownNamesAreErrors() {
        assertThatThrownBy(() -> Expressions.check("id > 1", JOIN))
                .isInstanceOf(ExprException.class)
                .hasMessage("ambiguous column 'id': write l.id or r.id")
                .satisfies(e -> assertThat(((ExprException) e).fragment()).isEqualTo("id"));
        assertThatThrownBy(() -> Expressions.check("l.amount", JOIN)).hasMessageStartingWith("unknown column 'l.amount'");
        assertThatThrownBy(() -> Expressions.check("x.id", JOIN)).hasMessageStartingWith("unknown column 'x.id'");
    }

    @Test
    void oneRowEvaluationOfARightSideExpressionIsAnError() throws ExprException {
        TypedExpr e = Expressions.check("r.id + 1", JOIN);
        assertThatThrownBy(() -> e.eval(ORDER)).isInstanceOf(ExprException.class).hasMessageContaining("right row");
        assertThat(Expressions.check("l.id + 1", JOIN).eval(ALICE)).isEqualTo(2L);
    }

    @Test
    void scalarScopesAreBigints() throws ExprException {
        Scope s = Scope.scalars(java.util.List.of("a", "b"));
        TypedExpr e = Expressions.check("a * 2 + b", s);
        assertThat(e.type()).isEqualTo(new ExprType(SqlType.BIGINT, false));
        assertThat(e.eval(Row.of(3L, 4L))).isEqualTo(10L);
    }
}
