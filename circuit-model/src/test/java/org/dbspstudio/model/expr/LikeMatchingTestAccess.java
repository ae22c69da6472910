package org.dbspstudio.model.expr;

/** Gives the fuzzer {@link LikeMatchingTest}'s helper for escape sequences. */
final class LikeMatchingTestAccess {
    private LikeMatchingTestAccess() {
    }

    static boolean validEscapes(String p) {
        for (int i = 0; i < p.length(); i++) {
            if (p.charAt(i) == '!') {
                if (i + 1 >= p.length()) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }
}
