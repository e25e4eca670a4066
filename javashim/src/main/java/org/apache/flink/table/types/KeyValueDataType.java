package org.apache.flink.table.types;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** A MAP data type with its key and value data types. */
@PublicEvolving
public final class KeyValueDataType extends DataType {

    private static final long serialVersionUID = 1L;

    private final DataType keyDataType;

    private final DataType valueDataType;

    public KeyValueDataType(
            LogicalType logicalType, Class<?> conversionClass, DataType keyDataType, DataType valueDataType) {
        super(logicalType, conversionClass);
        this.keyDataType = Objects.requireNonNull(keyDataType, "Key data type must not be null.");
        this.valueDataType = Objects.requireNonNull(valueDataType, "Value data type must not be null.");
    }

    public KeyValueDataType(LogicalType logicalType, DataType keyDataType, DataType valueDataType) {
        this(logicalType, null, keyDataType, valueDataType);
    }

    public DataType getKeyDataType() {
        return keyDataType;
    }

    public DataType getValueDataType() {
        return valueDataType;
    }

    @Override
    public DataType notNull() {
        return new KeyValueDataType(logicalType.copy(false), conversionClass, keyDataType, valueDataType);
    }

    @Override
    public DataType nullable() {
        return new KeyValueDataType(logicalType.copy(true), conversionClass, keyDataType, valueDataType);
    }

    @Override
    public DataType bridgedTo(Class<?> newConversionClass) {
        return new KeyValueDataType(logicalType, newConversionClass, keyDataType, valueDataType);
    }

    @Override
    public DataType toInternal() {
        return bridgedTo(org.apache.flink.table.data.MapData.class);
    }

    @Override
    public List<DataType> getChildren() {
        return Arrays.asList(keyDataType, valueDataType);
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o)
                && keyDataType.equals(((KeyValueDataType) o).keyDataType)
                && valueDataType.equals(((KeyValueDataType) o).valueDataType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), keyDataType, valueDataType);
    }
}
