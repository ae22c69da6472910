package org.dbspstudio.model.expr;

import java.util.List;
import org.dbspstudio.model.types.SqlType;

/** String functions: ||, UPPER, LOWER, CHAR_LENGTH, SUBSTRING, TRIM, POSITION and LIKE (in code points). */
final class Texts {
    private Texts() {
    }

    private interface Fn1 {
        Object apply(String s) throws ExprException;
    }

    private static Typed strict1(Typed x, SqlType result, Fn1 f, Ast at) {
        Ev e = x.ev();
        return new Typed(result, x.nullable() || x.type() == null, (l, r) -> {
            Object v = e.eval(l, r);
            return v == null ? null : f.apply((String) v);
        }, at);
    }

    private static void requireString(Binder b, Op op, Typed x, Ast at) throws ExprException {
        if (!x.is(SqlType.VARCHAR)) {
            throw b.err("cannot apply " + op.symbol() + " to " + x.typeName(), at);
        }
    }

    static Typed function(Binder b, Op op, List<Typed> args, Ast at) throws ExprException {
        switch (op) {
            case UPPER, LOWER, CHAR_LENGTH -> {
                b.arity(at, args, 1, 1);
                Typed x = args.get(0);
                requireString(b, op, x, at);
                String sql = b.sql();
                String frag = at.text();
                return switch (op) {
                    case UPPER -> strict1(x, SqlType.VARCHAR,
                            s -> Limits.varchar(s.toUpperCase(java.util.Locale.ROOT), sql, frag), at);
                    case LOWER -> strict1(x, SqlType.VARCHAR,
                            s -> Limits.varchar(s.toLowerCase(java.util.Locale.ROOT), sql, frag), at);
                    default -> strict1(x, SqlType.BIGINT, s -> (long) s.codePointCount(0, s.length()), at);
                };
            }
            case CONCAT -> {
                b.arity(at, args, 2, 2);
                return concat(b, args.get(0), args.get(1), at);
            }
            case SUBSTRING -> {
                return substring(b, args, at);
            }
            case TRIM_BOTH, TRIM_LEADING, TRIM_TRAILING -> {
                b.arity(at, args, 2, 2);
                return trim(b, op, args.get(0), args.get(1), at);
            }
            case POSITION -> {
                return position(b, args, at);
            }
            case LIKE, NOT_LIKE -> {
                return like(b, op, args, at);
            }
            default -> throw new IllegalArgumentException(op.name());
        }
    }

    /** {@code a || b}: at least one side is VARCHAR; the other is converted as by CAST(.. AS VARCHAR). */
    private static Typed concat(Binder b, Typed x, Typed y, Ast at) throws ExprException {
        if (x.type() != SqlType.VARCHAR && y.type() != SqlType.VARCHAR && !(x.type() == null && y.type() == null)) {
            throw b.err("cannot apply || to " + x.typeName() + " and " + y.typeName(), at);
        }
        Ev p = x.ev();
        Ev q = y.ev();
        String sql = b.sql();
        String frag = at.text();
        return new Typed(SqlType.VARCHAR, x.nullable() || y.nullable(), (l, r) -> {
            Object u = p.eval(l, r);
            if (u == null) {
                return null;
            }
            Object v = q.eval(l, r);
            if (v == null) {
                return null;
            }
            String a = Casts.format(u);
            String c = Casts.format(v);
            if ((long) a.length() + c.length() > Limits.VARCHAR_CHARS) {
                throw Limits.tooLong(sql, frag);
            }
            return a.concat(c);
        }, at);
    }

    private static Typed substring(Binder b, List<Typed> args, Ast at) throws ExprException {
        b.arity(at, args, 2, 3);
        Typed s = args.get(0);
        requireString(b, Op.SUBSTRING, s, at);
        for (int i = 1; i < args.size(); i++) {
            if (!args.get(i).isInteger()) {
                throw b.err("SUBSTRING needs integer positions, got " + args.get(i).typeName(), args.get(i).ast());
            }
        }
        Ev se = s.ev();
        Ev fe = args.get(1).ev();
        Ev ne = args.size() > 2 ? args.get(2).ev() : null;
        boolean nullable = args.stream().anyMatch(t -> t.nullable() || t.type() == null);
        String sql = b.sql();
        String frag = at.text();
        return new Typed(SqlType.VARCHAR, nullable, (l, r) -> {
            Object sv = se.eval(l, r);
            Object fv = fe.eval(l, r);
            Object nv = ne == null ? Long.MAX_VALUE : ne.eval(l, r);
            if (sv == null || fv == null || nv == null) {
                return null;
            }
            return substring((String) sv, (Long) fv, (Long) nv, sql, frag);
        }, at);
    }

    /** SQL SUBSTRING: code points {@code from .. from+len-1} (1-based) clipped to the string. */
    static String substring(String s, long from, long len, String sql, String frag) throws ExprException {
        if (len < 0) {
            throw new ExprException("negative substring length " + len, sql, frag);
        }
        long cps = s.codePointCount(0, s.length());
        long start = Math.max(from, 1);
        long end = len == Long.MAX_VALUE || from > Long.MAX_VALUE - len ? Long.MAX_VALUE : from + len;
        end = Math.min(end, cps + 1);
        if (end <= start) {
            return "";
        }
        int a = s.offsetByCodePoints(0, (int) (start - 1));
        int z = s.offsetByCodePoints(a, (int) (end - start));
        return s.substring(a, z);
    }

    private static Typed trim(Binder b, Op op, Typed chars, Typed s, Ast at) throws ExprException {
        requireString(b, Op.TRIM_BOTH, chars, at);
        requireString(b, Op.TRIM_BOTH, s, at);
        boolean leading = op != Op.TRIM_TRAILING;
        boolean trailing = op != Op.TRIM_LEADING;
        Ev ce = chars.ev();
        Ev se = s.ev();
        return new Typed(SqlType.VARCHAR, chars.nullable() || s.nullable(), (l, r) -> {
            Object sv = se.eval(l, r);
            Object cv = ce.eval(l, r);
            if (sv == null || cv == null) {
                return null;
            }
            return trim((String) sv, (String) cv, leading, trailing);
        }, at);
    }

    static String trim(String s, String chars, boolean leading, boolean trailing) {
        int a = 0;
        int z = s.length();
        while (leading && a < z) {
            int cp = s.codePointAt(a);
            if (chars.indexOf(cp) < 0) {
                break;
            }
            a += Character.charCount(cp);
        }
        while (trailing && z > a) {
            int cp = s.codePointBefore(z);
            if (chars.indexOf(cp) < 0) {
                break;
            }
            z -= Character.charCount(cp);
        }
        return s.substring(a, z);
    }

    /** POSITION(needle IN haystack [FROM start]): 1-based code point index, 0 when absent. */
    private static Typed position(Binder b, List<Typed> args, Ast at) throws ExprException {
        b.arity(at, args, 2, 3);
        requireString(b, Op.POSITION, args.get(0), at);
        requireString(b, Op.POSITION, args.get(1), at);
        if (args.size() > 2 && !args.get(2).isInteger()) {
            throw b.err("POSITION needs an integer start, got " + args.get(2).typeName(), at);
        }
        Ev ne = args.get(0).ev();
        Ev he = args.get(1).ev();
        Ev fe = args.size() > 2 ? args.get(2).ev() : new Const(1L);
        boolean nullable = args.stream().anyMatch(t -> t.nullable() || t.type() == null);
        return new Typed(SqlType.BIGINT, nullable, (l, r) -> {
            Object n = ne.eval(l, r);
            Object h = he.eval(l, r);
            Object f = fe.eval(l, r);
            if (n == null || h == null || f == null) {
                return null;
            }
            return position((String) n, (String) h, (Long) f);
        }, at);
    }

    static long position(String needle, String hay, long from) {
        long cps = hay.codePointCount(0, hay.length());
        long start = Math.max(from, 1);
        if (start > cps + 1) {
            return 0L;
        }
        int off = hay.offsetByCodePoints(0, (int) (start - 1));
        int i = hay.indexOf(needle, off);
        return i < 0 ? 0L : hay.codePointCount(0, i) + 1L;
    }

    private static Typed like(Binder b, Op op, List<Typed> args, Ast at) throws ExprException {
        b.arity(at, args, 2, 3);
        for (Typed t : args) {
            requireString(b, op, t, at);
        }
        boolean negate = op == Op.NOT_LIKE;
        Ev se = args.get(0).ev();
        Ev pe = args.get(1).ev();
        Ev ee = args.size() > 2 ? args.get(2).ev() : new Const(null);
        boolean hasEscape = args.size() > 2;
        boolean nullable = args.stream().anyMatch(t -> t.nullable() || t.type() == null);
        String sql = b.sql();
        String frag = at.text();
        boolean constant = args.stream().skip(1).allMatch(Typed::isConstant);
        if (constant) {
            Object p = pe.eval(null, null);
            Object e = ee.eval(null, null);
            if (p == null || (hasEscape && e == null)) {
                return new Typed(SqlType.BOOLEAN, true, new Const(null), at);
            }
            LikePattern pattern = LikePattern.compile((String) p, (String) e, sql, frag);
            return new Typed(SqlType.BOOLEAN, nullable, (l, r) -> {
                Object s = se.eval(l, r);
                return s == null ? null : (Object) (pattern.matches((String) s) != negate);
            }, at);
        }
        return new Typed(SqlType.BOOLEAN, nullable, (l, r) -> {
            Object s = se.eval(l, r);
            Object p = pe.eval(l, r);
            Object e = ee.eval(l, r);
            if (s == null || p == null || (hasEscape && e == null)) {
                return null;
            }
            return LikePattern.compile((String) p, (String) e, sql, frag).matches((String) s) != negate;
        }, at);
    }
}
