package org.dbspstudio.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;

/**
 * The number and string literals of a circuit's expressions (all nesting levels), so that random
 * rows can straddle the constants in predicates such as {@code amount > 100}.
 */
final class Literals {
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.'])(\\d+)(\\.\\d+)?(?![\\w'])");
    private static final Pattern STRING = Pattern.compile("'((?:[^']|'')*)'");

    final TreeSet<Long> numbers = new TreeSet<>();
    final TreeSet<String> strings = new TreeSet<>();

    Literals(Circuit circuit) {
        List<String> texts = new ArrayList<>();
        circuit.forEachDeep(op -> op.params().values().values().forEach(v -> collect(v, texts)));
        for (String t : texts) {
            Matcher s = STRING.matcher(t);
            while (s.find()) {
                strings.add(s.group(1).replace("''", "'"));
            }
            Matcher n = NUMBER.matcher(STRING.matcher(t).replaceAll("''"));
            while (n.find()) {
                try {
                    numbers.add(Long.parseLong(n.group(1)));
                } catch (NumberFormatException e) {
                    // longer than a long: not a useful value for random rows
                }
            }
        }
    }

    private static void collect(Object v, List<String> out) {
        if (v instanceof String s) {
            out.add(s);
        } else if (v instanceof NamedExpr ne) {
            out.add(ne.expr());
        } else if (v instanceof AggCall a && a.expr() != null) {
            out.add(a.expr());
        } else if (v instanceof List<?> l) {
            l.forEach(x -> collect(x, out));
        }
    }

    /** Adds the integer and string values occurring in a scenario's rows. */
    void addValuesOf(org.dbspstudio.model.Scenario scenario) {
        scenario.streams().values().forEach(steps -> steps.forEach(step -> {
            if (step instanceof org.dbspstudio.model.StepData.Rows rows) {
                rows.changes().forEach(c -> c.row().asList().forEach(v -> {
                    if (v instanceof Long n && numbers.size() < 64) {
                        numbers.add(n);
                    } else if (v instanceof String str && strings.size() < 64) {
                        strings.add(str);
                    }
                }));
            }
        }));
    }
}
