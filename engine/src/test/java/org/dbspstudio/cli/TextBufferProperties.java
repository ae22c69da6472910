package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link TextBuffer} writes what a StringBuilder would: a long's digits as Long.toString, strings and chars as they are. */
class TextBufferProperties {
    @Test
    void longsAreWrittenAsLongToStringWritesThem() {
        long[] edges = {0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, 9999, 10000, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L,
            Integer.MIN_VALUE, Integer.MIN_VALUE - 1L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 999_999_999_999_999_999L,
            1_000_000_000_000_000_000L, -1_000_000_000_000_000_000L};
        for (long v : edges) {
            assertThat(new TextBuffer(1).append(v).toString()).as("%d", v).isEqualTo(Long.toString(v));
        }
        for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10 * 10; p *= 10) {
            for (long v : new long[] {p - 1, p, p + 1, -p + 1, -p, -p - 1}) {
                assertThat(new TextBuffer(1).append(v).toString()).as("%d", v).isEqualTo(Long.toString(v));
            }
            if (p > Long.MAX_VALUE / 10) {
                break;
            }
        }
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 200_000; i++) {
            long v = switch (i % 4) {
                case 0 -> r.nextLong();
                case 1 -> r.nextInt(100_000) - 50_000;
                case 2 -> r.nextLong() >> r.nextInt(64);
                default -> r.nextInt();
            };
            assertThat(new TextBuffer(4).append(v).toString()).isEqualTo(Long.toString(v));
        }
    }

    @Test
    void aMixOfPiecesWrittenInChunksIsWhatAStringBuilderHolds() {
        SplittableRandom r = new SplittableRandom(5);
        for (int round = 0; round < 50; round++) {
            StringWriter sw = new StringWriter();
            PrintWriter out = new PrintWriter(sw);
            TextBuffer t = new TextBuffer(1 + r.nextInt(64));
            StringBuilder expected = new StringBuilder();
            int chunk = 1 + r.nextInt(200);
            for (int i = 0; i < 2_000; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> {
                        long v = r.nextLong() >> r.nextInt(64);
                        t.append(v);
                        expected.append(v);
                    }
                    case 1 -> {
                        char c = (char) (32 + r.nextInt(0x3000));
                        t.append(c);
                        expected.append(c);
                    }
                    default -> {
                        String s = "é,\"x\"".repeat(r.nextInt(5)) + "\n";
                        t.append(s);
                        expected.append(s);
                    }
                }
                if (t.length() >= chunk) {
                    t.write(out);
                    assertThat(t.length()).isZero();
                }
            }
            t.write(out);
            t.write(out); // nothing more
            out.flush();
            assertThat(sw.toString()).isEqualTo(expected.toString());
        }
    }
}
