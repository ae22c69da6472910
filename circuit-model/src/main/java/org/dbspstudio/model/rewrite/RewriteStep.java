package org.dbspstudio.model.rewrite;

import java.util.List;
import java.util.Objects;
import org.dbspstudio.model.Circuit;

/**
 * One application of a rewrite rule, recorded so that the rewrite can be explained and replayed
 * rule by rule.
 *
 * @param rule        the rule's name ("Bilinear", "Distinct to H", ...)
 * @param theorem     the theorem or proposition of the theory it applies ("Theorem 3.4", ...)
 * @param description what it did, in words, naming operator ids
 * @param replaced    ids of the operators this step rewrote (some may survive unchanged)
 * @param created     ids of the operators this step added
 * @param after       a snapshot copy of the whole circuit after this step
 */
public record RewriteStep(String rule, String theorem, String description, List<String> replaced,
                          List<String> created, Circuit after) {
    public RewriteStep {
        Objects.requireNonNull(rule, "rule");
        theorem = theorem == null ? "" : theorem;
        description = description == null ? "" : description;
        replaced = List.copyOf(replaced);
        created = List.copyOf(created);
        Objects.requireNonNull(after, "after");
    }

    /** One line: {@code [rule] (theorem) description}. */
    public String summary() {
        return "[" + rule + "]" + (theorem.isEmpty() ? "" : " (" + theorem + ")") + " " + description;
    }
}
