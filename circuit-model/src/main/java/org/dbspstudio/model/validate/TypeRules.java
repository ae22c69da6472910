package org.dbspstudio.model.validate;

import java.util.List;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Typing;
import org.dbspstudio.model.types.StreamType;

/**
 * The group each input port of a kind accepts, checked before {@link Typing} so that a wrong
 * stream is reported on the stream itself with both types.
 */
final class TypeRules {
    private TypeRules() {
    }

    /** Input ports that must carry the same type (plus, minus, union, difference, H), else empty. */
    static List<String> sameTypePorts(Operator op) {
        return switch (op.kind()) {
            case PLUS, MINUS, UNION, DIFFERENCE -> List.of("a", "b");
            case H -> List.of("integrated", "delta");
            default -> List.of();
        };
    }

    /** What a port needs, as words for a message, or null when {@code t} is acceptable there. */
    static String unacceptable(Operator op, StreamType t) {
        return switch (op.kind()) {
            case FILTER, MAP, FLATMAP, INDEX, JOIN, PRODUCT, ANTIJOIN ->
                    t instanceof StreamType.ZSet ? null : "a Z-set of rows";
            case AGGREGATE -> t instanceof StreamType.Integers ? "a Z-set or an indexed Z-set" : null;
            case SCALAR -> t instanceof StreamType.Integers ? null : "a Z stream (integers)";
            default -> null;
        };
    }

    /** Whether two types are the same group (column names aside). */
    static boolean same(StreamType a, StreamType b) {
        return Typing.sameGroup(a, b);
    }
}
