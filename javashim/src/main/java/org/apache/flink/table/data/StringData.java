package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.binary.BinaryStringData;

/** Internal representation of CHAR/VARCHAR values: a UTF-8 encoded string. */
@PublicEvolving
public interface StringData extends Comparable<StringData> {

    /** The UTF-8 bytes. */
    byte[] toBytes();

    /** The Java string. */
    @Override
    String toString();

    static StringData fromString(String str) {
        return BinaryStringData.fromString(str);
    }

    static StringData fromBytes(byte[] bytes) {
        return BinaryStringData.fromBytes(bytes);
    }

    static StringData fromBytes(byte[] bytes, int offset, int numBytes) {
        return BinaryStringData.fromBytes(bytes, offset, numBytes);
    }
}
