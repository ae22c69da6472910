package org.dbspstudio.ide.analysis;

import java.util.Optional;
import org.dbspstudio.model.Accepts;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.typing.Typing;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;

/**
 * Whether a stream may be drawn from an output port to an input port, and if not, why: the refusal
 * shown while a wire is dragged, before the stream exists. Types come from the model's
 * {@link org.dbspstudio.model.typing.TypeInference}; an unknown type never blocks a connection
 * (validation reports it). The group each port accepts, and whether a kind's inputs share one
 * group, are the catalog's ({@link org.dbspstudio.model.KindSpec}), which validation reads too.
 */
public final class PortRules {
    private PortRules() {
    }

    /** Empty when the connection is allowed, else the reason it is refused. */
    public static Optional<String> refusal(Circuit c, InferredTypes types, PortRef from, PortRef to) {
        Operator src = c.op(from.op());
        Operator dst = c.op(to.op());
        if (src == null || dst == null) {
            return Optional.of("unknown operator");
        }
        if (!src.outputPorts().contains(from.port())) {
            return Optional.of(from + " is not an output port");
        }
        if (!dst.inputPorts().contains(to.port())) {
            return Optional.of(to + " is not an input port");
        }
        for (Stream s : c.streams()) {
            if (s.to().equals(to)) {
                return Optional.of("input " + to + " is already fed by " + s.from());
            }
        }
        StreamType t = types == null ? null : types.typeOf(from);
        if (t == null) {
            return Optional.empty();
        }
        Accepts accepts = dst.kind().spec().accepts(to.port());
        if (!accepts.accepts(t)) {
            return Optional.of(dst.kind().title() + " needs " + accepts.needs() + ", but " + from + " carries " + t);
        }
        if (dst.kind().spec().sharedGroup()) {
            for (Stream s : c.streamsInto(dst.id())) {
                StreamType other = types.typeOf(s.from());
                if (other != null && !s.from().equals(from) && !Typing.sameGroup(other, t)) {
                    return Optional.of("'" + s.to().port() + "' of " + dst.id() + " is " + other + " but "
                            + from + " carries " + t);
                }
            }
        }
        return Optional.empty();
    }
}
