package org.dbspstudio.ide.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A box that grows pushes the boxes it crowds to its right, and those push on: checked on random
 * layouts of boxes that keep the gap, against the definition of crowding.
 */
class PushRightProperties {

    /** Each box: column, row, width step, height step (placed on the grid, kept only if clear of the others). */
    @Property(tries = 400)
    void growingABoxLeavesNoNewCrowdingAndMovesOnlyBoxesToItsRight(
            @ForAll @Size(min = 1, max = 30) List<@Size(4) List<@IntRange(min = 0, max = 40) Integer>> specs,
            @ForAll @IntRange(min = 0, max = 29) int which,
            @ForAll @IntRange(min = 1, max = 40) int growth) {
        Map<String, Router.Rect> boxes = new LinkedHashMap<>();
        for (List<Integer> s : specs) {
            Router.Rect r = new Router.Rect(s.get(0) * 30.0, s.get(1) * 20.0,
                    Geometry.MIN_WIDTH + 10 * (s.get(2) % 13), Geometry.MIN_HEIGHT + 10 * (s.get(3) % 5));
            if (boxes.values().stream().noneMatch(o -> crowds(o, r))) {
                boxes.put("b" + boxes.size(), r);
            }
        }
        String grown = "b" + (which % boxes.size());
        Router.Rect g = boxes.get(grown);
        double oldWidth = g.w();
        Map<String, Router.Rect> before = new LinkedHashMap<>(boxes);
        boxes.put(grown, new Router.Rect(g.x(), g.y(), g.w() + 10 * growth, g.h()));

        Map<String, Double> moved = Placement.pushRight(grown, oldWidth, boxes);

        Map<String, Router.Rect> after = new LinkedHashMap<>(boxes);
        moved.forEach((id, x) -> after.put(id, new Router.Rect(x, boxes.get(id).y(), boxes.get(id).w(), boxes.get(id).h())));
        for (String a : after.keySet()) {
            for (String b : after.keySet()) {
                if (a.compareTo(b) < 0) {
                    assertThat(crowds(after.get(a), after.get(b))).as("%s and %s crowd each other", a, b).isFalse();
                }
            }
        }
        assertThat(moved).doesNotContainKey(grown);
        moved.forEach((id, x) -> {
            assertThat(x).as("%s moves right, on the grid", id).isGreaterThan(before.get(id).x());
            assertThat(x % Geometry.GRID).isZero();
            assertThat(before.get(id).x()).as("%s started at or right of the grown box", id).isGreaterThanOrEqualTo(g.x());
        });
    }

    @Property(tries = 50)
    void aBoxThatDoesNotGrowMovesNothing(@ForAll @IntRange(min = 0, max = 20) int shrink) {
        Map<String, Router.Rect> boxes = new LinkedHashMap<>();
        boxes.put("a", new Router.Rect(0, 0, 120, 62));
        boxes.put("b", new Router.Rect(120 + Placement.GAP, 0, 96, 62));
        assertThat(Placement.pushRight("a", 120 + shrink, Map.of("a", new Router.Rect(0, 0, 120, 62),
                "b", boxes.get("b")))).isEmpty();
    }

    private static boolean crowds(Router.Rect a, Router.Rect b) {
        return b.x() < a.right() + Placement.GAP && b.right() > a.x() - Placement.GAP
                && b.y() < a.bottom() + Placement.GAP && b.bottom() > a.y() - Placement.GAP;
    }
}
