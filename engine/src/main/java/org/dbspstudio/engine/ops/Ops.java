package org.dbspstudio.engine.ops;

import java.util.EnumMap;
import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.model.OpKind;

/**
 * The operator catalog's implementations: one factory per {@link OpKind}, dispatched by kind.
 * Every kind of the catalog has one (checked by a test).
 */
public final class Ops {
    /** Builds the runtime of one operator. */
    @FunctionalInterface
    public interface Factory {
        OpNode create(Build b) throws EngineException;
    }

    private static final Map<OpKind, Factory> FACTORIES = new EnumMap<>(OpKind.class);

    static {
        FACTORIES.put(OpKind.INPUT, Sources::input);
        FACTORIES.put(OpKind.OUTPUT, Sources::output);
        FACTORIES.put(OpKind.CONSTANT, Sources::constant);
        FACTORIES.put(OpKind.DELTA0, Sources::delta0);
        FACTORIES.put(OpKind.INTEGRAL, Sources::integral);
        FACTORIES.put(OpKind.PLUS, Linear::plus);
        FACTORIES.put(OpKind.MINUS, Linear::minus);
        FACTORIES.put(OpKind.NEGATE, Linear::negate);
        FACTORIES.put(OpKind.FILTER, Linear::filter);
        FACTORIES.put(OpKind.MAP, Linear::map);
        FACTORIES.put(OpKind.FLATMAP, Linear::flatmap);
        FACTORIES.put(OpKind.INDEX, Linear::index);
        FACTORIES.put(OpKind.DELAY, Clocked::delay);
        FACTORIES.put(OpKind.INTEGRATE, Clocked::integrate);
        FACTORIES.put(OpKind.DIFFERENTIATE, Clocked::differentiate);
        FACTORIES.put(OpKind.JOIN, Joins::join);
        FACTORIES.put(OpKind.PRODUCT, Joins::product);
        FACTORIES.put(OpKind.ANTIJOIN, Joins::antijoin);
        FACTORIES.put(OpKind.DISTINCT, Distincts::distinct);
        FACTORIES.put(OpKind.UNION, Distincts::union);
        FACTORIES.put(OpKind.DIFFERENCE, Distincts::difference);
        FACTORIES.put(OpKind.H, Distincts::h);
        FACTORIES.put(OpKind.AGGREGATE, AggregateNode::create);
        FACTORIES.put(OpKind.SCALAR, ScalarNode::create);
        FACTORIES.put(OpKind.NESTED, NestedNode::create);
    }

    private Ops() {
    }

    /** The factory for a kind. */
    public static Factory factory(OpKind kind) {
        Factory f = FACTORIES.get(kind);
        if (f == null) {
            throw new IllegalStateException("no implementation for operator kind " + kind);
        }
        return f;
    }

    public static boolean implemented(OpKind kind) {
        return FACTORIES.containsKey(kind);
    }
}
