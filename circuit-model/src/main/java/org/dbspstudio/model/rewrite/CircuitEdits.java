package org.dbspstudio.model.rewrite;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;

/** Small graph edits and queries on one circuit level, shared by the rules. */
final class CircuitEdits {
    private CircuitEdits() {
    }

    static PortRef out(String op) {
        return new PortRef(op, "out");
    }

    static PortRef in(String op) {
        return new PortRef(op, "in");
    }

    /** The source feeding an input port, or null. */
    static PortRef source(Circuit c, PortRef input) {
        for (Stream s : c.streams()) {
            if (s.to().equals(input)) {
                return s.from();
            }
        }
        return null;
    }

    /** The input ports fed by an output port, in stream order. */
    static List<PortRef> consumers(Circuit c, PortRef output) {
        List<PortRef> l = new ArrayList<>();
        for (Stream s : c.streams()) {
            if (s.from().equals(output)) {
                l.add(s.to());
            }
        }
        return l;
    }

    /** Makes every consumer of {@code from} read {@code to} instead. */
    static void moveConsumers(Circuit c, PortRef from, PortRef to) {
        for (PortRef dest : consumers(c, from)) {
            c.disconnect(new Stream(from, dest));
            c.connect(new Stream(to, dest));
        }
    }

    /** Re-points the stream entering {@code input} to come from {@code newSource}. */
    static void refeed(Circuit c, PortRef input, PortRef newSource) {
        PortRef old = source(c, input);
        if (old != null) {
            c.disconnect(new Stream(old, input));
        }
        c.connect(new Stream(newSource, input));
    }

    /** Parameters for a created delay/integrate/differentiate on the given clock. */
    static Params clockParams(OpKind kind, String clock) {
        return "outer".equals(clock) ? Params.of(kind, "clock", "outer") : Params.of(kind);
    }

    static String clockOf(Operator op) {
        return op.isOuterClock() ? "outer" : "inner";
    }

    /** Whether any stream reads an output of this operator. */
    static boolean hasConsumers(Circuit c, String op) {
        return c.streams().stream().anyMatch(s -> s.from().op().equals(op));
    }

    /**
     * Strongly connected components of the subgraph induced by {@code ops}, each listed in circuit
     * order, the components ordered by their first operator's position (deterministic).
     */
    static List<List<String>> components(Circuit c, Set<String> ops) {
        Map<String, List<String>> succ = new LinkedHashMap<>();
        for (String id : c.operatorIds()) {
            if (ops.contains(id)) {
                succ.put(id, new ArrayList<>());
            }
        }
        for (Stream s : c.streams()) {
            if (succ.containsKey(s.from().op()) && succ.containsKey(s.to().op())) {
                succ.get(s.from().op()).add(s.to().op());
            }
        }
        var tarjan = new Tarjan(succ);
        Map<String, Integer> position = new HashMap<>();
        List<String> ids = c.operatorIds();
        for (int i = 0; i < ids.size(); i++) {
            position.put(ids.get(i), i);
        }
        List<List<String>> comps = new ArrayList<>();
        for (List<String> comp : tarjan.run()) {
            List<String> sorted = new ArrayList<>(comp);
            sorted.sort((a, b) -> Integer.compare(position.get(a), position.get(b)));
            comps.add(sorted);
        }
        comps.sort((a, b) -> Integer.compare(position.get(a.get(0)), position.get(b.get(0))));
        return comps;
    }

    /** Iterative Tarjan, so deep circuits do not overflow the stack. */
    private static final class Tarjan {
        private final Map<String, List<String>> succ;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new HashSet<>();
        private final List<List<String>> result = new ArrayList<>();
        private int counter;

        Tarjan(Map<String, List<String>> succ) {
            this.succ = succ;
        }

        List<List<String>> run() {
            for (String v : succ.keySet()) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return result;
        }

        private void visit(String root) {
            Deque<Object[]> work = new ArrayDeque<>();
            enter(root);
            work.push(new Object[] {root, 0});
            while (!work.isEmpty()) {
                Object[] frame = work.peek();
                String v = (String) frame[0];
                int i = (Integer) frame[1];
                List<String> next = succ.get(v);
                if (i < next.size()) {
                    frame[1] = i + 1;
                    String w = next.get(i);
                    if (!index.containsKey(w)) {
                        enter(w);
                        work.push(new Object[] {w, 0});
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = (String) work.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    List<String> comp = new ArrayList<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        comp.add(w);
                    } while (!w.equals(v));
                    result.add(comp);
                }
            }
        }

        private void enter(String v) {
            index.put(v, counter);
            low.put(v, counter);
            counter++;
            stack.push(v);
            onStack.add(v);
        }
    }
}
