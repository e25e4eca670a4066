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

    CompositeCodec(SqlType t, Class<?> conversion, Codec[] fields) {
        super(t, conversion);
        this.fields = fields;
        this.names = new String[fields.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = t.fields().get(i).name;
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

    @Override
    final boolean writeBody(CodecOutput out, Object v) {
        check(v);
        int bits = out.reserveBits((fields.length + 7) / 8);
        for (int i = 0; i < fields.length; i++) {
            Object f = get(v, i);
            try {
                if (f == null || !fields[i].writeChecked(out, f)) {
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
                values[i] = fields[i].readBody(in);
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
