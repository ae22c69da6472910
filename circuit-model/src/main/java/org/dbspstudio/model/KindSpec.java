package org.dbspstudio.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.dbspstudio.model.typing.Typing;

/**
 * Everything the project knows about one operator kind apart from its typing rule ({@link Typing})
 * and its runtime (the engine's {@code Ops}). Validation, type inference, the rewrites, the engine's
 * compiler, DOT export, the palette and the editor read these fields; none of them lists kinds.
 * Built with {@link #kind} and named setters, one entry per kind in {@link OpKind}.
 *
 * @param json               the name in JSON files
 * @param glyph              the mathematical symbol drawn on the box
 * @param title              the name shown in the palette and in messages
 * @param category           the palette group
 * @param inputs             the fixed input ports, each with the group of streams it accepts (empty when derived)
 * @param derivedInputs      for kinds whose input ports come from parameters or the child circuit: how to
 *                           read them; null for fixed ports
 * @param derivedAccept      what a derived input port accepts
 * @param outputs            the fixed output ports
 * @param derivedOutputs     for kinds whose output ports come from the child circuit; null for fixed ports
 * @param portParam          the parameter naming the ports (a scalar function's {@code inputs}, a {@code δ₀}
 *                           or {@code ∫} {@code port}), or null
 * @param sharedGroup        whether all inputs must carry one group, which is also the output's
 *                           ({@code +}, {@code −}, union, difference, H)
 * @param incrementalization how Algorithm 4.6 rewrites it; its {@link #algebra()} follows
 * @param strict             whether its output at time t depends only on inputs before t ({@code z⁻¹})
 * @param clocked            whether it takes the {@code clock} parameter (inner or outer clock)
 * @param stateful           whether it keeps state between steps
 * @param positiveOutput     when its output is known positive
 * @param distinctAbsorption whether a distinct on its input may be dropped under an outer distinct
 * @param inverse            the JSON name of the kind it cancels against ({@code I} and {@code D}), or null
 * @param params             its parameters
 * @param label              the short label on its box (glyph and main parameter)
 * @param dotShape           the Graphviz node shape
 * @param starting           the parameters of a new operator from the palette, given its fresh id
 */
public record KindSpec(String json, String glyph, String title, Category category,
                       List<Port> inputs, Function<Operator, List<String>> derivedInputs, Accepts derivedAccept,
                       List<String> outputs, Function<Operator, List<String>> derivedOutputs, String portParam,
                       boolean sharedGroup, Incrementalization incrementalization, boolean strict, boolean clocked,
                       boolean stateful, PositiveOutput positiveOutput, DistinctAbsorption distinctAbsorption,
                       String inverse, List<ParamSpec> params, Function<Operator, String> label, String dotShape,
                       Function<String, Map<String, Object>> starting) {

    /** An input port and the group of streams it accepts. */
    public record Port(String name, Accepts accepts) {
    }

    /** An input port. */
    public static Port port(String name, Accepts accepts) {
        return new Port(name, accepts);
    }

    /** How the operator behaves with respect to the group operations; follows from its incrementalization. */
    public Algebra algebra() {
        return incrementalization.algebra();
    }

    /** The names of the fixed input ports. */
    public List<String> inputNames() {
        return inputs.stream().map(Port::name).toList();
    }

    /** What input port {@code name} accepts ({@link Accepts#ANY} for an unknown port). */
    public Accepts accepts(String name) {
        if (derivedInputs != null) {
            return derivedAccept;
        }
        return inputs.stream().filter(p -> p.name().equals(name)).map(Port::accepts).findFirst().orElse(Accepts.ANY);
    }

    /** Starts the spec of a kind; the setters below fill in the rest. */
    public static Builder kind(String json, String glyph, String title, Category category) {
        return new Builder(json, glyph, title, category);
    }

    /** Named setters for a {@link KindSpec}; unset fields keep the defaults documented on each. */
    public static final class Builder {
        private final String json;
        private final String glyph;
        private final String title;
        private final Category category;
        private final List<Port> inputs = new ArrayList<>();
        private Function<Operator, List<String>> derivedInputs;
        private Accepts derivedAccept = Accepts.ANY;
        private final List<String> outputs = new ArrayList<>();
        private Function<Operator, List<String>> derivedOutputs;
        private String portParam;
        private boolean sharedGroup;
        private Incrementalization incrementalization;
        private boolean strict;
        private boolean clocked;
        private boolean stateful;
        private PositiveOutput positiveOutput = PositiveOutput.NEVER;
        private DistinctAbsorption distinctAbsorption = DistinctAbsorption.NONE;
        private String inverse;
        private final List<ParamSpec> params = new ArrayList<>();
        private Function<Operator, String> label;
        private String dotShape = "box";
        private Function<String, Map<String, Object>> starting = id -> Map.of();

        private Builder(String json, String glyph, String title, Category category) {
            this.json = json;
            this.glyph = glyph;
            this.title = title;
            this.category = category;
            this.label = op -> glyph;
        }

        /** An input port accepting {@code accepts}. */
        public Builder input(String name, Accepts accepts) {
            inputs.add(new Port(name, accepts));
            return this;
        }

        /** Input ports read from the operator (its parameters or child), each accepting {@code accepts}. */
        public Builder inputsFrom(Function<Operator, List<String>> ports, Accepts accepts) {
            this.derivedInputs = ports;
            this.derivedAccept = accepts;
            return this;
        }

        /** An output port. */
        public Builder output(String name) {
            outputs.add(name);
            return this;
        }

        /** Output ports read from the operator's child circuit. */
        public Builder outputsFrom(Function<Operator, List<String>> ports) {
            this.derivedOutputs = ports;
            return this;
        }

        /** The parameter that names the ports (checked before ports are derived). */
        public Builder portParam(String name) {
            this.portParam = name;
            return this;
        }

        /** All inputs carry one group, which is the output's. Default: no such constraint. */
        public Builder sharedGroup() {
            this.sharedGroup = true;
            return this;
        }

        /** How Algorithm 4.6 rewrites it (required); the algebra follows. */
        public Builder incrementalization(Incrementalization how) {
            this.incrementalization = how;
            return this;
        }

        /** Strict: its output at t depends only on inputs before t. Default: not strict. */
        public Builder strict() {
            this.strict = true;
            return this;
        }

        /** Keeps state between steps. Default: stateless. */
        public Builder stateful() {
            this.stateful = true;
            return this;
        }

        /** Takes the {@code clock} parameter (and so is stateful). */
        public Builder clocked() {
            this.clocked = true;
            this.stateful = true;
            this.params.add(ParamSpec.choice("clock", Clock.INNER.json(), "which clock it delays or integrates over:"
                    + " the circuit's own ('inner'), or, inside a nested circuit, the outer one ('outer', kept per"
                    + " inner iteration)", Clock.jsonNames()));
            return this;
        }

        /** When its output is known positive. Default: {@link PositiveOutput#NEVER}. */
        public Builder positive(PositiveOutput when) {
            this.positiveOutput = when;
            return this;
        }

        /** Whether an inner distinct on its input may be dropped. Default: {@link DistinctAbsorption#NONE}. */
        public Builder absorbsDistinct(DistinctAbsorption when) {
            this.distinctAbsorption = when;
            return this;
        }

        /** The kind (by JSON name) that cancels it when composed with it. */
        public Builder inverse(String json) {
            this.inverse = json;
            return this;
        }

        /** Its parameters. */
        public Builder params(ParamSpec... specs) {
            params.addAll(List.of(specs));
            return this;
        }

        /** Its box label. Default: the glyph. */
        public Builder label(Function<Operator, String> label) {
            this.label = label;
            return this;
        }

        /** Its Graphviz node shape. Default: {@code box}. */
        public Builder dotShape(String shape) {
            this.dotShape = shape;
            return this;
        }

        /** The parameters of a new operator from the palette, as name/value pairs. Default: none. */
        public Builder starting(Object... keyValues) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < keyValues.length; i += 2) {
                m.put((String) keyValues[i], keyValues[i + 1]);
            }
            Map<String, Object> fixed = java.util.Collections.unmodifiableMap(m);
            this.starting = id -> fixed;
            return this;
        }

        /** The parameters of a new operator from the palette, computed from its fresh id. */
        public Builder startingFrom(Function<String, Map<String, Object>> starting) {
            this.starting = starting;
            return this;
        }

        KindSpec build() {
            Objects.requireNonNull(incrementalization, () -> json + ": incrementalization is required");
            return new KindSpec(json, glyph, title, category, List.copyOf(inputs), derivedInputs, derivedAccept,
                    List.copyOf(outputs), derivedOutputs, portParam, sharedGroup, incrementalization, strict, clocked,
                    stateful, positiveOutput, distinctAbsorption, inverse, List.copyOf(params), label, dotShape, starting);
        }
    }
}
