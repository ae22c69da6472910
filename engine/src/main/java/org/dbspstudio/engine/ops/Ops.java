package org.dbspstudio.engine.ops;

import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.model.OpKind;

/**
 * The operator catalog's implementations: one factory per {@link OpKind}, dispatched by kind in an
 * exhaustive switch, so a kind added to the catalog without a runtime does not compile.
 */
public final class Ops {
    /** Builds the runtime of one operator. */
    @FunctionalInterface
    public interface Factory {
        OpNode create(Build b) throws EngineException;
    }

    private Ops() {
    }

    /** The factory for a kind. */
    public static Factory factory(OpKind kind) {
        return switch (kind) {
            case INPUT -> Sources::input;
            case OUTPUT -> Sources::output;
            case CONSTANT -> Sources::constant;
            case DELTA0 -> Sources::delta0;
            case INTEGRAL -> Sources::integral;
            case PLUS -> Linear::plus;
            case MINUS -> Linear::minus;
            case NEGATE -> Linear::negate;
            case FILTER -> Linear::filter;
            case MAP -> Linear::map;
            case FLATMAP -> Linear::flatmap;
            case INDEX -> Linear::index;
            case DELAY -> Clocked::delay;
            case INTEGRATE -> Clocked::integrate;
            case DIFFERENTIATE -> Clocked::differentiate;
            case JOIN -> Joins::join;
            case PRODUCT -> Joins::product;
            case SEMIJOIN -> Joins::semijoin;
            case WEIGHTED_SEMIJOIN -> Joins::weightedSemijoin;
            case ANTIJOIN -> Joins::antijoin;
            case LEFT_JOIN, RIGHT_JOIN, FULL_JOIN -> Joins::outerJoin;
            case STREAM_JOIN -> Joins::streamJoin;
            case DISTINCT -> Distincts::distinct;
            case UNION -> Distincts::union;
            case DIFFERENCE -> Distincts::difference;
            case H -> Distincts::h;
            case INTERSECT -> SetOps::intersect;
            case EXCEPT -> SetOps::except;
            case H_SET -> SetOps::hset;
            case AGGREGATE -> AggregateNode::create;
            case TOP_K -> TopKNode::create;
            case OVER, OVER_DELTA -> WindowAggregateNode::create;
            case TIME_WINDOW -> Windows::timeWindow;
            case WINDOW -> Windows::window;
            case WINDOW_INTEGRATE -> Windows::windowIntegrate;
            case SCALAR -> ScalarNode::create;
            case NESTED -> NestedNode::create;
        };
    }
}
