package org.dbspstudio.model.types;

/**
 * The abelian group a stream's values belong to: the integers {@code Z}, Z-sets over a row
 * schema, or indexed Z-sets (key schema → Z-set over a row schema).
 */
public sealed interface StreamType permits StreamType.Integers, StreamType.ZSet, StreamType.Indexed {

    /** The group ℤ of 64-bit integers, for teaching circuits ({@code id}, {@code I(id)}). */
    record Integers() implements StreamType {
        @Override
        public String toString() {
            return "Z";
        }
    }

    /** Z-sets whose elements are rows of {@code row}. */
    record ZSet(RowSchema row) implements StreamType {
        @Override
        public String toString() {
            return "ZSet" + row;
        }
    }

    /** Indexed Z-sets: keys of {@code key} mapped to Z-sets of rows of {@code value}. */
    record Indexed(RowSchema key, RowSchema value) implements StreamType {
        @Override
        public String toString() {
            return "Indexed" + key + " -> " + value;
        }
    }

    StreamType Z = new Integers();

    static StreamType zset(RowSchema row) {
        return new ZSet(row);
    }

    static StreamType indexed(RowSchema key, RowSchema value) {
        return new Indexed(key, value);
    }
}
