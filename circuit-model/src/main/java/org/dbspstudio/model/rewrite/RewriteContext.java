package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.dbspstudio.model.Circuit;

/**
 * The state shared by the rules of one rewrite: the working circuit (a copy of the input), the
 * log, and the integrators that {@link WrapRule} placed on the snapshot boundary (the
 * "frontier" that {@link ChainRule} pushes through the circuit).
 */
public final class RewriteContext {
    private final Circuit root;
    private final List<RewriteStep> log = new ArrayList<>();
    private final Set<String> frontier = new LinkedHashSet<>();
    private final OperatorRules operatorRules;
    private DeltaLevel topLevel;
    private final Circuit original;
    private org.dbspstudio.model.typing.InferredTypes originalTypes;

    public RewriteContext(Circuit root) {
        this(root, OperatorRules.standard());
    }

    public RewriteContext(Circuit root, OperatorRules operatorRules) {
        this.root = root;
        this.operatorRules = operatorRules;
        this.original = root.copy();
    }

    /**
     * The type of the stream feeding input {@code port} of operator {@code opId} in the circuit as
     * it was before any rule ran (typed once, on first use), or null when that operator or port did
     * not exist there or its type is unknown. Rules that build operators needing column names and
     * types (the outer joins' NULL padding) read their inputs' row types here.
     */
    public org.dbspstudio.model.types.StreamType originalInputType(String opId, String port) {
        if (originalTypes == null) {
            originalTypes = org.dbspstudio.model.typing.TypeInference.infer(original);
        }
        return original.owner(opId)
                .flatMap(level -> level.feeding(new org.dbspstudio.model.PortRef(opId, port)))
                .map(s -> originalTypes.typeOf(s.from()))
                .orElse(null);
    }

    /** The per-operator rules the chain rule uses at the top level. */
    public OperatorRules operatorRules() {
        return operatorRules;
    }

    DeltaLevel topLevel() {
        return topLevel;
    }

    void setTopLevel(DeltaLevel level) {
        this.topLevel = level;
    }

    /** The working circuit; rules mutate it. */
    public Circuit root() {
        return root;
    }

    public List<RewriteStep> log() {
        return Collections.unmodifiableList(log);
    }

    /** Ids of the top-level integrators that still separate changes (before) from snapshots (after). */
    public Set<String> frontier() {
        return frontier;
    }

    /** An id unused anywhere in the working circuit, nested circuits included. */
    public String freshId(String base) {
        return root.freshId(base);
    }

    /** Records one rule application with a snapshot of the circuit as it is now. */
    public void record(String rule, String theorem, String description, List<String> replaced, List<String> created) {
        log.add(new RewriteStep(rule, theorem, description, replaced, created, root.copy()));
    }
}
