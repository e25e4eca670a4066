package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;

/** Internal representation of ARRAY and MULTISET values. */
@PublicEvolving
public interface ArrayData {

    int size();

    boolean isNullAt(int pos);

    boolean getBoolean(int pos);

    byte getByte(int pos);

    short getShort(int pos);

    int getInt(int pos);

    long getLong(int pos);

    float getFloat(int pos);

    double getDouble(int pos);

    StringData getString(int pos);

    DecimalData getDecimal(int pos, int precision, int scale);

    TimestampData getTimestamp(int pos, int precision);

    <T> RawValueData<T> getRawValue(int pos);

    byte[] getBinary(int pos);

    ArrayData getArray(int pos);

    MapData getMap(int pos);

    RowData getRow(int pos, int numFields);

    boolean[] toBooleanArray();

    byte[] toByteArray();

    short[] toShortArray();

    int[] toIntArray();

    long[] toLongArray();

    float[] toFloatArray();

    double[] toDoubleArray();
}
