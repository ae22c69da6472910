package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PrintBacklog}: which steps go in without waiting ({@code offer} answers what {@code put}
 * would do without waiting), checked against a plain model of the rule, and the order they come
 * out in. No timing: a step that would wait is refused by {@code offer}.
 */
class PrintBacklogTest {
    @Test
    void manySmallStepsAfterALargeOneGoInWhileItIsPrinted() throws InterruptedException {
        PrintBacklog<Integer> b = new PrintBacklog<>(1_000);
        assertThat(b.offer(0, 900)).isTrue();
        assertThat(b.take()).isEqualTo(0); // being printed: still held
        for (int t = 1; t <= 50; t++) {
            assertThat(b.offer(t, 2)).as("step %d", t).isTrue(); // a bound of two steps refused step 3
        }
        assertThat(b.offer(51, 2)).isFalse(); // 900 + 50 * 2 = 1,000 held
        b.done();
        assertThat(b.offer(51, 2)).isTrue();
        assertThat(b.held()).isEqualTo(102);
    }

    @Test
    void aStepLargerThanTheBudgetWaitsForTheOthersThenGoesInAlone() throws InterruptedException {
        PrintBacklog<String> b = new PrintBacklog<>(10);
        assertThat(b.offer("a", 3)).isTrue();
        assertThat(b.offer("huge", 50)).isFalse();
        assertThat(b.take()).isEqualTo("a");
        assertThat(b.offer("huge", 50)).isFalse(); // "a" is being printed
        b.done();
        assertThat(b.offer("huge", 50)).isTrue();
        assertThat(b.offer("b", 1)).isFalse();
        assertThat(b.take()).isEqualTo("huge");
        b.done();
        assertThat(b.held()).isZero();
        assertThat(b.offer("b", 1)).isTrue();
    }

    @Test
    void agreesWithAModelAndKeepsTheOrder() throws InterruptedException {
        Random random = new Random(11);
        for (int round = 0; round < 200; round++) {
            long budget = 1 + random.nextInt(100);
            PrintBacklog<Integer> b = new PrintBacklog<>(budget);
            List<long[]> model = new ArrayList<>(); // {step, size} put and not done, oldest first
            int taken = 0; // of model's first entries, how many were taken (at most one is being printed)
            int next = 0;
            for (int op = 0; op < 300; op++) {
                if (random.nextInt(3) > 0) {
                    long size = random.nextInt(4) == 0 ? random.nextInt(3 * (int) budget) : random.nextInt(1 + (int) budget / 4);
                    long held = model.stream().mapToLong(e -> e[1]).sum();
                    boolean fits = model.isEmpty() || held + size <= budget;
                    assertThat(b.offer(next, size)).isEqualTo(fits);
                    if (fits) {
                        model.add(new long[] {next, size});
                        next++;
                    }
                } else if (taken == 1) {
                    b.done();
                    model.remove(0);
                    taken = 0;
                } else if (model.size() > taken) {
                    assertThat((long) b.take()).isEqualTo(model.get(0)[0]);
                    taken = 1;
                }
                assertThat(b.held()).isEqualTo(model.stream().mapToLong(e -> e[1]).sum());
            }
        }
    }

    /**
     * The blocking calls between two threads, as {@code run} uses them: a stepping thread puts 2,000
     * steps of random sizes (some above the budget) with {@code put}, a printing thread takes and
     * finishes them. Every step arrives once, in order, and what is held when a step is taken never
     * exceeds the budget plus that step (a lost wake-up or a deadlock fails the join's bound).
     */
    @Test
    void aSteppingAndAPrintingThreadHandEveryStepOverInOrder() throws InterruptedException {
        long budget = 50;
        PrintBacklog<Integer> b = new PrintBacklog<>(budget);
        int n = 2_000;
        long[] sizes = new Random(5).longs(n, 0, 3 * budget).toArray();
        List<Integer> printed = new ArrayList<>();
        List<String> overfull = new ArrayList<>();
        Thread printer = new Thread(() -> {
            try {
                for (int t = 0; t < n; t++) {
                    int step = b.take();
                    long held = b.held();
                    if (held > budget + sizes[step]) {
                        overfull.add("step " + step + ": " + held + " held");
                    }
                    printed.add(step);
                    if (step % 7 == 0) {
                        Thread.yield(); // a slow print now and then, so the stepping thread waits
                    }
                    b.done();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread stepper = new Thread(() -> {
            try {
                for (int t = 0; t < n; t++) {
                    b.put(t, sizes[t]);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        printer.start();
        stepper.start();
        stepper.join(60_000);
        printer.join(60_000);
        boolean stuck = stepper.isAlive() || printer.isAlive();
        stepper.interrupt();
        printer.interrupt();
        assertThat(stuck).as("both threads finished").isFalse();
        assertThat(printed).containsExactlyElementsOf(java.util.stream.IntStream.range(0, n).boxed().toList());
        assertThat(overfull).isEmpty();
        assertThat(b.held()).isZero();
    }
}
