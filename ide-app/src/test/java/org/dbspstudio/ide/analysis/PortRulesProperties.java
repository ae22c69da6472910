package org.dbspstudio.ide.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.validate.Validator;

/**
 * The refusal shown while a wire is dragged agrees with the model: a connection is refused for its
 * type exactly when the validator, once the stream exists, reports a type mismatch on it.
 */
class PortRulesProperties {
    /** Sources of the three type groups: integers, a Z-set of rows, an indexed Z-set. */
    private static final List<String> SOURCES = List.of("z.out", "rows.out", "idx.out");

    /** Destination kinds, with parameters that are valid for the row source. */
    private static final List<Operator> TARGETS = List.of(
            Operator.of("t", OpKind.FILTER, "predicate", "id > 1"),
            Operator.of("t", OpKind.MAP, "projection", List.of(new NamedExpr("id", "id"))),
            Operator.of("t", OpKind.INDEX, "keys", List.of(new NamedExpr("id", "id"))),
            Operator.of("t", OpKind.AGGREGATE, "aggregates", List.of(new AggCall(AggFunction.COUNT, null, "n"))),
            Operator.of("t", OpKind.SCALAR, "inputs", List.of("x"), "expr", "x + 1"),
            Operator.of("t", OpKind.DISTINCT),
            Operator.of("t", OpKind.NEGATE),
            Operator.of("t", OpKind.DELAY),
            Operator.of("t", OpKind.PLUS),
            Operator.of("t", OpKind.UNION),
            Operator.of("t", OpKind.H),
            Operator.of("t", OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("id")),
            Operator.of("t", OpKind.PRODUCT));

    @Provide
    Arbitrary<String> source() {
        return Arbitraries.of(SOURCES);
    }

    @Provide
    Arbitrary<Operator> target() {
        return Arbitraries.of(TARGETS);
    }

    @Property(tries = 200)
    void refusedForItsTypeExactlyWhenTheValidatorReportsAMismatch(@ForAll("source") String from,
                                                                   @ForAll("target") Operator target,
                                                                   @ForAll("source") String other) {
        Circuit c = sources().add(target);
        List<String> ports = target.inputPorts();
        PortRef to = new PortRef("t", ports.get(ports.size() - 1));
        if (ports.size() == 2) {
            // the sibling input is already wired; for a join or product with a valid stream, since
            // the validator reports only the first wrong input of those
            boolean relational = target.kind() == OpKind.JOIN || target.kind() == OpKind.PRODUCT;
            c.connect(relational ? "rows.out" : other, "t." + ports.get(0));
        }
        Optional<String> refusal = PortRules.refusal(c, TypeInference.infer(c), PortRef.parse(from), to);

        Stream added = new Stream(PortRef.parse(from), to);
        c.connect(added);
        boolean mismatch = Validator.validate(c).stream()
                .anyMatch(d -> d.code().equals("TYPE_MISMATCH") && d.streams().contains(added.id()));
        assertThat(refusal.isPresent()).as(from + " → " + target.kind() + " (" + refusal.orElse("allowed") + ")")
                .isEqualTo(mismatch);
    }

    @Example
    void refusesAnInputThatIsAlreadyFedAndPortsOfTheWrongDirection() {
        Circuit c = sources().add(Operator.of("t", OpKind.NEGATE)).connect("z.out", "t.in");
        var types = TypeInference.infer(c);
        assertThat(PortRules.refusal(c, types, PortRef.parse("rows.out"), PortRef.parse("t.in")))
                .hasValueSatisfying(m -> assertThat(m).contains("already fed"));
        assertThat(PortRules.refusal(c, types, PortRef.parse("t.in"), PortRef.parse("t.in"))).isPresent();
        assertThat(PortRules.refusal(c, types, PortRef.parse("z.out"), PortRef.parse("rows.out"))).isPresent();
    }

    @Example
    void anUnknownTypeNeverBlocks() {
        Circuit c = sources().add(Operator.of("n", OpKind.NEGATE))
                .add(Operator.of("t", OpKind.FILTER, "predicate", "id > 1"));
        assertThat(PortRules.refusal(c, TypeInference.infer(c), PortRef.parse("n.out"), PortRef.parse("t.in"))).isEmpty();
        assertThat(PortRules.refusal(c, null, PortRef.parse("z.out"), PortRef.parse("t.in"))).isEmpty();
    }

    private static Circuit sources() {
        RowSchema row = RowSchema.of(Column.of("id", SqlType.BIGINT), Column.of("name", SqlType.VARCHAR));
        return new Circuit()
                .add(Operator.of("z", OpKind.INPUT, "name", "z", "type", StreamType.Z))
                .add(Operator.of("rows", OpKind.INPUT, "name", "rows", "type", StreamType.zset(row)))
                .add(Operator.of("idx", OpKind.INDEX, "keys", List.of(new NamedExpr("id", "id"))))
                .connect("rows.out", "idx.in");
    }
}
