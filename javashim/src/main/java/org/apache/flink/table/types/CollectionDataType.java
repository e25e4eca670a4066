package org.apache.flink.table.types;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.lang.reflect.Array;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** An ARRAY or MULTISET data type with its element data type. */
@PublicEvolving
public final class CollectionDataType extends DataType {

    private static final long serialVersionUID = 1L;

    private final DataType elementDataType;

    public CollectionDataType(LogicalType logicalType, Class<?> conversionClass, DataType elementDataType) {
        super(logicalType, conversionClass != null ? conversionClass : defaultConversion(logicalType, elementDataType));
        this.elementDataType = Objects.requireNonNull(elementDataType, "Element data type must not be null.");
    }

    public CollectionDataType(LogicalType logicalType, DataType elementDataType) {
        this(logicalType, null, elementDataType);
    }

    public DataType getElementDataType() {
        return elementDataType;
    }

    @Override
    public DataType notNull() {
        return new CollectionDataType(logicalType.copy(false), conversionClass, elementDataType);
    }

    @Override
    public DataType nullable() {
        return new CollectionDataType(logicalType.copy(true), conversionClass, elementDataType);
    }

    @Override
    public DataType bridgedTo(Class<?> newConversionClass) {
        return new CollectionDataType(logicalType, newConversionClass, elementDataType);
    }

    @Override
    public DataType toInternal() {
        return bridgedTo(internalClass(logicalType));
    }

    @Override
    public List<DataType> getChildren() {
        return Collections.singletonList(elementDataType);
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && elementDataType.equals(((CollectionDataType) o).elementDataType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), elementDataType);
    }

    /** An array converts to an array of the element's conversion class by default. */
    private static Class<?> defaultConversion(LogicalType type, DataType element) {
        if (type.is(LogicalTypeRoot.ARRAY)) {
            return Array.newInstance(element.getConversionClass(), 0).getClass();
        }
        return null;
    }
}
