package org.dbspstudio.engine.run;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** Checks a scenario against a circuit's inputs: known names, integer vs rows, row arity and value types. */
final class ScenarioCheck {
    private ScenarioCheck() {
    }

    static void check(Scenario s, Map<String, StreamType> inputs) throws EngineException {
        for (var e : s.streams().entrySet()) {
            String name = e.getKey();
            StreamType t = inputs.get(name);
            if (t == null) {
                throw new EngineException(null, -1, List.of(), "the scenario feeds '" + name
                        + "', but the circuit has no input of that name (inputs: "
                        + org.dbspstudio.model.Diagnostics.list(inputs.keySet(), ", ") + ")", null);
            }
            List<StepData> steps = e.getValue();
            for (int i = 0; i < steps.size(); i++) {
                StepData d = steps.get(i);
                String where = "scenario input '" + name + "' step " + i;
                if (d instanceof StepData.Scalar) {
                    if (!(t instanceof StreamType.Integers)) {
                        throw bad(where + ": an integer was given, but the input is " + t);
                    }
                } else if (d instanceof StepData.Rows rows) {
                    if (t instanceof StreamType.Integers) {
                        if (!rows.changes().isEmpty()) {
                            throw bad(where + ": rows were given, but the input is an integer stream");
                        }
                        continue;
                    }
                    RowSchema schema = ((StreamType.ZSet) t).row();
                    for (Change c : rows.changes()) {
                        checkRow(where, c, schema);
                    }
                }
            }
        }
    }

    private static void checkRow(String where, Change c, RowSchema schema) throws EngineException {
        if (c.row().size() != schema.size()) {
            throw bad(where + ": row " + c.row() + " has " + c.row().size() + " values, the input has "
                    + schema.size() + " columns " + schema.names());
        }
        for (int i = 0; i < schema.size(); i++) {
            Column col = schema.column(i);
            Object v = c.row().get(i);
            if (v == null) {
                if (!col.nullable()) {
                    throw bad(where + ": row " + c.row() + " has NULL in NOT NULL column '" + col.name() + "'");
                }
                continue;
            }
            if (!fits(col.type(), v)) {
                throw bad(where + ": row " + c.row() + " has " + v.getClass().getSimpleName() + " '" + v
                        + "' in column '" + col.name() + "' of type " + col.type());
            }
        }
    }

    static boolean fits(SqlType t, Object v) {
        return switch (t) {
            case BOOLEAN -> v instanceof Boolean;
            case INTEGER, BIGINT -> v instanceof Long;
            case DOUBLE -> v instanceof Double;
            case DECIMAL -> v instanceof BigDecimal;
            case VARCHAR -> v instanceof String;
            case DATE -> v instanceof LocalDate;
            case TIMESTAMP -> v instanceof LocalDateTime;
        };
    }

    private static EngineException bad(String msg) {
        return new EngineException(null, -1, List.of(), msg, null);
    }
}
