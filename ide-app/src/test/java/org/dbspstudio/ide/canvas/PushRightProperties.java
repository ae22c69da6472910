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
 * A box that grows pushes the boxes it crowds to its right (or, taller, below it), and those push on: checked on random
 * layouts of boxes that keep the gap, against the definition of crowding.
 */
class PushRightProperties {

    /** Each box: column, row, width step, height step (placed on the grid, kept only if clear of the others). */
    @Property(tries = 400)
    void growingABoxLeavesNoNewCrowdingAndMovesOnlyBoxesToItsRight(
            @ForAll @Size(min = 1, max = 30) List<@Size(4) List<@IntRange(min = 0, max = 40) Integer>> specs,
            @ForAll @IntRange(min = 0, max = 29) int which,
            @ForAll @IntRange(min = 1, max = 40) int growth) {
        grow(specs, which, growth, false);
    }

    /** The same for a box that grows taller (more ports): the boxes it crowds below it move down. */
    @Property(tries = 400)
    void growingABoxTallerLeavesNoNewCrowdingAndMovesOnlyBoxesBelowIt(
            @ForAll @Size(min = 1, max = 30) List<@Size(4) List<@IntRange(min = 0, max = 40) Integer>> specs,
            @ForAll @IntRange(min = 0, max = 29) int which,
            @ForAll @IntRange(min = 1, max = 40) int growth) {
        grow(specs, which, growth, true);
    }

    private static void grow(List<List<Integer>> specs, int which, int growth, boolean down) {
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
        Map<String, Router.Rect> before = new LinkedHashMap<>(boxes);
        boxes.put(grown, down ? new Router.Rect(g.x(), g.y(), g.w(), g.h() + 10 * growth)
                : new Router.Rect(g.x(), g.y(), g.w() + 10 * growth, g.h()));

        Map<String, Double> moved = down ? Placement.pushDown(grown, g.h(), boxes) : Placement.pushRight(grown, g.w(), boxes);

        Map<String, Router.Rect> after = new LinkedHashMap<>(boxes);
        moved.forEach((id, v) -> {
            Router.Rect r = boxes.get(id);
            after.put(id, down ? new Router.Rect(r.x(), v, r.w(), r.h()) : new Router.Rect(v, r.y(), r.w(), r.h()));
        });
        for (String a : after.keySet()) {
            for (String b : after.keySet()) {
                if (a.compareTo(b) < 0) {
                    assertThat(crowds(after.get(a), after.get(b))).as("%s and %s crowd each other", a, b).isFalse();
                }
            }
        }
        assertThat(moved).doesNotContainKey(grown);
        moved.forEach((id, v) -> {
            Router.Rect was = before.get(id);
            Router.Rect now = after.get(id);
            assertThat(down ? now.x() : now.y()).as("%s moves along one axis only", id).isEqualTo(down ? was.x() : was.y());
            assertThat(v).as("%s moves right or down, on the grid", id).isGreaterThan(down ? was.y() : was.x());
            assertThat(v % Geometry.GRID).isZero();
            assertThat(down ? was.y() : was.x()).as("%s started at or past the grown box's edge", id)
                    .isGreaterThanOrEqualTo(down ? g.y() : g.x());
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
