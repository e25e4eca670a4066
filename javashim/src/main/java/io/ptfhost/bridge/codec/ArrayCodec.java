package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * ARRAY: n:u32, null bits, element bodies. Decodes to an array of the element's conversion class
 * (Integer[] for ARRAY&lt;INT&gt;, as Flink's default), a primitive array when the conversion class
 * asks for one (int[] for a NOT NULL INT element, e.g. a POJO field), or a List. Encodes any of
 * these.
 */
final class ArrayCodec extends Codec {
    private enum Shape { OBJECTS, LIST, BOOLEANS, BYTES, SHORTS, INTS, LONGS, FLOATS, DOUBLES }

    private final Codec element;
    private final byte elementKind; // InlineScalars kind of element
    private final Shape shape;
    private final Class<?> componentClass;
    private final Class<?> primitive; // the primitive array component that fits the element type, or null

    ArrayCodec(SqlType t, Class<?> conversion, Codec element) {
        super(t, conversion);
        this.element = element;
        this.elementKind = InlineScalars.kindOf(element);
        this.componentClass = conversion.isArray() ? conversion.getComponentType() : Object.class;
        this.shape = shapeOf(conversion);
        this.primitive = primitiveOf(t.elementType().kind());
    }

    private static Class<?> primitiveOf(SqlType.Kind k) {
        switch (k) {
            case BOOLEAN:
                return boolean.class;
            case TINYINT:
                return byte.class;
            case SMALLINT:
                return short.class;
            case INT:
                return int.class;
            case BIGINT:
                return long.class;
            case FLOAT:
                return float.class;
            case DOUBLE:
                return double.class;
            default:
                return null;
        }
    }

    private static Shape shapeOf(Class<?> c) {
        if (List.class.isAssignableFrom(c)) {
            return Shape.LIST;
        }
        Class<?> e = c.getComponentType();
        if (e == boolean.class) {
            return Shape.BOOLEANS;
        } else if (e == byte.class) {
            return Shape.BYTES;
        } else if (e == short.class) {
            return Shape.SHORTS;
        } else if (e == int.class) {
            return Shape.INTS;
        } else if (e == long.class) {
            return Shape.LONGS;
        } else if (e == float.class) {
            return Shape.FLOATS;
        } else if (e == double.class) {
            return Shape.DOUBLES;
        }
        return Shape.OBJECTS;
    }

    @Override
    boolean writeBody(CodecOutput out, Object v) {
        if (v instanceof Object[]) {
            Object[] a = (Object[]) v;
            writeObjects(out, a.length, a, null);
        } else if (v instanceof List) {
            List<?> l = (List<?>) v;
            writeObjects(out, l.size(), null, l);
        } else {
            writePrimitives(out, v);
        }
        return true;
    }

    private void writeObjects(CodecOutput out, int n, Object[] a, List<?> l) {
        out.putInt(n);
        int bits = out.reserveBits((n + 7) / 8);
        for (int i = 0; i < n; i++) {
            Object e = a != null ? a[i] : l.get(i);
            if (e == null) {
                out.setBit(bits, i);
                continue;
            }
            if (InlineScalars.write(out, elementKind, e)) {
                continue;
            }
            try {
                if (!element.writeChecked(out, e)) {
                    out.setBit(bits, i);
                }
            } catch (CodecException x) {
                throw x.within("element " + i);
            }
        }
    }

    /** Primitive arrays never hold NULL: the bitmap stays zero. */
    private void writePrimitives(CodecOutput out, Object v) {
        if (v.getClass().getComponentType() != primitive || primitive == null) {
            throw new ClassCastException(); // reported by writeChecked with both class names
        }
        int n = Array.getLength(v);
        out.putInt(n);
        out.reserveBits((n + 7) / 8);
        if (v instanceof int[]) {
            for (int x : (int[]) v) {
                out.putInt(x);
            }
        } else if (v instanceof long[]) {
            for (long x : (long[]) v) {
                out.putLong(x);
            }
        } else if (v instanceof double[]) {
            for (double x : (double[]) v) {
                out.putLong(Double.doubleToRawLongBits(x));
            }
        } else if (v instanceof float[]) {
            for (float x : (float[]) v) {
                out.putInt(Float.floatToRawIntBits(x));
            }
        } else if (v instanceof short[]) {
            for (short x : (short[]) v) {
                out.putShort(x);
            }
        } else if (v instanceof byte[]) {
            for (byte x : (byte[]) v) {
                out.putByte(x);
            }
        } else {
            for (boolean x : (boolean[]) v) {
                out.putByte(x ? 1 : 0);
            }
        }
    }

    @Override
    Object readBody(ByteBuffer in) {
        int n = readCount(in, "ARRAY length", 1);
        int bits = skipBits(in, n);
        switch (shape) {
            case OBJECTS: {
                Object[] a = (Object[]) Array.newInstance(componentClass, n);
                for (int i = 0; i < n; i++) {
                    a[i] = isSet(in, bits, i) ? null : InlineScalars.read(in, elementKind, element);
                }
                return a;
            }
            case LIST: {
                List<Object> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    l.add(isSet(in, bits, i) ? null : InlineScalars.read(in, elementKind, element));
                }
                return l;
            }
            default:
                return readPrimitives(in, n, bits);
        }
    }

    private Object readPrimitives(ByteBuffer in, int n, int bits) {
        for (int i = 0; i < n; i++) {
            if (isSet(in, bits, i)) {
                throw new CodecException("element " + i + " of " + type + " is NULL but the Java type "
                        + conversion.getSimpleName() + " cannot hold null");
            }
        }
        Object a = Array.newInstance(componentClass, n);
        switch (shape) {
            case INTS: {
                int[] x = (int[]) a;
                for (int i = 0; i < n; i++) {
                    x[i] = in.getInt();
                }
                break;
            }
            case LONGS: {
                long[] x = (long[]) a;
                for (int i = 0; i < n; i++) {
                    x[i] = in.getLong();
                }
                break;
            }
            case DOUBLES: {
                double[] x = (double[]) a;
                for (int i = 0; i < n; i++) {
                    x[i] = Double.longBitsToDouble(in.getLong());
                }
                break;
            }
            case FLOATS: {
                float[] x = (float[]) a;
                for (int i = 0; i < n; i++) {
                    x[i] = Float.intBitsToFloat(in.getInt());
                }
                break;
            }
            case SHORTS: {
                short[] x = (short[]) a;
                for (int i = 0; i < n; i++) {
                    x[i] = in.getShort();
                }
                break;
            }
            case BYTES: {
                in.get((byte[]) a);
                break;
            }
            default: {
                boolean[] x = (boolean[]) a;
                for (int i = 0; i < n; i++) {
                    x[i] = (Boolean) element.readBody(in);
                }
            }
        }
        return a;
    }
}
