package org.dbspstudio.model;

/**
 * The kind of value a parameter holds, with the Java class used for it in {@link Params}:
 * STRING → String; INT → Long; BOOL → Boolean; CHOICE → String (one of the spec's choices);
 * EXPR → String (SQL expression text); EXPR_LIST → List&lt;String&gt;;
 * NAMED_EXPRS → List&lt;{@link NamedExpr}&gt;; NAMED_EXPR_LISTS → List&lt;List&lt;NamedExpr&gt;&gt;;
 * AGGREGATES → List&lt;{@link AggCall}&gt;; TYPE → {@link org.dbspstudio.model.types.StreamType};
 * STRINGS → List&lt;String&gt;; CHANGES → List&lt;{@link Change}&gt;.
 */
public enum ParamType {
    STRING, INT, BOOL, CHOICE, EXPR, EXPR_LIST, NAMED_EXPRS, NAMED_EXPR_LISTS, AGGREGATES, TYPE, STRINGS, CHANGES
}
