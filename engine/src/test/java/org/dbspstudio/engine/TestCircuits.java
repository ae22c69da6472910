package org.dbspstudio.engine;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** Small builders for test circuits and scenarios. */
final class TestCircuits {
    private TestCircuits() {
    }

    static StreamType zset(Object... nameTypePairs) {
        List<Column> cols = new ArrayList<>();
        for (int i = 0; i < nameTypePairs.length; i += 2) {
            cols.add(Column.of((String) nameTypePairs[i], (SqlType) nameTypePairs[i + 1]));
        }
        return StreamType.zset(new RowSchema(cols));
    }

    static Operator input(String id, String name, StreamType t) {
        return Operator.of(id, OpKind.INPUT, "name", name, "type", t);
    }

    static Operator output(String id, String name) {
        return Operator.of(id, OpKind.OUTPUT, "name", name);
    }

    static Operator op(String id, OpKind k, Object... params) {
        return Operator.of(id, k, params);
    }

    static List<NamedExpr> named(String... nameExpr) {
        List<NamedExpr> l = new ArrayList<>();
        for (int i = 0; i < nameExpr.length; i += 2) {
            l.add(new NamedExpr(nameExpr[i], nameExpr[i + 1]));
        }
        return l;
    }

    static AggCall agg(org.dbspstudio.model.AggFunction f, String expr, String name) {
        return new AggCall(f, expr, name);
    }

    static Change ch(long w, Object... values) {
        return new Change(Row.of(values), w);
    }

    static StepData rows(Change... cs) {
        return StepData.rows(List.of(cs));
    }

    static Circuit circuit(Circuit.InputMode mode, Operator... ops) {
        Circuit c = new Circuit().setInputMode(mode);
        for (Operator o : ops) {
            c.add(o);
        }
        return c;
    }

    static Scenario scenario(String input, StepData... steps) {
        return new Scenario().put(input, List.of(steps));
    }
}
