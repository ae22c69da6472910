package org.dbspstudio.model.rewrite;

/**
 * A circuit-level rewrite rule of the incrementalization pipeline. A rule mutates the working
 * circuit of the context and records each of its applications with
 * {@link RewriteContext#record}.
 */
public interface RewriteRule {
    /** A short, stable name shown in explanations. */
    String name();

    /** The theorem or proposition of the theory the rule applies (may be empty). */
    String theorem();

    /** Applies the rule (as often as it applies) to the context's circuit. */
    void apply(RewriteContext ctx);
}
