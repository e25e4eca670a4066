package org.apache.flink.table.types;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.StructuredType;

import java.io.Serializable;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A {@link LogicalType} plus the Java class values are converted to and from at the API
 * boundary. Printed as the logical type's summary, e.g. {@code INT NOT NULL}.
 */
@PublicEvolving
public abstract class DataType implements AbstractDataType<DataType>, Serializable {

    private static final long serialVersionUID = 1L;

    protected final LogicalType logicalType;

    protected final Class<?> conversionClass;

    DataType(LogicalType logicalType, Class<?> conversionClass) {
        this.logicalType = Objects.requireNonNull(logicalType, "Logical type must not be null.");
        this.conversionClass =
                conversionClass != null ? checkConversion(logicalType, conversionClass) : logicalType.getDefaultConversion();
    }

    public LogicalType getLogicalType() {
        return logicalType;
    }

    public Class<?> getConversionClass() {
        return conversionClass;
    }

    /** Nested data types: element, key and value, or fields. */
    public abstract List<DataType> getChildren();

    @Override
    public String toString() {
        return logicalType.asSummaryString();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        DataType that = (DataType) o;
        return logicalType.equals(that.logicalType) && conversionClass.equals(that.conversionClass);
    }

    @Override
    public int hashCode() {
        return Objects.hash(logicalType, conversionClass);
    }

    /** Field names of a row or structured type; empty for other types. */
    public static List<String> getFieldNames(DataType dataType) {
        LogicalType type = dataType.getLogicalType();
        if (type.is(LogicalTypeRoot.ROW)) {
            return ((RowType) type).getFieldNames();
        }
        if (type.is(LogicalTypeRoot.STRUCTURED_TYPE)) {
            return ((StructuredType) type)
                    .getAttributes().stream().map(StructuredType.StructuredAttribute::getName).collect(Collectors.toList());
        }
        return Collections.emptyList();
    }

    /** Field data types of a row or structured type; empty for other types. */
    public static List<DataType> getFieldDataTypes(DataType dataType) {
        if (dataType instanceof FieldsDataType) {
            return dataType.getChildren();
        }
        return Collections.emptyList();
    }

    /** Number of fields of a row or structured type; 0 for other types. */
    public static int getFieldCount(DataType dataType) {
        return getFieldDataTypes(dataType).size();
    }

    static Class<?> checkConversion(LogicalType type, Class<?> clazz) {
        if (!type.supportsInputConversion(clazz) && !type.supportsOutputConversion(clazz)) {
            throw new ValidationException(
                    String.format(
                            "Data type '%s' does not support a conversion from or to class '%s'.",
                            type.asSummaryString(), clazz.getName()));
        }
        return clazz;
    }

    /** The internal data structure class of a logical type. */
    static Class<?> internalClass(LogicalType type) {
        switch (type.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                return org.apache.flink.table.data.StringData.class;
            case DECIMAL:
                return org.apache.flink.table.data.DecimalData.class;
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
            case INTERVAL_YEAR_MONTH:
                return Integer.class;
            case INTERVAL_DAY_TIME:
                return Long.class;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return org.apache.flink.table.data.TimestampData.class;
            case ROW:
            case STRUCTURED_TYPE:
                return org.apache.flink.table.data.RowData.class;
            default:
                return type.getDefaultConversion();
        }
    }
}
