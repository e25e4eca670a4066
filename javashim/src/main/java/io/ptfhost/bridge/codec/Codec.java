package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Encoder and decoder of one SQL type in the binary value format (layout: native/types/codec.h),
 * between the bytes and Flink's external Java objects of that type.
 *
 * <p>Codecs are built once per type by {@link Codecs#create} (a tree of codecs mirroring the
 * type) and are immutable and thread-safe; no reflection happens per value. Inputs are read from
 * a little-endian {@link ByteBuffer} starting at its position, which advances past the value.
 */
public abstract class Codec {
    final SqlType type;
    final Class<?> conversion;

    Codec(SqlType type, Class<?> conversion) {
        this.type = type;
        this.conversion = conversion;
    }

    /** The SQL type. */
    public final SqlType type() {
        return type;
    }

    /** The Java class values are decoded to (Flink's conversion class). */
    public final Class<?> conversionClass() {
        return conversion;
    }

    /**
     * Writes the body of a non-null value. Returns false, having written nothing, when the
     * value converts to SQL NULL (a DECIMAL that does not fit its precision, as in Flink).
     *
     * @throws ClassCastException when value is not of an accepted class (reported by callers)
     */
    abstract boolean writeBody(CodecOutput out, Object value);

    /** Reads the body of a non-null value. */
    abstract Object readBody(ByteBuffer in);

    /**
     * Appends {@code value} (presence byte + body) for v, which may be null. On a CodecException
     * the output is left as it was.
     */
    public final void write(CodecOutput out, Object v) {
        int at = out.position();
        out.putByte(1);
        boolean written;
        try {
            written = v != null && writeChecked(out, v);
        } catch (RuntimeException e) {
            out.position(at);
            throw e;
        }
        if (!written) {
            out.position(at);
            out.putByte(0);
        }
    }

    /** Reads one {@code value}; returns null for SQL NULL. */
    public final Object read(ByteBuffer in) {
        int start = in.position();
        try {
            byte present = in.get();
            if (present == 0) {
                return null;
            }
            if (present != 1) {
                throw new CodecException(String.format(
                        "corrupt value: presence byte 0x%02x at byte %d is neither 0 nor 1", present & 0xff, start));
            }
            return readBody(in);
        } catch (BufferUnderflowException e) {
            throw truncated(in, start);
        }
    }

    /** writeBody with a readable message for a value of the wrong class. */
    final boolean writeChecked(CodecOutput out, Object v) {
        try {
            return writeBody(out, v);
        } catch (ClassCastException e) {
            throw new CodecException("expected " + conversion.getTypeName() + " for " + type + " but got "
                    + v.getClass().getTypeName());
        }
    }

    CodecException truncated(ByteBuffer in, int start) {
        return new CodecException("truncated value: " + type + " starting at byte " + start + " runs past the end ("
                + in.limit() + " bytes)");
    }

    static CodecException corrupt(String what, ByteBuffer in, int at) {
        return new CodecException("corrupt " + what + " at byte " + at);
    }

    // ---- shared readers ---------------------------------------------------------------------

    /**
     * A u32 count or length of at most Integer.MAX_VALUE. Each item needs at least bitsPerItem bits
     * of input (8 for a byte, 1 for a null bit), so a corrupt count is rejected before allocating.
     */
    static int readCount(ByteBuffer in, String what, int bitsPerItem) {
        int at = in.position();
        int n = in.getInt();
        if (n < 0) {
            throw corrupt(what + ": length " + Integer.toUnsignedString(n) + " exceeds 2147483647", in, at);
        }
        if ((long) n * bitsPerItem > 8L * in.remaining()) {
            throw new BufferUnderflowException();
        }
        return n;
    }

    static byte[] readBytes(ByteBuffer in) {
        int n = readCount(in, "length", 8);
        byte[] b = new byte[n];
        in.get(b);
        return b;
    }

    static String readString(ByteBuffer in) {
        int n = readCount(in, "string length", 8);
        if (in.hasArray()) {
            int at = in.position();
            String s = new String(in.array(), in.arrayOffset() + at, n, StandardCharsets.UTF_8);
            in.position(at + n);
            return s;
        }
        byte[] b = new byte[n];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** Skips a null bitmap of n bits; returns where it starts. */
    static int skipBits(ByteBuffer in, int n) {
        int at = in.position();
        int nb = (n + 7) >>> 3;
        if (in.remaining() < nb) {
            throw new BufferUnderflowException();
        }
        in.position(at + nb);
        return at;
    }

    static boolean isSet(ByteBuffer in, int base, int i) {
        return (in.get(base + (i >>> 3)) & (1 << (i & 7))) != 0;
    }
}
