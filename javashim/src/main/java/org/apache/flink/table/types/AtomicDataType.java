package org.apache.flink.table.types;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;

import java.util.Collections;
import java.util.List;

/** A data type without nested data types (INT, STRING, TIMESTAMP, ...). */
@PublicEvolving
public final class AtomicDataType extends DataType {

    private static final long serialVersionUID = 1L;

    public AtomicDataType(LogicalType logicalType, Class<?> conversionClass) {
        super(logicalType, conversionClass);
    }

    public AtomicDataType(LogicalType logicalType) {
        super(logicalType, null);
    }

    @Override
    public DataType notNull() {
        return new AtomicDataType(logicalType.copy(false), conversionClass);
    }

    @Override
    public DataType nullable() {
        return new AtomicDataType(logicalType.copy(true), conversionClass);
    }

    @Override
    public DataType bridgedTo(Class<?> newConversionClass) {
        return new AtomicDataType(logicalType, newConversionClass);
    }

    @Override
    public DataType toInternal() {
        return bridgedTo(internalClass(logicalType));
    }

    @Override
    public List<DataType> getChildren() {
        return Collections.emptyList();
    }
}
