package org.dbspstudio.model.typing;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.types.StreamType;

/**
 * Remembers {@link Typing#outputTypes} results by kind, parameters and input types (the rule
 * does not look at the operator's id), so that re-validating a circuit after an edit, and the
 * rounds of feedback typing, do not parse the same expressions again. Bounded, least recently
 * used first out; safe to share between threads.
 */
final class TypingCache {
    private static final int CAPACITY = 8192;

    /** The outcome of typing: output types, or the error. */
    record Result(Map<String, StreamType> out, Typing.TypeError error) {
    }

    private record Key(OpKind kind, Params params, Map<String, StreamType> in) {
    }

    private static final Map<Key, Result> CACHE = Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Result> eldest) {
            return size() > CAPACITY;
        }
    });

    private TypingCache() {
    }

    /** {@link Typing#outputTypes} of a non-nested operator, remembered. */
    static Result type(Operator op, Map<String, StreamType> in) {
        Key key = new Key(op.kind(), op.params(), Map.copyOf(in));
        Result r = CACHE.get(key);
        if (r == null) {
            try {
                r = new Result(Map.copyOf(Typing.outputTypes(op, in)), null);
            } catch (Typing.TypeError e) {
                r = new Result(Map.of(), e);
            }
            CACHE.put(key, r);
        }
        return r;
    }
}
