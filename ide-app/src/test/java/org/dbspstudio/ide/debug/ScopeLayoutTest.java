package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/**
 * The text beside a scope plot stays readable whatever the stream's name and sizes: the scale
 * labels end left of the plot, the stream's name ends left of the scale labels.
 */
class ScopeLayoutTest {
    private static ScopePanel panel;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
        AtomicReference<ScopePanel> p = new AtomicReference<>();
        FxToolkit.setupFixture(() -> p.set(new ScopePanel()));
        panel = p.get();
    }

    /** A text as painted: its left and right edge and its line. */
    private record Box(String text, double left, double right, double y) {
    }

    /** Records texts with a fixed advance per character, a little wider than the system font at 11 px. */
    private static final class Recording implements ScopePanel.Painter {
        final List<Box> boxes = new ArrayList<>();

        @Override
        public void line(double x1, double y1, double x2, double y2, String color, boolean dashed) {
        }

        @Override
        public void rect(double x, double y, double w, double h, String color, double opacity) {
        }

        @Override
        public void polyline(List<double[]> pts, String color) {
        }

        @Override
        public void text(double x, double y, String s, String color, boolean bold) {
            boxes.add(new Box(s, x, x + width(s, bold), y));
        }

        @Override
        public void textEnd(double x, double y, String s, String color) {
            boxes.add(new Box(s, x - width(s, false), x, y));
        }

        @Override
        public double width(String s, boolean bold) {
            return s.length() * (bold ? 7.0 : 6.0);
        }
    }

    private static List<Box> paint(StreamRef ref, long size, long change) {
        List<Waveform.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            samples.add(new Waveform.Sample(i, null, i == 0 ? size : change, i == 0 ? 0 : change, size + i * change));
        }
        Recording r = new Recording();
        panel.paint(new Waveform(ref, "step", false, samples), r, 0);
        return r.boxes;
    }

    @Test
    void aLongNameAndAMillionRowsStayLeftOfThePlotWithoutOverlapping() {
        StreamRef ref = new StreamRef(List.of("reachability"), "closure_of_every_edge_ever_seen", "out");
        List<Box> boxes = paint(ref, 1_250_000, 61_337);
        List<Box> scale = boxes.stream().filter(b -> b.right() == ScopePanel.LEFT - ScopePanel.GAP).toList();
        assertThat(scale).extracting(Box::text).containsExactly("+1.25M", "−1.25M", "size ≤ 1.68M");
        List<Box> names = boxes.stream().filter(b -> b.left() == 4).toList();
        assertThat(names).extracting(Box::text).first().asString().startsWith("reachability/").endsWith("…");
        List<Box> margin = boxes.stream().filter(b -> b.left() < ScopePanel.LEFT).toList();
        assertThat(margin).allSatisfy(b -> assertThat(b.right()).isLessThan(ScopePanel.LEFT));
        for (Box a : margin) {
            for (Box b : margin) {
                if (a != b && Math.abs(a.y() - b.y()) < ScopePanel.LINE) {
                    assertThat(a.right() <= b.left() || b.right() <= a.left())
                            .as("%s overlaps %s", a, b).isTrue();
                }
            }
        }
    }

    @Test
    void aNestedStreamNamesItsInnerClockBesideTheScale() {
        List<Waveform.Sample> samples = List.of(new Waveform.Sample(0, null, 2_000_000, 0, 2_000_000));
        Recording r = new Recording();
        panel.paint(new Waveform(new StreamRef(List.of("tc"), "distinct", "out"), "inner iteration of step 3",
                false, samples), r, 0);
        assertThat(r.boxes).extracting(Box::text).contains("tc/distinct.out", "over the inner iterations");
        Box axis = r.boxes.stream().filter(b -> b.text().startsWith("(inner")).findFirst().orElseThrow();
        Box size = r.boxes.stream().filter(b -> b.text().startsWith("size ≤")).findFirst().orElseThrow();
        assertThat(axis.text()).endsWith("…");
        assertThat(axis.right()).isLessThanOrEqualTo(size.left() - 8);
    }

    @Test
    void aShortNameAndSmallCountsAreShownWhole() {
        List<Box> boxes = paint(StreamRef.top("tc", "closure"), 12, 4);
        assertThat(boxes).extracting(Box::text).contains("tc.closure", "over the steps", "+12", "−12", "size ≤ 40");
    }

    @Test
    void countsAreCompactAboveTenThousand() {
        assertThat(ScopePanel.compact(9_999)).isEqualTo("9999");
        assertThat(ScopePanel.compact(12_345)).isEqualTo("12.3k");
        assertThat(ScopePanel.compact(100_000)).isEqualTo("100k");
        assertThat(ScopePanel.compact(999_999)).isEqualTo("1.00M");
        assertThat(ScopePanel.compact(1_250_000)).isEqualTo("1.25M");
        assertThat(ScopePanel.compact(-3_000_000_000L)).isEqualTo("-3.00G");
        assertThat(ScopePanel.compact(Long.MAX_VALUE)).isEqualTo("9.22E");
    }

    @Test
    void fitCutsAtTheEndWithAnEllipsis() {
        assertThat(ScopePanel.fit("abcdefghij", 70, s -> s.length() * 7.0)).isEqualTo("abcdefghij");
        assertThat(ScopePanel.fit("abcdefghij", 69, s -> s.length() * 7.0)).isEqualTo("abcdefgh…");
        assertThat(ScopePanel.fit("abcdefghij", 1, s -> s.length() * 7.0)).isEqualTo("a…");
    }
}
