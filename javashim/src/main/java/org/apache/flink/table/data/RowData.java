package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.StructuredType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.types.RowKind;

import java.io.Serializable;

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

    /**
     * Creates an accessor for the field at {@code fieldPos} of rows whose field has the given
     * type; the accessor returns the internal data structure, or null.
     */
    static FieldGetter createFieldGetter(LogicalType fieldType, int fieldPos) {
        FieldGetter getter;
        switch (fieldType.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                getter = row -> row.getString(fieldPos);
                break;
            case BOOLEAN:
                getter = row -> row.getBoolean(fieldPos);
                break;
            case BINARY:
            case VARBINARY:
                getter = row -> row.getBinary(fieldPos);
                break;
            case DECIMAL:
                DecimalType decimal = (DecimalType) fieldType;
                getter = row -> row.getDecimal(fieldPos, decimal.getPrecision(), decimal.getScale());
                break;
            case TINYINT:
                getter = row -> row.getByte(fieldPos);
                break;
            case SMALLINT:
                getter = row -> row.getShort(fieldPos);
                break;
            case INTEGER:
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
            case INTERVAL_YEAR_MONTH:
                getter = row -> row.getInt(fieldPos);
                break;
            case BIGINT:
            case INTERVAL_DAY_TIME:
                getter = row -> row.getLong(fieldPos);
                break;
            case FLOAT:
                getter = row -> row.getFloat(fieldPos);
                break;
            case DOUBLE:
                getter = row -> row.getDouble(fieldPos);
                break;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                int tsPrecision = ((TimestampType) fieldType).getPrecision();
                getter = row -> row.getTimestamp(fieldPos, tsPrecision);
                break;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                int ltzPrecision = ((LocalZonedTimestampType) fieldType).getPrecision();
                getter = row -> row.getTimestamp(fieldPos, ltzPrecision);
                break;
            case ARRAY:
                getter = row -> row.getArray(fieldPos);
                break;
            case MULTISET:
            case MAP:
                getter = row -> row.getMap(fieldPos);
                break;
            case ROW:
                int rowFields = ((RowType) fieldType).getFieldCount();
                getter = row -> row.getRow(fieldPos, rowFields);
                break;
            case STRUCTURED_TYPE:
                int attributes = ((StructuredType) fieldType).getAttributes().size();
                getter = row -> row.getRow(fieldPos, attributes);
                break;
            case RAW:
                getter = row -> row.getRawValue(fieldPos);
                break;
            case NULL:
                return row -> null;
            default:
                throw new IllegalArgumentException("Unsupported type for a field getter: " + fieldType);
        }
        if (!fieldType.isNullable()) {
            return getter;
        }
        FieldGetter nonNull = getter;
        return row -> row.isNullAt(fieldPos) ? null : nonNull.getFieldOrNull(row);
    }

    /** Reads one field of a {@link RowData}, null-aware. */
    @PublicEvolving
    interface FieldGetter extends Serializable {

        Object getFieldOrNull(RowData row);
    }
}
