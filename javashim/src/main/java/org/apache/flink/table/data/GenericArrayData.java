package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Arrays;
import java.util.Objects;

/**
 * An {@link ArrayData} over a Java array: either an {@code Object[]} of internal data structures
 * (which may hold nulls) or a primitive array (no nulls).
 */
@PublicEvolving
public final class GenericArrayData implements ArrayData {

    private final Object array;
    private final int size;
    private final boolean isPrimitiveArray;

    public GenericArrayData(Object[] array) {
        this(array, array.length, false);
    }

    public GenericArrayData(int[] primitiveArray) {
        this(primitiveArray, primitiveArray.length, true);
    }

    public GenericArrayData(long[] primitiveArray) {
        this(primitiveArray, primitiveArray.length, true);
    }

    public GenericArrayData(float[] primitiveArray) {
        this(primitiveArray, primitiveArray.length, true);
    }

    public GenericArrayData(double[] primitiveArray) {
        this(primitiveArray, primitiveArray.length, true);
    }

    public GenericArrayData(short[] primitiveArray) {
        this(primitiveArray, primitiveArray.length, true);
    }

    public GenericArrayData(byte[] primitiveArray) {
        this(primitiveArray, primitiveArray.length, true);
    }

    public GenericArrayData(boolean[] primitiveArray) {
        this(primitiveArray, primitiveArray.length, true);
    }

    private GenericArrayData(Object array, int size, boolean isPrimitiveArray) {
        this.array = Objects.requireNonNull(array);
        this.size = size;
        this.isPrimitiveArray = isPrimitiveArray;
    }

    /** Whether the elements are a primitive array (and so never null). */
    public boolean isPrimitiveArray() {
        return isPrimitiveArray;
    }

    /** The elements as objects (boxed for a primitive array). */
    public Object[] toObjectArray() {
        if (!isPrimitiveArray) {
            return (Object[]) array;
        }
        Object[] out = new Object[size];
        for (int i = 0; i < size; i++) {
            out[i] = java.lang.reflect.Array.get(array, i);
        }
        return out;
    }

    private Object element(int pos) {
        return isPrimitiveArray ? java.lang.reflect.Array.get(array, pos) : ((Object[]) array)[pos];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isNullAt(int pos) {
        return !isPrimitiveArray && ((Object[]) array)[pos] == null;
    }

    @Override
    public boolean getBoolean(int pos) {
        return (boolean) element(pos);
    }

    @Override
    public byte getByte(int pos) {
        return (byte) element(pos);
    }

    @Override
    public short getShort(int pos) {
        return (short) element(pos);
    }

    @Override
    public int getInt(int pos) {
        return (int) element(pos);
    }

    @Override
    public long getLong(int pos) {
        return (long) element(pos);
    }

    @Override
    public float getFloat(int pos) {
        return (float) element(pos);
    }

    @Override
    public double getDouble(int pos) {
        return (double) element(pos);
    }

    @Override
    public StringData getString(int pos) {
        return (StringData) element(pos);
    }

    @Override
    public DecimalData getDecimal(int pos, int precision, int scale) {
        return (DecimalData) element(pos);
    }

    @Override
    public TimestampData getTimestamp(int pos, int precision) {
        return (TimestampData) element(pos);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> RawValueData<T> getRawValue(int pos) {
        return (RawValueData<T>) element(pos);
    }

    @Override
    public byte[] getBinary(int pos) {
        return (byte[]) element(pos);
    }

    @Override
    public ArrayData getArray(int pos) {
        return (ArrayData) element(pos);
    }

    @Override
    public MapData getMap(int pos) {
        return (MapData) element(pos);
    }

    @Override
    public RowData getRow(int pos, int numFields) {
        return (RowData) element(pos);
    }

    @Override
    public boolean[] toBooleanArray() {
        return (boolean[]) array;
    }

    @Override
    public byte[] toByteArray() {
        return (byte[]) array;
    }

    @Override
    public short[] toShortArray() {
        return (short[]) array;
    }

    @Override
    public int[] toIntArray() {
        return (int[]) array;
    }

    @Override
    public long[] toLongArray() {
        return (long[]) array;
    }

    @Override
    public float[] toFloatArray() {
        return (float[]) array;
    }

    @Override
    public double[] toDoubleArray() {
        return (double[]) array;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof GenericArrayData)) {
            return false;
        }
        GenericArrayData that = (GenericArrayData) o;
        return size == that.size && isPrimitiveArray == that.isPrimitiveArray
                && Arrays.deepEquals(new Object[] {array}, new Object[] {that.array});
    }

    @Override
    public int hashCode() {
        int result = Arrays.deepHashCode(new Object[] {array});
        return 31 * (31 * result + size) + Boolean.hashCode(isPrimitiveArray);
    }
}
