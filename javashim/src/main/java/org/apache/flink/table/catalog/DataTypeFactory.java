package org.apache.flink.table.catalog;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.AbstractDataType;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * Resolves data types: from type strings, from classes by reflective extraction, and unresolved
 * types. Implemented by the framework (ptfhost's bridge) and passed to {@code getTypeInference}.
 */
@PublicEvolving
public interface DataTypeFactory {

    /** Resolves an {@code AbstractDataType} (resolved or unresolved). */
    DataType createDataType(AbstractDataType<?> abstractDataType);

    /** Parses a SQL type string such as {@code "ROW<i INT>"}. */
    DataType createDataType(String typeString);

    /** Extracts a data type from a class reflectively. */
    <T> DataType createDataType(Class<T> clazz);

    /** A RAW type for the given class. */
    <T> DataType createRawDataType(Class<T> clazz);

    /** Parses a SQL type string into a logical type. */
    LogicalType createLogicalType(String typeString);
}
