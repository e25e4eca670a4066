package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/**
 * ROW and STRUCTURED: null bits, then the non-NULL field bodies. Adds the {@code row} form of
 * native/types/codec.h (kind byte + fields), used for the rows of a batch.
 */
public abstract class CompositeCodec extends Codec {
    final String[] names;
    final Codec[] fields;
    /** Per field, its {@link InlineScalars} kind: read and written without a call to its codec. */
    private final byte[] kinds;

    CompositeCodec(SqlType t, Class<?> conversion, Codec[] fields) {
        super(t, conversion);
        this.fields = fields;
        this.names = new String[fields.length];
        this.kinds = new byte[fields.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = t.fields().get(i).name;
            kinds[i] = InlineScalars.kindOf(fields[i]);
        }
    }

    /** Field i of container (a Row or a POJO), already validated by {@link #check}. */
    abstract Object get(Object container, int i);

    /** Throws a CodecException if container cannot supply this type's fields. */
    abstract void check(Object container);

    /**
     * A fresh value for absent state: a named-position Row of nulls, or {@code new Pojo()} (so
     * field initializers apply), as Flink creates it.
     */
    public abstract Object newInstance();

    /** Builds the Java value from decoded fields. */
    abstract Object build(RowKind kind, Object[] values);

    /** {@link #holdCheck}: every field is null (Flink stores no such value). */
    public static final int HOLD_NULLS = 0;
    /** {@link #holdCheck}: every field is null or a value that encodes without fail. */
    public static final int HOLD_OK = 1;
    /** {@link #holdCheck}: only encoding tells (a value of another class, a container that does not fit). */
    public static final int HOLD_UNSURE = 2;

    /**
     * Whether a value of this type may stay a Java object between calls (runtime.StateTable):
     * the object is its fields and nothing else (a Row, or a POJO of public fields only), read
     * without user code, and every field is a type whose encoding of a value of its class cannot
     * fail or turn into NULL (BOOLEAN, the integers, FLOAT, DOUBLE, STRING).
     */
    public boolean holdable() {
        for (Codec f : fields) {
            if (heldClass(f) == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * What encoding v would do, told without encoding: {@link #HOLD_NULLS}, {@link #HOLD_OK} or
     * {@link #HOLD_UNSURE}. Only for a {@link #holdable()} codec; reads fields as encoding does.
     */
    public final int holdCheck(Object v) {
        try {
            check(v);
        } catch (RuntimeException e) {
            return HOLD_UNSURE;
        }
        boolean allNull = true;
        for (int i = 0; i < fields.length; i++) {
            Object f = get(v, i);
            if (f != null) {
                if (f.getClass() != heldClass(fields[i])) {
                    return HOLD_UNSURE;
                }
                allNull = false;
            }
        }
        return allNull ? HOLD_NULLS : HOLD_OK;
    }

    /** The one class whose values field codec f encodes without fail, or null. */
    private static Class<?> heldClass(Codec f) {
        if (f instanceof ScalarCodecs.BooleanCodec) {
            return Boolean.class;
        } else if (f instanceof ScalarCodecs.TinyIntCodec) {
            return Byte.class;
        } else if (f instanceof ScalarCodecs.SmallIntCodec) {
            return Short.class;
        } else if (f instanceof ScalarCodecs.IntCodec) {
            return Integer.class;
        } else if (f instanceof ScalarCodecs.BigIntCodec) {
            return Long.class;
        } else if (f instanceof ScalarCodecs.FloatCodec) {
            return Float.class;
        } else if (f instanceof ScalarCodecs.DoubleCodec) {
            return Double.class;
        } else if (f instanceof ScalarCodecs.StringCodec) {
            return String.class;
        }
        return null;
    }

    @Override
    final boolean writeBody(CodecOutput out, Object v) {
        check(v);
        int bits = out.reserveBits((fields.length + 7) / 8);
        for (int i = 0; i < fields.length; i++) {
            Object f = get(v, i);
            if (f == null) {
                out.setBit(bits, i);
                continue;
            }
            if (InlineScalars.write(out, kinds[i], f)) {
                continue;
            }
            try {
                if (!fields[i].writeChecked(out, f)) {
                    out.setBit(bits, i);
                }
            } catch (CodecException e) {
                throw e.within("field " + SqlTypeNames.identifier(names[i]));
            }
        }
        return true;
    }

    @Override
    final Object readBody(ByteBuffer in) {
        return build(RowKind.INSERT, readFields(in));
    }

    final Object[] readFields(ByteBuffer in) {
        int n = fields.length;
        int bits = skipBits(in, n);
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            if (!isSet(in, bits, i)) {
                values[i] = InlineScalars.read(in, kinds[i], fields[i]);
            }
        }
        return values;
    }

    /**
     * Appends {@code row} (kind byte + fields): the kind of a {@link Row}, INSERT for a POJO.
     */
    public final void writeRecord(CodecOutput out, Object v) {
        if (v == null) {
            throw new CodecException("a row of " + type + " cannot be null");
        }
        int at = out.position();
        out.putByte(v instanceof Row ? ((Row) v).getKind().toByteValue() : 0);
        try {
            writeChecked(out, v);
        } catch (RuntimeException e) {
            out.position(at);
            throw e;
        }
    }

    /** Reads one {@code row}; a POJO drops the kind (POJOs have none). */
    public final Object readRecord(ByteBuffer in) {
        int start = in.position();
        try {
            byte kind = in.get();
            if (kind < 0 || kind > 3) {
                throw new CodecException("corrupt row: kind byte " + (kind & 0xff) + " at byte " + start
                        + " is not 0..3");
            }
            return build(RowKind.fromByteValue(kind), readFields(in));
        } catch (BufferUnderflowException e) {
            throw truncated(in, start);
        }
    }
}
