package org.dbspstudio.model.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.ParamSpec;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.rewrite.Expansions;
import org.dbspstudio.model.export.DotExport;
import org.dbspstudio.model.ParamCheck;

/**
 * Random, mostly broken circuits (random kinds, parameters that are absent, plausible or of the
 * wrong class, streams between random ports, nested circuits, streams across levels): the checks
 * never throw, are deterministic, and every diagnostic points at things that exist.
 */
class RobustnessProperties {
    private static final Set<String> CODES = Set.of("DUPLICATE_ID", "BAD_ID", "UNKNOWN_OPERATOR", "UNKNOWN_PORT",
            "WRONG_DIRECTION", "BOUNDARY_CROSSING", "UNCONNECTED_INPUT", "MULTIPLY_FED", "UNUSED_OUTPUT",
            "MISPLACED_OPERATOR", "DUPLICATE_PORT", "MISSING_PARAM", "BAD_PARAM", "UNKNOWN_PARAM", "DUPLICATE_NAME",
            "ALGEBRAIC_LOOP", "TYPE_MISMATCH", "TYPE_ERROR", "EXPR_ERROR", "TYPE_UNKNOWN");

    private static final class Gen {
        final Random r;
        int next;
        final List<Circuit> levels = new ArrayList<>();

        Gen(long seed) {
            r = new Random(seed);
        }

        Object plausible(ParamSpec spec) {
            return switch (spec.type()) {
                case STRING -> r.nextBoolean() ? "a" : "b";
                case INT -> (long) r.nextInt(3);
                case BOOL -> r.nextBoolean();
                case CHOICE -> r.nextInt(4) == 0 ? "bogus" : spec.choices().get(r.nextInt(spec.choices().size()));
                case EXPR -> List.of("id > 1", "u + v", "name", "1 +", "nme = 'a'").get(r.nextInt(5));
                case EXPR_LIST -> List.of(r.nextBoolean() ? "id" : "name");
                case NAMED_EXPRS -> List.of(new NamedExpr("k", r.nextBoolean() ? "id" : "l.id"));
                case NAMED_EXPR_LISTS -> List.of(List.of(new NamedExpr("k", "id")), List.of(new NamedExpr("k", "id + 1")));
                case AGGREGATES -> List.of(new AggCall(AggFunction.values()[r.nextInt(5)], r.nextBoolean() ? null : "id", "c"));
                case TYPE -> r.nextBoolean() ? StreamType.Z : Fixtures.ROWS;
                case STRINGS -> r.nextBoolean() ? List.of("u", "v") : List.of("u");
                case CHANGES -> List.of(new Change(Row.of(1L, "a"), 1));
            };
        }

        Object wrong() {
            return List.of(42, "text", List.of(1, 2), 3.5, true).get(r.nextInt(5));
        }

        Operator op(int depth) {
            OpKind[] kinds = OpKind.values();
            OpKind k = kinds[r.nextInt(kinds.length)];
            if (k == OpKind.NESTED && depth > 1) {
                k = OpKind.PLUS;
            }
            Map<String, Object> params = new LinkedHashMap<>();
            for (ParamSpec spec : k.params()) {
                int roll = r.nextInt(10);
                if (roll < 6) {
                    params.put(spec.name(), plausible(spec));
                } else if (roll < 7) {
                    params.put(spec.name(), wrong());
                }
            }
            if (r.nextInt(20) == 0) {
                params.put("extra", 1L);
            }
            String id = r.nextInt(30) == 0 && next > 0 ? "o" + r.nextInt(next) : "o" + next++;
            return new Operator(id, k, Params.of(k, params), k == OpKind.NESTED ? circuit(depth + 1) : null);
        }

        Circuit circuit(int depth) {
            Circuit c = new Circuit();
            levels.add(c);
            int n = 1 + r.nextInt(depth == 0 ? 8 : 5);
            for (int i = 0; i < n; i++) {
                Operator op = op(depth);
                if (!c.contains(op.id())) {
                    c.add(op);
                }
            }
            List<Operator> ops = new ArrayList<>(c.operators());
            int m = r.nextInt(2 * n + 1);
            for (int i = 0; i < m; i++) {
                c.connect(new Stream(end(ops, true), end(ops, false)));
            }
            return c;
        }

        PortRef end(List<Operator> ops, boolean source) {
            Operator op = ops.get(r.nextInt(ops.size()));
            if (r.nextInt(12) == 0) {
                return new PortRef(r.nextBoolean() ? "ghost" : "o" + r.nextInt(Math.max(1, next)), "out");
            }
            List<?> ports;
            try {
                ports = source ? op.outputPorts() : op.inputPorts();
            } catch (RuntimeException e) {
                ports = List.of();
            }
            if (ports.isEmpty() || r.nextInt(10) == 0) {
                return new PortRef(op.id(), List.of("in", "out", "a", "zz").get(r.nextInt(4)));
            }
            return new PortRef(op.id(), String.valueOf(ports.get(r.nextInt(ports.size()))));
        }
    }

    @Property(tries = 400)
    void checksNeverThrowAndPointAtExistingThings(@ForAll long seed) {
        Gen g = new Gen(seed);
        Circuit c = g.circuit(0);
        List<Diagnostic> ds = Validator.validate(c);
        assertThat(Validator.validate(c)).isEqualTo(ds);
        TypeInference.infer(c);
        assertThat(DotExport.toDot(c)).startsWith("digraph");

        Set<String> ids = new HashSet<>();
        Set<String> streams = new HashSet<>();
        for (Circuit level : g.levels) {
            ids.addAll(level.operatorIds());
            level.streams().forEach(s -> {
                streams.add(s.id());
                ids.add(s.from().op());
                ids.add(s.to().op());
            });
        }
        for (Diagnostic d : ds) {
            assertThat(CODES).contains(d.code());
            assertThat(d.message()).isNotBlank();
            assertThat(d.where()).isNotBlank();
            assertThat(ids).containsAll(d.operators());
            assertThat(streams).containsAll(d.streams());
        }
    }

    @Property(tries = 200)
    void expandingEveryIntegrateAndDifferentiateKeepsTheVerdictOnTypes(@ForAll long seed) {
        Gen g = new Gen(seed);
        Circuit c = g.circuit(0);
        if (ParamCheck.portsBroken(c) || c.allOperators().size() != countDeep(c)) {
            return; // duplicate ids or underivable ports: expansion needs a sane document
        }
        InferredTypes before = TypeInference.infer(c);
        List<String> candidates = c.allOperators().values().stream().filter(Expansions::canExpand)
                .filter(o -> ParamCheck.ok(o)).map(Operator::id).toList();
        Circuit copy = c.copy();
        List<String> expandable = new ArrayList<>();
        for (String id : candidates) {
            try {
                Expansions.expand(copy, id);
                expandable.add(id);
            } catch (IllegalArgumentException e) {
                // a stream reaching it through a port it does not have: refused, the circuit unchanged
                assertThat(e.getMessage()).contains("does not have", id);
            }
        }
        InferredTypes after = TypeInference.infer(copy);
        // every stream that survives keeps its type; loops and wiring problems are unchanged
        for (var e : before.all().entrySet()) {
            if (!expandable.contains(e.getKey().op())) {
                assertThat(after.typeOf(e.getKey())).as(e.getKey().toString()).isEqualTo(e.getValue());
            }
        }
        for (String id : expandable) {
            StreamType t = before.typeOf(new PortRef(id, "out"));
            String main = copy.allOperators().containsKey(id + "_plus") ? id + "_plus" : id + "_minus";
            assertThat(after.typeOf(new PortRef(main, "out"))).as(id).isEqualTo(t);
        }
        assertThat(codesOf(Validator.validate(copy), "ALGEBRAIC_LOOP").size())
                .isEqualTo(codesOf(Validator.validate(c), "ALGEBRAIC_LOOP").size());
    }

    private static List<Diagnostic> codesOf(List<Diagnostic> ds, String code) {
        return ds.stream().filter(d -> d.code().equals(code)).toList();
    }

    private static int countDeep(Circuit c) {
        int[] n = {0};
        c.forEachDeep(o -> n[0]++);
        return n[0];
    }
}
