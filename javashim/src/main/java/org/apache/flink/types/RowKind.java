package org.apache.flink.types;

import org.apache.flink.annotation.PublicEvolving;

/**
 * The kind of change a row describes in a changelog. The byte values are stable and are what
 * ptfhost's C side and the binary value format speak; ordinals are never used across the bridge.
 */
@PublicEvolving
public enum RowKind {

    /** Insertion operation. */
    INSERT("+I", (byte) 0),

    /** Update operation with the previous content of the updated row. */
    UPDATE_BEFORE("-U", (byte) 1),

    /** Update operation with the new content of the updated row. */
    UPDATE_AFTER("+U", (byte) 2),

    /** Deletion operation. */
    DELETE("-D", (byte) 3);

    private final String shortString;

    private final byte value;

    RowKind(String shortString, byte value) {
        this.shortString = shortString;
        this.value = value;
    }

    /** Returns the short string used when printing a row: {@code +I}, {@code -U}, {@code +U}, {@code -D}. */
    public String shortString() {
        return shortString;
    }

    /** Returns the stable byte value of this kind (0 to 3), independent of the declaration order. */
    public byte toByteValue() {
        return value;
    }

    /** Returns the kind for a stable byte value produced by {@link #toByteValue()}. */
    public static RowKind fromByteValue(byte value) {
        switch (value) {
            case 0:
                return INSERT;
            case 1:
                return UPDATE_BEFORE;
            case 2:
                return UPDATE_AFTER;
            case 3:
                return DELETE;
            default:
                throw new UnsupportedOperationException(
                        "Unsupported byte value '" + value + "' for row kind.");
        }
    }
}
