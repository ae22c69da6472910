package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.util.Arrays;

/**
 * The text {@code run} prints, gathered in a char array and written to its writer in large
 * pieces ({@link #write}): what a {@link StringBuilder} did, without copying each piece into a
 * String first and with a long's digits written straight into the array, two at a time. The
 * closure's first step prints 1,246,139 lines of three integers; formatting them this way took
 * about half the CPU of StringBuilder.append(long) and toString (microbenchmark of those lines
 * into a PrintWriter, C1 only as bin/dbsp runs: 170-350 ms -> 90-160 ms at load 5-7).
 * The digits are those of {@link Long#toString(long)}.
 */
final class TextBuffer {
    private static final char[] TENS = new char[100];
    private static final char[] ONES = new char[100];

    static {
        for (int i = 0; i < 100; i++) {
            TENS[i] = (char) ('0' + i / 10);
            ONES[i] = (char) ('0' + i % 10);
        }
    }

    private char[] chars;
    private int length;

    TextBuffer(int capacity) {
        chars = new char[Math.max(16, capacity)];
    }

    int length() {
        return length;
    }

    TextBuffer append(String s) {
        int l = s.length();
        room(l);
        s.getChars(0, l, chars, length);
        length += l;
        return this;
    }

    TextBuffer append(char c) {
        room(1);
        chars[length++] = c;
        return this;
    }

    /** The decimal digits of {@code v}, as {@link Long#toString(long)} writes them. */
    TextBuffer append(long v) {
        room(20);
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                return append("-9223372036854775808");
            }
            chars[length++] = '-';
            v = -v;
        }
        int p = length + digits(v);
        length = p;
        while (v > Integer.MAX_VALUE) {
            long q = v / 100;
            int r = (int) (v - q * 100);
            chars[--p] = ONES[r];
            chars[--p] = TENS[r];
            v = q;
        }
        int x = (int) v;
        while (x >= 100) {
            int q = x / 100;
            int r = x - q * 100;
            chars[--p] = ONES[r];
            chars[--p] = TENS[r];
            x = q;
        }
        if (x >= 10) {
            chars[--p] = ONES[x];
            chars[--p] = TENS[x];
        } else {
            chars[--p] = (char) ('0' + x);
        }
        return this;
    }

    /** Digits of {@code v} ≥ 0. */
    private static int digits(long v) {
        int d = 1;
        long limit = 10;
        while (d < 19 && v >= limit) {
            d++;
            limit *= 10;
        }
        return d;
    }

    /** Writes the text to {@code out} and empties the buffer. */
    void write(PrintWriter out) {
        if (length > 0) {
            out.write(chars, 0, length);
            length = 0;
        }
    }

    /** Drops the text not written yet. */
    void clear() {
        length = 0;
    }

    @Override
    public String toString() {
        return new String(chars, 0, length);
    }

    private void room(int more) {
        if (length + more > chars.length) {
            chars = Arrays.copyOf(chars, Math.max(chars.length * 2, length + more));
        }
    }
}
