package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.functions.UserDefinedFunction;

/** A table partitioned for a process table function's table argument with set semantics. */
@PublicEvolving
public interface PartitionedTable {

    /** Flink 2.3: orders each partition ({@code ORDER BY (ts ASC, score DESC)}); the first key is the time. */
    PartitionedTable orderBy(Expression... fields);

    ApiExpression asArgument(String name);

    Table process(String path, Object... arguments);

    Table process(Class<? extends UserDefinedFunction> function, Object... arguments);
}
