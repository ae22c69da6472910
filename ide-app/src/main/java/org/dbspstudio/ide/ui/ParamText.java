package org.dbspstudio.ide.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.dbspstudio.model.NamedExpr;

/**
 * Text forms of list parameters for the properties panel: one item per line, named expressions
 * as {@code expr AS name}, flat-map projections one per line with columns separated by {@code ;}.
 */
public final class ParamText {
    private static final Pattern AS = Pattern.compile("(?is)^(.*\\S)\\s+AS\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*$");
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

    private ParamText() {
    }

    public static String lines(List<String> items) {
        return items == null ? "" : String.join("\n", items);
    }

    public static List<String> parseLines(String text) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\n")) {
            if (!l.isBlank()) {
                out.add(l.trim());
            }
        }
        return out;
    }

    public static String namedExprs(List<NamedExpr> exprs) {
        return exprs == null ? "" : exprs.stream().map(NamedExpr::toString).collect(Collectors.joining("\n"));
    }

    /** Parses {@code expr AS name} lines; a bare column reference names itself. */
    public static List<NamedExpr> parseNamedExprs(String text, String separator) throws IllegalArgumentException {
        List<NamedExpr> out = new ArrayList<>();
        int n = 0;
        for (String raw : text.split(separator)) {
            n++;
            String l = raw.trim();
            if (l.isEmpty()) {
                continue;
            }
            Matcher m = AS.matcher(l);
            if (m.matches()) {
                out.add(new NamedExpr(m.group(2), m.group(1).trim()));
            } else if (IDENT.matcher(l).matches()) {
                String name = l.contains(".") ? l.substring(l.indexOf('.') + 1) : l;
                out.add(new NamedExpr(name, l));
            } else {
                throw new IllegalArgumentException("item " + n + ": write 'expression AS name' (" + l + ")");
            }
        }
        return out;
    }

    public static String namedExprLists(List<List<NamedExpr>> lists) {
        return lists.stream().map(l -> l.stream().map(NamedExpr::toString).collect(Collectors.joining("; ")))
                .collect(Collectors.joining("\n"));
    }

    public static List<List<NamedExpr>> parseNamedExprLists(String text) {
        List<List<NamedExpr>> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                out.add(parseNamedExprs(line, ";"));
            }
        }
        return out;
    }

    public static String commaList(List<String> items) {
        return items == null ? "" : String.join(", ", items);
    }

    public static List<String> parseCommaList(String text) {
        List<String> out = new ArrayList<>();
        for (String s : text.split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }
}
