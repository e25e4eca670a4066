package io.ptfhost.bridge.codec;

import java.nio.ByteBuffer;

/**
 * The bodies of the common scalar types read and written in place by the loops over fields
 * ({@link CompositeCodec}) and elements ({@link ArrayCodec}), as their codecs read and write
 * them. A call through the child codec there is a megamorphic virtual call the JIT cannot
 * inline; a switch over a per-child kind compiles to a jump and inlined buffer accesses.
 *
 * <p>Only codecs whose bodies do not depend on the conversion class get a kind (that class only
 * names the expected class in the wrong-class message); a value of another class, and every
 * other type, goes through the codec, so messages and checks stay in one place.
 */
final class InlineScalars {
    private InlineScalars() {}

    /** Not inline: call the codec. */
    static final byte OTHER = 0;
    private static final byte BOOLEAN = 1;
    private static final byte TINYINT = 2;
    private static final byte SMALLINT = 3;
    private static final byte INT = 4;
    private static final byte BIGINT = 5;
    private static final byte FLOAT = 6;
    private static final byte DOUBLE = 7;
    private static final byte STRING = 8;
    private static final byte BYTES = 9;

    /** The kind of codec c, or {@link #OTHER}. */
    static byte kindOf(Codec c) {
        Class<?> k = c.getClass();
        if (k == ScalarCodecs.BooleanCodec.class) {
            return BOOLEAN;
        } else if (k == ScalarCodecs.TinyIntCodec.class) {
            return TINYINT;
        } else if (k == ScalarCodecs.SmallIntCodec.class) {
            return SMALLINT;
        } else if (k == ScalarCodecs.IntCodec.class) {
            return INT;
        } else if (k == ScalarCodecs.BigIntCodec.class) {
            return BIGINT;
        } else if (k == ScalarCodecs.FloatCodec.class) {
            return FLOAT;
        } else if (k == ScalarCodecs.DoubleCodec.class) {
            return DOUBLE;
        } else if (k == ScalarCodecs.StringCodec.class) {
            return STRING;
        } else if (k == ScalarCodecs.BytesCodec.class) {
            return BYTES;
        }
        return OTHER;
    }

    /**
     * Writes the body of non-null v if kind is inline and v is of the class its codec casts to;
     * false, having written nothing, otherwise (the caller then calls the codec's writeChecked).
     */
    static boolean write(CodecOutput out, byte kind, Object v) {
        switch (kind) {
            case BOOLEAN:
                if (v instanceof Boolean) {
                    out.putByte((Boolean) v ? 1 : 0);
                    return true;
                }
                return false;
            case TINYINT:
                if (v instanceof Byte) {
                    out.putByte((Byte) v);
                    return true;
                }
                return false;
            case SMALLINT:
                if (v instanceof Short) {
                    out.putShort((Short) v);
                    return true;
                }
                return false;
            case INT:
                if (v instanceof Integer) {
                    out.putInt((Integer) v);
                    return true;
                }
                return false;
            case BIGINT:
                if (v instanceof Long) {
                    out.putLong((Long) v);
                    return true;
                }
                return false;
            case FLOAT:
                if (v instanceof Float) {
                    out.putInt(Float.floatToRawIntBits((Float) v));
                    return true;
                }
                return false;
            case DOUBLE:
                if (v instanceof Double) {
                    out.putLong(Double.doubleToRawLongBits((Double) v));
                    return true;
                }
                return false;
            case STRING:
                if (v instanceof String) {
                    out.putString((String) v);
                    return true;
                }
                return false;
            case BYTES:
                if (v instanceof byte[]) {
                    out.putBytes((byte[]) v);
                    return true;
                }
                return false;
            default:
                return false;
        }
    }

    /** Reads a non-null body of codec c, whose kind is kind. */
    static Object read(ByteBuffer in, byte kind, Codec c) {
        switch (kind) {
            case TINYINT:
                return in.get();
            case SMALLINT:
                return in.getShort();
            case INT:
                return in.getInt();
            case BIGINT:
                return in.getLong();
            case FLOAT:
                return Float.intBitsToFloat(in.getInt());
            case DOUBLE:
                return Double.longBitsToDouble(in.getLong());
            case STRING:
                return Codec.readString(in);
            case BYTES:
                return Codec.readBytes(in);
            default:
                return c.readBody(in); // BOOLEAN too: its check of the byte stays in its codec
        }
    }
}
