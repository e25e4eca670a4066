package org.apache.flink.table.types;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** A ROW or STRUCTURED data type with the data types of its fields. */
@PublicEvolving
public final class FieldsDataType extends DataType {

    private static final long serialVersionUID = 1L;

    private final List<DataType> fieldDataTypes;

    public FieldsDataType(LogicalType logicalType, Class<?> conversionClass, List<DataType> fieldDataTypes) {
        super(logicalType, conversionClass);
        this.fieldDataTypes = Collections.unmodifiableList(new ArrayList<>(fieldDataTypes));
    }

    public FieldsDataType(LogicalType logicalType, List<DataType> fieldDataTypes) {
        this(logicalType, null, fieldDataTypes);
    }

    @Override
    public DataType notNull() {
        return new FieldsDataType(logicalType.copy(false), conversionClass, fieldDataTypes);
    }

    @Override
    public DataType nullable() {
        return new FieldsDataType(logicalType.copy(true), conversionClass, fieldDataTypes);
    }

    @Override
    public DataType bridgedTo(Class<?> newConversionClass) {
        return new FieldsDataType(logicalType, newConversionClass, fieldDataTypes);
    }

    @Override
    public DataType toInternal() {
        return bridgedTo(internalClass(logicalType));
    }

    @Override
    public List<DataType> getChildren() {
        return fieldDataTypes;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && fieldDataTypes.equals(((FieldsDataType) o).fieldDataTypes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), fieldDataTypes);
    }
}
