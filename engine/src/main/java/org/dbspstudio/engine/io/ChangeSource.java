package org.dbspstudio.engine.io;

import java.util.NavigableMap;
import org.dbspstudio.engine.value.ZSet;

/**
 * Where one input's changes come from. A change source (a table or file of the input's columns
 * plus {@code weight} and {@code step}) has its own steps; a snapshot source (a table or file of
 * the input's columns only) has none: at each step it is read whole and its change is the
 * difference from the contents at the previous step.
 */
public interface ChangeSource {
    /** The input it feeds. */
    String input();

    /** What it reads, for messages: {@code table orders_changes (changes)}. */
    String describe();

    /** True for a snapshot source. */
    boolean snapshots();

    /** The last step it has changes for now, -1 when none (a snapshot source: -1). */
    long lastStep() throws TableException;

    /**
     * The changes of the steps after {@code from} up to {@code to}, by step (steps without
     * changes are absent). A snapshot source answers for one new step at a time ({@code to = from + 1}):
     * its contents now minus its contents at the previous step.
     */
    NavigableMap<Long, ZSet> read(long from, long to) throws TableException;
}
