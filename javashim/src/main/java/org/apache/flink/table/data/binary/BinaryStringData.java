package org.apache.flink.table.data.binary;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.StringData;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The {@link StringData} implementation: UTF-8 bytes, decoded lazily. */
@Internal
public final class BinaryStringData implements StringData {

    public static final BinaryStringData EMPTY_UTF8 = new BinaryStringData(new byte[0], "");

    private final byte[] bytes;

    private String javaString;

    private BinaryStringData(byte[] bytes, String javaString) {
        this.bytes = bytes;
        this.javaString = javaString;
    }

    public static BinaryStringData fromString(String str) {
        return str == null ? null : new BinaryStringData(str.getBytes(StandardCharsets.UTF_8), str);
    }

    public static BinaryStringData fromBytes(byte[] bytes) {
        return fromBytes(bytes, 0, bytes.length);
    }

    public static BinaryStringData fromBytes(byte[] bytes, int offset, int numBytes) {
        return new BinaryStringData(Arrays.copyOfRange(bytes, offset, offset + numBytes), null);
    }

    @Override
    public byte[] toBytes() {
        return bytes.clone();
    }

    @Override
    public String toString() {
        if (javaString == null) {
            javaString = new String(bytes, StandardCharsets.UTF_8);
        }
        return javaString;
    }

    /** Compares by unsigned UTF-8 bytes, which orders by code point. */
    @Override
    public int compareTo(StringData other) {
        byte[] o = other instanceof BinaryStringData ? ((BinaryStringData) other).bytes : other.toBytes();
        int n = Math.min(bytes.length, o.length);
        for (int i = 0; i < n; i++) {
            int c = (bytes[i] & 0xFF) - (o[i] & 0xFF);
            if (c != 0) {
                return c;
            }
        }
        return bytes.length - o.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BinaryStringData && Arrays.equals(bytes, ((BinaryStringData) o).bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
