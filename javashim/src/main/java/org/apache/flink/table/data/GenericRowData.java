package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.types.RowKind;

import java.util.Arrays;
import java.util.Objects;

/**
 * A {@link RowData} holding internal data structures (Integer, {@link StringData}, ...) in an
 * object array.
 */
@PublicEvolving
public final class GenericRowData implements RowData {

    private final Object[] fields;

    private RowKind kind;

    public GenericRowData(RowKind kind, int arity) {
        this.fields = new Object[arity];
        this.kind = Objects.requireNonNull(kind);
    }

    public GenericRowData(int arity) {
        this(RowKind.INSERT, arity);
    }

    public void setField(int pos, Object value) {
        fields[pos] = value;
    }

    public Object getField(int pos) {
        return fields[pos];
    }

    @Override
    public int getArity() {
        return fields.length;
    }

    @Override
    public RowKind getRowKind() {
        return kind;
    }

    @Override
    public void setRowKind(RowKind kind) {
        this.kind = Objects.requireNonNull(kind);
    }

    @Override
    public boolean isNullAt(int pos) {
        return fields[pos] == null;
    }

    @Override
    public boolean getBoolean(int pos) {
        return (boolean) fields[pos];
    }

    @Override
    public byte getByte(int pos) {
        return (byte) fields[pos];
    }

    @Override
    public short getShort(int pos) {
        return (short) fields[pos];
    }

    @Override
    public int getInt(int pos) {
        return (int) fields[pos];
    }

    @Override
    public long getLong(int pos) {
        return (long) fields[pos];
    }

    @Override
    public float getFloat(int pos) {
        return (float) fields[pos];
    }

    @Override
    public double getDouble(int pos) {
        return (double) fields[pos];
    }

    @Override
    public StringData getString(int pos) {
        return (StringData) fields[pos];
    }

    @Override
    public DecimalData getDecimal(int pos, int precision, int scale) {
        return (DecimalData) fields[pos];
    }

    @Override
    public TimestampData getTimestamp(int pos, int precision) {
        return (TimestampData) fields[pos];
    }

    @SuppressWarnings("unchecked")
    @Override
    public <T> RawValueData<T> getRawValue(int pos) {
        return (RawValueData<T>) fields[pos];
    }

    @Override
    public byte[] getBinary(int pos) {
        return (byte[]) fields[pos];
    }

    @Override
    public ArrayData getArray(int pos) {
        return (ArrayData) fields[pos];
    }

    @Override
    public MapData getMap(int pos) {
        return (MapData) fields[pos];
    }

    @Override
    public RowData getRow(int pos, int numFields) {
        return (RowData) fields[pos];
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof GenericRowData)) {
            return false;
        }
        GenericRowData that = (GenericRowData) o;
        return kind == that.kind && Arrays.deepEquals(fields, that.fields);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hash(kind) + Arrays.deepHashCode(fields);
    }

    /** {@code +I(1,a)}: kind short string and comma-joined fields. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(kind.shortString()).append('(');
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(org.apache.flink.util.StringUtils.arrayAwareToString(fields[i]));
        }
        return sb.append(')').toString();
    }

    public static GenericRowData of(Object... values) {
        return ofKind(RowKind.INSERT, values);
    }

    public static GenericRowData ofKind(RowKind kind, Object... values) {
        GenericRowData row = new GenericRowData(kind, values.length);
        System.arraycopy(values, 0, row.fields, 0, values.length);
        return row;
    }
}
