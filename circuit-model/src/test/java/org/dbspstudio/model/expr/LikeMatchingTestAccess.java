package org.dbspstudio.model.expr;

/** Whether a LIKE pattern's escapes ({@code !}) are well formed: for {@link LikeMatchingTest} and the expression fuzzer. */
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
