package org.dbspstudio.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps diagnostics readable for huge circuits: lists inside a message are cut after a few
 * items, and a printed report shows at most so many diagnostics of one code, then one line saying
 * how many more there are. The diagnostics' operator and stream lists (for highlighting) stay whole.
 */
public final class Diagnostics {
    /** Items a message lists before "… (N in all)". */
    public static final int LISTED = 10;

    private Diagnostics() {
    }

    /** The items joined by {@code separator}; beyond {@value #LISTED} items, the first ones then "… (N in all)". */
    public static String list(Collection<String> items, String separator) {
        if (items.size() <= LISTED + 2) {
            return String.join(separator, items);
        }
        List<String> first = new ArrayList<>(LISTED);
        for (String s : items) {
            if (first.size() == LISTED) {
                break;
            }
            first.add(s);
        }
        return String.join(separator, first) + separator + "… (" + String.format(java.util.Locale.ROOT, "%,d", items.size())
                + " in all)";
    }

    /**
     * At most {@code perCode} diagnostics of each code, in their order, each code's surplus replaced
     * by one diagnostic (where {@code "…"}) saying how many were left out.
     */
    public static List<Diagnostic> capped(List<Diagnostic> all, int perCode) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        Map<String, Diagnostic> firstLeftOut = new LinkedHashMap<>();
        List<Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : all) {
            int n = seen.merge(d.code(), 1, Integer::sum);
            if (n <= perCode) {
                out.add(d);
            } else {
                firstLeftOut.putIfAbsent(d.code(), d);
            }
        }
        for (var e : firstLeftOut.entrySet()) {
            int more = seen.get(e.getKey()) - perCode;
            out.add(new Diagnostic(e.getValue().severity(), e.getKey(), "…", String.format(java.util.Locale.ROOT,
                    "%,d more %s problem%s not shown", more, e.getKey(), more == 1 ? "" : "s"), List.of(), List.of()));
        }
        return out;
    }
}
