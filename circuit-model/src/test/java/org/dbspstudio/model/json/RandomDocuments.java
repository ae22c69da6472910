package org.dbspstudio.model.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.ParamSpec;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Random documents as the reader would produce them: every parameter of the right Java class
 * (required ones always set), scenario rows typed by their input's schema, expected rows with
 * JSON's raw types, odd strings, numbers and dates. Not meant to be sensible circuits.
 */
final class RandomDocuments {
    private final Random r;
    private int nextId;

    private RandomDocuments(long seed) {
        this.r = new Random(seed);
    }

    static CircuitDocument generate(long seed) {
        return new RandomDocuments(seed).document();
    }

    private String text(int max) {
        int n = r.nextInt(max + 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(switch (r.nextInt(6)) {
                case 0 -> (char) ('a' + r.nextInt(26));
                case 1 -> "\"\\/\n\t\u0001 .,:{}[]".charAt(r.nextInt(14));
                case 2 -> "z⁻¹δ₀∫⋈σπΣ∖é€😀".charAt(r.nextInt(13));
                case 3 -> (char) r.nextInt(0x10000);
                default -> (char) ('A' + r.nextInt(26));
            });
        }
        return sb.toString();
    }

    private String nonEmpty(int max) {
        String s = text(max);
        return s.isEmpty() ? "x" : s;
    }

    private CircuitDocument document() {
        CircuitDocument d = new CircuitDocument();
        d.setName(text(10)).setDescription(text(20));
        Circuit c = circuit(0);
        if (r.nextBoolean()) {
            c.setInputMode(Circuit.InputMode.CHANGES);
        }
        d.setCircuit(c);
        for (String id : c.allOperators().keySet()) {
            if (r.nextInt(3) == 0) {
                d.layout().put(id, coordinate(), coordinate());
            }
        }
        if (r.nextInt(4) == 0) {
            d.layout().put(nonEmpty(5), coordinate(), coordinate());
        }
        d.setScenario(scenario(c, true));
        d.setExpected(scenario(c, false));
        return d;
    }

    private double coordinate() {
        return switch (r.nextInt(4)) {
            case 0 -> r.nextInt(2000) - 1000;
            case 1 -> -0.0;
            case 2 -> r.nextDouble() * 1e6;
            default -> finite(Double.longBitsToDouble(r.nextLong()));
        };
    }

    /** Layout coordinates must be finite (the writer writes others as 0). */
    private static double finite(double d) {
        return Double.isFinite(d) ? d : 1.5;
    }

    private Circuit circuit(int depth) {
        Circuit c = new Circuit();
        List<String> ids = new ArrayList<>();
        for (int i = r.nextInt(depth == 0 ? 8 : 4); i > 0; i--) {
            OpKind kind = OpKind.values()[r.nextInt(OpKind.values().length)];
            if (kind == OpKind.NESTED && depth > 1) {
                kind = OpKind.PLUS;
            }
            String id = nonEmpty(4) + "#" + nextId++;
            Circuit child = kind == OpKind.NESTED ? circuit(depth + 1) : null;
            c.add(new Operator(id, kind, params(kind), child));
            ids.add(id);
        }
        for (int i = r.nextInt(6); i > 0; i--) {
            String from = ids.isEmpty() || r.nextInt(5) == 0 ? nonEmpty(3) : ids.get(r.nextInt(ids.size()));
            String to = ids.isEmpty() || r.nextInt(5) == 0 ? nonEmpty(3) : ids.get(r.nextInt(ids.size()));
            c.connect(new Stream(new PortRef(from, port()), new PortRef(to, port())));
        }
        return c;
    }

    private String port() {
        return nonEmpty(4).replace('.', '_');
    }

    private Params params(OpKind kind) {
        Map<String, Object> values = new LinkedHashMap<>();
        StreamType type = null;
        for (ParamSpec spec : kind.params()) {
            if (!spec.required() && r.nextBoolean()) {
                continue;
            }
            Object v = switch (spec.type()) {
                case STRING, EXPR -> kind == OpKind.INPUT || kind == OpKind.OUTPUT ? "n" + r.nextInt(4) : text(8);
                case CHOICE -> spec.choices().get(r.nextInt(spec.choices().size()));
                case INT -> r.nextBoolean() ? (long) r.nextInt(100) : r.nextLong();
                case BOOL -> r.nextBoolean();
                case EXPR_LIST, STRINGS -> strings();
                case NAMED_EXPRS -> namedExprs();
                case NAMED_EXPR_LISTS -> List.of(namedExprs(), namedExprs());
                case AGGREGATES -> List.of(new AggCall(AggFunction.COUNT, null, text(3)),
                        new AggCall(AggFunction.values()[r.nextInt(5)], text(5), text(3)));
                case TYPE -> type = streamType();
                case CHANGES -> changes(ScenarioCodec.schemaOf(type));
            };
            values.put(spec.name(), v);
        }
        return Params.of(kind, values);
    }

    private List<String> strings() {
        List<String> l = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            l.add(text(6));
        }
        return List.copyOf(l);
    }

    private List<NamedExpr> namedExprs() {
        List<NamedExpr> l = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            l.add(new NamedExpr(text(4), text(8)));
        }
        return List.copyOf(l);
    }

    private StreamType streamType() {
        return switch (r.nextInt(3)) {
            case 0 -> StreamType.Z;
            case 1 -> StreamType.zset(schema());
            default -> StreamType.indexed(schema(), schema());
        };
    }

    private RowSchema schema() {
        List<Column> cols = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            cols.add(new Column(text(4), SqlType.values()[r.nextInt(SqlType.values().length)], r.nextBoolean()));
        }
        return new RowSchema(cols);
    }

    /** Changes typed by {@code schema}, or with raw JSON types when it is null. */
    private List<Change> changes(RowSchema schema) {
        List<Change> l = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            long w = r.nextBoolean() ? 1 : r.nextLong();
            l.add(new Change(schema == null ? rawRow() : row(schema), w == 0 ? 1 : w));
        }
        return List.copyOf(l);
    }

    private Row row(RowSchema schema) {
        Object[] v = new Object[schema.size()];
        for (int i = 0; i < v.length; i++) {
            Column c = schema.column(i);
            v[i] = c.nullable() && r.nextInt(4) == 0 ? null : value(c.type());
        }
        return Row.wrap(v);
    }

    private Object value(SqlType t) {
        return switch (t) {
            case BOOLEAN -> r.nextBoolean();
            case INTEGER -> (long) r.nextInt();
            case BIGINT -> r.nextLong();
            case DOUBLE -> switch (r.nextInt(5)) {
                case 0 -> Double.NaN;
                case 1 -> r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                case 2 -> -0.0;
                case 3 -> Double.longBitsToDouble(r.nextLong());
                default -> r.nextGaussian() * 1000;
            };
            case DECIMAL -> decimal();
            case VARCHAR -> text(8);
            case DATE -> LocalDate.ofEpochDay(r.nextInt(3_000_000) - 700_000);
            case TIMESTAMP -> LocalDateTime.of(LocalDate.ofEpochDay(r.nextInt(100_000)),
                    java.time.LocalTime.ofNanoOfDay(r.nextInt(3) == 0 ? 0 : Math.floorMod(r.nextLong(), 86_400_000_000_000L)));
        };
    }

    private BigDecimal decimal() {
        return new BigDecimal(new BigInteger(r.nextInt(120) + 1, r), r.nextInt(80) - 40);
    }

    private Row rawRow() {
        Object[] v = new Object[r.nextInt(4)];
        for (int i = 0; i < v.length; i++) {
            v[i] = switch (r.nextInt(6)) {
                case 0 -> r.nextLong();
                case 1 -> decimal();
                case 2 -> text(6);
                case 3 -> r.nextBoolean();
                case 4 -> new BigDecimal(r.nextInt(1000));
                default -> null;
            };
        }
        return Row.wrap(v);
    }

    private Scenario scenario(Circuit c, boolean inputs) {
        Scenario s = new Scenario();
        Map<String, StreamType> names = new LinkedHashMap<>();
        for (Operator op : c.operatorsOfKind(inputs ? OpKind.INPUT : OpKind.OUTPUT)) {
            names.putIfAbsent(op.params().string("name"), inputs ? op.params().type("type") : null);
        }
        for (var e : names.entrySet()) {
            if (r.nextInt(3) > 0) {
                s.put(e.getKey(), steps(e.getValue(), !inputs));
            }
        }
        if (r.nextInt(4) == 0) {
            s.put("ghost" + r.nextInt(3), steps(null, true));
        }
        return s;
    }

    private List<StepData> steps(StreamType type, boolean raw) {
        List<StepData> steps = new ArrayList<>();
        boolean scalar = type instanceof StreamType.Integers || (type == null && r.nextBoolean());
        for (int i = r.nextInt(4); i > 0; i--) {
            steps.add(scalar ? StepData.scalar(r.nextLong()) : StepData.rows(changes(raw ? null : ScenarioCodec.schemaOf(type))));
        }
        return steps;
    }
}
