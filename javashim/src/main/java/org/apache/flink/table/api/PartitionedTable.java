package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.functions.UserDefinedFunction;

/** A table partitioned for a process table function's table argument with set semantics. */
@PublicEvolving
public interface PartitionedTable {

    ApiExpression asArgument(String name);

    Table process(String path, Object... arguments);

    Table process(Class<? extends UserDefinedFunction> function, Object... arguments);
}
