package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.functions.UserDefinedFunction;

/**
 * A pipeline of transformations, described by its SQL in ptfhost. Joins, aggregations and windows
 * are not in ptfhost's SQL layer: those calls fail naming the call.
 */
@PublicEvolving
public interface Table {

    Table select(Expression... fields);

    Table as(String field, String... fields);

    Table filter(Expression predicate);

    Table where(Expression predicate);

    Table join(Table right);

    Table join(Table right, Expression joinPredicate);

    Table leftOuterJoin(Table right);

    Table leftOuterJoin(Table right, Expression joinPredicate);

    Table union(Table right);

    Table unionAll(Table right);

    Table orderBy(Expression... fields);

    PartitionedTable partitionBy(Expression... fields);

    ApiExpression asArgument(String name);

    Table process(String path, Object... arguments);

    Table process(Class<? extends UserDefinedFunction> function, Object... arguments);

    TablePipeline insertInto(String tablePath);

    TablePipeline insertInto(String tablePath, boolean overwrite);

    TablePipeline insertInto(TableDescriptor descriptor);

    TablePipeline insertInto(TableDescriptor descriptor, boolean overwrite);

    TableResult executeInsert(String tablePath);

    TableResult executeInsert(String tablePath, boolean overwrite);

    TableResult executeInsert(TableDescriptor descriptor);

    TableResult executeInsert(TableDescriptor descriptor, boolean overwrite);

    TableResult execute();
}
