package org.dbspstudio.engine.ops;

import java.util.List;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.expr.ExprException;
import org.dbspstudio.model.expr.Scope;
import org.dbspstudio.model.expr.TypedExpr;
import org.dbspstudio.model.types.Row;

/** A lifted scalar function over integer streams: an expression over the named inputs. */
final class ScalarNode extends OpNode {
    private final TypedExpr expr;
    private final int arity;

    private ScalarNode(Operator op, TypedExpr expr, int arity) {
        super(op);
        this.expr = expr;
        this.arity = arity;
    }

    static OpNode create(Build b) throws EngineException {
        List<String> names = b.op().params().strings("inputs");
        return new ScalarNode(b.op(), b.expr("expr", b.op().params().string("expr"), Scope.scalars(names)), names.size());
    }

    @Override
    public void eval(Ctx ctx) throws ExprException {
        Object[] v = new Object[arity];
        for (int i = 0; i < arity; i++) {
            v[i] = ((ZInt) ctx.in(i)).value();
        }
        Object r = expr.eval(Row.wrap(v));
        if (r == null) {
            throw new ExprException("the expression is NULL, but an integer stream needs a value", expr.sql(), expr.sql());
        }
        ctx.work(1);
        ctx.out(0, ZInt.of(((Number) r).longValue()), null);
    }
}
