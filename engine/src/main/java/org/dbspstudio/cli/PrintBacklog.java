package org.dbspstudio.cli;

import java.util.ArrayDeque;

/**
 * The steps {@code run}'s stepping thread has read and its printing thread has not printed yet,
 * bounded by their size rather than by their number: each step is put with its size (the bytes
 * held for it: {@link PrintedRows#bytes}), and {@link #put} waits only while steps are held and adding this one would exceed the
 * budget. A step larger than the budget waits until every step before it is printed, then goes
 * in alone. So a large step (the closure's first: 1.25M rows) is printed while the many small
 * steps after it run, instead of stopping the engine two steps later until it is printed; the
 * memory held for printing stays near the budget (plus one step).
 *
 * @param <T> what is printed for a step
 */
final class PrintBacklog<T> {
    private final long budget;
    private final ArrayDeque<Entry<T>> queue = new ArrayDeque<>();
    /** Sizes of the steps put and not yet {@link #done} (queued, or being printed). */
    private long held;
    /** Steps put and not yet done. */
    private int steps;
    /** The size of the step last taken. */
    private long taken;

    private record Entry<T>(T step, long size) {
    }

    /** @param budget what the steps may hold (e.g. their bytes) before {@link #put} waits */
    PrintBacklog(long budget) {
        this.budget = Math.max(1, budget);
    }

    /** The budget for this JVM, in bytes: 1/32 of the maximum heap, at least 512 KB. */
    static long defaultBudget() {
        return Math.max(1 << 19, Runtime.getRuntime().maxMemory() / 32);
    }

    /** Adds a step of {@code size} (bytes, say), waiting while others are held and it would exceed the budget. */
    synchronized void put(T step, long size) throws InterruptedException {
        while (!fits(size)) {
            wait();
        }
        add(step, size);
    }

    /** Adds a step when {@link #put} would not wait; returns whether it did. */
    synchronized boolean offer(T step, long size) {
        if (!fits(size)) {
            return false;
        }
        add(step, size);
        return true;
    }

    private boolean fits(long size) {
        return steps == 0 || held + Math.max(0, size) <= budget;
    }

    private void add(T step, long size) {
        queue.addLast(new Entry<>(step, Math.max(0, size)));
        held += Math.max(0, size);
        steps++;
        notifyAll();
    }

    /** The oldest step not taken yet, waiting for one; its size is held until {@link #done}. */
    synchronized T take() throws InterruptedException {
        while (queue.isEmpty()) {
            wait();
        }
        Entry<T> e = queue.removeFirst();
        taken = e.size();
        return e.step();
    }

    /** The step last {@link #take taken} is printed: its size is no longer held. */
    synchronized void done() {
        held -= taken;
        taken = 0;
        steps--;
        notifyAll();
    }

    /** What the steps put and not done hold. */
    synchronized long held() {
        return held;
    }
}
