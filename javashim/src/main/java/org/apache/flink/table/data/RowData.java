package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.types.RowKind;

/**
 * Internal representation of ROW and structured values: fixed arity, typed positional getters,
 * a {@link RowKind}. A PTF may take table arguments or state as RowData instead of {@code Row}.
 */
@PublicEvolving
public interface RowData {

    int getArity();

    RowKind getRowKind();

    void setRowKind(RowKind kind);

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
}
