package org.dbspstudio.ide.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * Algebraic loops: strongly connected components (Tarjan) of the operator graph after removing
 * the streams that leave strict operators, so that every remaining cycle has no {@code z⁻¹}.
 */
public final class Loops {
    private Loops() {
    }

    /** Each loop's operator ids in circuit order; one list per loop. */
    public static List<List<String>> algebraicLoops(Circuit c) {
        Map<String, List<String>> succ = new HashMap<>();
        List<String> selfLoops = new ArrayList<>();
        for (Stream s : c.streams()) {
            Operator from = c.op(s.from().op());
            if (from == null || !c.contains(s.to().op()) || from.isStrict()) {
                continue;
            }
            succ.computeIfAbsent(from.id(), k -> new ArrayList<>()).add(s.to().op());
            if (from.id().equals(s.to().op())) {
                selfLoops.add(from.id());
            }
        }
        Tarjan t = new Tarjan(succ);
        c.operators().forEach(o -> {
            if (!t.index.containsKey(o.id())) {
                t.strongConnect(o.id());
            }
        });
        List<List<String>> loops = new ArrayList<>();
        List<String> order = c.operatorIds();
        for (List<String> comp : t.components) {
            if (comp.size() > 1 || selfLoops.contains(comp.get(0))) {
                loops.add(order.stream().filter(comp::contains).toList());
            }
        }
        loops.sort((a, b) -> Integer.compare(order.indexOf(a.get(0)), order.indexOf(b.get(0))));
        return loops;
    }

    private static final class Tarjan {
        final Map<String, List<String>> succ;
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> low = new HashMap<>();
        final Deque<String> stack = new ArrayDeque<>();
        final java.util.Set<String> onStack = new java.util.HashSet<>();
        final List<List<String>> components = new ArrayList<>();
        int next;

        Tarjan(Map<String, List<String>> succ) {
            this.succ = succ;
        }

        void strongConnect(String v) {
            // iterative version of Tarjan's algorithm to survive long chains
            Deque<Object[]> work = new ArrayDeque<>();
            work.push(new Object[]{v, 0});
            while (!work.isEmpty()) {
                Object[] frame = work.peek();
                String n = (String) frame[0];
                int i = (Integer) frame[1];
                if (i == 0) {
                    index.put(n, next);
                    low.put(n, next);
                    next++;
                    stack.push(n);
                    onStack.add(n);
                }
                List<String> out = succ.getOrDefault(n, List.of());
                if (i < out.size()) {
                    frame[1] = i + 1;
                    String w = out.get(i);
                    if (!index.containsKey(w)) {
                        work.push(new Object[]{w, 0});
                    } else if (onStack.contains(w)) {
                        low.put(n, Math.min(low.get(n), index.get(w)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = (String) work.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(n)));
                }
                if (low.get(n).equals(index.get(n))) {
                    List<String> comp = new ArrayList<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        comp.add(w);
                    } while (!w.equals(n));
                    components.add(comp);
                }
            }
        }
    }
}
