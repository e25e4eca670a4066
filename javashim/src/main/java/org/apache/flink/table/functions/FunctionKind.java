package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;

/** Categorizes the semantics of a {@link FunctionDefinition}. Order is Flink 2.1 to 2.3's. */
@PublicEvolving
public enum FunctionKind {
    SCALAR,
    ASYNC_SCALAR,
    TABLE,
    ASYNC_TABLE,
    AGGREGATE,
    TABLE_AGGREGATE,
    PROCESS_TABLE,
    OTHER
}
