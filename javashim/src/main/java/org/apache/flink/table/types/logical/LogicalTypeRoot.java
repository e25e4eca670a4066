package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

/** The root of a logical type, independent of its parameters (length, precision, fields). */
@PublicEvolving
public enum LogicalTypeRoot {
    CHAR,
    VARCHAR,
    BOOLEAN,
    BINARY,
    VARBINARY,
    DECIMAL,
    TINYINT,
    SMALLINT,
    INTEGER,
    BIGINT,
    FLOAT,
    DOUBLE,
    DATE,
    TIME_WITHOUT_TIME_ZONE,
    TIMESTAMP_WITHOUT_TIME_ZONE,
    TIMESTAMP_WITH_TIME_ZONE,
    TIMESTAMP_WITH_LOCAL_TIME_ZONE,
    INTERVAL_YEAR_MONTH,
    INTERVAL_DAY_TIME,
    ARRAY,
    MULTISET,
    MAP,
    ROW,
    DISTINCT_TYPE,
    STRUCTURED_TYPE,
    NULL,
    RAW,
    SYMBOL,
    UNRESOLVED,
    DESCRIPTOR,
    VARIANT
}
